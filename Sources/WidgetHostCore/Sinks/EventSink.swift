import Foundation
import Synchronization
import WidgetRendering
import WidgetSchema

/// A consumer of the event stream: the terminal, a JSON file, socket subscribers.
public protocol EventSink: Sendable {
  /// The instances the host will show, in order, before the stream begins. A sink that cannot
  /// show this selection (Waybar shows one widget per process) refuses with
  /// ``HostError/format(_:)`` and the host stops before the stream begins.
  func prepare(instances: [String]) throws(HostError)
  /// The stream starts.
  func begin(_ header: StreamHeader)
  /// One event, in sequence order.
  func write(_ event: StreamEvent)
  /// The stream ends.
  func end()
  /// The same entry drawn again because a live date in it (`.timer`, `.relative`, `.offset`)
  /// now shows a different text. Not part of the stream: no sequence number.
  func refresh(instance: String?, entry: EntryEvent)
  /// The same Live Activity drawn again because a live date in it now shows a different text
  /// (a countdown). Not part of the stream: no sequence number.
  func refresh(activity: ActivityEvent)
  /// Whether the sink's events carry each entry's geometry in points (the JSON stream's do):
  /// when one sink wants it, the host lays entries out with Pango too (docs/stream.md#geometry).
  var wantsGeometry: Bool { get }
}

extension EventSink {
  public var wantsGeometry: Bool { false }
}

extension EventSink {
  /// Most sinks show any selection.
  public func prepare(instances: [String]) throws(HostError) {}

  /// Sinks that carry the view tree (JSON) ignore refreshes: consumers format live dates
  /// themselves.
  public func refresh(instance: String?, entry: EntryEvent) {}

  /// Sinks that carry the view tree ignore refreshes.
  public func refresh(activity: ActivityEvent) {}
}

/// Numbers events, stamps them with the host clock and hands them to every sink, in order.
public final class EventStream: Sendable {
  private let clock: any HostClock
  private let sinks: [any EventSink]
  /// Whether one of the sinks wants each entry's geometry.
  var wantsGeometry: Bool { sinks.contains { $0.wantsGeometry } }
  private let sequence = Mutex<UInt64>(0)
  /// The latest `entry` event of each instance: the current state a late subscriber needs.
  /// Boxed: the dictionary's spare buckets then hold a reference each.
  private let latestEntries = Mutex<[String: LatestEntry]>([:])
  /// The latest `activity` event of each Live Activity not yet dismissed, by id.
  private let latestActivities = Mutex<[String: StreamEvent]>([:])
  /// Draws the latest entries again when they are read; nil keeps their drawing.
  private let renderer: Renderer?

  /// Creates a stream writing to `sinks`.
  ///
  /// With `renderer`, the latest entry of each instance is kept without its drawing (its rows,
  /// spans, regions and URL: most of what an idle instance would keep) and drawn again from
  /// its view when it is read, at the clock's time; an entry without live dates reads back
  /// exactly as it was written. Without a renderer it is kept whole.
  public init(clock: any HostClock, sinks: [any EventSink], renderer: Renderer? = nil) {
    self.clock = clock
    self.sinks = sinks
    self.renderer = renderer
  }

  /// Tells every sink which instances will be shown; the first refusal is thrown.
  public func prepare(instances: [String]) throws(HostError) {
    for sink in sinks { try sink.prepare(instances: instances) }
  }

  /// Writes the header.
  public func begin(host version: String) {
    let header = StreamHeader(host: version, started: clock.now())
    sequence.withLock { _ in
      for sink in sinks { sink.begin(header) }
    }
  }

  /// Emits one event.
  public func emit(instance: String? = nil, _ payload: EventPayload) {
    sequence.withLock { sequence in emit(instance: instance, payload, sequence: &sequence) }
  }

  /// Shows `entry` for `instance` again if what the instance shows now is invalidated (a
  /// press whose action failed): not when a newer entry has replaced it meanwhile.
  func restore(_ entry: EntryEvent, of instance: String) {
    sequence.withLock { sequence in
      guard latestEntries.withLock({ $0[instance]?.invalidated }) == true else { return }
      emit(instance: instance, .entry(entry), sequence: &sequence)
    }
  }

