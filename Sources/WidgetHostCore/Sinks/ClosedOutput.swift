import Glibc
import Synchronization

/// Notices that the reader of an output pipe or socket went away, and says so once: a status bar
/// that quit, `head -1` that has its line. A write would see it too (`EPIPE`), but a host with
/// nothing due writes nothing for minutes; so a thread of its own sleeps in `poll` on the
/// descriptor, which the kernel wakes with `POLLERR` or `POLLHUP` when the other end closes, and
/// costs nothing meanwhile (docs/cli.md, "Stopping" under `run`). Files and terminals are not watched: a
/// file has no reader to lose, and a terminal that closes hangs the process up (SIGHUP).
final class ClosedOutput: Sendable {
  private let onClosed: @Sendable () -> Void
  private let reported = Mutex(false)

  init(descriptor: Int32, onClosed: @escaping @Sendable () -> Void) {
    self.onClosed = onClosed
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return }
    let type = info.st_mode & S_IFMT
    guard type == S_IFIFO || type == S_IFSOCK else { return }
    let watched = WatchedDescriptor(descriptor: descriptor, output: self)
    let start = Unmanaged.passRetained(watched).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { argument in
        let watched = Unmanaged<WatchedDescriptor>.fromOpaque(argument!).takeRetainedValue()
        watched.wait()
        return nil
      }, start)
    if status == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<WatchedDescriptor>.fromOpaque(start).release()
    }
  }

  /// Tells `onClosed`, the first time only.
  func report() {
    let first = reported.withLock { reported in
      defer { reported = true }
      return !reported
    }
    if first { onClosed() }
  }

  /// The descriptor a watching thread sleeps on.
  private final class WatchedDescriptor: Sendable {
    let descriptor: Int32
    weak let output: ClosedOutput?

    init(descriptor: Int32, output: ClosedOutput) {
      self.descriptor = descriptor
      self.output = output
    }

    /// Sleeps until the other end closes (no events asked: only POLLERR, POLLHUP or POLLNVAL
    /// wake it), then reports.
    func wait() {
      var entry = pollfd(fd: descriptor, events: 0, revents: 0)
      while true {
        let ready = poll(&entry, 1, -1)
        if ready < 0 && errno == EINTR { continue }
        if ready < 0 || entry.revents & Int16(POLLNVAL) != 0 { return }
        if entry.revents & Int16(POLLERR | POLLHUP) != 0 {
          output?.report()
          return
        }
      }
    }
  }
}
