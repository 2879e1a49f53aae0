import Foundation
import WidgetSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The POSIX calls behind the server and the clients.
package enum Sockets {
  /// A file descriptor that is closed with its owner.
  package typealias Descriptor = Int32

  /// Listens on `endpoint`. A Unix socket's folder is created with mode 0700 and the socket
  /// file gets mode 0600; a stale file (nobody accepts connections on it) is replaced, a live
  /// one is not. Returns the descriptor and the endpoint actually bound (TCP port 0 resolved).
  package static func listen(on endpoint: SocketEndpoint) throws(SocketError) -> (
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
  package static func checkFolder(_ folder: String, of path: String) throws(SocketError) {
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
  package static func connect(to endpoint: SocketEndpoint) throws(SocketError) -> Descriptor {
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
  package static func setNonBlocking(_ fd: Descriptor) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
  }

  /// Sends all of `data`, blocking (clients). Returns false if the peer is gone.
  package static func sendAll(_ fd: Descriptor, _ data: Data) -> Bool {
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
