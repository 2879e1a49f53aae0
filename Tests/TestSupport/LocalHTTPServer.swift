import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of bundles that fetch data: it answers every
/// request with one fixed reply and records what it was asked (method, path, body).
public final class LocalHTTPServer: Sendable {
  /// One request as the server read it.
  public struct Request: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The request target, e.g. `/wishes`.
    public var path: String
    /// The body (`Content-Length` bytes), as UTF-8.
    public var body: String

    /// Creates a request (to compare with the ones received).
    public init(method: String, path: String, body: String) {
      self.method = method
      self.path = path
      self.body = body
    }
  }

  /// The port it listens on.
  public let port: UInt16
  private let socket: Int32
  private let received = Mutex<[Request]>([])
  private let stopped = Mutex(false)

  /// The URL of `path` on this server.
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The requests received so far.
  public var requests: [Request] { received.withLock { $0 } }

  /// Starts listening on a free port; every request gets `status` with `body` as
  /// `application/json`.
  public init(status: Int = 200, body: String) throws {
    let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw ServerError(message: "socket() failed: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw ServerError(message: "bind/listen failed: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    socket = listener
    port = UInt16(bigEndian: address.sin_port)
    let reply = Self.reply(status: status, body: body)
    Thread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        if client < 0 {
          if stopped.withLock({ $0 }) { return }
          continue
        }
        if let request = Self.read(client) { received.withLock { $0.append(request) } }
        reply.withUnsafeBytes { _ = send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(client)
      }
    }.start()
  }

  /// Stops listening: later connections are refused.
  public func stop() {
    stopped.withLock { $0 = true }
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }

  deinit { if !stopped.withLock({ $0 }) { stop() } }

  private static func reply(status: Int, body: String) -> Data {
    let bytes = Data(body.utf8)
    let head =
      "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Error")\r\n"
      + "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(bytes.count)\r\n"
      + "Connection: close\r\n\r\n"
    return Data(head.utf8) + bytes
  }

  /// Reads one request: the head, then `Content-Length` bytes of body.
  private static func read(_ client: Int32) -> Request? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let separator = Data("\r\n\r\n".utf8)
    while data.range(of: separator) == nil {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
    }
    guard let end = data.range(of: separator) else { return nil }
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
    let lines = head.components(separatedBy: "\r\n")
    let start = lines.first?.split(separator: " ").map(String.init) ?? []
    guard start.count >= 2 else { return nil }
    let lengthLine = lines.first { $0.lowercased().hasPrefix("content-length:") }
    let length = lengthLine.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
    var body = Data(data[end.upperBound...])
    while body.count < (length ?? 0) {
      let count = recv(client, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      body.append(contentsOf: buffer[0..<count])
    }
    return Request(method: start[0], path: start[1], body: String(decoding: body, as: UTF8.self))
  }

  /// The server could not start.
  public struct ServerError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    public var description: String { message }
  }
}
