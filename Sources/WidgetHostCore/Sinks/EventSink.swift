import Foundation
import Synchronization
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
}

extension EventSink {
  /// Most sinks show any selection.
  public func prepare(instances: [String]) throws(HostError) {}

  /// Sinks that carry the view tree (JSON) ignore refreshes: consumers format live dates
  /// themselves.
  public func refresh(instance: String?, entry: EntryEvent) {}
}

/// Numbers events, stamps them with the host clock and hands them to every sink, in order.
public final class EventStream: Sendable {
  private let clock: any HostClock
  private let sinks: [any EventSink]
  private let sequence = Mutex<UInt64>(0)
  /// The latest `entry` event of each instance: the current state a late subscriber needs.
  /// Boxed: an event is 168 bytes, and the dictionary's spare buckets then hold a reference
  /// each instead (docs/performance.md, memory).
  private let latestEntries = Mutex<[String: LatestEntry]>([:])

  private final class LatestEntry: Sendable {
    let event: StreamEvent

    init(_ event: StreamEvent) {
      self.event = event
    }
  }

  /// Creates a stream writing to `sinks`.
  public init(clock: any HostClock, sinks: [any EventSink]) {
    self.clock = clock
    self.sinks = sinks
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
    sequence.withLock { sequence in
      sequence += 1
      let event = StreamEvent(
        seq: sequence, time: clock.now(), instance: instance, payload: payload)
      if case .entry = payload, let instance {
        latestEntries.withLock { $0[instance] = LatestEntry(event) }
      }
      for sink in sinks { sink.write(event) }
    }
  }

  /// Hands a redrawn entry to the sinks that show live dates.
  public func refresh(instance: String?, entry: EntryEvent) {
    sequence.withLock { _ in
      for sink in sinks { sink.refresh(instance: instance, entry: entry) }
    }
  }

  /// The latest `entry` event of every instance, in sequence order.
  public func currentEntries() -> [StreamEvent] {
    latestEntries.withLock { $0.values.map(\.event) }.sorted { $0.seq < $1.seq }
  }

  /// Ends the stream.
  public func end() {
    sequence.withLock { _ in
      for sink in sinks { sink.end() }
    }
  }
}
