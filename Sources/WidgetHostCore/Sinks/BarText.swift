import Foundation
import WidgetRendering
import WidgetSchema

/// How an entry becomes status-bar text, shared by ``I3BarSink`` and ``WaybarSink``
/// (docs/status-bars.md).
///
/// Bars show one line, so the entry is read as text: the texts and symbols it draws on its
/// family's grid (``Renderer/texts(_:family:now:)``), in reading order, each text's wrapped
/// lines joined with a space; texts side by side (on the same rows) joined with a space, those
/// one below another with `" · "`. Images and shapes are left out. Redacted placeholders stay as
/// they are drawn (`████`), so a bar shows that the widget is loading.
public struct BarText: Sendable {
  /// The separator between texts one below another.
  public static let separator = " · "

  private let renderer: Renderer

  /// Reads entries with `dates` formatting their dates.
  public init(dates: DateText) {
    renderer = Renderer(dates: dates)
  }

  /// The texts `entry` shows at `now`, as its grid draws it.
  public func texts(_ entry: EntryEvent, now: Date) -> [DrawnText] {
    renderer.texts(
      EventRouter.displayedView(of: entry.view, source: entry.source), family: entry.family,
      now: now)
  }

  /// The texts as one line.
  public static func fullText(_ texts: [DrawnText]) -> String {
    var line = ""
    var previous: Range<Int>?
    for text in texts {
      if let previous {
        line += previous.overlaps(text.rows) ? " " : separator
      }
      line += text.text
      previous = text.rows
    }
    return line
  }

  /// The first row of text, for bars short of space.
  public static func shortText(_ texts: [DrawnText]) -> String {
    guard let first = texts.first else { return "" }
    return fullText(texts.prefix { $0.rows.overlaps(first.rows) })
  }

  /// The grid as drawn, for a tooltip: every line with trailing spaces trimmed and the
  /// indentation common to all non-empty lines removed, without the empty lines above and below
  /// the content.
  public static func tooltip(_ entry: EntryEvent) -> String {
    tooltip(lines: entry.lines)
  }

  /// `lines` as a tooltip, as ``tooltip(_:)`` makes an entry's.
  public static func tooltip(lines: [String]) -> String {
    var lines = lines.map { line in
      String(line.reversed().drop(while: \.isWhitespace).reversed())
    }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    while lines.last?.isEmpty == true { lines.removeLast() }
    let indent =
      lines.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
  }

  /// The foreground colour of the first span (in reading order) that has one, as `#rrggbb`;
  /// nil when no span is coloured or the colour is the bar's own (`primary`, `clear`).
  public static func color(_ entry: EntryEvent) -> String? {
    let ordered = entry.spans.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    guard let color = ordered.lazy.compactMap(\.foreground).first else { return nil }
    return hex(color)
  }

  /// `#rrggbb` for an RGB colour, or the fixed value of a named one (Apple's dark-appearance
  /// system colours, since bars are usually dark); opacity is ignored.
  public static func hex(_ color: ColorValue) -> String? {
    if let red = color.red, let green = color.green, let blue = color.blue {
      return "#"
        + [red, green, blue].map { component in
          let byte = Int((min(max(component, 0), 1) * 255).rounded())
          let digits = String(byte, radix: 16)
          return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
    return color.name.flatMap { namedColors[$0] }
  }

  /// The fixed values of named colours; `primary` and `clear` have none (the bar's colour).
  public static let namedColors: [String: String] = [
    "secondary": "#8e8e93", "accentColor": "#0a84ff", "black": "#000000", "white": "#ffffff",
    "gray": "#8e8e93", "red": "#ff453a", "orange": "#ff9f0a", "yellow": "#ffd60a",
    "green": "#30d158", "mint": "#63e6e2", "teal": "#40cbe0", "cyan": "#64d2ff",
    "blue": "#0a84ff", "indigo": "#5e5ce6", "purple": "#bf5af2", "pink": "#ff375f",
    "brown": "#ac8e68",
  ]

  /// The first whole number from 0 to 100 written directly before `%` in `text` (`"73%"`,
  /// `"Battery 80 %"` does not count), for gauges; nil if there is none. A number that is part
  /// of a decimal (`12.5%`) or negative (`-3%`) is skipped.
  public static func percentage(_ text: String) -> Int? {
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      guard characters[index].isASCII, characters[index].isNumber else {
        index += 1
        continue
      }
      let start = index
      while index < characters.count, characters[index].isASCII, characters[index].isNumber {
        index += 1
      }
      let before = start > 0 ? characters[start - 1] : nil
      guard index < characters.count, characters[index] == "%",
        before != ".", before != "-", before != "−", before != ",",
        let value = Int(String(characters[start..<index])), value <= 100
      else { continue }
      return value
    }
    return nil
  }

}

/// How the bar formats name a problem on standard error (one line).
enum BarProblem {
  static func subject(_ problem: ProblemEvent, _ instance: String?) -> String {
    let name = instance ?? problem.kind ?? problem.bundle
    return (name.map { "\($0): " } ?? "") + problem.message
  }

  /// Writes what a bar does not show to `errors`, one line each: errors, warnings and the URLs
  /// taps opened. Every bar format writes these lines alike.
  static func report(_ event: StreamEvent, to errors: any OutputTarget) {
    switch event.payload {
    case .error(let problem):
      errors.write("widget-host: error: \(subject(problem, event.instance))\n")
    case .warning(let problem):
      errors.write("widget-host: warning: \(subject(problem, event.instance))\n")
    case .openURL(let open):
      errors.write(
        "widget-host: open \(open.url)\(event.instance.map { " (tapped \($0))" } ?? "")\n")
    case .action(let action):
      errors.write(
        "widget-host: performed \(action.name)\(event.instance.map { " (tapped \($0))" } ?? "")\n")
    case .entry, .bundle, .reload, .timeline, .instance, .activity:
      break
    }
  }
}
