import Foundation
import WidgetSchema
import WidgetSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A small blocking client of a running host's control socket (docs/control.md), for
/// `WidgetCenter` in processes the host did not load (apps, scripts). Every step has a
/// deadline, so a stuck or absent host costs at most ``timeout`` seconds, never a hang.
///
/// The SDK cannot use the host's own client (bundles link only WidgetKit, SwiftUI and
/// WidgetSchema); this one speaks the same protocol, and the end-to-end tests run it against the
/// real host.
final class HostSocket {
  /// Why a request got no result.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The requests `WidgetCenter` sends.
  struct Request: Encodable {
    var id: Int
    var request: String
    var kind: String?
  }

  /// The parts of a reply `WidgetCenter` reads.
  struct Reply: Decodable {
    var id: Int?
    var result: Result?
    var error: ReplyError?

    struct Result: Decodable {
      var instances: [Instance]?
      var reloaded: Int?
    }

    struct Instance: Decodable {
      var instance: String
      var kind: String
      var family: WidgetSchema.WidgetFamily
      var configuration: [String: JSONValue]?
      var appGroups: [String]?
    }

    struct ReplyError: Decodable {
      var code: String
      var message: String
    }
  }

  /// Seconds each connect, send and receive may take.
  static let timeout = 5.0

  private let fd: Int32
  private let path: String
  private var buffer = Data()
  private var nextID = 1

  /// Connects to the socket at `path` (default: ``HostPaths/socket(environment:)``).
  init(path: String = HostPaths.socket()) throws(Failure) {
    self.path = path
    let noHost = Failure(
      description:
        "no widget-host is listening on \(path) (start one with widget-host run … --sink socket, "
        + "or set \(HostPaths.socketVariable))")
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw Failure(description: "socket path is too long (at most 107 bytes): \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    var limit = timeval(tv_sec: Int(Self.timeout), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(fd)
      if [ENOENT, ECONNREFUSED, ENOTSOCK].contains(code) { throw noHost }
      throw Failure(description: "cannot connect to \(path): \(String(cString: strerror(code)))")
    }
    // Only a host of this user may hear an app's requests.
    if let owner = PeerCredentials.user(of: fd), owner != geteuid() {
      close(fd)
      throw Failure(
        description: "\(path) is served by another user (uid \(owner)), not by yours: refused")
    }
  }

  deinit {
    close(fd)
  }

  /// Sends `request` (kind `name`) and waits for its reply's result.
  func request(_ name: String, kind: String? = nil) throws(Failure) -> Reply.Result {
    let id = nextID
    nextID += 1
    var line: Data
    do {
      line = try JSONEncoder().encode(Request(id: id, request: name, kind: kind))
    } catch {
      throw Failure(description: "cannot encode the request: \(error)")
    }
    line.append(0x0A)
    try send(line)
    while true {
      let reply: Reply
      do {
        reply = try WidgetJSON.decoder().decode(Reply.self, from: try receiveLine())
      } catch let failure as Failure {
        throw failure
      } catch {
        throw Failure(description: "unexpected reply from the host on \(path): \(error)")
      }
      guard reply.id == id else { continue }
      if let error = reply.error { throw Failure(description: "\(error.message) (\(error.code))") }
      if let result = reply.result { return result }
    }
  }

  private func send(_ data: Data) throws(Failure) {
    var offset = 0
    while offset < data.count {
      let sent = data.withUnsafeBytes { bytes in
        Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "the host on \(path) did not take the request")
      }
      offset += sent
    }
  }

  private func receiveLine() throws(Failure) -> Data {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = buffer[buffer.startIndex..<newline]
        buffer.removeSubrange(buffer.startIndex...newline)
        return Data(line)
      }
      let count = recv(fd, &chunk, chunk.count, 0)
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        throw Failure(
          description: "the host on \(path) did not answer within \(Int(Self.timeout)) s")
      }
      guard count > 0 else {
        throw Failure(description: "the host on \(path) closed the connection")
      }
      buffer.append(contentsOf: chunk[0..<count])
    }
  }
}