  /// Emits `entry` for `instance` only while its latest entry is event `seq`: an entry drawn
  /// from that one (invalidated by a press) must not replace a newer one.
  func emit(_ entry: EntryEvent, of instance: String, ifLatestIs seq: UInt64) {
    sequence.withLock { sequence in
      guard latestEntries.withLock({ $0[instance]?.seq }) == seq else { return }
      emit(instance: instance, .entry(entry), sequence: &sequence)
    }
  }

  private func emit(instance: String?, _ payload: EventPayload, sequence: inout UInt64) {
    sequence += 1
    let event = StreamEvent(seq: sequence, time: clock.now(), instance: instance, payload: payload)
    if case .entry(let entry) = payload, let instance {
      let latest = LatestEntry(
        seq: event.seq, time: event.time, entry, keepsDrawing: renderer == nil)
      latestEntries.withLock { $0[instance] = latest }
    } else if case .activity(let activity) = payload {
      latestActivities.withLock {
        $0[activity.activity.id] = activity.event == .dismissed ? nil : event
      }
    }
    for sink in sinks { sink.write(event) }
  }

  /// Hands a redrawn entry to the sinks that show live dates.
  public func refresh(instance: String?, entry: EntryEvent) {
    sequence.withLock { _ in
      for sink in sinks { sink.refresh(instance: instance, entry: entry) }
    }
  }

  /// Hands a redrawn Live Activity to the sinks that show live dates, while it is still the
  /// activity's latest state: a redraw that comes after the activity changed or was dismissed
  /// (its timer fired as the change was made) is dropped, or it would draw the old state again,
  /// or bring a dismissed banner back.
  func refresh(activity: ActivityEvent) {
    sequence.withLock { _ in
      guard
        case .activity(let latest)? = latestActivities.withLock({
          $0[activity.activity.id]?.payload
        }),
        latest.activity == activity.activity
      else { return }
      for sink in sinks { sink.refresh(activity: activity) }
    }
  }

  /// Forgets the latest entry of `instance`, which the host no longer shows (late subscribers
  /// and `list` no longer see it).
  public func forget(instance: String) {
    latestEntries.withLock { $0[instance] = nil }
  }

  /// The current state a late subscriber needs: the latest `entry` event of every instance and
  /// the latest `activity` event of every Live Activity shown, in sequence order.
  public func currentEntries() -> [StreamEvent] {
    let entries = latestEntries.withLock { Array($0) }.sorted { $0.value.seq < $1.value.seq }.map {
      $0.value.event(of: $0.key, draw: draw)
    }
    let activities = latestActivities.withLock { Array($0.values) }
    guard !activities.isEmpty else { return entries }
    return (entries + activities).sorted { $0.seq < $1.seq }
  }

  /// The latest `entry` event of `instance`, if it showed one.
  public func currentEntry(of instance: String) -> StreamEvent? {
    latestEntries.withLock { $0[instance] }?.event(of: instance, draw: draw)
  }

  /// Where the latest entry of `instance` came from, if it showed one (nothing is drawn).
  public func currentSource(of instance: String) -> EntrySource? {
    latestEntries.withLock { $0[instance]?.source }
  }

  /// A kept entry drawn again, as the host draws entries, at the clock's time.
  private func draw(
    _ view: ViewNode, source: EntrySource, family: WidgetFamily
  ) -> LatestEntry.Drawing {
    // Only entries kept without their drawing are drawn, and only a stream with a renderer
    // keeps them so.
    guard let renderer else {
      return LatestEntry.Drawing(lines: [], spans: [], regions: [], url: nil)
    }
    let rendered = renderer.render(
      EventRouter.displayedView(of: view, source: source), family: family, now: clock.now())
    return LatestEntry.Drawing(
      lines: rendered.lines, spans: rendered.spans, regions: rendered.regions, url: rendered.url)
  }

  /// Ends the stream.
  public func end() {
    sequence.withLock { _ in
      for sink in sinks { sink.end() }
    }
  }
}
