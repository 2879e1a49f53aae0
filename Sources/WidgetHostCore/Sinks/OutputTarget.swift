import Foundation
import Glibc
import Synchronization
import WidgetSupport

/// Where a sink writes: a file descriptor (stdout, stderr, a file) or memory (tests).
public protocol OutputTarget: Sendable {
  /// Writes `text` as UTF-8, whole, before returning.
  func write(_ text: String)
  /// Writes `bytes` (UTF-8), whole, before returning.
  func write(utf8 bytes: [UInt8])
}

extension OutputTarget {
  /// Writes the bytes as a string.
  public func write(utf8 bytes: [UInt8]) {
    write(String(decoding: bytes, as: UTF8.self))
  }
}

/// Writes to a file descriptor.
public struct FileOutput: OutputTarget {
  private let handle: FileHandle
  private let closed: ClosedOutput?

  /// Standard output.
  public static let standardOutput = FileOutput(handle: .standardOutput)
  /// Standard error.
  public static let standardError = FileOutput(handle: .standardError)

  /// Writes to `handle`. `onClosed` runs once, on any thread, when the reader of a pipe or
  /// socket goes away: seen by a write (`EPIPE`, whatever SIGPIPE's disposition) or, without
  /// waiting for one, by a thread that sleeps in `poll` on the descriptor (``ClosedOutput``).
  public init(handle: FileHandle, onClosed: (@Sendable () -> Void)? = nil) {
    self.handle = handle
    closed = onClosed.map { ClosedOutput(descriptor: handle.fileDescriptor, onClosed: $0) }
  }

  public func write(_ text: String) {
    write(utf8: Array(text.utf8))
  }

  public func write(utf8 bytes: [UInt8]) {
    // Whole, through interruptions and short writes; a closed pipe (the consumer went away)
    // must not crash the host: the write is dropped and `onClosed` told.
    if !writeAll(handle.fileDescriptor, bytes), errno == EPIPE || errno == ECONNRESET {
      closed?.report()
    }
  }
}

/// Collects output in memory.
public final class MemoryOutput: OutputTarget {
  private let buffer = Mutex("")

  /// Creates an empty buffer.
  public init() {}

  public func write(_ text: String) {
    buffer.withLock { $0 += text }
  }

  /// Everything written so far.
  public var text: String { buffer.withLock { $0 } }
}

/// Writes to a file descriptor from a thread of its own, so that the writer never waits for the
/// reader: the host's standard error, which a bundle's log lines fill. A reader that stops
/// reading (a full pipe) holds only that thread; past `limit` bytes waiting, further text is
/// dropped, and once the reader takes the text again a line says how much was lost
/// (docs/isolation.md, *Limits*).
public final class QueuedOutput: OutputTarget, Sendable {
  private struct State {
    var pending: [UInt8] = []
    var dropped = 0
    var writing = false
  }

  private let descriptor: Int32
  private let limit: Int
  private let state = Mutex(State())
  /// Signalled when there is something to write.
  private let ready = DispatchSemaphore(value: 0)
  /// Signalled each time the thread has written what it took.
  private let wrote = DispatchSemaphore(value: 0)

  /// Writes to `descriptor`, keeping at most `limit` bytes waiting (1 MiB by default).
  public init(descriptor: Int32, limit: Int = 1 << 20) {
    self.descriptor = descriptor
    self.limit = limit
    let thread = Thread { [self] in run() }
    thread.name = "wh-stderr"
    thread.start()
  }

  public func write(_ text: String) { write(utf8: Array(text.utf8)) }

  public func write(utf8 bytes: [UInt8]) {
    let wake = state.withLock { state -> Bool in
      guard state.pending.count + bytes.count <= limit else {
        state.dropped += bytes.count
        return false
      }
      state.pending += bytes
      return true
    }
    if wake { ready.signal() }
  }

  /// Waits until what was written has reached the descriptor, or `seconds` have passed (the
  /// reader is not reading): for the end of the process.
  public func finish(within seconds: Double) {
    let deadline = DispatchTime.now() + seconds
    while state.withLock({ !$0.pending.isEmpty || $0.writing }) {
      if wrote.wait(timeout: deadline) == .timedOut { return }
    }
  }

  private func run() {
    while true {
      ready.wait()
      let batch = state.withLock { state -> [UInt8] in
        var batch = state.pending
        state.pending = []
        if state.dropped > 0 {
          batch += Array(
            ("widget-host: warning: \(state.dropped) bytes of messages were dropped: standard "
              + "error was not being read\n").utf8)
          state.dropped = 0
        }
        state.writing = !batch.isEmpty
        return batch
      }
      // A closed pipe: the rest is dropped, as FileOutput does.
      _ = writeAll(descriptor, batch)
      state.withLock { $0.writing = false }
      wrote.signal()
    }
  }
}
