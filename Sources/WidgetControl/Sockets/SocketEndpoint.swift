import Foundation
import WidgetSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Where the socket sink listens and where clients connect: a Unix socket path or a TCP address.
public enum SocketEndpoint: Sendable, Equatable, CustomStringConvertible {
  /// A Unix stream socket at a path.
  case unix(String)
  /// A TCP socket on an IPv4 address and port (port 0: any free port).
  case tcp(host: String, port: UInt16)

  /// The default Unix socket: `$WIDGET_HOST_SOCKET`, else
  /// `$XDG_RUNTIME_DIR/widget-host/widget-host.sock`, or `/tmp/widget-host-$UID/widget-host.sock`
  /// when `XDG_RUNTIME_DIR` is unset (``HostPaths/socket(environment:)``, which apps' WidgetCenter
  /// uses too).
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    HostPaths.socket(environment: environment)
  }

  /// Parses a `--sink` value (`socket`, `socket:PATH`, `tcp:HOST:PORT`, `tcp:PORT` for
  /// loopback); nil if it is not a socket sink.
  public static func parse(sink value: String) -> SocketEndpoint? {
    if value == "socket" { return .unix(defaultPath()) }
    if value.hasPrefix("socket:") {
      let path = value.dropFirst("socket:".count)
      return path.isEmpty ? nil : .unix(String(path))
    }
    if value.hasPrefix("tcp:") { return parseTCP(String(value.dropFirst("tcp:".count))) }
    return nil
  }

  /// Parses a client's `--socket` value: a path, or `tcp:HOST:PORT`.
  public static func parse(client value: String) -> SocketEndpoint? {
    if value.hasPrefix("tcp:") { return parseTCP(String(value.dropFirst("tcp:".count))) }
    return value.isEmpty ? nil : .unix(value)
  }

  /// `HOST:PORT`, or `PORT` alone for loopback.
  private static func parseTCP(_ value: String) -> SocketEndpoint? {
    if let port = UInt16(value) { return .tcp(host: "127.0.0.1", port: port) }
    guard let colon = value.lastIndex(of: ":"),
      let port = UInt16(value[value.index(after: colon)...])
    else { return nil }
    let host = String(value[..<colon])
    var address = in_addr()
    guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
    return .tcp(host: host, port: port)
  }

  /// Whether only this machine can connect (a Unix socket, or TCP on 127.0.0.0/8).
  public var isLocal: Bool {
    switch self {
    case .unix: true
    case .tcp(let host, _): host.hasPrefix("127.")
    }
  }

  public var description: String {
    switch self {
    case .unix(let path): path
    case .tcp(let host, let port): "tcp:\(host):\(port)"
    }
  }
}

/// Why a socket could not be opened or a peer could not be reached.
public enum SocketError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Another host is listening there already.
  case inUse(String)
  /// No host listens there (no socket file, or connection refused).
  case noHost(String)
  /// A system call failed.
  case system(String, call: String, errno: Int32)
  /// The path does not fit in a Unix socket address (107 bytes).
  case pathTooLong(String)
  /// Something that is not a socket is in the way.
  case notASocket(String)
  /// TCP beyond loopback without a token.
  case needsToken(String)
  /// TCP on loopback without a token, and `--allow-no-token` not given.
  case needsTokenOnLoopback(String)
  /// The Unix socket (path) is served by a process of another user (uid).
  case otherUser(String, uid: uid_t)
  /// The folder of a Unix socket (first) is not safe to listen in, for a reason (second).
  case unsafeFolder(String, String)

  public var description: String {
    switch self {
    case .inUse(let place):
      "another widget-host is already listening on \(place) (stop it, or give another path)"
    case .noHost(let place):
      "no host is listening on \(place) (start one with widget-host run … --sink socket)"
    case .system(let place, let call, let code):
      "\(place): \(call) failed: \(String(cString: strerror(code)))"
    case .pathTooLong(let path):
      "socket path is too long (at most 107 bytes): \(path)"
    case .notASocket(let path):
      "\(path) exists and is not a socket (not replaced; give another path)"
    case .needsToken(let place):
      "\(place) accepts connections from other machines: give --token-file or "
        + "$\(HostPaths.tokenVariable)"
    case .needsTokenOnLoopback(let place):
      "\(place) accepts connections from every local user: give --token-file or "
        + "$\(HostPaths.tokenVariable), or --allow-no-token to serve them all"
    case .otherUser(let path, let uid):
      "\(path) is served by another user (uid \(uid)), not by yours (uid \(geteuid())): refused"
    case .unsafeFolder(let folder, let reason):
      "refusing to listen in \(folder): \(reason)"
    }
  }
}
