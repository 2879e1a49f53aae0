import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The lines waiting to be written to one connection, drained with non-blocking writes.
struct OutgoingQueue: Sendable {
  /// What a drain achieved.
  enum Drain {
    /// Everything was written.
    case empty
    /// The peer's buffer is full; wait for it to become writable.
    case blocked
    /// The peer is gone (EPIPE, ECONNRESET, …).
    case dead
  }

  private var lines: [Data] = []
  private var head = 0
  /// Bytes of `lines[head]` already written.
  private var offset = 0
  /// Bytes queued and not yet written.
  private(set) var bytes = 0

  /// Lines queued (a partly written one included).
  var count: Int { lines.count - head }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ line: Data) {
    if head >= 256 {
      lines.removeFirst(head)
      head = 0
    }
    lines.append(line)
    bytes += line.count
  }

  /// Appends the lines of `later`, none of which is partly written.
  mutating func append(contentsOf later: OutgoingQueue) {
    for index in later.head..<later.lines.count { append(later.lines[index]) }
  }

  /// Drops every queued line except one already partly written (the stream must stay
  /// line-aligned). Returns how many were dropped.
  mutating func dropAll() -> Int {
    let keep = offset > 0 ? 1 : 0
    let dropped = count - keep
    let kept = keep == 1 ? [lines[head]] : []
    lines = kept
    head = 0
    bytes = kept.first.map { $0.count - offset } ?? 0
    return dropped
  }

  /// The most bytes gathered for one `send`.
  static let batchBytes = 64 * 1024

  /// Writes as much as the socket takes without blocking. The queued lines are gathered into
  /// `scratch` (the caller's, reused), up to ``batchBytes`` a `send`: a `send` per line made a
  /// system call per event for every subscriber.
  mutating func drain(to fd: Int32, scratch: inout [UInt8]) -> Drain {
    while head < lines.count {
      gather(into: &scratch)
      let sent = scratch.withUnsafeBytes { buffer in
        send(fd, buffer.baseAddress!, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .blocked }
        return .dead
      }
      advance(by: sent)
      // The socket took less than it was given: it is full, and another `send` would only fail.
      if sent < scratch.count { return .blocked }
    }
    lines.removeAll(keepingCapacity: true)
    head = 0
    return .empty
  }

  /// Copies the unwritten lines into `scratch`, from the unwritten part of the first, until
  /// ``batchBytes`` are gathered (of a longer first line, its next ``batchBytes``: a 1 MiB line
  /// copied whole for every `send` that took a part of it kept the serving thread busy for
  /// stalled subscribers).
  private func gather(into scratch: inout [UInt8]) {
    scratch.removeAll(keepingCapacity: true)
    var skip = offset
    for index in head..<lines.count {
      let line = lines[index]
      if !scratch.isEmpty && scratch.count + line.count - skip > Self.batchBytes { break }
      let end = scratch.isEmpty ? min(line.count, skip + Self.batchBytes) : line.count
      line.withUnsafeBytes { bytes in
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[skip..<end]))
      }
      if end < line.count { break }
      skip = 0
    }
  }

  /// Marks `sent` bytes, from the first unwritten one, as written.
  private mutating func advance(by sent: Int) {
    bytes -= sent
    var left = sent
    while left > 0 {
      let rest = lines[head].count - offset
      if left < rest {
        offset += left
        return
      }
      left -= rest
      head += 1
      offset = 0
    }
  }
}
