import Foundation
import WidgetSchema

/// For people at a terminal: each shown entry as a framed box the size of its family's grid,
/// under a line naming the instance, the entry's time and where it came from. Errors and
/// warnings go to `errors` as one line each.
public struct TextSink: EventSink {
  private let output: any OutputTarget
  private let errors: any OutputTarget
  private let dates: DateText

  /// Writes boxes to `output` and problems to `errors`.
  public init(output: any OutputTarget, errors: any OutputTarget, dates: DateText) {
    self.output = output
    self.errors = errors
    self.dates = dates
  }

  public func begin(_ header: StreamHeader) {}

  public func end() {}

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry(let entry):
      output.write(Self.box(for: entry, instance: event.instance, dates: dates))
    case .error(let problem):
      errors.write(
        "widget-host: error: \(Self.subject(problem, event.instance))\(problem.message)\n")
    case .warning(let problem):
      errors.write(
        "widget-host: warning: \(Self.subject(problem, event.instance))\(problem.message)\n")
    case .bundle, .reload, .timeline:
      break
    }
  }

  private static func subject(_ problem: ProblemEvent, _ instance: String?) -> String {
    if let instance { return "\(instance): " }
    if let kind = problem.kind { return "\(kind): " }
    if let bundle = problem.bundle { return "\(bundle): " }
    return ""
  }

  /// The framed rendering of one entry.
  static func box(for entry: EntryEvent, instance: String?, dates: DateText) -> String {
    let width = entry.lines.map { TextWidth.of($0) }.max() ?? 0
    let time = dates.clockTime(entry.date)
    var title = (instance ?? "\(entry.kind)/\(entry.family.rawValue)") + " · "
    title += entry.source == .timeline ? "entry \(time)" : entry.source.rawValue
    var text = title + "\n"
    text += "╭" + String(repeating: "─", count: width + 2) + "╮\n"
    for line in entry.lines {
      let padding = String(repeating: " ", count: max(0, width - TextWidth.of(line)))
      text += "│ " + line + padding + " │\n"
    }
    text += "╰" + String(repeating: "─", count: width + 2) + "╯\n"
    return text
  }
}
