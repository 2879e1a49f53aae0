import CGlibcShims
import Glibc

/// The worker's socket thread (the one that reads the calls and, when the worker reads the
/// clock itself, runs them), kept on the CPU of the host thread that waits for a prompt call's
/// reply (docs/isolation.md, "Prompt calls").
///
/// A prompt call's caller sends the call and sleeps in `read` until the reply comes: its CPU is
/// free for the worker as long as the call lasts. Left to itself, the kernel wakes the worker on
/// the other, idle CPU, and the worker's reply wakes the caller back there: two wake-ups of an
/// idle CPU per call, each an inter-processor interrupt, which on a virtual machine costs more
/// than the whole update. Pinned to the caller's CPU, the worker runs there as the caller sleeps,
/// and the caller runs there again as the worker sleeps: a switch between two threads on one CPU,
/// no CPU woken.
///
/// The thread is pinned before the call is sent, while it sleeps, so the call wakes it on the
/// caller's CPU; again only when the caller is on another CPU than the last time. Once the
/// bundle's calls are no longer prompt (a slow call), ``release()`` lets the thread run on every
/// CPU the host may use again, so a slow bundle's work does not crowd the host's CPU. On a host
/// that may run on one CPU only, nothing is pinned.
struct WorkerCallThread: Sendable {
  /// The thread's kernel id.
  let id: Int32
  /// The CPU it is pinned to, or nil when it may run on every CPU the host may use.
  private(set) var pinned: Int32?

  /// The thread a worker reported in its `loaded` frame, if it is a thread of process `pid`: a
  /// bundle's code runs in the worker and could send a `loaded` frame of its own, and the host
  /// must not change the affinity of a thread of another process, its own included.
  init?(reported thread: Int32?, of pid: pid_t) {
    guard let thread, thread > 0, access("/proc/\(pid)/task/\(thread)", F_OK) == 0 else {
      return nil
    }
    id = thread
  }

  /// Pins the thread to the CPU the calling thread runs on, unless it is pinned there already.
  mutating func follow() {
    let cpu = wh_current_cpu()
    guard cpu >= 0, cpu != pinned else { return }
    // Refused on a host with one CPU; a failure (the thread gone, a cpuset changed) leaves the
    // thread where it was, to be tried again at the next call.
    if wh_pin_thread(id, cpu) == 0 { pinned = cpu }
  }

  /// Lets the thread run on every CPU the host may use, if it was pinned.
  mutating func release() {
    guard pinned != nil else { return }
    if wh_unpin_thread(id) == 0 { pinned = nil }
  }
}
