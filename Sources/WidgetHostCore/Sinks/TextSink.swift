import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// For people at a terminal: each shown entry as a framed box the size of its family's grid,
/// under a line naming the instance, the entry's time and where it came from. Errors and
/// warnings go to `errors` as one line each.
///
/// With `color`, spans are drawn with ANSI styles (bold, colours, dim placeholders). With
/// `inPlace` (a terminal), the screen shows the latest box of every instance, side by side as
/// the terminal's width allows, and is redrawn in place (and on ``redraw()``, when the terminal
/// is resized); when the boxes do not fit the terminal, each change is appended instead, as it
/// always is without `inPlace`. Live dates (`.timer`, `.relative`, `.offset`) are redrawn when
/// their text changes.
public final class TextSink: EventSink {
  /// How boxes are drawn.
  public struct Options: Sendable {
    /// Draw spans with ANSI escape sequences.
    public var color: Bool
    /// Redraw all boxes in place (a terminal) instead of appending.
    public var inPlace: Bool
    /// The terminal's size now, asked at each redraw; nil when unknown (no limit).
    public var terminalSize: @Sendable () -> TerminalSize?

    /// Creates options.
    public init(
      color: Bool = false, inPlace: Bool = false,
      terminalSize: @escaping @Sendable () -> TerminalSize? = { nil }
    ) {
      self.color = color
      self.inPlace = inPlace
      self.terminalSize = terminalSize
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
  private let screen = Mutex<[(instance: String, box: Box)]>([])

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
    case .action(let action):
      errors.write(
        "widget-host: performed \(action.name)\(event.instance.map { " (tapped \($0))" } ?? "")\n")
    case .instance(let change):
      let id = event.instance ?? change.kind
      errors.write(
        "widget-host: \(change.event == .added ? "added" : "removed") \(id) (\(change.kind), "
          + "\(change.family.rawValue))\n")
      if change.event == .removed { remove(id) }
    case .activity(let activity):
      let name = "activity/\(activity.activity.id)"
      if activity.event == .dismissed {
        errors.write(
          "widget-host: dismissed activity \(activity.activity.id) "
            + "(\(activity.activity.attributesType))\n")
        remove(name)
      } else if let box = Self.box(activity, dates: dates, color: options.color) {
        show(box, name: name)
      }
    case .bundle, .reload, .timeline:
      break
    }
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    show(entry, instance: instance)
  }

  public func refresh(activity: ActivityEvent) {
    if let box = Self.box(activity, dates: dates, color: options.color) {
      show(box, name: "activity/\(activity.activity.id)")
    }
  }

  /// Drops the box of an instance the host no longer shows; drawn in place, the screen is
  /// drawn again without it.
  private func remove(_ instance: String) {
    guard options.inPlace else { return }
    // (Also a dismissed Live Activity's box, named `activity/<id>`.)
    let text = screen.withLock { screen -> String? in
      guard let index = screen.firstIndex(where: { $0.instance == instance }) else { return nil }
      screen.remove(at: index)
      return Self.arrange(screen.map(\.box), in: options.terminalSize()).map {
        "\u{1B}[H" + $0 + "\u{1B}[J"
      }
    }
    if let text { output.write(text) }
  }

  private func show(_ entry: EntryEvent, instance: String?) {
    show(
      Self.box(entry, instance: instance, dates: dates, color: options.color),
      name: instance ?? entry.kind)
  }

  /// Shows `box` as the latest of `name` (an instance, or `activity/<id>`).
  private func show(_ box: Box, name: String) {
    guard options.inPlace else {
      output.write(box.text)
      return
    }
    let text = screen.withLock { screen in
      if let index = screen.firstIndex(where: { $0.instance == name }) {
        screen[index].box = box
      } else {
        screen.append((name, box))
      }
      // Home, the boxes, then clear whatever the previous frame left below them; a screen
      // that does not fit the terminal appends the box instead.
      return Self.arrange(screen.map(\.box), in: options.terminalSize()).map {
        "\u{1B}[H" + $0 + "\u{1B}[J"
      } ?? box.text
    }
    output.write(text)
  }

  /// Draws the screen again, for a terminal that was resized (SIGWINCH): cleared, then the
  /// boxes laid out for its new size, if they fit it.
  public func redraw() {
    guard options.inPlace else { return }
    let text = screen.withLock { screen in
      Self.arrange(screen.map(\.box), in: options.terminalSize()).map {
        "\u{1B}[H\u{1B}[2J" + $0
      }
    }
    if let text { output.write(text) }
  }

