import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetControl
import WidgetSchema

@_spi(Fuzzing) @testable import WidgetHostCore

#if canImport(Glibc)
  import Glibc
#endif

/// A short, fresh Unix socket path (socket paths are limited to 107 bytes).
func temporarySocketPath() -> String {
  TestSupport.shortTemporaryPath() + "/host.sock"
}

/// A raw test peer of the socket sink: sends bytes, reads lines with a deadline.
final class TestPeer {
  let fd: Int32
  private var reader = LineReader(limit: 64 << 20)
  private(set) var lines: [String] = []

  init(_ endpoint: SocketEndpoint) throws {
    fd = try Sockets.connect(to: endpoint)
    var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(fd) }

  func send(_ text: String) { _ = Sockets.sendAll(fd, Data(text.utf8)) }
  func send(_ data: Data) { _ = Sockets.sendAll(fd, data) }

  /// Reads until `condition` holds for the lines so far or `timeout` passes; whether it held.
  @discardableResult
  func read(timeout: TimeInterval = 10, until condition: ([String]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !condition(lines) && Date() < deadline {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count == 0 { break }
      guard count > 0 else { continue }
      for case .line(let data) in reader.feed(buffer[0..<count]) {
        lines.append(String(decoding: data, as: UTF8.self))
      }
    }
    return condition(lines)
  }

  /// ``readToEnd()`` on a thread of its own: an async test that blocked a thread of the
  /// cooperative pool in `recv` could starve the sink's own reply tasks (two threads here).
  func readToEndOffThePool() async {
    let peer = UnsafeTransfer(self)
    await TestSupport.offThePool { peer.value.readToEnd() }
  }

  /// ``read(timeout:until:)`` on a thread of its own, for what the host running in the test
  /// process must first compute on the cooperative pool.
  func readOffThePool(until condition: @escaping ([String]) -> Bool) async -> Bool {
    let call = UnsafeTransfer((self, condition))
    return await TestSupport.offThePool { call.value.0.read(until: call.value.1) }
  }

  /// Reads until the server closes the connection (at most 10 s of silence: a loaded machine
  /// may take a while to compute a reply).
  func readToEnd() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var idle = 0
    while idle < 100 {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count == 0 { return }
      guard count > 0 else {
        idle += 1
        continue
      }
      idle = 0
      for case .line(let data) in reader.feed(buffer[0..<count]) {
        lines.append(String(decoding: data, as: UTF8.self))
      }
    }
  }

  var replies: [ControlReply] {
    lines.compactMap { try? WidgetJSON.decode(ControlReply.self, from: Data($0.utf8)) }
      .filter { $0.result != nil || $0.error != nil }
  }

  var events: [StreamEvent] {
    lines.compactMap { line in
      guard case .event(let event)? = ControlClient.streamLine(Data(line.utf8)) else { return nil }
      return event
    }
  }

