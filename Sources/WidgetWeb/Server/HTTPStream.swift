@preconcurrency import CWebServer
import Synchronization

/// An unending response (Server-Sent Events): what is sent is queued and written as the
/// viewer reads it. The queue is bounded: a viewer that falls more than `limit` bytes behind
/// loses what is queued and gets `resync()` in its place once it reads again (the current state),
/// so a stalled viewer never holds up the others or the host. `resync` is told how many sends
/// were dropped.
final class HTTPStream: Sendable {
  let contentType: String
  private let limit: Int
  private let resync: @Sendable (_ dropped: Int) -> [UInt8]
  private let state = Mutex(State())

  private struct State {
    var queued: [UInt8] = []
    /// How many sends `queued` holds (from the first byte not yet written), and how many were
    /// dropped since the queue overflowed.
    var messages = 0
    var dropped = 0
    /// How much of `queued` is written.
    var offset = 0
    var connection: Shared<OpaquePointer>?
    var library: Shared<UnsafePointer<web_server_library>>?
    /// The reader found nothing to write and suspended the connection.
    var suspended = false
    /// The queue overflowed: live bytes are left out until the reader asks again, which gets
    /// `resync()`.
    var resyncPending = false
    var closed = false
    var onClose: (@Sendable () -> Void)?
  }

  /// A stream of `contentType` whose queue holds at most `limit` bytes; `first` is written first.
  init(
    contentType: String, limit: Int, first: [UInt8],
    resync: @escaping @Sendable (_ dropped: Int) -> [UInt8]
  ) {
    self.contentType = contentType
    self.limit = limit
    self.resync = resync
    state.withLock { $0.queued = first }
  }

  /// Run once the connection is gone.
  var onClose: (@Sendable () -> Void)? {
    get { state.withLock { $0.onClose } }
    set { state.withLock { $0.onClose = newValue } }
  }

  /// Whether the viewer is gone.
  var isClosed: Bool { state.withLock { $0.closed } }

  /// Whether the stream is waiting to resynchronize a viewer that fell behind.
  var isLagging: Bool { state.withLock { $0.resyncPending } }

  /// Queues `bytes`; false once the viewer is gone.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    let (open, resume) = state.withLock {
      state -> (Bool, (OpaquePointer, UnsafePointer<web_server_library>)?) in
      guard !state.closed else { return (false, nil) }
      guard !state.resyncPending else {
        state.dropped += 1
        return (true, nil)
      }
      if state.queued.count - state.offset + bytes.count > limit {
        state.dropped = state.messages + 1
        state.messages = 0
        state.queued = []
        state.offset = 0
        state.resyncPending = true
      } else {
        state.queued.append(contentsOf: bytes)
        state.messages += 1
      }
      return (true, Self.takeResume(&state))
    }
    if let (connection, library) = resume { library.pointee.MHD_resume_connection(connection) }
    return open
  }

  /// Ends the stream: the connection closes once the library turns to it.
  func close() {
    let resume = state.withLock { state in
      state.closed = true
      return Self.takeResume(&state)
    }
    if let (connection, library) = resume { library.pointee.MHD_resume_connection(connection) }
  }

  /// The suspended connection to resume, if any; it is then no longer suspended.
  private static func takeResume(
    _ state: inout State
  ) -> (OpaquePointer, UnsafePointer<web_server_library>)? {
    guard state.suspended, let connection = state.connection, let library = state.library else {
      return nil
    }
    state.suspended = false
    return (connection.value, library.value)
  }

  /// The library's response for this stream on `connection`.
  func response(
    library: UnsafePointer<web_server_library>, connection: OpaquePointer
  ) -> OpaquePointer? {
    state.withLock {
      $0.connection = Shared(connection)
      $0.library = Shared(library)
    }
    let context = Unmanaged.passRetained(self).toOpaque()
    let response = web_server_stream_response(16 << 10, Self.read, context, Self.free)
    if response == nil { Unmanaged<HTTPStream>.fromOpaque(context).release() }
    return response
  }

  /// Copies up to `max` queued bytes into `buffer`; with nothing queued, suspends the
  /// connection until ``send(_:)`` queues more.
  private func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    if let dropped = state.withLock({ $0.resyncPending && !$0.closed ? $0.dropped : nil }) {
      let bytes = resync(dropped)
      state.withLock { state in
        state.resyncPending = false
        state.dropped = 0
        state.queued = bytes
        state.offset = 0
      }
    }
    return state.withLock { state in
      if state.closed { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
      let available = state.queued.count - state.offset
      guard available > 0 else {
        state.queued.removeAll(keepingCapacity: true)
        state.offset = 0
        if let connection = state.connection, let library = state.library {
          state.suspended = true
          library.value.pointee.MHD_suspend_connection(connection.value)
        }
        return 0
      }
      let count = min(available, max)
      state.queued.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(
          from: bytes.baseAddress! + state.offset, byteCount: count)
      }
      state.offset += count
      if state.offset == state.queued.count {
        state.queued.removeAll(keepingCapacity: true)
        state.offset = 0
        state.messages = 0
      } else if state.offset > 64 << 10 {
        state.queued.removeFirst(state.offset)
        state.offset = 0
      }
      return count
    }
  }

  private static let read: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
    return Unmanaged<HTTPStream>.fromOpaque(context).takeUnretainedValue().read(
      into: buffer, max: max)
  }

  private static let free: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<HTTPStream>.fromOpaque(context).takeRetainedValue()
    let onClose = stream.state.withLock { state in
      state.closed = true
      state.connection = nil
      defer { state.onClose = nil }
      return state.onClose
    }
    onClose?()
  }
}
