import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// One JSON object per line for a Waybar custom module with `return-type: json`
/// (`--format waybar`, docs/status-bars.md).
///
/// Waybar runs one process per module, so this sink shows exactly one instance and refuses
/// any other selection in ``prepare(instances:)``. Each line is
/// `{"text","tooltip","class","percentage"}`: the entry flattened by ``BarText``, the grid as a
/// tooltip, the classes `[kind]` plus `placeholder` and `error` when they apply, and the first
/// percentage in the text. A line is written only when it differs from the previous one.
public final class WaybarSink: StatusBarSink {
  /// One update, as Waybar reads it.
  public struct Update: Codable, Sendable, Equatable {
    /// The entry as one line (``BarText/fullText(_:)``).
    public var text: String
    /// The entry's lines joined with newlines (``BarText/tooltip(_:)``).
    public var tooltip: String
    /// CSS classes: the kind, `placeholder` while the placeholder shows, `error` after the
    /// provider failed (until a new entry arrives).
    public var `class`: [String]
    /// The first whole number 0…100 before a `%` in `text` (``BarText/percentage(_:)``);
    /// omitted when there is none.
    public var percentage: Int?
  }

  private struct State {
    var entry: EntryEvent?
    /// The entry's texts, read when it arrived or was redrawn.
    var texts: [DrawnText] = []
    var kind: String?
    var failure: String?
    /// Shown in place of the entry until the next one (``show(_:instances:)``).
    var notice: BarNotice?
    var lastWritten: Update?
  }

  private let output: any OutputTarget
  private let errors: any OutputTarget
  private let barText: BarText
  private let state = Mutex(State())
  private let encoder = WidgetJSON.encoder()

  /// Writes updates to `output` and problems to `errors`, with `dates` formatting the entries'
  /// dates.
  public init(output: any OutputTarget, errors: any OutputTarget, dates: DateText) {
    self.output = output
    self.errors = errors
    barText = BarText(dates: dates)
  }

  /// Accepts exactly one instance.
  public func prepare(instances: [String]) throws(HostError) {
    guard instances.count != 1 else { return }
    throw .format(
      "--format waybar shows one widget per process (one Waybar custom module each), but "
        + "this selection has \(instances.count) instances: "
        + instances.joined(separator: ", ")
        + "; choose one with --kind KIND and --family FAMILY")
  }

  public func begin(_ header: StreamHeader) {}

  public func end() {}

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry(let entry):
      let texts = barText.texts(entry, now: event.time)
      update { state in
        state.entry = entry
        state.texts = texts
        state.kind = entry.kind
        state.notice = nil
        if entry.source != .placeholder { state.failure = nil }
      }
    case .error(let problem):
      BarProblem.report(event, to: errors)
      update { state in
        state.failure = problem.message
        state.kind = state.kind ?? problem.kind
      }
    default:
      // The one instance's replacement (SIGHUP with new parameters) shows with its next entry.
      BarProblem.report(event, to: errors)
    }
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    // A refresh comes as the host redraws a live date, on the wall clock under `run`.
    let texts = barText.texts(entry, now: Date())
    update { state in
      state.entry = entry
      state.texts = texts
    }
  }

  /// Shows `notice` in place of the entry until the next entry: the line
  /// `{"class":["disconnected"],"text":"widget-host: not running","tooltip":DETAIL}` (the class
  /// is the notice's reason). The one instance is the only one there is, so `instances` only
  /// needs to be non-empty.
  public func show(_ notice: BarNotice, instances: [String]) {
    guard !instances.isEmpty else { return }
    update { state in
      state.notice = notice
      state.failure = nil
    }
  }

  private func update(_ change: (inout State) -> Void) {
    state.withLock { state in
      change(&state)
      guard let update = Self.update(for: state), update != state.lastWritten,
        let data = try? encoder.encode(update)
      else { return }
      state.lastWritten = update
      output.write(String(decoding: data, as: UTF8.self) + "\n")
    }
  }

  private static func update(for state: State) -> Update? {
    if let notice = state.notice {
      return Update(
        text: markup(notice.text), tooltip: markup(notice.detail), class: [notice.reason.rawValue])
    }
    var classes = state.kind.map { [$0] } ?? []
    guard let entry = state.entry else {
      // Failed before anything was shown: say so rather than show nothing.
      guard let failure = state.failure else { return nil }
      return Update(
        text: markup("\(state.kind ?? "widget"): error"), tooltip: markup(failure),
        class: classes + ["error"])
    }
    if entry.source == .placeholder { classes.append("placeholder") }
    // Old news, which a bar should look it: shown after a failed reload, or restored from the
    // run before until a fresh timeline comes.
    if entry.stale { classes.append("stale") }
    if entry.restored { classes.append("restored") }
    var tooltip = BarText.tooltip(entry)
    if let failure = state.failure {
      classes.append("error")
      tooltip += "\n\n" + failure
    }
    let text = BarText.fullText(state.texts)
    return Update(
      text: markup(text), tooltip: markup(tooltip), class: classes,
      percentage: BarText.percentage(text))
  }

  /// `text` as Pango markup shows it: Waybar reads `text` and `tooltip` as markup, so a widget
  /// titled `Tom & Jerry <3` would otherwise be refused and the module stay as it was.
  static func markup(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "'": escaped += "&apos;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
