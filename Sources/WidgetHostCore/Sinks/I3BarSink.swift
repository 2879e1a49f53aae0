import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// The i3bar/swaybar protocol (`--format i3bar`, docs/status-bars.md): the header
/// `{"version":1,"click_events":true}`, the line `[`, then one JSON array of blocks per update,
/// each after the first preceded by a comma, the endless array never closed.
///
/// One block per instance, in instance order, showing the instance's latest entry flattened
/// by ``BarText``, grey while it is stale or restored. A new array is written whenever an entry (or a live date's redraw) changes
/// what a block shows. Errors, warnings and opened URLs go to `errors` as one line each. Click
/// events come back on standard input: see ``I3BarClicks``.
public final class I3BarSink: StatusBarSink {
  /// One block of the status line, as i3bar reads it.
  public struct Block: Codable, Sendable, Equatable {
    /// The entry as one line (``BarText/fullText(_:)``).
    public var fullText: String
    /// Its first non-empty line, for a bar short of space.
    public var shortText: String
    /// The instance id; i3bar sends it back in click events.
    public var name: String
    /// The instance id again (i3bar's `instance` field).
    public var instance: String
    /// The first span's foreground colour as `#rrggbb`, if any; grey (``staleColor``) while
    /// the entry is stale or restored from the run before.
    public var color: String?
    /// Always false: widgets have no urgency.
    public var urgent: Bool

    /// The block for `entry` shown by `instance`, whose texts are `texts`.
    public init(instance: String, entry: EntryEvent, texts: [DrawnText]) {
      fullText = BarText.fullText(texts)
      shortText = BarText.shortText(texts)
      name = instance
      self.instance = instance
      color = entry.stale || entry.restored ? I3BarSink.staleColor : BarText.color(entry)
      urgent = false
    }

    /// The block of a Live Activity: its compact presentation (``ActivityPresentations/compactText``)
    /// in its keyline tint, grey once stale or ended; named `activity/<id>`.
    public init(activity event: ActivityEvent, presentations: ActivityPresentations) {
      fullText = presentations.compactText
      shortText = presentations.compactText
      name = "activity/\(event.activity.id)"
      instance = name
      color =
        event.activity.status == .active
        ? presentations.keylineTint.flatMap(BarText.hex) : I3BarSink.staleColor
      urgent = false
    }

    /// The grey block that shows `notice` in place of `instance`'s entry.
    public init(instance: String, notice: BarNotice) {
      fullText = notice.text
      shortText = notice.text
      name = instance
      self.instance = instance
      color = I3BarSink.staleColor
      urgent = false
    }

    enum CodingKeys: String, CodingKey {
      case fullText = "full_text"
      case shortText = "short_text"
      case name, instance, color, urgent
    }
  }

  /// The colour of a block whose entry is old news: shown after a failed reload, or restored
  /// from the run before until a fresh timeline comes (i3bar has no classes to style).
  public static let staleColor = "#8e8e93"

  /// The header line i3bar reads first.
  public static let header = #"{"version":1,"click_events":true}"#

  private struct State {
    var order: [String] = []
    var blocks: [String: Block] = [:]
    var lastWritten: [Block]?
  }

  private let output: any OutputTarget
  private let errors: any OutputTarget
  private let barText: BarText
  private let state = Mutex(State())
  private let encoder = WidgetJSON.encoder()

  /// Writes the protocol to `output` and problems to `errors`, with `dates` formatting the
  /// entries' dates.
  public init(output: any OutputTarget, errors: any OutputTarget, dates: DateText) {
    self.output = output
    self.errors = errors
    barText = BarText(dates: dates)
  }

  public func prepare(instances: [String]) throws(HostError) {
    state.withLock { $0.order = instances }
  }

  public func begin(_ header: StreamHeader) {
    output.write(Self.header + "\n[\n")
  }

  public func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry(let entry):
      if let instance = event.instance { show(entry, instance: instance, now: event.time) }
    case .instance(let change):
      if change.event == .removed, let instance = event.instance { remove(instance) }
    case .activity(let activity):
      // A block after the widgets' while it is shown, in the order activities started.
      if activity.event == .dismissed {
        remove("activity/\(activity.activity.id)")
      } else if let presentations = activity.presentations {
        show([Block(activity: activity, presentations: presentations)])
      }
    default:
      BarProblem.report(event, to: errors)
    }
  }

  public func refresh(activity: ActivityEvent) {
    if let presentations = activity.presentations {
      show([Block(activity: activity, presentations: presentations)])
    }
  }

  public func refresh(instance: String?, entry: EntryEvent) {
    // A refresh comes as the host redraws a live date, on the wall clock under `run`.
    if let instance { show(entry, instance: instance, now: Date()) }
  }

  /// Drops the block of an instance the host no longer shows.
  private func remove(_ instance: String) {
    // The order stays: the host prepared the new one before removing anything.
    state.withLock { state in
      guard state.blocks.removeValue(forKey: instance) != nil else { return }
      write(&state)
    }
  }

  /// The endless array stays open: i3bar reads until the process exits.
  public func end() {}

  /// Shows `notice` as a grey block in place of each of `instances`, in one array.
  public func show(_ notice: BarNotice, instances: [String]) {
    show(instances.map { Block(instance: $0, notice: notice) })
  }

  private func show(_ entry: EntryEvent, instance: String, now: Date) {
    show([Block(instance: instance, entry: entry, texts: barText.texts(entry, now: now))])
  }

  /// Replaces the blocks of their instances and writes the array if it changed.
  private func show(_ changed: [Block]) {
    state.withLock { state in
      for block in changed {
        if !state.order.contains(block.name) { state.order.append(block.name) }
        state.blocks[block.name] = block
      }
      write(&state)
    }
  }

  /// Writes the blocks, in order, unless they are what was written last. Called under the
  /// lock, so that arrays never interleave or reorder.
  private func write(_ state: inout State) {
    let blocks = state.order.compactMap { state.blocks[$0] }
    guard blocks != state.lastWritten, let data = try? encoder.encode(blocks) else { return }
    let separator = state.lastWritten == nil ? "" : ","
    state.lastWritten = blocks
    output.write(separator + String(decoding: data, as: UTF8.self) + "\n")
  }
}