  func subscribe(_ extra: String = "") {
    send("{\"id\":\"s\",\"request\":\"subscribe\"\(extra)}\n")
    read { $0.contains { $0.contains(#""type":"header""#) } }
  }
}

@Suite(.serialized) struct SocketSinkTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func warning(_ seq: UInt64, padding: Int = 0) -> StreamEvent {
    StreamEvent(
      seq: seq, time: start, instance: "K/systemSmall",
      payload: .warning(
        ProblemEvent(
          code: "test", message: "event \(seq)" + String(repeating: ".", count: padding),
          kind: "K")))
  }

  static func sink(
    _ path: String = temporarySocketPath(), limits: SocketSink.Limits = .init()
  ) throws -> SocketSink {
    let sink = try SocketSink(endpoint: .unix(path), control: HostControl(), limits: limits)
    sink.begin(StreamHeader(host: "test", started: start))
    return sink
  }

  @Test func linesAreSplitAcrossChunksAndOversizedLinesAreSkipped() {
    var reader = LineReader(limit: 8)
    #expect(reader.feed(Array("ab".utf8)) == [])
    #expect(
      reader.feed(Array("c\nde\n".utf8)) == [.line(Data("abc".utf8)), .line(Data("de".utf8))])
    #expect(reader.feed(Array("0123456789".utf8)) == [.tooLarge])
    #expect(reader.feed(Array("more of it".utf8)) == [])
    #expect(reader.feed(Array("end\nok\n".utf8)) == [.line(Data("ok".utf8))])
  }

  @Test func fansOutToManySubscribersInOrder() throws {
    let sink = try Self.sink()
    defer { sink.close() }
    let peers = try (0..<60).map { _ in try TestPeer(sink.endpoint) }
    for peer in peers { peer.subscribe() }
    for seq in 1...200 { sink.write(Self.warning(UInt64(seq))) }
    for peer in peers {
      #expect(peer.read { $0.count == 202 })
      #expect(peer.events.map(\.seq) == Array(1...200))
      #expect(peer.lines.first?.contains(#""subscribed":true"#) == true)
    }
  }

  @Test func aStalledSubscriberLagsWithoutSlowingTheOthers() throws {
    let sink = try Self.sink(limits: .init(lines: 64, bytes: 1 << 20))
    defer { sink.close() }
    let stalled = try TestPeer(sink.endpoint)
    stalled.subscribe()
    let active = try TestPeer(sink.endpoint)
    active.subscribe()
    // 5000 events of about 600 bytes: far more than the stalled peer's socket buffer holds.
    // They come in batches smaller than the queue, as a scheduler emits them: the active
    // subscriber reads each batch before the next.
    var sent = 0
    for _ in 0..<250 {
      for _ in 0..<20 {
        sent += 1
        sink.write(Self.warning(UInt64(sent), padding: 600))
      }
      // The subscribe reply and the header, then one line per event.
      guard active.read(until: { $0.count == sent + 2 }) else {
        Issue.record("the active subscriber fell behind at \(sent)")
        return
      }
    }
    #expect(active.events.map(\.seq) == Array(1...5000), "every event, in order")
    #expect(!active.lines.contains { $0.contains(#""type":"lagged""#) })
    stalled.readToEnd()
    let lagged = try #require(stalled.lines.firstIndex { $0.contains(#""type":"lagged""#) })
    #expect(stalled.lines[lagged + 1].contains(#""type":"header""#), "a resync follows")
    #expect(stalled.events.count < 5000)
    let notice = try WidgetJSON.decode(LaggedNotice.self, from: Data(stalled.lines[lagged].utf8))
    #expect(notice.dropped > 0)
  }

  /// Stalled subscribers of large entries: each overflow used to resync at once (the current
  /// state encoded under the sink's lock, for every stalled subscriber at every later event).
  /// Now a lagging subscriber holds its notice only, until it reads it.
  @Test func stalledSubscribersOfLargeLinesQueueNothingWhileTheyLag() throws {
    let sink = try Self.sink(limits: .init(lines: 8, bytes: 1 << 20))
    defer { sink.close() }
    let stalled = try (0..<10).map { _ in try TestPeer(sink.endpoint) }
    for peer in stalled { peer.subscribe() }
    let active = try TestPeer(sink.endpoint)
    active.subscribe()
    // 200 events of 64 KiB: 12.5 MiB, far more than a socket buffer holds.
    for seq in 1...200 {
      sink.write(Self.warning(UInt64(seq), padding: 64 << 10))
      guard active.read(until: { $0.count == seq + 2 }) else {
        Issue.record("the active subscriber fell behind at \(seq)")
        return
      }
    }
    #expect(active.events.map(\.seq) == Array(1...200))
    Thread.sleep(forTimeInterval: 0.2)
    let queued = sink.queuedLines.sorted()
    // The active one's queue is empty; each stalled one holds its notice, and at most the line
    // its socket took a part of.
    #expect(queued.count == 11 && queued.allSatisfy { $0 <= 2 }, "\(queued)")
    // Closing writes what each socket takes (no more: their notices stay unread), then ends
    // the connections.
    sink.close()
    for peer in stalled {
      peer.readToEnd()
      #expect(peer.events.count < 200, "it lagged")
    }
  }

  @Test func deadAndHalfClosedPeersAreReaped() async throws {
    let sink = try Self.sink()
    defer { sink.close() }
    let staying = try TestPeer(sink.endpoint)
    staying.subscribe()
    do {
      let leaving = try TestPeer(sink.endpoint)
      leaving.subscribe()
    }
    let halfClosed = try TestPeer(sink.endpoint)
    halfClosed.subscribe()
    shutdown(halfClosed.fd, Int32(SHUT_WR))
    for seq in 1...10 { sink.write(Self.warning(UInt64(seq))) }
    for _ in 0..<200 where sink.connectionCount > 1 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(sink.connectionCount == 1)
    #expect(staying.read { $0.count == 12 })
    // What a subscriber reads is the stream: after the subscribe reply, each line matches its
    // schema.
    for line in staying.lines.dropFirst() {
      #expect(JSONSchemaValidator.stream.streamLineProblems(line) == [], "\(line)")
    }
    // A peer that sends its requests and then EOF still gets every reply, then is closed.
    let oneShot = try TestPeer(sink.endpoint)
    oneShot.send("{\"id\":1,\"request\":\"reload\"}\n{\"id\":2,\"request\":\"list\"}\n")
    shutdown(oneShot.fd, Int32(SHUT_WR))
    await oneShot.readToEndOffThePool()
    #expect(Set(oneShot.replies.compactMap(\.id)) == [.number(1), .number(2)])
    for _ in 0..<200 where sink.connectionCount > 1 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(sink.connectionCount == 1)
  }

  @Test func badRequestsGetErrorsAndTheConnectionStaysUsable() throws {
    let sink = try Self.sink()
    defer { sink.close() }
    let peer = try TestPeer(sink.endpoint)
    peer.send("not json\n")
    peer.send(Data([0x7B, 0xFF, 0xFE, 0x7D, 0x0A]))
    peer.send(Data(repeating: 0x20, count: (1 << 20) + 10) + Data("\n".utf8))
    peer.send("{\"id\":7,\"request\":\"frobnicate\"}\n")
    peer.send("{\"id\":[1,\"a\"],\"request\":\"tap\"}\n")
    peer.send("{\"id\":{\"k\":null},\"request\":\"tap\",\"instance\":\"X\",\"x\":\"one\"}\n")
    peer.send("{\"id\":8,\"request\":\"configure\",\"instance\":\"K/systemSmall\"}\n")
    peer.send("{\"id\":9,\"request\":\"list\"}\n")
    #expect(peer.read { _ in peer.replies.count == 8 })
    let replies = peer.replies
    #expect(
      replies.map { $0.error?.code } == [
        "bad-request", "bad-request", "too-large", "unknown-request", "bad-request", "bad-request",
        "not-running", "not-running",
      ])
    #expect(replies[1].error?.message.contains("UTF-8") == true)
    #expect(replies[5].error?.message.contains("x") == true, "names the field")
    #expect(
      replies.map(\.id) == [
        nil, nil, nil, .number(7), .array([.number(1), .string("a")]), nil, .number(8), .number(9),
      ])
    #expect(replies[6].error?.message == "the host is not running yet")
  }

  /// `"x": 1e308` (or 1.5) was "not valid JSON", naming no field.
  @Test func aTapCellThatIsNoCellNamesTheField() throws {
    let sink = try Self.sink()
    defer { sink.close() }
    let peer = try TestPeer(sink.endpoint)
    for cell in [#""x":1e308,"y":0"#, #""x":1.5,"y":0"#, #""x":0,"y":-1"#] {
      peer.send(#"{"id":1,"request":"tap","instance":"K/systemSmall",\#(cell)}"# + "\n")
    }
    #expect(peer.read { _ in peer.replies.count == 3 })
    #expect(
      peer.replies.map { $0.error?.message } == [
        "the request is not a valid request at 'x': 1e+308 is not a cell (an integer 0…10000)",
        "the request is not a valid request at 'x': 1.5 is not a cell (an integer 0…10000)",
        "the request is not a valid request at 'y': -1.0 is not a cell (an integer 0…10000)",
      ])
  }

  @Test func theSocketFileIsPrivateAndRemovedAtExit() throws {
    let path = temporarySocketPath()
    let sink = try Self.sink(path)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(stat((path as NSString).deletingLastPathComponent, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700)
    sink.close()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aStaleSocketIsReplacedAndALiveOneIsNotStolen() throws {
    let path = temporarySocketPath()
    // A stale socket: bound, then its owner died without removing it.
    let (stale, _) = try Sockets.listen(on: .unix(path))
    close(stale)
    #expect(FileManager.default.fileExists(atPath: path))
    let sink = try Self.sink(path)
    defer { sink.close() }
    #expect(throws: SocketError.inUse(path)) {
      _ = try SocketSink(endpoint: .unix(path), control: HostControl())
    }
    // A file that is not a socket is never removed.
    let file = (path as NSString).deletingLastPathComponent + "/file"
    _ = FileManager.default.createFile(atPath: file, contents: Data("keep".utf8))
    #expect(throws: SocketError.notASocket(file)) {
      _ = try SocketSink(endpoint: .unix(file), control: HostControl())
    }
    #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
    // The first host still serves.
    let peer = try TestPeer(sink.endpoint)
    peer.send("{\"request\":\"configure\"}\n")
    #expect(peer.read { _ in peer.replies.count == 1 })
  }

  @Test func tcpNeedsTheTokenFirst() throws {
    #expect(throws: SocketError.needsToken("tcp:0.0.0.0:0")) {
      _ = try SocketSink(endpoint: .tcp(host: "0.0.0.0", port: 0), control: HostControl())
    }
    let sink = try SocketSink(
      endpoint: .tcp(host: "127.0.0.1", port: 0), control: HostControl(), token: "s3cret")
    defer { sink.close() }
    guard case .tcp(_, let port) = sink.endpoint else { throw SocketError.noHost("") }
    #expect(port != 0)
    let intruder = try TestPeer(sink.endpoint)
    intruder.send("{\"request\":\"list\"}\n")
    intruder.readToEnd()
    #expect(intruder.replies.map { $0.error?.code } == ["unauthorized"])
    let wrong = try TestPeer(sink.endpoint)
    wrong.send("{\"request\":\"auth\",\"token\":\"guess\"}\n{\"request\":\"list\"}\n")
    wrong.readToEnd()
    #expect(wrong.replies.map { $0.error?.code } == ["unauthorized"])
    let client = try ControlClient(endpoint: sink.endpoint, token: "s3cret")
    #expect(throws: ControlClient.Failure.refused(ControlFailure(ControlError.notRunning))) {
      _ = try client.request(ControlRequest(request: "list"))
    }
  }

  /// A client of a socket where nothing answers (the kernel takes the connection; nobody
  /// accepts it) fails its request after its reply timeout, naming the socket.
  @Test func aRequestWithoutAnAnswerFailsAfterTheTimeout() throws {
    let path = try TestSupport.withMuteListener { path in
      let client = try ControlClient(endpoint: .unix(path), replyTimeout: 0.2)
      #expect(throws: ControlClient.Failure.noAnswer(path, seconds: 0.2)) {
        try client.request(ControlRequest(request: "list"))
      }
      return path
    }
    #expect(
      ControlClient.Failure.noAnswer(path, seconds: 0.2).description
        == "the host on \(path) did not answer within 0.2 s")
    #expect(
      ControlClient.Failure.noAnswer(path, seconds: 60).description
        == "the host on \(path) did not answer within 60 s")
  }

  @Test func aLateSubscriberGetsTheCurrentStateFiltered() async throws {
    let path = try HostTests.bundle(kinds: [
      KindManifest(kind: "K", families: [.accessoryInline]),
      KindManifest(kind: "L", families: [.accessoryInline]),
    ])
    let clock = VirtualClock(start: Self.start)
    let control = HostControl()
    let sink = try SocketSink(endpoint: .unix(temporarySocketPath()), control: control)
    defer { sink.close() }
    let options = HostOptions(
      bundlePaths: [path], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    let entry = Entry(date: Self.start, view: .text(TextNode(runs: [.verbatim("hello")])))
    let loader = FakeLoader(
      timeline: Timeline(entries: [entry], policy: .never), placeholder: entry)
    let host = WidgetHost(
      options: options, clock: clock, loader: loader, sinks: [sink], log: MemoryOutput(),
      control: control)
    let task = Task { try await host.run() }
    defer { task.cancel() }
    let early = try TestPeer(sink.endpoint)
    // Wait until both instances show their timeline entry.
    var shown = 0
    for _ in 0..<500 where shown < 2 {
      try await Task.sleep(for: .milliseconds(10))
      shown = ((try? control.list()) ?? []).filter { $0.entry?.source == .timeline }.count
    }
    #expect(shown == 2)
    early.subscribe()
    #expect(early.read { _ in early.events.count == 2 })
    #expect(Set(early.events.compactMap(\.instance)) == ["K/accessoryInline", "L/accessoryInline"])
    let filtered = try TestPeer(sink.endpoint)
    filtered.subscribe(",\"kinds\":[\"L\"]")
    // The current state of the subscribed kind (a K event would fail the last check).
    #expect(filtered.read { _ in !filtered.events.isEmpty })
    #expect(filtered.events.map(\.instance) == ["L/accessoryInline"])
    // A `types` filter keeps only those events: no entries in the state sent, and the reload
    // below arrives alone. An unknown type is refused, naming the types there are.
    let typed = try TestPeer(sink.endpoint)
    typed.subscribe(",\"types\":[\"reload\"]")
    let refused = try TestPeer(sink.endpoint)
    refused.send("{\"id\":\"s\",\"request\":\"subscribe\",\"types\":[\"entries\"]}\n")
    #expect(refused.read { _ in !refused.replies.isEmpty })
    #expect(refused.replies.first?.error?.code == "bad-request")
    #expect(
      refused.replies.first?.error?.message
        == "unknown event type 'entries' (types: action, activity, bundle, entry, error, "
        + "instance, open-url, reload, timeline, warning)")
    // Live events after the state: a reload request shows up for the subscribed kind only.
    // Both wait for the host, which runs on the cooperative pool: off it.
    let client = try ControlClient(endpoint: sink.endpoint)
    let result = await TestSupport.offThePool {
      Result { () throws(ControlClient.Failure) in
        try client.request(ControlRequest(request: "reload", kind: "L"))
      }
    }
    #expect(try result.get().reloaded == 1)
    #expect(
      await filtered.readOffThePool { _ in
        filtered.events.contains { event in
          if case .reload(let reload) = event.payload { reload.reason == .request } else { false }
        }
      })
    #expect(filtered.events.allSatisfy { $0.instance == nil || $0.instance == "L/accessoryInline" })
    #expect(await typed.readOffThePool { _ in !typed.events.isEmpty })
    #expect(!typed.events.isEmpty && typed.events.allSatisfy { $0.payload.type == "reload" })
  }
}

