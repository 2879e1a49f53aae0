import AppIntents
import Foundation
import Intents
import SwiftUI
import Testing
import WidgetSchema
import WidgetSupport

@testable import WidgetKit

// An intent as intent-codegen generates it from a definition with an enum, a custom type with
// dynamic options and number, string and date parameters.
enum Mood: Int, _INCodableEnum, Sendable {
  case unknown = 0
  case happy = 1
  case grumpy = 2

  static var _definitionCases: [(value: Self, name: String, title: String)] {
    [(.happy, "happy", "Happy"), (.grumpy, "grumpy", "Grumpy")]
  }
}

class Pet: INObject {}

class PetIntent: INIntent {
  @_INParameter(title: "Mood", default: Mood.happy)
  var mood: Mood
  @_INParameter(title: "Pet", dynamicOptions: true)
  var pet: Pet?
  @_INParameter(title: "Name", default: "Rex")
  var name: String?
  @_INParameter(title: "Age", type: .integer)
  var age: NSNumber?
  @_INParameter(title: "Weight", type: .decimal, default: NSNumber(value: 2.5))
  var weight: NSNumber?
  @_INParameter(title: "Loud", type: .boolean)
  var loud: NSNumber?
  @_INParameter(title: "Birthday")
  var birthday: DateComponents?

  override class var _intentTitle: String? { "Pick a pet" }

  override func _provideOptions(
    forParameter name: String, handler: Any,
    completion: @escaping ([Any]?, (any Error)?) -> Void
  ) -> _INOptionsLookup {
    guard let handler = handler as? any PetIntentHandling else {
      return .handlerDoesNotAdopt("PetIntentHandling")
    }
    switch name {
    case "pet":
      handler.providePetOptionsCollection(for: self) { collection, error in
        completion(collection?.allItems, error)
      }
      return .started
    default:
      return .noDynamicOptions
    }
  }
}

protocol PetIntentHandling: AnyObject {
  func providePetOptionsCollection(
    for intent: PetIntent, with completion: @escaping (INObjectCollection<Pet>?, Error?) -> Void)
}

/// Found by the SDK as `WidgetKitTests.IntentHandler`, as a bundle's is.
class IntentHandler: INExtension, PetIntentHandling {
  func providePetOptionsCollection(
    for intent: PetIntent, with completion: @escaping (INObjectCollection<Pet>?, Error?) -> Void
  ) {
    completion(
      INObjectCollection(sections: [
        INObjectSection(title: "Dogs", items: [Pet(identifier: "rex", display: "Rex")]),
        INObjectSection(title: "Cats", items: [Pet(identifier: "tom", display: "Tom")]),
      ]), nil)
  }

  override func handler(for intent: INIntent) -> Any { self }
}

struct PetEntry: TimelineEntry {
  let date: Date
  let text: String
}

struct PetProvider: IntentTimelineProvider {
  func placeholder(in context: Context) -> PetEntry { PetEntry(date: Date(), text: "placeholder") }

  func getSnapshot(
    for configuration: PetIntent, in context: Context, completion: @escaping (PetEntry) -> Void
  ) {
    completion(PetEntry(date: Date(), text: describe(configuration)))
  }

  func getTimeline(
    for configuration: PetIntent, in context: Context,
    completion: @escaping (WidgetKit.Timeline<PetEntry>) -> Void
  ) {
    completion(
      WidgetKit.Timeline(
        entries: [PetEntry(date: Date(), text: describe(configuration))], policy: .never))
  }

  func describe(_ intent: PetIntent) -> String {
    let birthday = intent.birthday.map { "\($0.year ?? 0)-\($0.month ?? 0)-\($0.day ?? 0)" }
    return [
      "mood=\(intent.mood)",
      "pet=\(intent.pet?.identifier ?? "-")/\(intent.pet?.displayString ?? "-")",
      "name=\(intent.name ?? "-")", "age=\(intent.age?.intValue ?? -1)",
      "weight=\(intent.weight?.doubleValue ?? -1)", "loud=\(intent.loud?.boolValue ?? false)",
      "birthday=\(birthday ?? "-")",
    ].joined(separator: " ")
  }
}

struct PetWidget: Widget {
  var body: some WidgetConfiguration {
    IntentConfiguration(kind: "Pets", intent: PetIntent.self, provider: PetProvider()) { entry in
      Text(entry.text)
    }
  }
}

