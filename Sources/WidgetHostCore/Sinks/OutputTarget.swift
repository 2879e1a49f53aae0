import Foundation
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

  /// Standard output.
  public static let standardOutput = FileOutput(handle: .standardOutput)
  /// Standard error.
  public static let standardError = FileOutput(handle: .standardError)

  /// Writes to `handle`.
  public init(handle: FileHandle) {
    self.handle = handle
  }

  public func write(_ text: String) {
    // A closed pipe (the consumer went away) must not crash the host; the write is dropped.
    try? handle.write(contentsOf: Data(text.utf8))
  }

  public func write(utf8 bytes: [UInt8]) {
    try? handle.write(contentsOf: bytes)
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
