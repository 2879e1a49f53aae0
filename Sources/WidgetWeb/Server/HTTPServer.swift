@preconcurrency import CWebServer
import Foundation
import Synchronization

/// A request as ``HTTPServer`` hands it to its handler: read in full (the body within the
/// server's limit) before the handler sees it.
struct HTTPRequest: Sendable {
  /// `GET`, `HEAD`, `POST`, …
  var method: String
  /// The path, without the query.
  var path: String
  /// The query's arguments, decoded.
  var arguments: [String: String]
  /// The headers, by lowercase name.
  var headers: [String: String]
  /// The body.
  var body: [UInt8]
}

/// What a handler answers.
enum HTTPResponse: Sendable {
  /// A whole response.
  case full(status: UInt32, type: String, body: [UInt8], headers: [(String, String)] = [])
  /// An unending stream of bytes, written as they are queued (Server-Sent Events).
  case stream(HTTPStream)

  /// A short text, for errors.
  static func text(_ status: UInt32, _ message: String, headers: [(String, String)] = []) -> Self {
    .full(
      status: status, type: "text/plain; charset=utf-8", body: Array((message + "\n").utf8),
      headers: headers)
  }
}

/// How a handler answers a request: at once, or once some work is done (the connection waits,
/// suspended, without holding the server's thread).
enum HTTPReply: Sendable {
  case now(HTTPResponse)
  case later(@Sendable () async -> HTTPResponse)
}

/// A pointer owned by the library, used from the threads the library allows.
struct Shared<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Why the server cannot start.
public struct HTTPServerError: Error, CustomStringConvertible {
  public var description: String
}

/// An HTTP/1.1 server on GNU libmicrohttpd: one internal thread polls every connection
/// (epoll), requests are read within ``Limits``, and a handler's answer is written without
/// blocking anyone else. Answers that wait (``HTTPReply/later(_:)``) and streams with nothing
/// to write suspend their connection, so they cost the thread nothing.
final class HTTPServer: Sendable {
  /// What the server enforces (docs/web.md, "Limits").
  struct Limits: Sendable {
    /// Most connections at once; beyond, new ones are closed at once.
    var connections: UInt32 = 256
    /// Most connections from one address.
    var connectionsPerAddress: UInt32 = 192
    /// Most bytes of a connection's buffers: its request line and headers must fit (the
    /// library answers 414 or 431 when they do not).
    var requestMemory = 32 << 10
    /// Most bytes of a request's body; beyond, 413.
    var body = 16 << 10
    /// Seconds a connection may be idle.
    var idleSeconds: UInt32 = 60
  }

  let limits: Limits
  /// The library's functions: filled once, never changed.
  nonisolated(unsafe) private let library: UnsafePointer<web_server_library>
  private let handler: @Sendable (HTTPRequest) -> HTTPReply
  private let state = Mutex(State())

  private struct State {
    var daemon: Shared<OpaquePointer>?
    var port: UInt16 = 0
    /// Connections suspended while their answer is computed, resumed before the daemon stops.
    var waiting: [ObjectIdentifier: PendingRequest] = [:]
    /// The open streams, ended before the daemon stops.
    var streams: [ObjectIdentifier: HTTPStream] = [:]
    var stopping = false
  }

  /// The port the server listens on.
  var port: UInt16 { state.withLock { $0.port } }

