import Foundation

/// A configuration intent: the parameters a person sets on one instance of a widget.
///
/// You do not subclass it by hand: the `IntentDefinitionPlugin` build-tool plugin generates a
/// subclass (`<Name>Intent`) for each intent of your target's `.intentdefinition` file, with a
/// typed stored property per parameter. `IntentConfiguration` creates a fresh instance for each
/// provider call, filled with the instance's values.
open class INIntent {
  /// Creates an intent whose parameters hold their defaults.
  public required init() {}

  /// The intent's title from the definition. SDK detail, overridden by generated code.
  open class var _intentTitle: String? { nil }

  /// Starts answering the `options` method for the parameter `name` with `handler` (what the
  /// bundle's ``INExtension`` returned for this intent). SDK detail, overridden by generated code
  /// to call the handling protocol's `provide<Name>OptionsCollection(for:with:)`.
  open func _provideOptions(
    forParameter name: String, handler: Any,
    completion: @escaping ([Any]?, (any Error)?) -> Void
  ) -> _INOptionsLookup {
    .noDynamicOptions
  }
}

/// What ``INIntent/_provideOptions(forParameter:handler:completion:)`` did. SDK detail.
public enum _INOptionsLookup: Sendable {
  /// The handler was asked; the completion will be called.
  case started
  /// The parameter has no dynamic options in the definition.
  case noDynamicOptions
  /// The handler does not adopt the named handling protocol.
  case handlerDoesNotAdopt(String)
}

/// An enum of an intent definition (`INEnums`), generated with a `.unknown` case of raw value 0
/// as Xcode generates it. SDK detail: the generator adds the conformance.
public protocol _INCodableEnum: RawRepresentable, CaseIterable where RawValue == Int {
  /// Each case except `.unknown`: the case, its name in the definition and its display name.
  static var _definitionCases: [(value: Self, name: String, title: String)] { get }
}

/// How a number parameter of an intent definition is typed. SDK detail.
public enum _INNumberType: Sendable {
  /// `Integer`.
  case integer
  /// `Decimal`.
  case decimal
  /// `Boolean`.
  case boolean
}
