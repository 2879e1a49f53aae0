import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// For people at a terminal: each shown entry as a framed box the size of its family's grid,
/// under a line naming the instance, the entry's time and where it came from. Errors and
/// warnings go to `errors` as one line each.
///
/// With `color`, spans are drawn with ANSI styles (bold, colours, dim placeholders). With
/// `inPlace` (a terminal), the screen shows the latest box of every instance and is redrawn in
/// place; otherwise each change prints a new box. Live dates (`.timer`, `.relative`, `.offset`)
/// are redrawn when their text changes.
public final class TextSink: EventSink {
  /// How boxes are drawn.
  public struct Options: Sendable {
    /// Draw spans with ANSI escape sequences.
    public var color: Bool
    /// Redraw all boxes in place (a terminal) instead of appending.
    public var inPlace: Bool

    /// Creates options.
    public init(color: Bool = false, inPlace: Bool = false) {
      self.color = color
      self.inPlace = inPlace
    }

    /// Options for `--color auto|always|never`: colour when asked, or when `auto` and the output
    /// is a terminal and `NO_COLOR` is unset; in place on a terminal.
    public static func choose(
      color mode: String, terminal: Bool,
      environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Options? {
      let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
      switch mode {
      case "always": return Options(color: true, inPlace: terminal)
      case "never": return Options(color: false, inPlace: terminal)
      case "auto": return Options(color: terminal && !noColor, inPlace: terminal)
      default: return nil
      }
    }
  }

  private let output: any OutputTarget
  private let errors: any OutputTarget
  private let dates: DateText
  private let options: Options
  /// The latest box of each instance, in first-shown order (for in-place redraws).
  private let screen = Mutex<[(instance: String, box: String)]>([])

  /// Writes boxes to `output` and problems to `errors`.
  public init(
    output: any OutputTarget, errors: any OutputTarget, dates: DateText,
    options: Options = Options()
  ) {
    self.output = output
    self.errors = errors
    self.dates = dates
    self.options = options
  }

  public func begin(_ header: StreamHeader) {}

  public func end() {}

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry(let entry):
      show(entry, instance: event.instance)
    case .error(let problem):
      errors.write(
        "widget-host: error: \(Self.subject(problem, event.instance))\(problem.message)\n")
    case .warning(let problem):
      errors.write(
        "widget-host: warning: \(Self.subject(problem, event.instance))\(problem.message)\n")
    case .openURL(let open):
      errors.write(
        "widget-host: open \(open.url)\(event.instance.map { " (tapped \($0))" } ?? "")\n")
    case .bundle, .reload, .timeline:
      break
    }
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    show(entry, instance: instance)
  }

  private func show(_ entry: EntryEvent, instance: String?) {
    let box = Self.box(for: entry, instance: instance, dates: dates, color: options.color)
    guard options.inPlace else {
      output.write(box)
      return
    }
    let name = instance ?? entry.kind
    let text = screen.withLock { screen in
      if let index = screen.firstIndex(where: { $0.instance == name }) {
        screen[index].box = box
      } else {
        screen.append((name, box))
      }
      // Home, the boxes, then clear whatever the previous frame left below them.
      return "\u{1B}[H"
        + screen.map(\.box).joined().replacingOccurrences(of: "\n", with: "\u{1B}[K\n")
        + "\u{1B}[J"
    }
    output.write(text)
  }

  private static func subject(_ problem: ProblemEvent, _ instance: String?) -> String {
    if let instance { return "\(instance): " }
    if let kind = problem.kind { return "\(kind): " }
    if let bundle = problem.bundle { return "\(bundle): " }
    return ""
  }

  /// The framed rendering of one entry.
  static func box(for entry: EntryEvent, instance: String?, dates: DateText, color: Bool) -> String
  {
    let width = entry.lines.map { TextWidth.of($0) }.max() ?? 0
    let time = dates.clockTime(entry.date)
    var title = (instance ?? "\(entry.kind)/\(entry.family.rawValue)") + " · "
    title += entry.source == .timeline ? "entry \(time)" : entry.source.rawValue
    if entry.restored { title += " · restored" }
    if let url = entry.url { title += " · \(url)" }
    let lines = color ? ANSIStyle.styled(entry.lines, spans: entry.spans) : entry.lines
    var text = title + "\n"
    text += "╭" + String(repeating: "─", count: width + 2) + "╮\n"
    for (line, plain) in zip(lines, entry.lines) {
      let padding = String(repeating: " ", count: max(0, width - TextWidth.of(plain)))
      text += "│ " + line + padding + " │\n"
    }
    text += "╰" + String(repeating: "─", count: width + 2) + "╯\n"
    return text
  }
}
