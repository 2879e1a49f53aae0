import Foundation
import Glibc
import Synchronization
import WidgetSchema

/// One message between the host and a worker process (docs/isolation.md, "Frames"). On the
/// socket a frame is a 4-byte big-endian length followed by that many bytes of JSON, except a
/// successful `reply`, which is binary (``FrameChannel/binaryReplyMarker``).
struct WorkerFrame: Codable, Sendable {
  /// The frame types.
  enum Kind: String, Codable, Sendable {
    /// Host → worker: load the bundle at `path`; `locale` is the host's; with `stage`, from a
    /// private copy of its library.
    case load
    /// Worker → host: the bundle is loaded; `description` is what it implements.
    case loaded
    /// Worker → host: loading failed with `loadError`; the worker exits.
    case loadFailed = "load-failed"
    /// Host → worker: call `method` for `kind` with `context`; the reply carries the same `id`.
    case call
    /// Worker → host: the result of call `id`: `payload` (base64), or `failure`.
    case reply
    /// Worker → host: a log line (`level`, `message`) of bundle `bundle`.
    case log
    /// Worker → host: a reload request for `kind` (nil: every kind) of bundle `bundle`.
    case reload
    /// Worker → host: what is the host's clock? The host answers with a `time` frame, same `id`.
    case now
    /// Host → worker: the host's clock (`time`, seconds since 1970) for `now` request `id`.
    case time
    /// Worker → host: which instances of bundle `bundle` run? The host answers with a frame of
    /// the same type and `id` carrying `configurations` (absent: the host runs none yet).
    case currentConfigurations = "current-configurations"
  }

  var type: Kind
  var id: UInt64?
  var path: String?
  var locale: String?
  var description: BundleDescription?
  var loadError: BundleError?
  var method: Int32?
  var kind: String?
  var context: ProviderContext?
  var payload: Data?
  var failure: ProviderError?
  var bundle: String?
  var level: Int32?
  var message: String?
  var time: Double?
  var configurations: CurrentConfigurations?
  /// In a `load` frame: load a private copy of the library (`run --watch`).
  var stage: Bool?

  init(_ type: Kind, id: UInt64? = nil) {
    self.type = type
    self.id = id
  }
}

/// Why a frame could not be read or written.
enum FrameError: Error, Sendable, CustomStringConvertible {
  /// The peer announced a frame larger than ``FrameChannel/maximumFrameBytes``.
  case tooLarge(Int)
  /// The frame's JSON did not decode.
  case malformed(String)
  /// The socket failed (errno).
  case io(Int32)

  var description: String {
    switch self {
    case .tooLarge(let bytes):
      "a frame of \(bytes) bytes exceeds the limit of \(FrameChannel.maximumFrameBytes) bytes"
    case .malformed(let reason): "a malformed frame: \(reason)"
    case .io(let code): "the worker socket failed: \(String(cString: strerror(code)))"
    }
  }
}

/// One end of a host–worker socket: writes frames (from any thread, one at a time) and reads
/// them (from one thread). Shared by both sides, so both speak exactly the same codec.
final class FrameChannel: Sendable {
  /// The largest frame accepted: a reply at ``ReplyLimits/maximumBytes`` in base64, plus 1 MiB
  /// for the rest of the frame.
  static let maximumFrameBytes = (ReplyLimits.maximumBytes + 2) / 3 * 4 + (1 << 20)

  let descriptor: Int32
  private let writeLock = Mutex(())

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The first byte of a binary `reply` frame: the marker, the call's `id` (8 bytes,
  /// big-endian), then the bundle's reply bytes as they are. A JSON frame starts with `{`.
  ///
  /// Replies are the one frame sent on every update; as JSON their payload was base64 inside
  /// a string, encoded and decoded with the Codable coders on both sides.
  static let binaryReplyMarker: UInt8 = 0x01

  /// Encodes a frame: length prefix and JSON (binary for a successful reply).
  static func encode(_ frame: WorkerFrame) throws(FrameError) -> Data {
    let body: Data
    if frame.type == .reply, let id = frame.id, let payload = frame.payload, frame.failure == nil {
      var binary = Data(capacity: payload.count + 9)
      binary.append(binaryReplyMarker)
      withUnsafeBytes(of: id.bigEndian) { binary.append(contentsOf: $0) }
      binary.append(payload)
      body = binary
    } else {
      do {
        body = try JSONEncoder().encode(frame)
      } catch {
        throw .malformed("cannot encode a \(frame.type.rawValue) frame: \(error)")
      }
    }
    guard body.count <= maximumFrameBytes else { throw .tooLarge(body.count) }
    var data = Data(capacity: body.count + 4)
    let length = UInt32(body.count).bigEndian
    withUnsafeBytes(of: length) { data.append(contentsOf: $0) }
    data.append(body)
    return data
  }

  /// Decodes a frame's body: JSON, or a binary reply.
  static func decode(_ body: Data) throws(FrameError) -> WorkerFrame {
    if body.first == binaryReplyMarker {
      guard body.count >= 9 else { throw .malformed("a binary reply of \(body.count) bytes") }
      let start = body.startIndex
      let id = body[(start + 1)..<(start + 9)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      var frame = WorkerFrame(.reply, id: id)
      frame.payload = Data(body[(start + 9)...])
      return frame
    }
    do {
      return try JSONDecoder().decode(WorkerFrame.self, from: body)
    } catch {
      throw .malformed("\(error)")
    }
  }

  /// Writes `frame` whole. Never raises SIGPIPE: a closed peer is an error.
  func send(_ frame: WorkerFrame) throws(FrameError) {
    let data = try Self.encode(frame)
    let failure: Int32? = writeLock.withLock { _ in
      data.withUnsafeBytes { buffer -> Int32? in
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
    }
    if let failure { throw .io(failure) }
  }

  /// Reads the next frame, blocking; nil at the end of the stream.
  func receive() throws(FrameError) -> WorkerFrame? {
    var header = [UInt8](repeating: 0, count: 4)
    guard try readFully(&header) else { return nil }
    let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
    guard length <= Self.maximumFrameBytes else { throw .tooLarge(length) }
    var body = [UInt8](repeating: 0, count: length)
    guard try readFully(&body) else { throw .malformed("the stream ended inside a frame") }
    return try Self.decode(Data(body))
  }

  /// Fills `buffer`; false if the stream ended before the first byte.
  private func readFully(_ buffer: inout [UInt8]) throws(FrameError) -> Bool {
    var offset = 0
    while offset < buffer.count {
      let count = buffer.count
      let result = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + offset, count - offset)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw .io(errno)
      }
      if result == 0 {
        if offset == 0 { return false }
        throw .malformed("the stream ended inside a frame")
      }
      offset += result
    }
    return true
  }

  /// Stops both directions; a blocked `receive` on either side sees the end of the stream.
  func shutDown() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }
}
