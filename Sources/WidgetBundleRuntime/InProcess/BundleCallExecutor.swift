import Dispatch
import Glibc

/// The executor of the tasks that call in-process bundles not yet known to return promptly
/// (see ``CallRouting``): jobs run on threads of Dispatch's overcommitting pool, outside
/// Swift's cooperative pool, so a provider that blocks holds only its own thread and never a
/// thread the host's tasks need.
///
/// Concurrent Dispatch queues (and Dispatch's global queues) draw on the same few threads as
/// Swift's cooperative pool on Linux, one per core: a bundle's `call` that blocked there held
/// the host's tasks up until Dispatch's monitor added a thread, about a second later. Each job
/// is therefore started on a serial queue of its own, which Dispatch runs on its overcommitting
/// pool (threads added as needed, kept for reuse).
final class BundleCallExecutor: TaskExecutor, Sendable {
  /// The one executor every in-process bundle's calls share.
  static let shared = BundleCallExecutor()

  /// Set (non-nil) on a thread while it runs one of this executor's jobs.
  private static let marker: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    Self.onThreadOfItsOwn {
      pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: 1))
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      pthread_setspecific(Self.marker, nil)
    }
  }

  /// Runs `work` on a thread of Dispatch's overcommitting pool, outside the cooperative pool:
  /// a serial queue of its own.
  static func onThreadOfItsOwn(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue(label: "widget-host.bundle-call").async(execute: work)
  }

  /// Whether the current thread is running one of this executor's jobs (and so is not a thread
  /// of the cooperative pool).
  var isCurrent: Bool { pthread_getspecific(Self.marker) != nil }
}
