import Foundation
import Intents
import Testing

// `PickCityIntent`, `City` and `PickCityIntentHandling` are generated from
// SearchableOptions.intentdefinition by the IntentDefinitionPlugin: `city` has dynamic options
// and supports search (`INIntentParameterSupportsSearch`), `unit` has dynamic options only.

/// Implements the async forms only, as Apple's sample code does.
final class AsyncCityHandler: PickCityIntentHandling {
  static let cities = ["Lisbon", "London", "Lyon", "Oslo"]

  func provideCityOptionsCollection(
    for intent: PickCityIntent, searchTerm: String?
  ) async throws -> INObjectCollection<City> {
    let names = Self.cities.filter { searchTerm.map($0.hasPrefix) ?? true }
    return INObjectCollection(items: names.map { City(identifier: $0, display: $0) })
  }

  func provideUnitOptionsCollection(
    for intent: PickCityIntent
  ) async throws -> INObjectCollection<NSString> {
    INObjectCollection(items: ["celsius", "fahrenheit"])
  }
}

/// Implements the completion-handler form of one method and neither form of the other.
final class CompletionCityHandler: PickCityIntentHandling {
  func provideCityOptionsCollection(
    for intent: PickCityIntent, searchTerm: String?,
    with completion: @escaping (INObjectCollection<City>?, Error?) -> Void
  ) {
    completion(INObjectCollection(items: [City(identifier: "paris", display: "Paris")]), nil)
  }
}

/// The code Xcode generates for searchable parameters, and for handlers written with async
/// methods: either form of each `provide…OptionsCollection` answers the host's `options` call.
@Suite struct SearchableOptionsTests {
  /// What the generated intent answers for `parameter` with `handler`.
  func options(
    _ parameter: String, handler: any PickCityIntentHandling
  ) async -> (lookup: _INOptionsLookup, items: [String], error: String?) {
    nonisolated(unsafe) var lookup = _INOptionsLookup.noDynamicOptions
    let (items, error) = await withCheckedContinuation { continuation in
      lookup = PickCityIntent()._provideOptions(forParameter: parameter, handler: handler) {
        items, error in
        let names = (items ?? []).map { item in
          (item as? City)?.identifier ?? (item as? NSString).map { String($0) } ?? "?"
        }
        continuation.resume(returning: (names, error.map { "\($0)" }))
      }
    }
    return (lookup, items, error)
  }

  @Test func aSearchableParameterIsAskedWithNoSearchTermForEveryOption() async {
    let city = await options("city", handler: AsyncCityHandler())
    #expect(city.items == AsyncCityHandler.cities)
    #expect(city.error == nil)
    let unit = await options("unit", handler: AsyncCityHandler())
    #expect(unit.items == ["celsius", "fahrenheit"])
  }

  @Test func theCompletionFormAnswersToo() async {
    let city = await options("city", handler: CompletionCityHandler())
    #expect(city.items == ["paris"])
  }

  @Test func aMethodImplementedInNeitherFormIsANamedError() async {
    let unit = await options("unit", handler: CompletionCityHandler())
    #expect(unit.items.isEmpty)
    #expect(
      unit.error
        == "the intent handler implements neither provideUnitOptionsCollection(for:with:) nor "
        + "its async form")
  }

  @Test func theSearchTermReachesTheHandler() async throws {
    let handler = AsyncCityHandler()
    let found = try await handler.provideCityOptionsCollection(
      for: PickCityIntent(), searchTerm: "L")
    #expect(found.allItems.compactMap(\.identifier) == ["Lisbon", "London", "Lyon"])
  }
}
