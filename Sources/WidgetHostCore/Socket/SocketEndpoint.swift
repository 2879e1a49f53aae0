import Foundation
import WidgetSchema
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

/// The POSIX calls behind the server and the clients.
enum Sockets {
  /// A file descriptor that is closed with its owner.
  typealias Descriptor = Int32

  /// Listens on `endpoint`. A Unix socket's folder is created with mode 0700 and the socket
  /// file gets mode 0600; a stale file (nobody accepts connections on it) is replaced, a live
  /// one is not. Returns the descriptor and the endpoint actually bound (TCP port 0 resolved).
  static func listen(on endpoint: SocketEndpoint) throws(SocketError) -> (
    Descriptor, SocketEndpoint
  ) {
    switch endpoint {
    case .unix(let path):
      let folder = (path as NSString).deletingLastPathComponent
      if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
        do {
          try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        } catch {
          throw .system(folder, call: "mkdir", errno: EACCES)
        }
      }
      try checkFolder(folder.isEmpty ? "." : folder, of: path)
      var address = try unixAddress(path)
      var info = stat()
      if lstat(path, &info) == 0 {
        // Only a socket is ever replaced: a mistyped path must not delete a file.
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
        if let live = try? connect(to: endpoint) {
          close(live)
          throw .inUse(path)
        }
        unlink(path)
      }
      let fd = try makeSocket(AF_UNIX, place: path)
      // Created with 0600 from the start: no window in which others could connect.
      let previous = umask(0o177)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      umask(previous)
      guard bound == 0 else {
        let code = errno
        close(fd)
        throw .system(path, call: "bind", errno: code)
      }
      chmod(path, 0o600)
      try startListening(fd, place: path)
      return (fd, endpoint)
    case .tcp(let host, let port):
      let fd = try makeSocket(AF_INET, place: endpoint.description)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      var address = inetAddress(host: host, port: port)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        let code = errno
        close(fd)
        if code == EADDRINUSE { throw .inUse(endpoint.description) }
        throw .system(endpoint.description, call: "bind", errno: code)
      }
      try startListening(fd, place: endpoint.description)
      var actual = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &actual) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      return (fd, .tcp(host: host, port: UInt16(bigEndian: actual.sin_port)))
    }
  }

  /// Refuses a socket folder another user could change: the default folder
  /// (`$XDG_RUNTIME_DIR/widget-host`, `/tmp/widget-host-$UID`) must be this user's with mode
  /// 0700; a folder given with `socket:PATH` must be this user's or root's, and writable by
  /// nobody else unless sticky (like `/tmp`, where others cannot remove or rename our socket).
  static func checkFolder(_ folder: String, of path: String) throws(SocketError) {
    var info = stat()
    guard stat(folder, &info) == 0 else { throw .system(folder, call: "stat", errno: errno) }
    let user = geteuid()
    let mode = info.st_mode & 0o7777
    var defaults = ProcessInfo.processInfo.environment
    defaults[HostPaths.socketVariable] = nil
    if path == HostPaths.socket(environment: defaults) {
      guard info.st_uid == user else {
        throw .unsafeFolder(folder, "it belongs to uid \(info.st_uid), not to you (uid \(user))")
      }
      guard mode & 0o077 == 0 else {
        throw .unsafeFolder(
          folder, "its mode is \(String(mode, radix: 8)), not 700 (chmod 700 it, or remove it)")
      }
    } else {
      guard info.st_uid == user || info.st_uid == 0 else {
        throw .unsafeFolder(folder, "it belongs to uid \(info.st_uid), not to you (uid \(user))")
      }
      guard mode & 0o022 == 0 || mode & S_ISVTX != 0 else {
        throw .unsafeFolder(
          folder, "others may write in it (mode \(String(mode, radix: 8)), not sticky)")
      }
    }
  }

  /// Connects to `endpoint` (blocking). A missing socket file or a refused connection is
  /// ``SocketError/noHost(_:)``.
  static func connect(to endpoint: SocketEndpoint) throws(SocketError) -> Descriptor {
    let family = if case .unix = endpoint { AF_UNIX } else { AF_INET }
    let fd = try makeSocket(family, place: endpoint.description)
    let result: Int32
    switch endpoint {
    case .unix(let path):
      var address = try unixAddress(path)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
    case .tcp(let host, let port):
      var address = inetAddress(host: host, port: port)
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard result == 0 else {
      let code = errno
      close(fd)
      if [ENOENT, ECONNREFUSED, ENOTSOCK].contains(code) { throw .noHost(endpoint.description) }
      throw .system(endpoint.description, call: "connect", errno: code)
    }
    // A Unix socket served by another user is someone else's host, or an impostor.
    if case .unix(let path) = endpoint, let owner = PeerCredentials.user(of: fd),
      owner != geteuid()
    {
      close(fd)
      throw .otherUser(path, uid: owner)
    }
    return fd
  }

  /// Makes `fd` non-blocking and closed on exec (for `--on-open-url` children).
  static func setNonBlocking(_ fd: Descriptor) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
  }

  /// Sends all of `data`, blocking (clients). Returns false if the peer is gone.
  static func sendAll(_ fd: Descriptor, _ data: Data) -> Bool {
    var offset = 0
    while offset < data.count {
      let sent = data.withUnsafeBytes { buffer in
        send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  private static func makeSocket(_ family: Int32, place: String) throws(SocketError) -> Descriptor {
    let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .system(place, call: "socket", errno: errno) }
    return fd
  }

  private static func startListening(_ fd: Descriptor, place: String) throws(SocketError) {
    guard Glibc.listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw .system(place, call: "listen", errno: code)
    }
    setNonBlocking(fd)
  }

  private static func unixAddress(_ path: String) throws(SocketError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { throw .pathTooLong(path) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return address
  }

  private static func inetAddress(host: String, port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, host, &address.sin_addr)
    return address
  }
}
