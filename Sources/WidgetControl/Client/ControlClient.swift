import Foundation
import Synchronization
import WidgetSchema

#if canImport(Glibc)
  import Glibc
#endif

/// A client of a running host's socket: sends control requests and reads the stream. The CLI's
/// `watch`, `reload` and `tap`, the bar client and apps' `WidgetCenter` are built on it. Calls
/// block the calling thread.
public final class ControlClient: Sendable {
  /// One line of a subscription.
  public enum StreamLine: Sendable, Equatable {
    /// The stream's header (first, and again after a resync).
    case header(StreamHeader)
    /// An event.
    case event(StreamEvent)
    /// The subscriber fell behind; a header and the current state follow.
    case lagged(LaggedNotice)
  }

  /// Why a request did not get a result.
  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection could not be made.
    case socket(SocketError)
    /// The host answered with an error.
    case refused(ControlFailure)
    /// The host went away before answering.
    case disconnected(String)
    /// The host sent something that is not a reply.
    case badReply(String)
    /// The host took the connection but did not answer within this many seconds.
    case noAnswer(String, seconds: Double)

    public var description: String {
      switch self {
      case .socket(let error): error.description
      case .refused(let failure): "\(failure.message) (\(failure.code))"
      case .disconnected(let place): "the host on \(place) closed the connection"
      case .badReply(let message): "unexpected reply from the host: \(message)"
      case .noAnswer(let place, let seconds):
        "the host on \(place) did not answer within \(Self.seconds(seconds)) s"
      }
    }

    /// `60`, `0.5`: whole seconds without a fraction.
    private static func seconds(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
  }

  /// How long a request waits for its reply by default: longer than the host's own deadline
  /// for a provider call (30 s), which a `configure` request may wait for.
  public static let defaultReplyTimeout: Double = 60

  private let fd: Int32
  private let endpoint: SocketEndpoint
  private let replyTimeout: Double
  private let reader = Mutex(LineReader(limit: 256 << 20))
  private let pending = Mutex<[Data]>([])

  /// Connects to the host on `endpoint`, authenticating with `token` when given. A request
  /// whose reply does not come within `replyTimeout` seconds fails with
  /// ``Failure/noAnswer(_:seconds:)``: a host that is stuck, or another program listening on
  /// the socket, costs the client that long, not for ever.
  public init(
    endpoint: SocketEndpoint, token: String? = nil,
    replyTimeout: Double = ControlClient.defaultReplyTimeout
  ) throws(Failure) {
    do {
      fd = try Sockets.connect(to: endpoint)
    } catch {
      throw .socket(error)
    }
    self.endpoint = endpoint
    self.replyTimeout = replyTimeout
    if let token {
      _ = try request(ControlRequest(request: "auth", token: token))
    }
  }

  deinit {
    Glibc.close(fd)
  }

  /// Sends `request` and waits for its reply.
  public func request(_ request: ControlRequest) throws(Failure) -> ControlResult {
    guard Sockets.sendAll(fd, JSONLines.encode(request)) else {
      throw .disconnected(endpoint.description)
    }
    let deadline = ContinuousClock.now + .seconds(min(replyTimeout, 1e9))
    while true {
      let line = try nextLine(before: deadline)
      guard let reply = try? WidgetJSON.decode(ControlReply.self, from: line),
        reply.result != nil || reply.error != nil
      else { continue }
      if let error = reply.error { throw .refused(error) }
      if let result = reply.result { return result }
    }
  }

  /// Subscribes (to every instance, or those of `kinds` and `instances`; to every event, or
  /// those of `types`) and hands each line of the stream to `handle` until the host closes the
  /// connection or ``cancel()`` is called.
  public func watch(
    kinds: [String] = [], instances: [String] = [], types: [String] = [],
    _ handle: (StreamLine, Data) -> Void
  ) throws(Failure) {
    _ = try request(
      ControlRequest(
        request: "subscribe", kinds: kinds.isEmpty ? nil : kinds,
        instances: instances.isEmpty ? nil : instances, types: types.isEmpty ? nil : types))
    while true {
      let line: Data
      do {
        line = try nextLine()
      } catch {
        return
      }
      guard let parsed = Self.streamLine(line) else {
        throw .badReply(String(decoding: line.prefix(200), as: UTF8.self))
      }
      handle(parsed, line)
    }
  }

  /// Ends a ``watch(kinds:instances:_:)`` from another thread.
  public func cancel() {
    Glibc.shutdown(fd, Int32(SHUT_RDWR))
  }

  /// One line of a subscription parsed: a header, a lagged notice or an event; nil when it is
  /// none of them.
  public static func streamLine(_ line: Data) -> StreamLine? {
    struct Probe: Decodable { var type: String? }
    guard let probe = try? WidgetJSON.decode(Probe.self, from: line) else { return nil }
    switch probe.type {
    case "header":
      return (try? WidgetJSON.decode(StreamHeader.self, from: line)).map { .header($0) }
    case "lagged":
      return (try? WidgetJSON.decode(LaggedNotice.self, from: line)).map { .lagged($0) }
    default: return (try? WidgetJSON.decode(StreamEvent.self, from: line)).map { .event($0) }
    }
  }

  /// The next line from the host; with a `deadline`, ``Failure/noAnswer(_:seconds:)`` when
  /// none is complete by then.
  private func nextLine(before deadline: ContinuousClock.Instant? = nil) throws(Failure) -> Data {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      if let line = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return line }
      if let deadline {
        // poll's timeout: the milliseconds left, rounded up.
        let left = (ContinuousClock.now.duration(to: deadline) / .milliseconds(1)).rounded(.up)
        var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&readable, 1, Int32(max(0, min(left, Double(Int32.max)))))
        if ready < 0 && errno == EINTR { continue }
        if ready == 0 { throw .noAnswer(endpoint.description, seconds: replyTimeout) }
      }
      let count = recv(fd, &buffer, buffer.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw .disconnected(endpoint.description) }
      let lines = reader.withLock { $0.feed(buffer[0..<count]) }
      pending.withLock { pending in
        for case .line(let data) in lines { pending.append(data) }
      }
    }
  }
}
