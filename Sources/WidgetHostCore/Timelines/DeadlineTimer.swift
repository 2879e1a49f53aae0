import Dispatch
import Synchronization

/// Waits for a deadline on a Dispatch timer that cancellation removes at once.
///
/// A provider call races its reply against its deadline. With `Task.sleep` as the deadline, a
/// call that replied in a millisecond still left its sleep's timer (and the sleeping task)
/// armed until the deadline passed: every provider call woke the host once more, 5 or 30 s
/// later, and kept a task alive until then (docs/performance.md, "idle" and "memory"). This
/// timer is cancelled, and its memory freed, as soon as the race is decided.
final class DeadlineTimer: @unchecked Sendable {
  // Unchecked: `timer` is immutable and Dispatch sources may be used from any thread; the
  // waiter is guarded by `state`.
  private let timer: any DispatchSourceTimer
  private let state = Mutex<(waiter: CheckedContinuation<Void, Never>?, fired: Bool)>((nil, false))

  private init(seconds: Double) {
    timer = DispatchSource.makeTimerSource(queue: .global())
    // The handlers hold this object until the timer is cancelled, which always happens:
    // Dispatch releases them then.
    timer.setEventHandler { self.fire() }
    timer.setCancelHandler { self.fire() }
    timer.schedule(deadline: .now() + max(0, seconds))
    timer.activate()
  }

  /// Returns after `seconds`, or at once when the calling task is (or gets) cancelled.
  static func sleep(seconds: Double) async {
    let deadline = DeadlineTimer(seconds: seconds)
    await withTaskCancellationHandler {
      await withCheckedContinuation { deadline.wait($0) }
    } onCancel: {
      deadline.timer.cancel()
    }
    deadline.timer.cancel()
  }

  private func wait(_ waiter: CheckedContinuation<Void, Never>) {
    let resumeNow = state.withLock { state in
      if state.fired { return true }
      state.waiter = waiter
      return false
    }
    if resumeNow { waiter.resume() }
  }

  private func fire() {
    let waiter = state.withLock { state in
      state.fired = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}
