import Foundation
import WidgetSchema

/// A paragraph of text: strings, localized keys, and dates the host formats when it displays
/// them.
///
/// A string literal is a ``LocalizedStringKey``, as in SwiftUI (`Text("Hello")`); a `String`
/// value is shown as it is (`Text(entry.title)`). Texts joined with `+` keep each part's own
/// styling (`Text("a").bold() + Text("b")`): the modifiers that return `Text` style the runs,
/// the ones that return `some View` wrap the whole paragraph.
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

  /// Where "…" replaces text that does not fit: `.truncationMode(.middle)`.
  public enum TruncationMode: Hashable, Sendable {
    case head
    case middle
    case tail

    var value: WidgetSchema.TruncationMode {
      switch self {
      case .head: .head
      case .middle: .middle
      case .tail: .tail
      }
    }
  }

  /// What one part of the text shows.
  enum Content: Equatable, Sendable {
    case verbatim(String)
    case localized(LocalizedStringKey, table: String?)
    case date(Date, style: WidgetSchema.DateStyle)
    case dateRange(Date, Date)
    case timerInterval(Date, Date, countsDown: Bool)
    case image(Image)
  }

  /// One part of the text and the styling the `Text` modifiers gave it.
  struct Segment: Equatable, Sendable {
    var content: Content
    var style = WidgetSchema.TextStyle()
  }

  var segments: [Segment]

  init(_ content: Content) {
    segments = [Segment(content: content)]
  }

  /// Text showing the string for `key`; a literal (`Text("Hello")`) is a key. Interpolated
  /// values are formatted as SwiftUI formats them (see ``LocalizedStringKey``).
  ///
  /// `tableName` names the strings table the key will be looked up in once localization
  /// lands; `bundle` is ignored (a widget bundle has one resource folder).
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {
    self.init(.localized(key, table: tableName))
  }

  /// Text showing `content` as it is, never localized.
  ///
  /// Disfavoured, as in SwiftUI, so that a string literal picks the ``LocalizedStringKey``
  /// initializer instead of this one.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {
    self.init(.verbatim(String(content)))
  }

  /// Text showing `content` as it is, never localized.
  public init(verbatim content: String) {
    self.init(.verbatim(content))
  }

  /// Text showing `input` as `format` writes it, when the view is built:
  /// `Text(entry.value, format: .percent)`, `Text(entry.date, format: .dateTime.hour())`.
  public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
  where F.FormatInput: Equatable, F.FormatOutput == String {
    self.init(.verbatim(format.format(input)))
  }

  /// Text showing `subject` as `formatter` writes it (empty when it cannot).
  public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) {
    self.init(.verbatim(formatter.string(for: subject) ?? ""))
  }

  /// Text showing `subject` as `formatter` writes it (empty when it cannot).
  public init<Subject: NSObject>(_ subject: Subject, formatter: Formatter) {
    self.init(.verbatim(formatter.string(for: subject) ?? ""))
  }

  /// Text showing `date` in `style`; the host formats it in the user's locale at display time.
  public init(_ date: Date, style: DateStyle) {
    self.init(.date(date, style: style.style))
  }

  /// Text showing the range from `dates.lowerBound` to `dates.upperBound` ("9:41 – 10:41 AM");
  /// the host formats it in the user's locale at display time.
  public init(_ dates: ClosedRange<Date>) {
    self.init(.dateRange(dates.lowerBound, dates.upperBound))
  }

  /// Text showing `interval` as a range of dates, as `Text(start...end)`.
  public init(_ interval: DateInterval) {
    self.init(.dateRange(interval.start, interval.end))
  }

  /// Text showing `image` in its line, in the text's font and colour: a symbol as the
  /// character the host draws for it, so it grows with the font (`Text(Image(systemName:))`).
  public init(_ image: Image) {
    self.init(.image(image))
  }

  /// One text made of `lhs` followed by `rhs`, each keeping its styling.
  public static func + (lhs: Text, rhs: Text) -> Text {
    var result = lhs
    result.segments += rhs.segments
    return result
  }

  /// The runs of the paragraph, in reading order.
  func runs(in environment: EnvironmentValues) -> [TextRun] {
    var runs: [TextRun] = []
    for segment in segments {
      let parts: [TextRun] =
        switch segment.content {
        case .verbatim(let text): [.verbatim(text)]
        case .localized(let key, let table): key.runs(in: environment, table: table)
        case .date(let date, let style): [.date(date, style: style)]
        case .dateRange(let start, let end): [TextRun(.dateRange(start, end))]
        case .timerInterval(let start, let end, let countsDown):
          [TextRun(.timerInterval(start, end, countsDown: countsDown))]
        case .image(let image): [.image(image.node(in: environment))]
        }
      for var run in parts {
        run.style = segment.style.merged(with: run.style)
        // A zone set with `.environment(\.timeZone, …)` goes with the dates it shows.
        if let zone = environment.chosenTimeZone, run.ownStyle?.timeZone == nil {
          switch run.content {
          case .date, .dateRange: run.style.timeZone = zone.identifier
          case .verbatim, .timerInterval, .image: break
          }
        }
        if let textCase = environment.textCase, case .verbatim(let text) = run.content {
          run.content = .verbatim(
            textCase == .uppercase ? text.uppercased() : text.lowercased())
        }
        runs.append(run)
      }
    }
    return runs
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.text(TextNode(runs: runs(in: environment)))]
  }

  /// This text with `style` under each run's own styling (an inner modifier wins, as in
  /// SwiftUI: `Text("a").fontWeight(.light).bold()` stays light).
  func styled(_ style: WidgetSchema.TextStyle) -> Text {
    var result = self
    for index in result.segments.indices {
      result.segments[index].style = style.merged(with: result.segments[index].style)
    }
    return result
  }
}

