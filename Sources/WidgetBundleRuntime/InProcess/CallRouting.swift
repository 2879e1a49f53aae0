import Synchronization

/// Where an in-process bundle's `call` runs: on the calling task's thread, or on a thread of
/// its own (``BundleCallExecutor``).
///
/// The ABI has `call` return promptly, replying now or later from a thread of the bundle's
/// own; then calling it on the task's thread costs nothing, while moving the task to another
/// thread and back costs two thread hand-offs, each a futex wake and a context switch (on the
/// virtual machine measured, as much CPU as the rest of an in-process update). A Swift bundle's
/// provider, however, runs inside `call` and may block (on I/O, say), which must not hold a
/// thread of Swift's cooperative pool, where the host's tasks run. So a bundle's calls run on
/// threads of their own until ``probation`` of them have returned within ``promptLimit``, and on
/// the calling thread after that; a call that takes ``promptLimit`` or longer, wherever it ran,
/// sends the bundle's calls back to threads of their own for good.
package final class CallRouting: Sendable {
  /// Calls that must return promptly before calls run on the calling thread.
  package static let probation = 16
  /// The longest a prompt call takes, in seconds.
  package static let promptLimit = 0.02

  private let promptCalls = Atomic<Int>(0)
  private let blocks = Atomic<Bool>(false)

  /// Whether the next call runs on the calling thread.
  var callsInline: Bool {
    !blocks.load(ordering: .relaxed) && promptCalls.load(ordering: .relaxed) >= Self.probation
  }

  /// Records how long one call of the bundle's `call` function took, in seconds.
  func record(seconds: Double) {
    if seconds >= Self.promptLimit {
      blocks.store(true, ordering: .relaxed)
    } else if promptCalls.load(ordering: .relaxed) < Self.probation {
      promptCalls.add(1, ordering: .relaxed)
    }
  }
}
