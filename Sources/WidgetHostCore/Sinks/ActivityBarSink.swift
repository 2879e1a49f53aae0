import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// A bar module of a host's Live Activities (`widget-host bar --activities`, docs/status-bars.md)
/// for the one-module formats: the most relevant activity shown (highest relevance score, then
/// the latest started), as its compact presentation; nothing while none is shown, so that the
/// module hides.
///
/// Waybar (`waybar`): `{"text","tooltip","class","percentage"}` lines, the tooltip its banner,
/// the classes `activity`, its attributes type and its status. Plain: one line of text per
/// change. A line is written only when it differs from the previous one.
public final class ActivityBarSink: StatusBarSink {
  /// The line format.
  public enum Format: Sendable {
    case waybar, plain
  }

  private struct State {
    var shown: [String: ActivityEvent] = [:]
    var notice: BarNotice?
    var lastWritten: String?
  }

  private let format: Format
  private let output: any OutputTarget
  private let errors: any OutputTarget
  private let state = Mutex(State())
  private let encoder = WidgetJSON.encoder()

  /// Writes `format` lines to `output` and problems to `errors`.
  public init(format: Format, output: any OutputTarget, errors: any OutputTarget) {
    self.format = format
    self.output = output
    self.errors = errors
  }

  public func begin(_ header: StreamHeader) {}

  /// A host again: the activities it shows follow, none shown meanwhile (an empty module).
  public func connected() {
    update { state in
      state.notice = nil
      state.shown = [:]
    }
  }

  public func end() {}

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .activity(let activity):
      update { state in
        state.notice = nil
        state.shown[activity.activity.id] = activity.event == .dismissed ? nil : activity
      }
    case .entry:
      break
    default:
      BarProblem.report(event, to: errors)
    }
  }

  public func refresh(activity: ActivityEvent) {
    update { state in
      if state.shown[activity.activity.id] != nil { state.shown[activity.activity.id] = activity }
    }
  }

  public func show(_ notice: BarNotice, instances: [String]) {
    update { state in state.notice = notice }
  }

  private func update(_ change: (inout State) -> Void) {
    state.withLock { state in
      change(&state)
      let line = self.line(state)
      guard line != state.lastWritten else { return }
      state.lastWritten = line
      output.write(line + "\n")
    }
  }

  /// The most relevant activity: the highest relevance score, then the latest started.
  static func mostRelevant(_ activities: some Collection<ActivityEvent>) -> ActivityEvent? {
    activities.max { a, b in
      (a.activity.content.relevanceScore, a.activity.started, a.activity.id)
        < (b.activity.content.relevanceScore, b.activity.started, b.activity.id)
    }
  }

  private func line(_ state: State) -> String {
    let shown = Self.mostRelevant(state.shown.values)
    let text = state.notice?.text ?? shown?.presentations?.compactText ?? ""
    switch format {
    case .plain:
      return text
    case .waybar:
      var classes = ["activity"]
      var tooltip = state.notice?.detail ?? ""
      if let notice = state.notice {
        classes.append(notice.reason.rawValue)
      } else if let shown {
        classes += [shown.activity.attributesType, shown.activity.status.rawValue]
        tooltip = BarText.tooltip(lines: shown.presentations?.lockScreen.lines ?? [])
      }
      let update = WaybarSink.Update(
        text: text, tooltip: tooltip, class: classes, percentage: BarText.percentage(text))
      return (try? encoder.encode(update)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
  }
}
