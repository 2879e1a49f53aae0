import Foundation
import Synchronization

/// The host's notion of time. The scheduler, the bundles (through the host table) and the
/// stream all read the same clock: real time in `run`, virtual time in tests and simulations.
public protocol HostClock: Sendable {
  /// The current time.
  func now() -> Date
  /// Returns at `deadline` (or at once if it has passed). Throws `CancellationError` when the
  /// calling task is cancelled.
  func sleep(until deadline: Date) async throws
}

/// Wall-clock time.
public struct RealClock: HostClock {
  /// Creates the clock.
  public init() {}

  public func now() -> Date { Date() }

  public func sleep(until deadline: Date) async throws {
    let interval = deadline.timeIntervalSinceNow
    guard interval > 0 else { return }
    try await Task.sleep(for: .seconds(interval))
  }
}

/// A clock that moves only when told to: tests and `simulate` drive it with ``advance(to:)``.
///
/// Sleepers wake, in deadline order, when the clock reaches their deadline.
public final class VirtualClock: HostClock {
  private struct Sleeper {
    let id: UInt64
    let deadline: Date
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Date
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
  }

  private let state: Mutex<State>

  /// Creates a clock reading `start`.
  public init(start: Date) {
    state = Mutex(State(now: start))
  }

  public func now() -> Date { state.withLock { $0.now } }

  /// The earliest deadline anyone is sleeping until, if anyone is.
  public var nextDeadline: Date? {
    state.withLock { $0.sleepers.map(\.deadline).min() }
  }

  public func sleep(until deadline: Date) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow = state.withLock { state -> Bool in
          if deadline <= state.now || Task.isCancelled { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock to `date` (never backwards) and wakes every sleeper whose deadline is due.
  public func advance(to date: Date) {
    let due = state.withLock { state -> [Sleeper] in
      if date > state.now { state.now = date }
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves the clock forward by `interval` seconds.
  public func advance(by interval: TimeInterval) {
    advance(to: now().addingTimeInterval(interval))
  }
}
