import FoundationEssentials
import Synchronization
import WidgetSchema

/// One call's result, handed from the thread the bundle replies on to the task that waits for
/// it.
///
/// A reply that arrives before the task waits (a bundle replying inside `call`, as prompt
/// bundles do) is kept, and the task takes it without suspending: no continuation and no
/// cancellation handler for the common case. A reply that comes later resumes the waiting task.
final class ReplySlot: Sendable {
  typealias Reply = Result<Data, ProviderError>

  private enum State {
    case empty
    case delivered(Reply)
    case waiting(CheckedContinuation<Reply, Never>)
    case taken
  }

  private let state = Mutex(State.empty)

  /// Hands over the result; the first one counts.
  func deliver(_ reply: Reply) {
    let waiting = state.withLock { state -> CheckedContinuation<Reply, Never>? in
      switch state {
      case .empty:
        state = .delivered(reply)
        return nil
      case .waiting(let continuation):
        state = .taken
        return continuation
      case .delivered, .taken:
        return nil
      }
    }
    waiting?.resume(returning: reply)
  }

  /// The result, if it has already been delivered.
  func take() -> Reply? {
    state.withLock { state in
      guard case .delivered(let reply) = state else { return nil }
      state = .taken
      return reply
    }
  }

  /// The result, waiting for it if it has not been delivered yet. Only one task may wait.
  func wait() async -> Reply {
    await withCheckedContinuation { continuation in
      let reply = state.withLock { state -> Reply? in
        if case .delivered(let reply) = state {
          state = .taken
          return reply
        }
        state = .waiting(continuation)
        return nil
      }
      if let reply { continuation.resume(returning: reply) }
    }
  }
}
