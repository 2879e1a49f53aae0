import Dispatch
import Foundation
import Synchronization

/// Collects a sink's lines and writes them to its output in batches: a few large writes
/// instead of one system call per event, without holding any line back for long.
///
/// The flush policy:
/// - Appending to an empty buffer queues an asynchronous flush (on a thread of the buffer's
///   own), which writes everything pending when it runs: at once unless flushes have come
///   faster than one per `interval`, otherwise as soon as they have not (a bucket of two
///   flushes, refilled one per `interval`). A lone event therefore reaches the output at once,
///   with no later event needed to push it out, and so does the one that follows it soon after
///   a quiet spell (a host's first entry, a few hundred microseconds after the stream's header
///   and `loaded` events); in a burst, flushes come at most once per `interval` and each event
///   waits at most that long. (Flushing at once in a
///   burst too would wake the flushing thread every few events, which cost the producer a
///   quarter of its time in the sink benchmark.) The flushing thread sleeps on a semaphore
///   while nothing is queued (no wake-up while the stream is idle) and waits out the interval
///   with `nanosleep`: one wake-up of one thread per flush, where a Dispatch timer
///   (`asyncAfter`) went through libdispatch's manager thread, a `timerfd` and a pool thread.
/// - When `limit` bytes or more are pending, the appending thread writes them itself before it
///   returns: a fast producer writing to a slow reader waits for it, as with unbuffered writes,
///   instead of growing the buffer.
/// - ``flush()`` writes everything appended so far before it returns: the sink's `end()` calls
///   it, so nothing is lost when the host stops (`--once`, SIGINT, SIGTERM: the stream is ended
///   before the process exits).
///
/// Batches reach the output whole and in the order their lines were appended.
final class OutputBuffer: Sendable {
  /// Pending bytes at which the appending thread writes them itself.
  static let defaultLimit = 64 * 1024
  /// The shortest time between two asynchronous flushes: 1 ms.
  static let defaultInterval: UInt64 = 1_000_000

  private struct State {
    /// Appended, not yet taken by a flush.
    var pending: [UInt8] = []
    /// The storage of the last batch written, kept for reuse.
    var spare: [UInt8] = []
    /// An asynchronous flush is queued and has not taken `pending` yet.
    var flushQueued = false
    /// The flushes' allowance (`DispatchTime` nanoseconds): a queued flush may run from
    /// `allowance - interval` on, and each write moves it to `max(allowance, now) + interval`,
    /// but never past `now + 2 * interval`. So two flushes go out at once after a quiet spell,
    /// one per `interval` after that, and a queued flush waits at most `interval` after the last
    /// write, however many writes the appending thread made itself in a burst.
    var allowance: UInt64 = 0
  }

  private let output: any OutputTarget
  private let limit: Int
  private let interval: UInt64
  private let state = Mutex(State())
  /// Held while a batch is taken and written, so that batches are written in order.
  private let writing = Mutex(())
  /// The flushing thread, started with the first queued flush.
  private let flusher = Mutex<Flusher?>(nil)

  /// A buffer in front of `output`: `limit` bytes pending make the appending thread write;
  /// asynchronous flushes come at most once per `interval` nanoseconds.
  init(
    output: any OutputTarget, limit: Int = OutputBuffer.defaultLimit,
    interval: UInt64 = OutputBuffer.defaultInterval
  ) {
    self.output = output
    self.limit = limit
    self.interval = interval
  }

  /// A buffer let go of without ``flush()`` still writes what was appended to it: its queued
  /// flush holds it only weakly.
  deinit {
    write(queued: false)
    flusher.withLock { $0?.stop() }
  }

  /// Appends what `body` writes to the buffer, then writes or queues a flush (see the type's
  /// documentation).
  func append(_ body: (inout [UInt8]) -> Void) {
    enum Next {
      case nothing, writeNow
      /// Flush when `DispatchTime` reaches this many nanoseconds (0: at once).
      case flush(at: UInt64)
    }
    // The line is written straight into `pending`, under the lock: a flush, which takes the
    // lock at most once per `interval` in a burst, rarely waits for it.
    let next = state.withLock { state -> Next in
      let count = state.pending.count
      body(&state.pending)
      if state.pending.count == count { return .nothing }
      if state.pending.count >= limit { return .writeNow }
      if state.flushQueued { return .nothing }
      state.flushQueued = true
      return .flush(at: state.allowance > interval ? state.allowance - interval : 0)
    }
    switch next {
    case .nothing: break
    case .writeNow: write(queued: false)
    case .flush(let time):
      flusher.withLock { flusher in
        if flusher == nil {
          // The thread holds the buffer weakly: a buffer nobody uses any more stops it.
          flusher = Flusher { [weak self] in self?.write(queued: true) }
        }
        flusher?.queue(at: time)
      }
    }
  }

  /// Writes everything appended so far, before returning.
  func flush() {
    write(queued: false)
  }

  /// Takes and writes everything pending. Only the queued flush clears `flushQueued`: while it
  /// waits, the appending thread's own writes (past the limit) queue no other, and it writes
  /// whatever arrived after them.
  private func write(queued: Bool) {
    writing.withLock { _ in
      var batch = state.withLock { state in
        if queued { state.flushQueued = false }
        var batch = state.spare
        swap(&batch, &state.pending)
        state.spare = []
        if !batch.isEmpty {
          let now = DispatchTime.now().uptimeNanoseconds
          state.allowance = min(max(state.allowance, now), now + interval) + interval
        }
        return batch
      }
      if !batch.isEmpty { output.write(utf8: batch) }
      batch.removeAll(keepingCapacity: true)
      state.withLock { $0.spare = batch }
    }
  }
}

/// The thread that makes an ``OutputBuffer``'s queued flushes: it waits on a semaphore until a
/// flush is queued, sleeps until the flush's time, then flushes; it ends when stopped.
private final class Flusher: Sendable {
  /// When the queued flushes are due (`DispatchTime` nanoseconds), oldest first.
  private let due = Mutex<[UInt64]>([])
  private let wake = DispatchSemaphore(value: 0)

  init(flush: @escaping @Sendable () -> Void) {
    Thread { [self] in
      Self.nameThisThread("wh-output-flush")
      run(flush)
    }.start()
  }

  /// Names the calling thread, as `ps -L` and /proc show it: at most 15 bytes (the kernel's
  /// limit). Written to /proc: `Thread.current.name`, set first thing in a new thread, sometimes
  /// left the name the thread inherited from the one that started it (a pool thread's,
  /// `…root.default-qos`), and Glibc's `pthread_setname_np` is not visible to Swift.
  private static func nameThisThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    defer { close(file) }
    var name = name
    name.withUTF8 { _ = write(file, $0.baseAddress, $0.count) }
  }

  /// Queues a flush due at `time`; the thread wakes for it.
  func queue(at time: UInt64) {
    due.withLock { $0.append(time) }
    wake.signal()
  }

  /// Ends the thread once it has made the flushes already queued: the one wake-up with no
  /// flush queued.
  func stop() {
    wake.signal()
  }

  private func run(_ flush: () -> Void) {
    while true {
      wake.wait()
      let next = due.withLock { due in due.isEmpty ? nil : due.removeFirst() }
      guard let time = next else { return }  // stopped, nothing left to flush
      let now = DispatchTime.now().uptimeNanoseconds
      if time > now {
        var pause = timespec(
          tv_sec: Int((time - now) / 1_000_000_000), tv_nsec: Int((time - now) % 1_000_000_000))
        var left = timespec()
        while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
      }
      flush()
    }
  }
}
