/// The sentence that sums up an intent's parameters where it is edited (Shortcuts, the widget's
/// edit sheet): `static var parameterSummary: some ParameterSummary { Summary("Show \(\.$city)") }`.
///
/// The host has no edit sheet, so a summary is kept for the code that declares it: it builds and
/// its text can be read (`_text`), but nothing shows it.
public protocol ParameterSummary {
  /// The summary's text, the parameters named by their key paths. SDK detail.
  var _text: String { get }
}

/// A summary: a sentence with parameters in it, and the parameters shown below it.
public struct Summary<Intent: AppIntent>: ParameterSummary {
  public let _text: String

  /// A summary saying `string`.
  public init(_ string: ParameterSummaryString<Intent>) {
    _text = string.text
  }

  /// A summary saying `string`, with `parameters` below it.
  public init(
    _ string: ParameterSummaryString<Intent>,
    @ParameterSummaryBuilder<Intent> _ parameters: () -> [PartialKeyPath<Intent>]
  ) {
    _text = string.text
    _ = parameters()
  }
}

/// A summary chosen by a parameter's value: `When(\.$units, .equalTo, .metric) { … }
/// otherwise: { … }`. The first is kept.
public struct When<Intent: AppIntent>: ParameterSummary {
  public let _text: String

  /// A summary for when the parameter at `keyPath` compares to `value` as `comparison` says.
  public init<Value, S: ParameterSummary, O: ParameterSummary>(
    _ keyPath: KeyPath<Intent, Value>, _ comparison: ParameterSummaryComparison, _ value: Any,
    @ParameterSummaryContentBuilder<Intent> _ then: () -> S,
    @ParameterSummaryContentBuilder<Intent> otherwise: () -> O
  ) {
    _text = then()._text
    _ = otherwise()
  }

  /// A summary for when the parameter at `keyPath` compares to `value` as `comparison` says.
  public init<Value, S: ParameterSummary>(
    _ keyPath: KeyPath<Intent, Value>, _ comparison: ParameterSummaryComparison, _ value: Any,
    @ParameterSummaryContentBuilder<Intent> _ then: () -> S
  ) {
    _text = then()._text
  }
}

/// How `When` compares a parameter's value.
public enum ParameterSummaryComparison: Sendable {
  case equalTo, notEqualTo, hasAnyValue, hasNoValue
  case lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo
  case contains, doesNotContain, containsAny
}

/// The text of a ``Summary``: a string literal with parameters interpolated, `"Show \(\.$city)"`.
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation {
  let text: String

  public init(stringLiteral value: String) { text = value }

  public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

  /// The literal's parts and the parameters between them.
  public struct StringInterpolation: StringInterpolationProtocol {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) { text += literal }

    /// A parameter, named by the key path to it (`\.$city`), shown as `${…}`.
    public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, Value>) {
      text += "${\(keyPath)}"
    }
  }
}

/// Builds the parameters shown below a ``Summary``: key paths, one per line.
@resultBuilder public enum ParameterSummaryBuilder<Intent: AppIntent> {
  public static func buildExpression<Value>(_ keyPath: KeyPath<Intent, Value>)
    -> [PartialKeyPath<Intent>]
  { [keyPath] }
  public static func buildBlock(_ parts: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] {
    parts.flatMap { $0 }
  }
}

/// Builds the summary of a `When` or an intent's `parameterSummary`: one summary, whose key
/// paths start at `Intent`.
@resultBuilder public enum ParameterSummaryContentBuilder<Intent: AppIntent> {
  public static func buildExpression(_ summary: Summary<Intent>) -> Summary<Intent> { summary }
  public static func buildExpression(_ summary: When<Intent>) -> When<Intent> { summary }
  public static func buildBlock<S: ParameterSummary>(_ summary: S) -> S { summary }
}

/// What an intent without a summary has.
public struct _NoParameterSummary: ParameterSummary {
  public init() {}
  public var _text: String { "" }
}