// MARK: - Modifiers that return Text

extension Text {
  /// This text in `font`; nil leaves the font as it is.
  public func font(_ font: Font?) -> Text {
    guard let font else { return self }
    return styled(font.textStyle)
  }

  /// This text in `weight`; nil leaves the weight as it is.
  public func fontWeight(_ weight: Font.Weight?) -> Text {
    guard let weight else { return self }
    return styled(WidgetSchema.TextStyle(weight: weight.value))
  }

  /// This text, bold (when `isActive`).
  public func bold(_ isActive: Bool = true) -> Text {
    isActive ? fontWeight(.bold) : self
  }

  /// The text as a widget gallery name or description takes it (SDK detail): a single
  /// localized key as the key, for the host to look up; verbatim parts as they are; dates as
  /// ISO 8601; images left out.
  public var _galleryText: String {
    segments.map { segment in
      switch segment.content {
      case .verbatim(let text): text
      case .localized(let key, _): key._plainText
      case .date(let date, _): ISO8601DateFormatter().string(from: date)
      case .dateRange(let start, let end), .timerInterval(let start, let end, _):
        ISO8601DateFormatter().string(from: start) + "/" + ISO8601DateFormatter().string(from: end)
      case .image: ""
      }
    }.joined()
  }

  /// This text, italic (when `isActive`).
  public func italic(_ isActive: Bool = true) -> Text {
    isActive ? styled(WidgetSchema.TextStyle(italic: true)) : self
  }

  /// This text, underlined. The line's colour is ignored: it is the text's.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
    styled(WidgetSchema.TextStyle(underline: isActive))
  }

  /// This text, struck through. The line's colour is ignored: it is the text's.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
    styled(WidgetSchema.TextStyle(strikethrough: isActive))
  }

  /// This text in `color`; nil leaves the colour as it is.
  public func foregroundColor(_ color: Color?) -> Text {
    guard let color else { return self }
    return styled(WidgetSchema.TextStyle(foreground: color.value))
  }

  /// This text painted with `style` (its colour; see ``ShapeStyle``).
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
    guard let foreground = style.foreground else { return self }
    return styled(foreground)
  }

  /// Ignored: a terminal's digits all have one width.
  public func monospacedDigit() -> Text { self }

  /// Ignored: characters sit on a fixed grid.
  public func kerning(_ kerning: CGFloat) -> Text { self }

  /// Ignored: characters sit on a fixed grid.
  public func tracking(_ tracking: CGFloat) -> Text { self }

  /// Ignored: characters sit on a fixed grid.
  public func baselineOffset(_ baselineOffset: CGFloat) -> Text { self }
}

extension Text {
  /// How `.textCase(_:)` changes the case of text.
  public enum Case: Hashable, Sendable {
    case uppercase
    case lowercase
  }
}

private struct TextCaseKey: EnvironmentKey {
  static let defaultValue: Text.Case? = nil
}

extension EnvironmentValues {
  /// The case text here is shown in; nil for as written.
  public var textCase: Text.Case? {
    get { self[TextCaseKey.self] }
    set { self[TextCaseKey.self] = newValue }
  }
}

extension View {
  /// Shows the text in this view in `textCase` (nil: as written). Dates, which the host
  /// formats, keep their case.
  public func textCase(_ textCase: Text.Case?) -> some View {
    changingEnvironment { $0.textCase = textCase }
  }
}
