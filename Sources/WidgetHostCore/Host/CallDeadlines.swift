import Dispatch
import Synchronization

/// The deadlines of the provider calls in flight, all on one Dispatch timer.
///
/// Each call used to race its reply against a deadline timer of its own in a task group: a
/// second child task, a Dispatch timer source created, armed and cancelled, and the wake-ups of
/// the threads that do that (Dispatch's manager thread, the cancel handler's thread, the
/// timer's task), on every call: 6 to 8 context switches more per call than the call alone. Here a
/// call's deadline is an entry in a table, and the one timer is armed for the earliest entry: a
/// call re-arms it only when its deadline is earlier than the armed one, and a call that ends only
/// removes its entry. When the timer fires it abandons the calls that are due and arms itself for
/// the next entry, if any; so after the last call of a burst ends, it fires once more, for nothing,
/// at most once.
public final class CallDeadlines: @unchecked Sendable {
  // Unchecked: `timer` is immutable and Dispatch sources may be used from any thread; it is
  // only scheduled with `state` locked, so its deadline is always the table's earliest.
  /// The deadlines of every host in this process.
  public static let shared = CallDeadlines()

  private let timer: any DispatchSourceTimer
  private let state = Mutex(State())

  private struct State {
    var entries: [UInt64: Entry] = [:]
    var nextID: UInt64 = 1
    /// When the timer fires next (uptime nanoseconds); nil while it is not armed.
    var armed: UInt64?
  }

  private struct Entry {
    let due: UInt64
    let expire: @Sendable () -> Void
  }

  init() {
    timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .distantFuture)
    timer.setEventHandler { [weak self] in self?.fire() }
    timer.activate()
  }

  /// How long a call cancelled at its deadline is awaited, in seconds.
  static let grace = 1.0

  /// Calls in flight with a deadline (for tests).
  var count: Int { state.withLock { $0.entries.count } }

  /// Runs `operation` (a provider call) against a deadline `seconds` away: its result, or nil
  /// if the deadline passed first. Then the operation is cancelled and awaited before this
  /// returns, as a task group's child would be, but for at most ``grace`` seconds: an
  /// in-process bundle's `call` that blocks (against the ABI) keeps its thread, never the
  /// caller. Cancelling the caller cancels it too. The operation's task starts on the calling
  /// thread (`Task.immediate`) and stays there until it first suspends.
  public func race<Value: Sendable>(
    seconds: Double, _ operation: @escaping @Sendable () async -> Value
  ) async -> Value? {
    let outcome = Outcome<Value>()
    let entry = add(after: seconds) { outcome.finish(nil) }
    // Started on this thread: an operation that returns without suspending (an in-process
    // call made on the calling thread, a worker's prompt call) is decided before it is
    // awaited, with no hand-off to another thread of the pool and back.
    let call = Task.immediate { outcome.finish(.some(await operation())) }
    let result = await withTaskCancellationHandler {
      await outcome.value()
    } onCancel: {
      call.cancel()
    }
    guard let result else {
      call.cancel()
      // A cancelled call ends at once (its wait is abandoned), unless it cannot: then `grace`.
      let ended = Outcome<Bool>()
      let grace = add(after: Self.grace) { ended.finish(nil) }
      Task {
        await call.value
        ended.finish(true)
      }
      _ = await ended.value()
      remove(grace)
      return nil
    }
    remove(entry)
    return result
  }

  /// Adds a deadline `seconds` from now; `expire` runs once when it passes, unless it was
  /// removed before.
  func add(after seconds: Double, _ expire: @escaping @Sendable () -> Void) -> UInt64 {
    // At most about 31 years: a later deadline never comes, and would not fit the conversion.
    let due = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(max(0, seconds), 1e9) * 1e9)
    return state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.entries[id] = Entry(due: due, expire: expire)
      if state.armed.map({ due < $0 }) ?? true {
        state.armed = due
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: due))
      }
      return id
    }
  }

  /// Removes deadline `id`: its call ended in time. The timer stays as it is.
  func remove(_ id: UInt64) {
    _ = state.withLock { $0.entries.removeValue(forKey: id) }
  }

  /// The timer fired: expire what is due, arm for the next entry.
  private func fire() {
    let now = DispatchTime.now().uptimeNanoseconds
    let due = state.withLock { state -> [Entry] in
      let due = state.entries.filter { $0.value.due <= now }
      for id in due.keys { state.entries.removeValue(forKey: id) }
      // The timer fires once per arming: armed again only if calls remain.
      state.armed = state.entries.values.lazy.map(\.due).min()
      if let next = state.armed { timer.schedule(deadline: DispatchTime(uptimeNanoseconds: next)) }
      return Array(due.values)
    }
    for entry in due { entry.expire() }
  }
}

/// The first of a call's result and its deadline, for the task that awaits it.
private final class Outcome<Value: Sendable>: Sendable {
  private struct State {
    var decided: Value??
    var waiter: UnsafeContinuation<Value?, Never>?
  }
  private let state = Mutex(State())

  /// Decides the outcome (`nil`: the deadline passed), unless it was decided already.
  func finish(_ value: Value?) {
    let waiter = state.withLock { state -> UnsafeContinuation<Value?, Never>? in
      guard state.decided == nil else { return nil }
      state.decided = .some(value)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: value)
  }

  /// The outcome, once decided.
  func value() async -> Value? {
    await withUnsafeContinuation { continuation in
      let decided = state.withLock { state -> Value?? in
        if let decided = state.decided { return decided }
        state.waiter = continuation
        return nil
      }
      if let decided { continuation.resume(returning: decided) }
    }
  }
}