// The App Intent side: Apple's "Widget Extension with App Intent" template, plus an enum and an
// entity parameter.
enum Shade: String, AppEnum {
  case light, dark
  static let typeDisplayRepresentation: TypeDisplayRepresentation = "Shade"
  static let caseDisplayRepresentations: [Shade: DisplayRepresentation] = [
    .light: "Light", .dark: DisplayRepresentation(title: "Dark", subtitle: "Night mode"),
  ]
}

struct CityEntity: AppEntity {
  let id: String
  let name: String
  static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
  static let defaultQuery = CityQuery()
  var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct CityQuery: EntityQuery {
  static let all = [CityEntity(id: "par", name: "Paris"), CityEntity(id: "osl", name: "Oslo")]

  func entities(for identifiers: [CityEntity.ID]) async throws -> [CityEntity] {
    Self.all.filter { identifiers.contains($0.id) }
  }

  func suggestedEntities() async throws -> [CityEntity] { Self.all }
}

struct ConfigurationAppIntent: WidgetConfigurationIntent {
  static var title: LocalizedStringResource { "Configuration" }
  static var description: IntentDescription { "This is an example widget." }

  // An example configurable parameter.
  @Parameter(title: "Favorite Emoji", default: "😃")
  var favoriteEmoji: String

  @Parameter(title: "Count")
  var count: Int

  @Parameter(title: "Shade", default: .dark)
  var shade: Shade

  @Parameter(title: "City")
  var city: CityEntity?

  @Parameter(title: "Scale", default: 1.5)
  var scale: Double

  @Parameter(title: "Since")
  var since: Date?

  @Parameter(title: "Bold", default: false)
  var bold: Bool
}

struct AppProvider: AppIntentTimelineProvider {
  func placeholder(in context: Context) -> PetEntry { PetEntry(date: Date(), text: "placeholder") }

  func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> PetEntry {
    PetEntry(date: Date(), text: "snapshot " + configuration.favoriteEmoji)
  }

  func timeline(for configuration: ConfigurationAppIntent, in context: Context) async
    -> WidgetKit.Timeline<PetEntry>
  {
    let text = [
      configuration.favoriteEmoji, "count=\(configuration.count)",
      "shade=\(configuration.shade.rawValue)", "city=\(configuration.city?.name ?? "-")",
      "scale=\(configuration.scale)",
      "since=\(configuration.since.map { RFC3339.string(from: $0) } ?? "-")",
      "bold=\(configuration.bold)",
    ].joined(separator: " ")
    return WidgetKit.Timeline(entries: [PetEntry(date: Date(), text: text)], policy: .atEnd)
  }
}

struct EmojiWidget: Widget {
  var body: some WidgetConfiguration {
    AppIntentConfiguration(
      kind: "Emoji", intent: ConfigurationAppIntent.self, provider: AppProvider()
    ) { entry in
      Text(entry.text)
    }
  }
}

/// Calls `method` on the widget's descriptor as the bundle export does, and waits for the reply.
func call(
  _ widget: some Widget, _ method: ProviderMethod, configuration: [String: JSONValue]? = nil,
  parameter: String? = nil
) async throws -> Result<String, ProviderCallError> {
  let descriptor = try #require(widget._descriptors.first)
  var context = TimelineProviderContext(family: .systemMedium)
  context.configurationValues = configuration
  context.optionsParameter = parameter
  let result = await withCheckedContinuation { continuation in
    descriptor.respond(method, context) { continuation.resume(returning: $0) }
  }
  return result.map { String(decoding: $0, as: UTF8.self) }
}

/// The text of the first entry of a timeline reply.
func firstText(_ reply: Result<String, ProviderCallError>) throws -> String {
  let timeline = try WidgetJSON.decode(WidgetSchema.Timeline.self, from: Data(try reply.get().utf8))
  let view = try #require(timeline.entries.first).view
  guard case .text(let node) = view, let run = node.runs.first,
    case .verbatim(let text) = run.content
  else {
    Issue.record("the entry is not a text: \(timeline.entries)")
    return ""
  }
  return text
}

/// Configurable kinds describe their parameters, decode each call's configuration into a fresh
/// intent and answer the `options` method.
@Suite struct IntentConfigurationTests {
  @Test func intentParametersAreDescribedFromTheGeneratedClass() throws {
    let manifest = try #require(PetWidget()._descriptors.first).manifest
    guard case .intent(let schema) = manifest.configuration else {
      Issue.record("not an intent configuration: \(manifest.configuration)")
      return
    }
    #expect(schema.intent == "PetIntent")
    #expect(schema.title == "Pick a pet")
    #expect(
      schema.parameters == [
        ParameterSchema(
          name: "mood", title: "Mood", type: .enum, default: .string("happy"),
          cases: [
            ParameterCase(value: "happy", title: "Happy"),
            ParameterCase(value: "grumpy", title: "Grumpy"),
          ]),
        ParameterSchema(
          name: "pet", title: "Pet", type: .entity, dynamicOptions: true, entityType: "Pet"),
        ParameterSchema(name: "name", title: "Name", type: .string, default: .string("Rex")),
        ParameterSchema(name: "age", title: "Age", type: .int),
        ParameterSchema(name: "weight", title: "Weight", type: .double, default: .number(2.5)),
        ParameterSchema(name: "loud", title: "Loud", type: .bool),
        ParameterSchema(name: "birthday", title: "Birthday", type: .date),
      ])
  }