/// docs/schemas/control agrees with the code.
@Suite struct ControlSchemaTests {
  static func schema(_ name: String) throws -> [String: Any] {
    let url = TestSupport.repositoryRoot.appendingPathComponent(
      "docs/schemas/control/\(name).schema.json")
    return try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  @Test func errorCodesAndRequestsAreDocumented() throws {
    let reply = try Self.schema("reply")
    let properties = try #require(reply["properties"] as? [String: Any])
    let error = try #require(properties["error"] as? [String: Any])
    let code = try #require(
      (error["properties"] as? [String: Any])?["code"] as? [String: Any])
    let codes = Set(try #require(code["enum"] as? [String]))
    let controlErrors: [ControlError] = [
      .notRunning, .unknownKind("", known: ""), .unknownInstance("", known: ""),
      .unknownRegion("", instance: "", known: ""), .outsideGrid(x: 0, y: 0, grid: ""),
      .nothingShown(""), .nothingToOpen(""), .unknownParameter("", instance: "", kind: ""),
    ]
    // The activity refusals (the bundle's own failures are the stream's provider codes).
    for code in [
      "unknown-activity-type", "payload-too-large", "too-many-activities", "rate-limited",
      "unknown-activity", "activity-ended", "provider-failed", "provider-timeout", "bad-reply",
    ] {
      #expect(codes.contains(code), "\(code)")
    }
    for error in controlErrors { #expect(codes.contains(error.code), "\(error.code)") }
    for code in ["bad-request", "too-large", "unknown-request", "unauthorized"] {
      #expect(codes.contains(code))
    }
    let request = try Self.schema("request")
    let names = try #require(
      ((request["properties"] as? [String: Any])?["request"] as? [String: Any])?["enum"]
        as? [String])
    #expect(
      names == [
        "activity-end", "activity-list", "activity-start", "activity-update", "auth", "configure",
        "list", "reload", "subscribe", "tap",
      ])
    let lagged = try Self.schema("lagged")
    #expect(lagged["required"] as? [String] == ["type", "dropped"])
  }
}