  /// Listens on `address` (an IPv4 or IPv6 literal) and `port` (0: any free port), calling
  /// `handler` on the server's thread for every request.
  init(
    address: String, port: UInt16, limits: Limits = Limits(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPReply
  ) throws(HTTPServerError) {
    var reason = [CChar](repeating: 0, count: 512)
    guard let library = web_server_load(&reason, reason.count) else {
      let text = String(
        decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw HTTPServerError(description: "\(text); install libmicrohttpd12 (Debian)")
    }
    self.library = library
    self.limits = limits
    self.handler = handler
    let context = Unmanaged.passUnretained(self).toOpaque()
    let cLimits = web_server_limits(
      connections: limits.connections, connections_per_address: limits.connectionsPerAddress,
      connection_memory: limits.requestMemory, idle_seconds: limits.idleSeconds)
    guard
      let daemon = try Self.withSocketAddress(
        address, port: port,
        { web_server_start($0, cLimits, HTTPServer.access, context, HTTPServer.completed, context) }
      )
    else {
      let code = errno
      throw HTTPServerError(
        description: "cannot listen on \(address):\(port): \(String(cString: strerror(code)))")
    }
    let bound = web_server_port(daemon)
    state.withLock {
      $0.daemon = Shared(daemon)
      $0.port = bound
    }
  }

  /// Stops listening: open streams end, waiting requests get 503, then the daemon stops. Safe to
  /// call more than once.
  func stop() {
    let (daemon, streams, waiting) = state.withLock { state in
      defer {
        state.stopping = true
        state.daemon = nil
      }
      return (
        state.stopping ? nil : state.daemon, Array(state.streams.values),
        Array(state.waiting.values)
      )
    }
    guard let daemon else { return }
    for stream in streams { stream.close() }
    for pending in waiting { pending.finish(.text(503, "the host is stopping")) }
    library.pointee.MHD_stop_daemon(daemon.value)
  }

  deinit { stop() }

  /// Queues `bytes` on every open stream.
  func broadcast(_ bytes: [UInt8]) {
    for stream in state.withLock({ Array($0.streams.values) }) { stream.send(bytes) }
  }

  /// How many streams are open.
  var streamCount: Int { state.withLock { $0.streams.count } }

  // MARK: Requests

  /// One request's state across the library's calls: its body so far, then its answer.
  final class PendingRequest: Sendable {
    nonisolated(unsafe) let connection: OpaquePointer
    nonisolated(unsafe) let library: UnsafePointer<web_server_library>
    private let state = Mutex(Progress())

    struct Progress {
      var body: [UInt8] = []
      var tooLarge = false
      /// The answer is being computed; the connection is suspended.
      var suspended = false
      var answer: HTTPResponse?
    }

    init(connection: OpaquePointer, library: UnsafePointer<web_server_library>) {
      self.connection = connection
      self.library = library
    }

    /// Appends body bytes, unless they go beyond `limit`.
    func append(_ bytes: UnsafeRawBufferPointer, limit: Int) {
      state.withLock { progress in
        guard !progress.tooLarge else { return }
        if progress.body.count + bytes.count > limit {
          progress.tooLarge = true
          progress.body = []
        } else {
          progress.body.append(contentsOf: bytes)
        }
      }
    }

    var body: [UInt8] { state.withLock { $0.body } }
    var tooLarge: Bool { state.withLock { $0.tooLarge } }

    /// Takes the computed answer, if there is one.
    func takeAnswer() -> (answer: HTTPResponse?, waiting: Bool) {
      state.withLock { progress in
        defer { progress.answer = nil }
        return (progress.answer, progress.suspended)
      }
    }

    /// Marks the request as waiting; the caller suspends the connection.
    func suspend() {
      state.withLock { $0.suspended = true }
    }

    /// Hands over the answer and resumes the connection (once).
    func finish(_ answer: HTTPResponse) {
      let resume = state.withLock { progress in
        guard progress.suspended else { return false }
        progress.suspended = false
        progress.answer = answer
        return true
      }
      if resume { library.pointee.MHD_resume_connection(connection) }
    }
  }

  /// The library's access handler: called once when a request's headers are in, then for each
  /// piece of its body, then once more (with no body) when it is all in.
  private static let access: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, upload, uploadSize, requestContext in
    guard let context, let connection, let requestContext, let uploadSize else {
      return MHD_Result.NO
    }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    let pending: PendingRequest
    if let existing = requestContext.pointee {
      pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
    } else {
      pending = PendingRequest(connection: connection, library: server.library)
      requestContext.pointee = Unmanaged.passRetained(pending).toOpaque()
      return MHD_Result.YES
    }
    if uploadSize.pointee > 0 {
      if let upload {
        pending.append(
          UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee),
          limit: server.limits.body)
      }
      uploadSize.pointee = 0
      return MHD_Result.YES
    }
    let (answer, waiting) = pending.takeAnswer()
    if let answer { return server.queue(answer, on: connection) }
    if waiting { return MHD_Result.YES }
    if pending.tooLarge {
      return server.queue(
        .text(413, "the request's body is over \(server.limits.body) bytes"), on: connection)
    }
    let request = HTTPRequest(
      method: method.map { String(cString: $0) } ?? "",
      path: url.map { String(cString: $0) } ?? "/",
      arguments: server.values(of: connection, kind: .GET_ARGUMENT_KIND, lowercased: false),
      headers: server.values(of: connection, kind: .HEADER_KIND, lowercased: true),
      body: pending.body)
    switch server.handler(request) {
    case .now(let response):
      return server.queue(response, on: connection)
    case .later(let work):
      let key = ObjectIdentifier(pending)
      let accepted = server.state.withLock { state in
        guard !state.stopping else { return false }
        state.waiting[key] = pending
        return true
      }
      guard accepted else {
        return server.queue(.text(503, "the host is stopping"), on: connection)
      }
      pending.suspend()
      server.library.pointee.MHD_suspend_connection(connection)
      Task {
        let response = await work()
        server.state.withLock { _ = $0.waiting.removeValue(forKey: key) }
        pending.finish(response)
      }
      return MHD_Result.YES
    }
  }