  @Test func appIntentParametersAreDiscoveredFromTheType() throws {
    let manifest = try #require(EmojiWidget()._descriptors.first).manifest
    #expect(
      manifest.configuration
        == .appIntent(
          IntentSchema(
            intent: "ConfigurationAppIntent", title: "Configuration",
            parameters: [
              ParameterSchema(
                name: "favoriteEmoji", title: "Favorite Emoji", type: .string,
                default: .string("😃")),
              ParameterSchema(name: "count", title: "Count", type: .int, required: true),
              ParameterSchema(
                name: "shade", title: "Shade", type: .enum, default: .string("dark"),
                cases: [
                  ParameterCase(value: "light", title: "Light"),
                  ParameterCase(value: "dark", title: "Dark"),
                ]),
              ParameterSchema(
                name: "city", title: "City", type: .entity, dynamicOptions: true,
                entityType: "CityEntity"),
              ParameterSchema(name: "scale", title: "Scale", type: .double, default: .number(1.5)),
              ParameterSchema(name: "since", title: "Since", type: .date),
              ParameterSchema(name: "bold", title: "Bold", type: .bool, default: .bool(false)),
            ])))
  }

  @Test func eachCallGetsTheInstancesValues() async throws {
    let reply = try await call(
      PetWidget(), .timeline,
      configuration: [
        "mood": .string("grumpy"),
        "pet": .object(["identifier": .string("tom"), "display": .string("Tom")]),
        "age": .number(7), "weight": .number(4.25), "loud": .bool(true),
        "birthday": .string("2020-02-29T12:00:00Z"),
      ])
    #expect(
      try firstText(reply)
        == "mood=grumpy pet=tom/Tom name=Rex age=7 weight=4.25 loud=true birthday=2020-2-29")
    // Defaults where the configuration has none, and a fresh intent for every call.
    #expect(
      try firstText(try await call(PetWidget(), .timeline, configuration: [:]))
        == "mood=happy pet=-/- name=Rex age=-1 weight=2.5 loud=false birthday=-")
    #expect(
      try firstText(try await call(PetWidget(), .timeline, configuration: ["name": .null]))
        == "mood=happy pet=-/- name=- age=-1 weight=2.5 loud=false birthday=-")
  }

  @Test func appIntentCallsGetTheInstancesValues() async throws {
    let reply = try await call(
      EmojiWidget(), .timeline,
      configuration: [
        "favoriteEmoji": .string("🤩"), "count": .number(3), "shade": .string("light"),
        "city": .object(["identifier": .string("osl"), "display": .string("Oslo")]),
        "since": .string("2026-01-02T03:04:05Z"),
      ])
    #expect(
      try firstText(reply)
        == "🤩 count=3 shade=light city=Oslo scale=1.5 since=2026-01-02T03:04:05Z bold=false")
    let snapshot = try await call(EmojiWidget(), .snapshot, configuration: ["count": .number(1)])
    #expect(try snapshot.get().contains("snapshot 😃"))
  }

  @Test func optionsComeFromTheIntentHandler() async throws {
    let reply = try await call(PetWidget(), .options, configuration: [:], parameter: "pet")
    #expect(
      try WidgetJSON.decode(ParameterOptions.self, from: Data(try reply.get().utf8))
        == ParameterOptions(options: [
          ParameterOption(identifier: "rex", display: "Rex"),
          ParameterOption(identifier: "tom", display: "Tom"),
        ]))
    let cases = try await call(PetWidget(), .options, parameter: "mood")
    #expect(
      try WidgetJSON.decode(ParameterOptions.self, from: Data(try cases.get().utf8)).options.map(
        \.identifier) == ["happy", "grumpy"])
  }

  @Test func appIntentOptionsComeFromTheQueryAndTheEnum() async throws {
    let cities = try await call(EmojiWidget(), .options, parameter: "city")
    #expect(
      try WidgetJSON.decode(ParameterOptions.self, from: Data(try cities.get().utf8))
        == ParameterOptions(options: [
          ParameterOption(identifier: "par", display: "Paris"),
          ParameterOption(identifier: "osl", display: "Oslo"),
        ]))
    let shades = try await call(EmojiWidget(), .options, parameter: "shade")
    #expect(
      try WidgetJSON.decode(ParameterOptions.self, from: Data(try shades.get().utf8))
        == ParameterOptions(options: [
          ParameterOption(identifier: "light", display: "Light"),
          ParameterOption(identifier: "dark", display: "Dark"),
        ]))
  }

  @Test(arguments: [
    (
      ["mood": JSONValue.string("sleepy")],
      "parameter 'mood' of PetIntent: expected one of happy, grumpy, got \"sleepy\""
    ),
    (["age": .number(1.5)], "parameter 'age' of PetIntent: expected a whole number, got 1.5"),
    (["pet": .string("rex")], "parameter 'pet' of PetIntent: expected an object"),
    (
      ["birthday": .string("yesterday")],
      "parameter 'birthday' of PetIntent: expected an RFC 3339 date"
    ),
    (
      ["colour": .string("red")],
      "PetIntent has no parameter 'colour' (its parameters: mood, pet, name, age, weight, loud, birthday)"
    ),
  ])
  func badValuesAreErrorsNamingTheParameter(configuration: [String: JSONValue], message: String)
    async throws
  {
    let reply = try await call(PetWidget(), .timeline, configuration: configuration)
    #expect(throws: ProviderCallError.self) { try reply.get() }
    if case .failure(let error) = reply {
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func appIntentBadValuesAreErrorsNamingTheParameter() async throws {
    for (configuration, message) in [
      (
        ["count": JSONValue.string("3")],
        "parameter 'count' of ConfigurationAppIntent: expected a whole number, got \"3\""
      ),
      (
        ["count": .number(1), "shade": .string("grey")],
        "parameter 'shade' of ConfigurationAppIntent: expected one of light, dark, got \"grey\""
      ),
      (
        ["count": .number(1), "city": .object(["identifier": .string("nyc")])],
        "parameter 'city' of ConfigurationAppIntent: expected an object"
      ),
      (
        ["count": .null],
        "parameter 'count' of ConfigurationAppIntent is required and cannot be null"
      ),
      (["emoji": .string("x")], "ConfigurationAppIntent has no parameter 'emoji'"),
    ] {
      let reply = try await call(EmojiWidget(), .timeline, configuration: configuration)
      guard case .failure(let error) = reply else {
        Issue.record("\(configuration) was accepted")
        continue
      }
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func optionsOfParametersWithoutThemAreErrors() async throws {
    for (widget, parameter, message) in [
      (PetWidget() as any Widget, "name", "parameter 'name' of PetIntent has no dynamic options"),
      (PetWidget(), "nope", "PetIntent has no parameter 'nope'"),
      (PetWidget(), nil, "the options call names no parameter"),
      (
        EmojiWidget(), "count", "parameter 'count' of ConfigurationAppIntent has no options to list"
      ),
    ] {
      let reply = try await call(widget, .options, parameter: parameter)
      guard case .failure(let error) = reply else {
        Issue.record("options of \(parameter ?? "nil") answered")
        continue
      }
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func appIntentParametersAreReferencesAsInAppIntents() {
    let intent = ConfigurationAppIntent()
    intent.favoriteEmoji = "🤩"
    #expect(intent.favoriteEmoji == "🤩")
    #expect(ConfigurationAppIntent().favoriteEmoji == "😃")
    #expect(intent.$favoriteEmoji.title == "Favorite Emoji")
  }
}