@Suite struct SocketEndpointTests {
  @Test func sinkAndClientValuesParse() {
    let runtime = ["XDG_RUNTIME_DIR": "/run/user/1000"]
    #expect(
      SocketEndpoint.defaultPath(environment: runtime)
        == "/run/user/1000/widget-host/widget-host.sock")
    #expect(
      SocketEndpoint.defaultPath(environment: [:])
        == "/tmp/widget-host-\(getuid())/widget-host.sock")
    #expect(SocketEndpoint.parse(sink: "socket:/tmp/x.sock") == .unix("/tmp/x.sock"))
    #expect(SocketEndpoint.parse(sink: "tcp:127.0.0.1:7000") == .tcp(host: "127.0.0.1", port: 7000))
    #expect(SocketEndpoint.parse(sink: "tcp:7000") == .tcp(host: "127.0.0.1", port: 7000))
    #expect(SocketEndpoint.parse(sink: "tcp:localhost:7000") == nil, "an IPv4 address")
    #expect(SocketEndpoint.parse(sink: "tcp:127.0.0.1:99999") == nil)
    #expect(SocketEndpoint.parse(sink: "json") == nil)
    #expect(SocketEndpoint.parse(client: "/tmp/x.sock") == .unix("/tmp/x.sock"))
    #expect(SocketEndpoint.tcp(host: "127.0.0.1", port: 1).isLocal)
    #expect(!SocketEndpoint.tcp(host: "0.0.0.0", port: 1).isLocal)
  }
}

/// Hands a non-Sendable test object to the one thread that uses it next.
struct UnsafeTransfer<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
