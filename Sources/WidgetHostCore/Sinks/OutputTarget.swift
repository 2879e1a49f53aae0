import Foundation
import Glibc
import Synchronization

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
    let descriptor = handle.fileDescriptor
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          if errno == EPIPE || errno == ECONNRESET { closed?.report() }
          return
        }
      }
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
