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

  /// A parameter with a default value.
  public init(
    title: LocalizedStringResource, description: IntentDescription? = nil, default: Value
  ) {
    self.title = title
    self.description = description
    self.defaultValue = `default`
    self.value = `default`
  }

  /// A parameter without a default: required unless its type is optional.
  public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
    self.title = title
    self.description = description
    self.defaultValue = nil
    self.value = nil
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

  /// The parameter itself (`$favoriteEmoji`).
  public var projectedValue: IntentParameter<Value> { self }
}
