import Foundation
import WidgetSchema

/// A paragraph of text: strings, and dates the host formats when it displays them.
public struct Text: _PrimitiveView, Equatable, Sendable {
  /// How a date is shown: `Text(entry.date, style: .time)`.
  public struct DateStyle: Equatable, Sendable {
    let style: WidgetSchema.DateStyle

    /// The time of day, e.g. "9:41 AM".
    public static let time = DateStyle(style: .time)
    /// The date, e.g. "June 3, 2019".
    public static let date = DateStyle(style: .date)
    /// The time to or from the date, e.g. "2 hr, 10 min"; updates as time passes.
    public static let relative = DateStyle(style: .relative)
    /// The signed offset from now, e.g. "+2 hours"; updates as time passes.
    public static let offset = DateStyle(style: .offset)
    /// A timer counting from or to the date, e.g. "36:59:01"; updates as time passes.
    public static let timer = DateStyle(style: .timer)
  }

  var runs: [TextRun]

  /// Text showing `content` as it is.
  public init<S: StringProtocol>(_ content: S) {
    runs = [.verbatim(String(content))]
  }

  /// Text showing `content` as it is, never localized.
  public init(verbatim content: String) {
    runs = [.verbatim(content)]
  }

  /// Text showing `date` in `style`; the host formats it in the user's locale at display time.
  public init(_ date: Date, style: DateStyle) {
    runs = [.date(date, style: style.style)]
  }

  /// One text made of `lhs` followed by `rhs`.
  public static func + (lhs: Text, rhs: Text) -> Text {
    var result = lhs
    result.runs += rhs.runs
    return result
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.text(TextNode(runs: runs))]
  }
}
