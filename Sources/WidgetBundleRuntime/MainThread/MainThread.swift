import Dispatch
import Glibc
import Synchronization

/// The process's main thread, kept free for bundles: widget code completes its work on
/// `DispatchQueue.main`, the main actor and `RunLoop.main`, which only the process's main thread
/// runs, so the host's own work runs on other threads.
///
/// `widget-host` and `widget-worker` start with ``serve(_:)``. Until a bundle's main loop takes
/// the main thread, libraries are loaded there (``perform(_:)``): Foundation takes the thread that
/// loads it for the main thread. A loaded bundle that offers a main loop (`wk.main-loop`,
/// docs/abi.md) hands it over with ``offer(_:)``.
public enum MainThread {
  private enum State {
    /// ``serve(_:)`` has not started: the main thread is not ours to give (unit tests, tools).
    case unavailable
    /// The main thread runs jobs.
    case serving
    /// A bundle's loop was handed over: no more jobs.
    case taken
  }

  private final class Job: @unchecked Sendable {
    // Unchecked: `body` runs once, on the main thread, while the thread that made it waits.
    let body: () -> Void
    let done = DispatchSemaphore(value: 0)
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  private static let queue = Mutex<(state: State, jobs: [Job])>((.unavailable, []))
  private static let queued = DispatchSemaphore(value: 0)
  nonisolated(unsafe) private static var mainThread: pthread_t?

  /// Runs `body` off the main thread and ends the process with the status it returns; the main
  /// thread meanwhile runs the jobs of ``perform(_:)`` and then the loop ``offer(_:)`` hands
  /// over. Call it from the main thread, once, before anything else.
  public static func serve(_ body: @escaping @Sendable () async -> Int32) -> Never {
    mainThread = pthread_self()
    queue.withLock { $0.state = .serving }
    Task.detached {
      let status = await body()
      if queue.withLock({ $0.state == .taken }) {
        // The main thread runs a bundle's loop: running the process's exit handlers under its
        // feet could crash in the bundle's runtime. Standard output is flushed by hand.
        fflush(nil)
        _exit(status)
      }
      exit(status)
    }
    while true {
      queued.wait()
      let job = queue.withLock { $0.jobs.removeFirst() }
      job.body()
      job.done.signal()
    }
  }

  /// Runs `body` on the main thread and returns what it returns, waiting for it; on this thread
  /// when this is the main thread, or when the main thread is not free (not served, or running a
  /// bundle's loop).
  public static func perform<Value>(_ body: @escaping () -> Value) -> Value {
    if let mainThread, pthread_equal(mainThread, pthread_self()) != 0 { return body() }
    let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    defer { value.deallocate() }
    let job = Job { value.initialize(to: body()) }
    let queuedJob = queue.withLock { queue in
      guard queue.state == .serving else { return false }
      queue.jobs.append(job)
      return true
    }
    guard queuedJob else { return body() }
    queued.signal()
    job.done.wait()
    return value.move()
  }

  /// Hands `run` (a bundle's main loop, which never returns) to the main thread, after the jobs
  /// already queued: true when it was taken, false when the main thread is not free (not served,
  /// or running the loop of an earlier bundle, which bundles of one runtime share).
  @discardableResult
  public static func offer(_ run: @escaping @Sendable () -> Void) -> Bool {
    let taken = queue.withLock { queue in
      guard queue.state == .serving else { return false }
      queue.state = .taken
      queue.jobs.append(Job(run))
      return true
    }
    if taken { queued.signal() }
    return taken
  }
}