  /// The library's notice that a request is done: its state is released.
  private static let completed: MHD_RequestCompletedCallback = {
    _, _, requestContext, _ in
    guard let requestContext, let pointer = requestContext.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pointer).release()
    requestContext.pointee = nil
  }

  /// The headers (`MHD_HEADER_KIND`) or query arguments of a connection's request.
  private func values(
    of connection: OpaquePointer, kind: MHD_ValueKind, lowercased: Bool
  ) -> [String: String] {
    final class Collected { var values: [String: String] = [:] }
    let collected = Collected()
    let iterator: MHD_KeyValueIterator = { context, _, key, value in
      guard let context, let key else { return MHD_Result.YES }
      let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
      collected.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
      return MHD_Result.YES
    }
    _ = withExtendedLifetime(collected) {
      library.pointee.MHD_get_connection_values(
        connection, kind, iterator, Unmanaged.passUnretained(collected).toOpaque())
    }
    guard lowercased else { return collected.values }
    return Dictionary(
      collected.values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
  }

  /// Queues `response` on `connection`.
  private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made: OpaquePointer?
    let status: UInt32
    var headers: [(String, String)] = [("Cache-Control", "no-store")]
    switch response {
    case .full(let code, let type, let body, let extra):
      status = code
      made = body.withUnsafeBytes { bytes in
        library.pointee.MHD_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
      }
      headers.append(("Content-Type", type))
      headers += extra
    case .stream(let stream):
      status = 200
      made = stream.response(library: library, connection: connection)
      headers.append(("Content-Type", stream.contentType))
      let key = ObjectIdentifier(stream)
      let open = state.withLock { state in
        guard !state.stopping else { return false }
        state.streams[key] = stream
        return true
      }
      guard open else { return MHD_Result.NO }
      stream.onClose = { [weak self] in
        self?.state.withLock { _ = $0.streams.removeValue(forKey: key) }
      }
    }
    guard let made else { return MHD_Result.NO }
    defer { library.pointee.MHD_destroy_response(made) }
    headers.append(("X-Content-Type-Options", "nosniff"))
    for (name, value) in headers {
      _ = library.pointee.MHD_add_response_header(made, name, value)
    }
    return library.pointee.MHD_queue_response(connection, status, made)
  }

  /// Runs `body` with `address`:`port` as a socket address, or throws if it is not an IP literal.
  private static func withSocketAddress<T>(
    _ address: String, port: UInt16, _ body: (UnsafePointer<sockaddr>) -> T
  ) throws(HTTPServerError) -> T {
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      return withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
      }
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      return withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
      }
    }
    throw HTTPServerError(description: "'\(address)' is not an IPv4 or IPv6 address")
  }
}
