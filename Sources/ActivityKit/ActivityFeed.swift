import Foundation
import Synchronization
import WidgetControl
import WidgetSchema
import WidgetSupport

/// The running host's `activity` events, for every update sequence of this process: one
/// subscription over the control socket (`"types": ["activity"]`, docs/control.md), open while
/// any sequence is being iterated.
///
/// When no host runs, or the host goes away, the feed tries again every second, so an app
/// started before its host, or kept across a host restart, hears of its activities once the
/// host is back (a new subscription starts with the latest event of every activity).
final class ActivityFeed: Sendable {
  /// The process's feed.
  static let shared = ActivityFeed()

  /// How long the feed waits before connecting again.
  static let retryInterval = 1.0

  private struct State {
    var listeners: [UInt64: @Sendable (ActivityEvent) -> Void] = [:]
    var nextKey: UInt64 = 0
    /// The connection being read, to close when the last listener goes.
    var client: ControlClient?
    /// The thread reading the socket runs.
    var running = false
  }

  private let state = Mutex(State())

  /// Hands every `activity` event to `handle` (on the feed's thread) until ``stop(_:)``.
  func listen(_ handle: @escaping @Sendable (ActivityEvent) -> Void) -> UInt64 {
    let (key, start) = state.withLock { state in
      let key = state.nextKey
      state.nextKey += 1
      state.listeners[key] = handle
      defer { state.running = true }
      return (key, !state.running)
    }
    if start {
      let thread = Thread { [self] in run() }
      thread.name = "ActivityKit feed"
      thread.start()
    }
    return key
  }

  /// Ends a ``listen(_:)``; the last one closes the connection.
  func stop(_ key: UInt64) {
    let client = state.withLock { state -> ControlClient? in
      state.listeners[key] = nil
      return state.listeners.isEmpty ? state.client : nil
    }
    client?.cancel()
  }

  private func run() {
    while true {
      let client = try? ControlClient(
        endpoint: .unix(HostPaths.socket()), token: HostPaths.token())
      let listening = state.withLock { state in
        guard !state.listeners.isEmpty else {
          state.running = false
          return false
        }
        state.client = client
        return true
      }
      guard listening else { return }
      if let client {
        try? client.watch(types: ["activity"]) { line, _ in
          guard case .event(let event) = line, case .activity(let activity) = event.payload
          else { return }
          for handle in state.withLock({ Array($0.listeners.values) }) { handle(activity) }
        }
        state.withLock { $0.client = nil }
      }
      Thread.sleep(forTimeInterval: Self.retryInterval)
    }
  }
}

extension AsyncStream where Element == ActivityEvent {
  /// The feed's events that `keep` takes; the stream finishes after one that `isLast` says
  /// is the last.
  static func fromFeed(
    keeping keep: @escaping @Sendable (ActivityEvent) -> Bool,
    until isLast: @escaping @Sendable (ActivityEvent) -> Bool = { _ in false }
  ) -> AsyncStream<ActivityEvent> {
    AsyncStream { continuation in
      let key = ActivityFeed.shared.listen { event in
        guard keep(event) else { return }
        continuation.yield(event)
        if isLast(event) { continuation.finish() }
      }
      continuation.onTermination = { _ in ActivityFeed.shared.stop(key) }
    }
  }
}
