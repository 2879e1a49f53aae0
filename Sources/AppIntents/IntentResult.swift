import Foundation

/// What an intent's `perform()` returns: `return .result()`.
public protocol IntentResult: Sendable {}

/// A result that hands a value back to whoever ran the intent: `.result(value: 3)`.
public protocol ReturnsValue<Value>: IntentResult {
  /// The value's type.
  associatedtype Value
}

/// A result that says something to the person who ran the intent: `.result(dialog: "Done")`.
public protocol ProvidesDialog: IntentResult {}

/// What an intent's result says, as `.result(dialog:)` gives it.
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// The text said or shown.
  public let text: String

  /// A dialog of `text`.
  public init(_ text: String) {
    self.text = text
  }

  public init(stringLiteral value: String) {
    text = value
  }
}

/// The results `.result(…)` builds; `Value` is `Never` when the result returns none, `Dialog`
/// `Never` when it says nothing (the other two parameters, as in App Intents, are for results
/// widgets do not use: an intent to open, a snippet view).
public struct IntentResultContainer<Value, OpensIntent, Content, Dialog>: IntentResult,
  @unchecked Sendable
{
  // Unchecked: `value` is whatever `perform()` returned, handed back once.
  /// The value returned, if the result returns one.
  public let value: Value?
  /// What the result says, if anything.
  public let dialog: IntentDialog?
}

extension IntentResultContainer: ReturnsValue where Dialog == Never {}
extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}

extension IntentResult where Self == IntentResultContainer<Never, Never, Never, Never> {
  /// The result of an intent that is done and returns nothing.
  public static func result() -> Self { Self(value: nil, dialog: nil) }
}

extension IntentResult {
  /// The result of an intent that returns `value`.
  public static func result<V>(value: V) -> Self
  where Self == IntentResultContainer<V, Never, Never, Never> {
    Self(value: value, dialog: nil)
  }

  /// The result of an intent that says `dialog`.
  public static func result(dialog: IntentDialog) -> Self
  where Self == IntentResultContainer<Never, Never, Never, IntentDialog> {
    Self(value: nil, dialog: dialog)
  }

  /// The result of an intent that returns `value` and says `dialog`.
  public static func result<V>(value: V, dialog: IntentDialog) -> Self
  where Self == IntentResultContainer<V, Never, Never, IntentDialog> {
    Self(value: value, dialog: dialog)
  }
}

/// An intent that sets a value, as a widget's or a control's `Toggle` runs it: the toggle sets
/// ``value`` to the state it is switched to before the intent performs.
///
/// ```swift
/// struct SetLight: SetValueIntent {
///   static let title: LocalizedStringResource = "Light"
///   @Parameter(title: "On") var value: Bool
///   func perform() async throws -> some IntentResult {
///     Light.shared.isOn = value
///     return .result()
///   }
/// }
/// ```
public protocol SetValueIntent<ValueType>: AppIntent {
  /// The type of the value set.
  associatedtype ValueType: _IntentValue
  /// The value to set.
  var value: ValueType { get set }
}
