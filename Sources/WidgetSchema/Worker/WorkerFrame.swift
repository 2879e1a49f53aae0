import FoundationEssentials
import Glibc

/// One message between the host and a worker process (docs/isolation.md, "Frames"). On the
/// socket a frame is a 4-byte big-endian length followed by that many bytes of JSON, except the
/// two frames of every update, a `call` and a successful `reply`, which are binary
/// (``binaryCallMarker``, ``binaryReplyMarker`` and their prompt forms,
/// ``binaryPromptCallMarker``, ``binaryPromptReplyMarker``).
///
/// The codec is here, beside the fields: ``encode(_:)`` and ``decode(_:)`` turn frames into
/// bytes and back; the runtime's `FrameChannel` only moves those bytes over the socket.
package struct WorkerFrame: Codable, Sendable {
  /// The frame types.
  package enum Kind: String, Codable, Sendable {
    /// Host → worker: load the bundle at `path`; `locale` is the host's; with `stage`, from a
    /// private copy of its library; with `realClock`, the host's clock is the system's.
    case load
    /// Worker → host: the bundle is loaded; `description` is what it implements; `thread` is
    /// the kernel id of the thread that reads the calls.
    case loaded
    /// Worker → host: loading failed with `loadError`; the worker exits.
    case loadFailed = "load-failed"
    /// Host → worker: call `method` for `kind` with `contextJSON` (binary) or `context`
    /// (JSON); the reply carries the same `id`.
    case call
    /// Worker → host: the result of call `id`: `payload`, or `failure`.
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

  package var type: Kind
  package var id: UInt64?
  package var path: String?
  package var locale: String?
  package var description: BundleDescription?
  package var loadError: BundleError?
  package var method: Int32?
  package var kind: String?
  package var context: ProviderContext?
  /// In a binary `call` frame: the context's JSON as ``ProviderContext/jsonBytes()`` writes it,
  /// handed to the bundle as it is. Never part of a JSON frame.
  package var contextJSON: [UInt8]?
  package var payload: Data?
  package var failure: ProviderError?
  package var bundle: String?
  package var level: Int32?
  package var message: String?
  package var time: Double?
  package var configurations: CurrentConfigurations?
  /// In a `load` frame: load a private copy of the library (`run --watch`).
  package var stage: Bool?
  /// In a `load` frame: the path the worker says it was run from (`readlink("/proc/self/exe")`),
  /// the library inside a folder laid out as a bundle, for Foundation's `Bundle.main`.
  package var processPath: String?
  /// In a `load` frame: the host's clock is the system's real-time clock, so the worker reads
  /// it itself instead of asking the host with a `now` frame (the same clock, without a round
  /// trip through the host on every call that reads it).
  package var realClock: Bool?
  /// In a `call` frame: send the reply on the reply socket (`--reply-fd`), where the calling
  /// thread reads it itself, rather than on the main socket.
  package var prompt: Bool?
  /// In a `reply` frame on the reply socket: how many frames the worker had sent on the main
  /// socket before it, so that the host handles those (a log line, a reload the call asked
  /// for) before the reply, as it would if both came on one socket.
  package var preceding: UInt64?
  /// In a `loaded` frame: the kernel thread id (`gettid`) of the worker's socket thread, which
  /// reads the calls and, with `realClock`, runs them. The host keeps that thread on the CPU
  /// where a prompt call's caller waits (the host's `WorkerCallThread`).
  package var thread: Int32?

  private enum CodingKeys: String, CodingKey {
    case type, id, path, locale, description, loadError, method, kind, context, payload, failure
    case bundle, level, message, time, configurations, stage, realClock, prompt, preceding
    case processPath
    case thread
  }

  package init(_ type: Kind, id: UInt64? = nil) {
    self.type = type
    self.id = id
  }
}

/// Why a frame could not be read or written.
package enum FrameError: Error, Sendable, CustomStringConvertible {
  /// The peer announced a frame larger than ``WorkerFrame/maximumBytes``.
  case tooLarge(Int)
  /// The frame's JSON did not decode.
  case malformed(String)
  /// The socket failed (errno).
  case io(Int32)

  package var description: String {
    switch self {
    case .tooLarge(let bytes):
      "a frame of \(bytes) bytes exceeds the limit of \(WorkerFrame.maximumBytes) bytes"
    case .malformed(let reason): "a malformed frame: \(reason)"
    case .io(let code): "the worker socket failed: \(String(cString: strerror(code)))"
    }
  }
}

extension WorkerFrame {
  /// The largest frame accepted: a reply at ``ReplyLimits/maximumBytes`` in base64, plus 1 MiB
  /// for the rest of the frame.
  package static let maximumBytes = (ReplyLimits.maximumBytes + 2) / 3 * 4 + (1 << 20)

  /// The first byte of a binary `reply` frame: the marker, the call's `id` (8 bytes,
  /// big-endian), then the bundle's reply bytes as they are. A JSON frame starts with `{`.
  ///
  /// Replies are the one frame sent on every update; as JSON their payload was base64 inside
  /// a string, encoded and decoded with the Codable coders on both sides.
  static let binaryReplyMarker: UInt8 = 0x01

  /// The first byte of a binary `call` frame: the marker, the call's `id` (8 bytes,
  /// big-endian), the method (4 bytes, big-endian), the host's virtual time (`time`: an IEEE
  /// double, 8 bytes big-endian; NaN on the real clock), the length of the kind (4 bytes,
  /// big-endian) and the kind in UTF-8, then the context's JSON to the end of the frame.
  ///
  /// The host sends one on every update; as JSON the context was encoded by `JSONEncoder` in
  /// the host, decoded by `JSONDecoder` in the worker and encoded again for the bundle.
  static let binaryCallMarker: UInt8 = 0x02

  /// The first byte of a binary `call` frame whose reply goes to the reply socket (`prompt`);
  /// the rest as in ``binaryCallMarker``.
  static let binaryPromptCallMarker: UInt8 = 0x03

  /// The first byte of a binary `reply` frame on the reply socket: the marker, the call's `id`
  /// (8 bytes, big-endian), `preceding` (8 bytes, big-endian), then the bundle's reply bytes.
  static let binaryPromptReplyMarker: UInt8 = 0x04

  /// Encodes a frame: length prefix and body (binary for a call with `contextJSON` and for a
  /// successful reply, JSON otherwise).
  package static func encode(_ frame: WorkerFrame) throws(FrameError) -> [UInt8] {
    var data: [UInt8]
    if frame.type == .reply, let id = frame.id, let payload = frame.payload, frame.failure == nil {
      if let preceding = frame.preceding {
        data = header(capacity: payload.count + 17, marker: binaryPromptReplyMarker, id: id)
        appendBigEndian(preceding, to: &data)
      } else {
        data = header(capacity: payload.count + 9, marker: binaryReplyMarker, id: id)
      }
      data.append(contentsOf: payload)
    } else if frame.type == .call, let id = frame.id, let method = frame.method,
      let context = frame.contextJSON
    {
      let kindBytes = Array((frame.kind ?? "").utf8)
      data = header(
        capacity: 25 + kindBytes.count + context.count,
        marker: frame.prompt == true ? binaryPromptCallMarker : binaryCallMarker, id: id)
      appendBigEndian(UInt32(bitPattern: method), to: &data)
      appendBigEndian((frame.time ?? .nan).bitPattern, to: &data)
      appendBigEndian(UInt32(kindBytes.count), to: &data)
      data.append(contentsOf: kindBytes)
      data.append(contentsOf: context)
    } else {
      let body: Data
      do {
        body = try JSONEncoder().encode(frame)
      } catch {
        throw .malformed("cannot encode a \(frame.type.rawValue) frame: \(error)")
      }
      data = [0, 0, 0, 0]
      data.reserveCapacity(body.count + 4)
      data.append(contentsOf: body)
    }
    let length = data.count - 4
    guard length <= maximumBytes else { throw .tooLarge(length) }
    withUnsafeBytes(of: UInt32(length).bigEndian) { bytes in
      for index in 0..<4 { data[index] = bytes[index] }
    }
    return data
  }

  /// Room for the length (filled in by ``encode(_:)``), then `marker` and `id`.
  private static func header(capacity: Int, marker: UInt8, id: UInt64) -> [UInt8] {
    var data: [UInt8] = [0, 0, 0, 0, marker]
    data.reserveCapacity(capacity + 4)
    appendBigEndian(id, to: &data)
    return data
  }

  private static func appendBigEndian<Integer: FixedWidthInteger>(
    _ value: Integer, to data: inout [UInt8]
  ) {
    withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
  }

  /// Decodes a frame's body: JSON, a binary call or a binary reply.
  package static func decode<Body: Collection<UInt8>>(_ body: Body) throws(FrameError)
    -> WorkerFrame
  {
    switch body.first {
    case binaryReplyMarker:
      guard body.count >= 9 else { throw .malformed("a binary reply of \(body.count) bytes") }
      var frame = WorkerFrame(.reply, id: bigEndian(body.dropFirst().prefix(8)) as UInt64)
      frame.payload = Data(body.dropFirst(9))
      return frame
    case binaryPromptReplyMarker:
      guard body.count >= 17 else {
        throw .malformed("a binary prompt reply of \(body.count) bytes")
      }
      var frame = WorkerFrame(.reply, id: bigEndian(body.dropFirst().prefix(8)) as UInt64)
      frame.preceding = bigEndian(body.dropFirst(9).prefix(8)) as UInt64
      frame.payload = Data(body.dropFirst(17))
      return frame
    case binaryCallMarker, binaryPromptCallMarker:
      guard body.count >= 25 else { throw .malformed("a binary call of \(body.count) bytes") }
      let kindLength = Int(bigEndian(body.dropFirst(21).prefix(4)) as UInt32)
      guard body.count - 25 >= kindLength else {
        throw .malformed("a binary call of \(body.count) bytes with a kind of \(kindLength)")
      }
      var frame = WorkerFrame(.call, id: bigEndian(body.dropFirst().prefix(8)) as UInt64)
      if body.first == binaryPromptCallMarker { frame.prompt = true }
      frame.method = Int32(bitPattern: bigEndian(body.dropFirst(9).prefix(4)) as UInt32)
      let time = Double(bitPattern: bigEndian(body.dropFirst(13).prefix(8)) as UInt64)
      if !time.isNaN { frame.time = time }
      frame.kind = String(decoding: body.dropFirst(25).prefix(kindLength), as: UTF8.self)
      frame.contextJSON = Array(body.dropFirst(25 + kindLength))
      return frame
    default:
      do {
        return try JSONDecoder().decode(WorkerFrame.self, from: Data(body))
      } catch {
        throw .malformed("\(error)")
      }
    }
  }

  private static func bigEndian<Integer: FixedWidthInteger, Bytes: Collection<UInt8>>(
    _ bytes: Bytes
  ) -> Integer {
    bytes.reduce(Integer.zero) { $0 << 8 | Integer($1) }
  }
}
