import Synchronization

/// Runs asynchronous jobs one at a time, in the order they arrive: a job waits until the one
/// before it has finished, across its suspension points (which an actor would not).
final class SerialJobs: Sendable {
  private struct State {
    var busy = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Runs `job` once the jobs before it have finished, and returns its result.
  func run<Result>(_ job: () async -> Result) async -> Result {
    await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state in
        guard state.busy else {
          state.busy = true
          return true
        }
        state.waiting.append(turn)
        return false
      }
      if now { turn.resume() }
    }
    let result = await job()
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.busy = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
    return result
  }
}
