import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 client over a TCP socket, for the web page's tests and for driving
/// chromedriver: one request per connection (`Connection: close`), the whole response read, so
/// a test can send exactly the bytes it means (a wrong `Host`, oversized headers, no token).
public enum WebClient {
  public struct Response: Sendable {
    public var status: Int
    /// Header names in lowercase.
    public var headers: [String: String]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Sends `method` `path` to 127.0.0.1:`port` with `headers` (a `Host` of 127.0.0.1:port unless
  /// given) and `body`, and reads the response to its end.
  public static func request(
    _ method: String, _ path: String, port: UInt16, headers: [String: String] = [:],
    body: [UInt8] = [], timeout: Double = 30
  ) throws -> Response {
    var lines = ["\(method) \(path) HTTP/1.1"]
    var all = headers
    if all["Host"] == nil { all["Host"] = "127.0.0.1:\(port)" }
    all["Connection"] = "close"
    if !body.isEmpty || method == "POST" { all["Content-Length"] = String(body.count) }
    for (name, value) in all.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
    let raw = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    return try parse(exchange(raw, port: port, timeout: timeout))
  }

  /// A JSON request: `value` as the body, the response's body decoded as JSON.
  public static func json(
    _ method: String, _ path: String, port: UInt16, _ value: Any? = nil
  ) throws -> (status: Int, value: Any) {
    let body = try value.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
    let response = try request(
      method, path, port: port, headers: ["Content-Type": "application/json"],
      body: Array(body))
    let decoded = try JSONSerialization.jsonObject(
      with: Data(response.body), options: [.fragmentsAllowed])
    return (response.status, decoded)
  }

  /// Writes `raw` and reads until the server closes the connection.
  public static func exchange(_ raw: [UInt8], port: UInt16, timeout: Double = 30) throws -> [UInt8]
  {
    let fd = try connect(port: port)
    defer { close(fd) }
    var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var sent = 0
    while sent < raw.count {
      let count = raw[sent...].withUnsafeBytes {
        send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      // The server may answer and close before it has read everything (a request too big).
      guard count > 0 else { break }
      sent += count
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    // Until the server closes, or the body its Content-Length announces is in (a server may
    // keep the connection open in spite of `Connection: close`).
    while !isComplete(received) {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[0..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    return received
  }

  /// Whether `raw` holds a whole response with a Content-Length.
  private static func isComplete(_ raw: [UInt8]) -> Bool {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
      return false
    }
    let head = String(decoding: raw[..<end], as: UTF8.self).lowercased()
    guard
      let line = head.components(separatedBy: "\r\n").first(where: {
        $0.hasPrefix("content-length:")
      }),
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    else { return false }
    return raw.count - (end + 4) >= length
  }

  /// A connected TCP socket to 127.0.0.1:`port`.
  public static func connect(port: UInt16) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(fd)
      throw Failure(description: "connect to port \(port): errno \(code)")
    }
    return fd
  }

  /// A port no one listens on now (bound, then released).
  public static func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "cannot find a free port: errno \(errno)") }
    return UInt16(bigEndian: address.sin_port)
  }

  public static func parse(_ raw: [UInt8]) throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
      throw Failure(description: "no HTTP response: \(String(decoding: raw, as: UTF8.self))")
    }
    let head = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line: \(head[0])")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Array(raw[(end + 4)...])
    if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try unchunk(body) }
    return Response(status: status, headers: headers, body: body)
  }

  /// The body of a response sent in chunks (`Transfer-Encoding: chunked`).
  private static func unchunk(_ bytes: [UInt8]) throws -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard let lineEnd = bytes[index...].firstIndex(of: 13) else { break }
      let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else {
        throw Failure(description: "bad chunk size '\(sizeText)'")
      }
      if size == 0 { break }
      let start = lineEnd + 2
      output += bytes[start..<min(start + size, bytes.count)]
      index = start + size + 2
    }
    return output
  }
}
