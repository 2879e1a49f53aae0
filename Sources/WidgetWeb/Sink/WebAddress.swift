import Foundation

/// Where the web sink listens: `--sink web[:ADDR:PORT]` (docs/web.md).
public struct WebAddress: Sendable, Equatable, CustomStringConvertible {
  /// The port `--sink web` listens on when none is given.
  public static let defaultPort: UInt16 = 7480

  /// An IPv4 or IPv6 literal.
  public var host: String
  /// The port; 0 for any free port.
  public var port: UInt16

  /// Creates an address.
  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// Parses a `--sink` value: `web` (127.0.0.1 and the default port), `web:PORT`,
  /// `web:ADDR:PORT` or `web:[IPv6]:PORT`; nil if it is not a web sink or not valid.
  public static func parse(sink value: String) -> WebAddress? {
    if value == "web" { return WebAddress(host: "127.0.0.1", port: defaultPort) }
    guard value.hasPrefix("web:") else { return nil }
    let rest = value.dropFirst("web:".count)
    if let port = UInt16(rest) { return WebAddress(host: "127.0.0.1", port: port) }
    guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...])
    else { return nil }
    var host = String(rest[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    var v4 = in_addr()
    var v6 = in6_addr()
    guard inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 else {
      return nil
    }
    return WebAddress(host: host, port: port)
  }

  /// Whether only this machine can connect (127.0.0.0/8 or ::1).
  public var isLoopback: Bool {
    host.hasPrefix("127.") || host == "::1"
  }

  /// `HOST:PORT`, with brackets around an IPv6 host.
  public var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