  /// `boxes` laid out for a terminal of `size`: side by side while they fit its width (two
  /// spaces apart, titles cut to their box's width), in rows of boxes top to bottom, each line
  /// ending with "clear to the end of the line". Nil when a box is wider than the terminal or
  /// the rows are taller than it (one row is kept for the cursor).
  static func arrange(_ boxes: [Box], in size: TerminalSize?) -> String? {
    // A terminal of unknown size: one box under the other, as when appending.
    guard let size else {
      return boxes.map(\.text).joined().replacingOccurrences(of: "\n", with: "\u{1B}[K\n")
    }
    let columns = size.columns
    var rows: [[Box]] = []
    var used = 0
    for box in boxes {
      guard box.width <= columns else { return nil }
      if let last = rows.indices.last, used + 2 + box.width <= columns {
        rows[last].append(box)
        used += 2 + box.width
      } else {
        rows.append([box])
        used = box.width
      }
    }
    let height = rows.reduce(0) { $0 + ($1.map(\.lines.count).max() ?? 0) + 1 }
    if height > size.rows - 1 { return nil }
    var text = ""
    for row in rows {
      // A box alone on its row keeps its whole title, up to the terminal's width.
      let titleWidth = { (box: Box) in row.count == 1 ? columns : box.width }
      text +=
        row.map { box in
          let title = Self.cut(box.title, to: titleWidth(box))
          return title + String(repeating: " ", count: max(0, box.width - TextWidth.of(title)))
        }.joined(separator: "  ").trimmingTrailingSpaces() + "\u{1B}[K\n"
      for line in 0..<(row.map(\.lines.count).max() ?? 0) {
        text +=
          row.map { box in
            line < box.lines.count ? box.lines[line] : String(repeating: " ", count: box.width)
          }.joined(separator: "  ") + "\u{1B}[K\n"
      }
    }
    return text
  }

  /// `text` cut to `width` columns, ending with "…" when it was cut.
  private static func cut(_ text: String, to width: Int) -> String {
    guard TextWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = TextWidth.of(character)
      guard used + next <= width - 1 else { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  private static func subject(_ problem: ProblemEvent, _ instance: String?) -> String {
    if let instance { return "\(instance): " }
    if let kind = problem.kind { return "\(kind): " }
    if let bundle = problem.bundle { return "\(bundle): " }
    return ""
  }

  /// One entry as a box: the title line over the framed grid.
  struct Box {
    /// The instance, the entry's time and source (plain text).
    var title: String
    /// The frame's lines, styled when colour is on, each ``width`` columns wide.
    var lines: [String]
    /// The frame's width in columns.
    var width: Int

    /// The title, then the frame, each line ending with a line feed.
    var text: String { title + "\n" + lines.map { $0 + "\n" }.joined() }
  }

  /// The framed rendering of one entry.
  static func box(for entry: EntryEvent, instance: String?, dates: DateText, color: Bool) -> String
  {
    box(entry, instance: instance, dates: dates, color: color).text
  }

  static func box(_ entry: EntryEvent, instance: String?, dates: DateText, color: Bool) -> Box {
    let time = dates.clockTime(entry.date)
    var title = (instance ?? "\(entry.kind)/\(entry.family.rawValue)") + " · "
    title += entry.source == .timeline ? "entry \(time)" : entry.source.rawValue
    if entry.restored { title += " · restored" }
    if let url = entry.url { title += " · \(url)" }
    return framed(entry.lines, spans: entry.spans, title: title, color: color)
  }

  /// A Live Activity as a box: its lock-screen banner, under a title with its type, what
  /// happened and its compact presentation; nil when the bundle could not draw it.
  static func box(_ event: ActivityEvent, dates: DateText, color: Bool) -> Box? {
    guard let presentations = event.presentations else { return nil }
    let info = event.activity
    var title = "activity \(info.attributesType) · \(event.event.rawValue)"
    if info.status == .stale, event.event != .stale { title += " · stale" }
    if event.restored { title += " · restored" }
    if let dismissAt = info.dismissAt, info.status == .ended {
      title += " · until \(dates.clockTime(dismissAt))"
    }
    if !presentations.compactText.isEmpty { title += " · ◖\(presentations.compactText)◗" }
    let banner = presentations.lockScreen
    return framed(banner.lines, spans: banner.spans, title: title, color: color)
  }

  /// `lines` framed under `title`.
  static func framed(_ plain: [String], spans: [Span], title: String, color: Bool) -> Box {
    let width = plain.map { TextWidth.of($0) }.max() ?? 0
    let styled = color ? ANSIStyle.styled(plain, spans: spans) : plain
    var lines = ["╭" + String(repeating: "─", count: width + 2) + "╮"]
    for (line, plain) in zip(styled, plain) {
      let padding = String(repeating: " ", count: max(0, width - TextWidth.of(plain)))
      lines.append("│ " + line + padding + " │")
    }
    lines.append("╰" + String(repeating: "─", count: width + 2) + "╯")
    return Box(title: title, lines: lines, width: width + 4)
  }
}

extension String {
  /// The string without the spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
