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

  /// Writes as much as the socket takes without blocking.
  mutating func drain(to fd: Int32) -> Drain {
    while head < lines.count {
      let line = lines[head]
      let sent = line.withUnsafeBytes { buffer in
        send(
          fd, buffer.baseAddress! + offset, buffer.count - offset,
          Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { return .blocked }
        return .dead
      }
      offset += sent
      bytes -= sent
      if offset == line.count {
        head += 1
        offset = 0
      }
    }
    lines.removeAll(keepingCapacity: true)
    head = 0
    return .empty
  }
}
