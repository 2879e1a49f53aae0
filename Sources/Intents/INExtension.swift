import Foundation

/// The object that hands out intent handlers, as an Intents extension's principal class.
///
/// Subclass it as `IntentHandler` in your bundle's module and adopt the generated
/// `<Intent>IntentHandling` protocols; the SDK finds the class by that name
/// (`<Module>.IntentHandler`), creates one with `init()` and calls ``handler(for:)`` to answer
/// the host's `options` calls:
///
/// ```swift
/// class IntentHandler: INExtension, MyCustomIntentsIntentHandling {
///   func provideAnimalOptionsCollection(
///     for intent: MyCustomIntentsIntent,
///     with completion: @escaping (INObjectCollection<Animal>?, Error?) -> Void
///   ) {
///     completion(INObjectCollection(items: [Animal(identifier: "cat", display: "Cat")]), nil)
///   }
///
///   override func handler(for intent: INIntent) -> Any { self }
/// }
/// ```
open class INExtension {
  /// Creates the extension; the SDK does this when a handler is needed.
  public required init() {}

  /// The object that handles `intent`: it should adopt the intent's generated handling protocol.
  /// The default returns the extension itself.
  open func handler(for intent: INIntent) -> Any? { self }

  /// The name the SDK looks the principal class up by: `IntentHandler` in the intent's module.
  package static let conventionalName = "IntentHandler"

  /// The `INExtension` subclass `<module>.IntentHandler`, if the bundle has one.
  package static func principalClass(inModule module: String) -> INExtension.Type? {
    _typeByName("\(module).\(conventionalName)") as? INExtension.Type
  }
}
