import FoundationEssentials
import Glibc
import Synchronization
import WidgetSchema

/// One end of a host–worker socket: writes frames (from any thread, one at a time, each with
/// one `send`) and reads them (from one thread, through a buffer that takes whatever the socket
/// holds with each `read`). Shared by both sides, so both speak exactly the same codec
/// (``WorkerFrame/encode(_:)`` and ``WorkerFrame/decode(_:)``, in WidgetSchema).
package final class FrameChannel: Sendable {
  package let descriptor: Int32
  /// Whether ``receive()`` waits for data with `poll` before it reads (see
  /// ``init(descriptor:pollsBeforeReading:)``).
  private let pollsBeforeReading: Bool
  /// Frames written so far (under the lock, so a frame counted has been written whole).
  private let writeLock = Mutex<UInt64>(0)
  private let reader = Mutex(FrameReader())

  /// A channel on `descriptor`. With `pollsBeforeReading`, ``receive()`` waits in `poll` for
  /// data to read rather than in `read`: a thread asleep in `read` on a Unix socket is woken
  /// each time the peer takes bytes this end wrote (the kernel's "room to write" wake-up reaches
  /// readers too), while `poll` for input sleeps through those. The host's reader thread waits
  /// so on the main socket, where the calls it does not read the replies of are sent.
  package init(descriptor: Int32, pollsBeforeReading: Bool = false) {
    self.descriptor = descriptor
    self.pollsBeforeReading = pollsBeforeReading
  }

  /// Writes `frame` whole. Never raises SIGPIPE: a closed peer is an error.
  package func send(_ frame: WorkerFrame) throws(FrameError) {
    let data = try WorkerFrame.encode(frame)
    let failure: Int32? = writeLock.withLock { sent in
      let failure = data.withUnsafeBytes { buffer -> Int32? in
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.send(
            descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
          if written < 0 {
            if errno == EINTR { continue }
            return errno
          }
          offset += written
        }
        return nil
      }
      if failure == nil { sent += 1 }
      return failure
    }
    if let failure { throw .io(failure) }
  }

  /// How many frames ``send(_:)`` has written whole on this channel.
  package var framesSent: UInt64 { writeLock.withLock { $0 } }

  /// Reads the next frame, blocking; nil at the end of the stream. One thread reads.
  package func receive() throws(FrameError) -> WorkerFrame? {
    let descriptor = self.descriptor
    let polls = pollsBeforeReading
    return try reader.withLock { reader throws(FrameError) in
      try reader.next(from: descriptor, pollingFirst: polls)
    }
  }

  /// Stops both directions; a blocked `receive` on either side sees the end of the stream.
  package func shutDown() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }
}

/// The reading side's buffer: each `read` takes as much as the socket holds (up to the room
/// left), so a frame usually costs one system call, and frames that arrive together one
/// between them.
struct FrameReader {
  /// The bytes read and not yet consumed are `buffer[start..<end]`. Allocated at the first
  /// read: a channel that only sends (the worker's end of the reply socket) never needs it.
  private var buffer: [UInt8] = []
  private var start = 0
  private var end = 0

  /// The buffer's size until a larger frame needs more.
  static let initialCapacity = 64 << 10

  /// The next frame; nil at the end of the stream (between frames).
  /// With `pollingFirst`, each `read` that would wait is preceded by a `poll` for input.
  mutating func next(
    from descriptor: Int32, pollingFirst: Bool = false
  ) throws(FrameError) -> WorkerFrame? {
    guard try fill(4, from: descriptor, pollingFirst: pollingFirst) else { return nil }
    let length = buffer[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) }
    guard length <= WorkerFrame.maximumBytes else { throw .tooLarge(length) }
    guard try fill(4 + length, from: descriptor, pollingFirst: pollingFirst) else {
      throw .malformed("the stream ended inside a frame")
    }
    let body = start + 4..<start + 4 + length
    let frame = try WorkerFrame.decode(buffer[body])
    start = body.upperBound
    if start == end {
      (start, end) = (0, 0)
      // A frame larger than the buffer grew it: give the memory back.
      if buffer.count > Self.initialCapacity {
        buffer = [UInt8](repeating: 0, count: Self.initialCapacity)
      }
    }
    return frame
  }

  /// Reads until `count` bytes are buffered; false if the stream ended before any byte of them.
  private mutating func fill(
    _ count: Int, from descriptor: Int32, pollingFirst: Bool
  ) throws(FrameError) -> Bool {
    guard end - start < count else { return true }
    if buffer.count - start < count {
      // Move what is buffered to the front, in a larger buffer if the frame needs one.
      let kept = Array(buffer[start..<end])
      if buffer.count < count {
        buffer = [UInt8](repeating: 0, count: max(count, Self.initialCapacity))
      }
      buffer.replaceSubrange(0..<kept.count, with: kept)
      (start, end) = (0, kept.count)
    }
    let (start, capacity) = (self.start, buffer.count)
    while end - start < count {
      let offset = end
      if pollingFirst {
        var input = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&input, 1, -1) < 0 && errno == EINTR {}
      }
      let result = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + offset, capacity - offset)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw .io(errno)
      }
      if result == 0 {
        if end == start { return false }
        throw .malformed("the stream ended inside a frame")
      }
      end += result
    }
    return true
  }
}
