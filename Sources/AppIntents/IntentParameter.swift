import Foundation

/// A parameter of an ``AppIntent``, written `@Parameter(title: "Favorite Emoji", default: "😃")`.
///
/// The SDK finds parameters by reflection over a default instance (`Intent()`), in declaration
/// order; a parameter's name is the property's name. A non-optional parameter without a default
/// is required: every instance must give it a value. Like App Intents' own, the storage is a
/// reference, so `let intent = MyIntent(); intent.favoriteEmoji = "🤩"` works.
@propertyWrapper
public final class IntentParameter<Value: _IntentValue>: @unchecked Sendable {
  // Unchecked: the value is read and written under the lock; the rest is immutable.
  private let lock = NSLock()
  private var value: Value?
  /// The title shown when editing the parameter.
  public let title: LocalizedStringResource
  /// The description shown when editing the parameter.
  public let description: IntentDescription?
  let defaultValue: Value?
  /// The values offered by the `optionsProvider:` given, if one was.
  let optionsProvider: (() async throws -> [Value])?

  /// A parameter with a default value.
  public init(
    title: LocalizedStringResource, description: IntentDescription? = nil, default: Value
  ) {
    self.title = title
    self.description = description
    self.defaultValue = `default`
    self.value = `default`
    self.optionsProvider = nil
  }

  /// A parameter without a default: required unless its type is optional.
  public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
    self.title = title
    self.description = description
    self.defaultValue = nil
    self.value = nil
    self.optionsProvider = nil
  }

  /// A parameter whose values `optionsProvider` lists (the host's `options` call, `widget-host
  /// options`), starting at `default` when one is given.
  public init<Provider: DynamicOptionsProvider>(
    title: LocalizedStringResource, description: IntentDescription? = nil, default: Value? = nil,
    optionsProvider: Provider
  ) where Provider.Result == Value {
    self.title = title
    self.description = description
    self.defaultValue = `default`
    self.value = `default`
    self.optionsProvider = { try await optionsProvider.results() }
  }

  /// The parameter's value. Reading a required parameter that has no value is a programming
  /// error, as in App Intents: the host gives every instance a value for each required one.
  public var wrappedValue: Value {
    get {
      if let current = lock.withLock({ value }) { return current }
      if let none = Value.self as? any ExpressibleByNilLiteral.Type {
        return none.init(nilLiteral: ()) as! Value
      }
      fatalError("the required parameter '\(title)' has no value")
    }
    set { lock.withLock { value = newValue } }
  }

  /// The value held, without falling back to nil or failing for a required one.
  var currentValue: Value? { lock.withLock { value } }

  /// The parameter itself (`$favoriteEmoji`).
  public var projectedValue: IntentParameter<Value> { self }
}

/// Lists the values a parameter may take: `@Parameter(title: "City", optionsProvider:
/// CityOptions()) var city: String`.
public protocol DynamicOptionsProvider: Sendable {
  /// The type of the values.
  associatedtype Result: _IntentValue
  /// The values, in order.
  func results() async throws -> [Result]
  /// The value a new instance starts at; none by default.
  func defaultResult() async -> Result?
}

extension DynamicOptionsProvider {
  public func defaultResult() async -> Result? { nil }
}

/// An App Intent that replaces a SiriKit intent of an intent definition: `intentClassName` names
/// the class it migrates, so existing widgets keep their settings on iOS. Here configurations are
/// the host's, so the name is kept and nothing is migrated.
public protocol CustomIntentMigratedAppIntent: AppIntent {
  /// The migrated intent's class name, as the intent definition gives it.
  static var intentClassName: String { get }
}
