import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// One line of plain text per update, for bars that read a command's lines as they come:
/// i3blocks (`interval=persist`), eww (`deflisten`), polybar (`custom/script` with `tail =
/// true`), Conky (`execpi`); `widget-host bar --format plain`, docs/status-bars.md.
///
/// One instance, like ``WaybarSink``. Each line is the entry flattened by ``BarText`` (its
/// ``BarText/fullText(_:)``), written when it differs from the line before: a new entry, or a
/// live date whose text changed. A ``BarNotice`` is written as its text. Errors, warnings and
/// opened URLs go to `errors` as one line each.
public final class PlainBarSink: StatusBarSink {
  private struct State {
    var lastWritten: String?
  }

  private let output: any OutputTarget
  private let errors: any OutputTarget
  private let barText: BarText
  private let state = Mutex(State())

  /// Writes lines to `output` and problems to `errors`, with `dates` formatting the entries'
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
      "--format plain shows one widget per process (one bar module each), but this selection "
        + "has \(instances.count) instances: " + instances.joined(separator: ", "))
  }

  public func begin(_ header: StreamHeader) {}

  public func end() {}

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry(let entry):
      show(BarText.fullText(barText.texts(entry, now: event.time)))
    default:
      BarProblem.report(event, to: errors)
    }
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    // A refresh comes as a live date is redrawn, on the wall clock.
    show(BarText.fullText(barText.texts(entry, now: Date())))
  }

  /// Writes `notice`'s text as the line.
  public func show(_ notice: BarNotice, instances: [String]) {
    guard !instances.isEmpty else { return }
    show(notice.text)
  }

  private func show(_ text: String) {
    // One line per update, whatever the text holds.
    let line = text.replacingOccurrences(of: "\n", with: " ")
    state.withLock { state in
      guard line != state.lastWritten else { return }
      state.lastWritten = line
      output.write(line + "\n")
    }
  }
}
