import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetHostCore
import WidgetRendering
import WidgetSchema
import WidgetWeb

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct WebAddressTests {
  @Test(
    arguments: [
      ("web", "127.0.0.1", WebAddress.defaultPort),
      ("web:8080", "127.0.0.1", 8080),
      ("web:0.0.0.0:80", "0.0.0.0", 80),
      ("web:192.168.1.5:7480", "192.168.1.5", 7480),
      ("web:[::1]:9000", "::1", 9000),
    ] as [(String, String, UInt16)])
  func aSinkValueNamesTheAddress(_ value: String, _ host: String, _ port: UInt16) {
    #expect(WebAddress.parse(sink: value) == WebAddress(host: host, port: port))
  }

  @Test(arguments: ["web:", "web:host:80", "web:1.2.3.4", "web:70000", "web:1.2.3.4:x", "socket"])
  func anythingElseIsNot(_ value: String) {
    #expect(WebAddress.parse(sink: value) == nil)
  }

  @Test func onlyLoopbackIsLocal() {
    #expect(WebAddress(host: "127.0.0.1", port: 1).isLoopback)
    #expect(WebAddress(host: "::1", port: 1).isLoopback)
    #expect(!WebAddress(host: "0.0.0.0", port: 1).isLoopback)
    #expect(WebAddress(host: "::1", port: 80).description == "[::1]:80")
  }
}

/// The sink in this process, with a host control that runs no host: what it serves, and how
/// its pages' queues behave.
@Suite struct WebSinkTests {
  static let dates = DateText(localeIdentifier: "en_US", timeZone: TimeZone(identifier: "UTC")!)

  /// A page's event stream: the connection, read by the test.
  final class Viewer {
    let fd: Int32
    private var head: [UInt8]?
    private var pending: [UInt8] = []
    /// The body so far (an event stream is sent as it comes, without chunks).
    private(set) var body: [UInt8] = []

    var text: String { String(decoding: body, as: UTF8.self) }

    init(port: UInt16) throws {
      fd = try WebClient.connect(port: port)
      let request = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(fd) }

    private func feed(_ bytes: ArraySlice<UInt8>) {
      guard head == nil else {
        body += bytes
        return
      }
      pending += bytes
      let separator: [UInt8] = [13, 10, 13, 10]
      guard let end = pending.indices.first(where: { pending[$0...].starts(with: separator) })
      else { return }
      head = Array(pending[..<(end + 4)])
      body = Array(pending[(end + 4)...])
    }

    /// Reads until `needle` is in the body at or after byte `after` (or 30 s pass); where it is.
    @discardableResult
    func read(until needle: String, after: Int = 0) -> Int? {
      let target = Array(needle.utf8)
      var scanned = after
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      var tv = timeval(tv_sec: 0, tv_usec: 200_000)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
      let deadline = Date().addingTimeInterval(30)
      while true {
        if body.count >= target.count, scanned <= body.count - target.count {
          for start in scanned...(body.count - target.count)
          where body[start] == target[0] && body[start..<start + target.count].elementsEqual(target)
          {
            return start
          }
          scanned = body.count - target.count + 1
        }
        guard Date() < deadline else { return nil }
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 { feed(buffer[0..<count]) }
        if count == 0 { return nil }
      }
    }
  }

  static func warning(_ index: Int) -> EventPayload {
    .warning(
      ProblemEvent(
        code: "test", message: "event \(index) " + String(repeating: "x", count: 1_000),
        bundle: nil, kind: nil))
  }

  @Test func aStalledPageIsResynchronizedAndHoldsNoOneUp() throws {
    let sink = try WebSink(
      address: WebAddress(host: "127.0.0.1", port: 0), control: HostControl(), token: nil,
      dates: Self.dates, limits: WebSink.Limits(queue: 64 << 10))
    defer { sink.close() }
    let stream = EventStream(clock: RealClock(), sinks: [sink])
    stream.begin(host: "test")
    let reading = try Viewer(port: sink.address.port)
    let stalled = try Viewer(port: sink.address.port)
    #expect(reading.read(until: #""type":"header""#) != nil)
    #expect(stalled.read(until: #""type":"header""#) != nil)
    // Far more than the stalled page's queue and the sockets' buffers hold (loopback's grow to
    // a few MiB), in parts the reading page reads before the next.
    let count = 10_000
    var found = 0
    for part in stride(from: 1, through: count, by: 20) {
      for index in part..<part + 20 { stream.emit(Self.warning(index)) }
      let at = reading.read(until: "id: \(part + 19)\n", after: found)
      #expect(at != nil, "the reading page got event \(part + 19)")
      found = at ?? found
    }
    let ids = reading.text.components(separatedBy: "\n").filter { $0.hasPrefix("id: ") }
    #expect(ids.count == count, "the reading page got every event, none twice")
    #expect(!reading.text.contains(#""type":"lagged""#))
    // The stalled page reads at last: what it had queued, then a lagged notice and the current
    // state (the header again) in place of what it missed, then live events again.
    let lagged = try #require(stalled.read(until: #""type":"lagged""#))
    let header = try #require(stalled.read(until: #""type":"header""#, after: lagged))
    stream.emit(Self.warning(count + 1))
    #expect(stalled.read(until: "id: \(count + 1)\n", after: header) != nil)
    #expect(!stalled.text.contains("id: \(count)\n"), "the events it missed were dropped")
  }

  @Test func closingEndsEveryPagesStream() throws {
    let sink = try WebSink(
      address: WebAddress(host: "127.0.0.1", port: 0), control: HostControl(), token: nil,
      dates: Self.dates)
    let viewers = try (0..<3).map { _ in try Viewer(port: sink.address.port) }
    for viewer in viewers { #expect(viewer.read(until: "retry: 1000") != nil) }
    sink.close()
    for viewer in viewers {
      var buffer = [UInt8](repeating: 0, count: 1024)
      var tv = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(viewer.fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
      var end = 1
      while end > 0 { end = recv(viewer.fd, &buffer, buffer.count, 0) }
      #expect(end == 0, "the stream ended with the connection closed")
    }
  }

  @Test func aHostThatIsNotRunningSaysSo() throws {
    let sink = try WebSink(
      address: WebAddress(host: "127.0.0.1", port: 0), control: HostControl(), token: nil,
      dates: Self.dates)
    defer { sink.close() }
    let home = try WebClient.request("GET", "/api/home", port: sink.address.port)
    #expect(home.status == 503)
    #expect(home.text.contains("not-running"))
  }
}
