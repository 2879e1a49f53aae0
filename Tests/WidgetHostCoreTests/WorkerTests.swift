import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// The worker-process loader (docs/isolation.md) with the real `widget-worker` executable.
@Suite struct WorkerTests {
  static let fixture = LoadingTests.fixture

  /// Services that also record incidents.
  final class IncidentServices: BundleServices {
    let base = RecordingServices()
    let incidents = Mutex<[BundleIncident]>([])
    var localeIdentifier: String { base.localeIdentifier }
    func log(bundle: String, level: BundleLogLevel, message: String) {
      base.log(bundle: bundle, level: level, message: message)
    }
    func now() -> Date { base.now() }
    func reload(bundle: String, kind: String?) { base.reload(bundle: bundle, kind: kind) }
    func report(_ incident: BundleIncident) { incidents.withLock { $0.append(incident) } }
  }

  static func loader() -> WorkerLoader {
    var loader = WorkerLoader(
      executable: TestSupport.product("widget-worker").path,
      quarantine: QuarantineStore(
        path: TestSupport.temporaryDirectory("state").appendingPathComponent("q.json").path))
    // Containers of this test only, never in the user's state folder.
    loader.containers = TestSupport.temporaryDirectory("containers").path
    return loader
  }

  @Test func framesRoundTripAndOversizedFramesAreRefused() throws {
    var frame = WorkerFrame(.reply, id: 7)
    frame.payload = Data("{\"a\":1}".utf8)
    frame.failure = .tooLarge(3)
    let data = try FrameChannel.encode(frame)
    let length = data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    #expect(length == data.count - 4)
    let decoded = try FrameChannel.decode(data.dropFirst(4))
    #expect(decoded.id == 7 && decoded.payload == frame.payload && decoded.failure == .tooLarge(3))
    var huge = WorkerFrame(.log)
    huge.message = String(repeating: "x", count: FrameChannel.maximumFrameBytes)
    #expect(throws: FrameError.self) { try FrameChannel.encode(huge) }
    // A reply at the limit fits.
    var largest = WorkerFrame(.reply, id: 1)
    largest.payload = Data(count: ReplyLimits.maximumBytes)
    #expect(throws: Never.self) { try FrameChannel.encode(largest) }
  }

  @Test func aSuccessfulReplyIsABinaryFrameWithThePayloadAsItIs() throws {
    var frame = WorkerFrame(.reply, id: 0x0102_0304_0506_0708)
    let payload = Data("{\"entries\":[],\"policy\":{\"type\":\"never\"}} \u{0}\u{FF}".utf8)
    frame.payload = payload
    let data = try FrameChannel.encode(frame)
    #expect(
      Array(data.prefix(13)) == [0, 0, 0, UInt8(payload.count + 9), 1, 1, 2, 3, 4, 5, 6, 7, 8])
    #expect(Data(data.dropFirst(13)) == payload)
    let decoded = try FrameChannel.decode(data.dropFirst(4))
    #expect(decoded.type == .reply && decoded.id == frame.id && decoded.payload == payload)
    #expect(decoded.failure == nil)
    // An empty reply, and a truncated one.
    frame.payload = Data()
    #expect(try FrameChannel.decode(FrameChannel.encode(frame).dropFirst(4)).payload == Data())
    #expect(throws: FrameError.self) { try FrameChannel.decode(Data([1, 0, 0])) }
    // Every other frame is still JSON.
    var log = WorkerFrame(.log)
    log.message = "m"
    #expect(try FrameChannel.encode(log).dropFirst(4).first == UInt8(ascii: "{"))
  }

  @Test func aCallIsABinaryFrameWithTheContextAsTheBundleGetsIt() throws {
    let context = try ProviderContext(family: .systemSmall).jsonBytes()
    var frame = WorkerFrame(.call, id: 0x0102_0304_0506_0708)
    frame.method = ProviderMethod.timeline.rawValue
    frame.kind = "Kïnd"
    frame.contextJSON = context
    let data = try FrameChannel.encode(frame)
    let kind = Array("Kïnd".utf8)
    // Marker, id, method, the time (NaN: the real clock), the kind's length.
    #expect(
      Array(data.prefix(29))
        == [0, 0, 0, UInt8(25 + kind.count + context.count), 2, 1, 2, 3, 4, 5, 6, 7, 8]
        + [0, 0, 0, 3, 0x7f, 0xf8, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(kind.count)])
    #expect(Array(data.dropFirst(29).prefix(kind.count)) == kind)
    #expect(Array(data.dropFirst(29 + kind.count)) == context)
    let decoded = try FrameChannel.decode(data.dropFirst(4))
    #expect(decoded.type == .call && decoded.id == frame.id && decoded.method == 3)
    #expect(decoded.kind == "Kïnd" && decoded.contextJSON == context && decoded.context == nil)
    #expect(decoded.time == nil)
    // A virtual clock's time travels exactly.
    var timed = frame
    timed.time = 1_767_225_600.25
    #expect(
      try FrameChannel.decode(FrameChannel.encode(timed).dropFirst(4)).time == 1_767_225_600.25)
    // Truncated, and a kind longer than the frame.
    #expect(throws: FrameError.self) { try FrameChannel.decode(data.dropFirst(4).prefix(24)) }
    var lying = Array(data.dropFirst(4))
    lying[24] = 0xff
    #expect(throws: FrameError.self) { try FrameChannel.decode(lying) }
    // A call without the context's bytes is JSON, as before.
    frame.contextJSON = nil
    frame.context = ProviderContext(family: .systemSmall)
    let json = try FrameChannel.decode(FrameChannel.encode(frame).dropFirst(4))
    #expect(json.context == frame.context && json.kind == "Kïnd" && json.contextJSON == nil)
  }

  @Test func framesAreReadThroughABufferWhateverTheirSizeAndGrouping() throws {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { close(pair[0]) }
    let reader = FrameChannel(descriptor: pair[0])
    let writer = FrameChannel(descriptor: pair[1])
    // Three frames in one write, then one larger than the buffer, then a small one again.
    var burst: [UInt8] = []
    for id in 1...3 as ClosedRange<UInt64> {
      var reply = WorkerFrame(.reply, id: id)
      reply.payload = Data(repeating: UInt8(id), count: Int(id) * 10)
      burst += try FrameChannel.encode(reply)
    }
    #expect(write(pair[1], burst, burst.count) == burst.count)
    for id in 1...3 as ClosedRange<UInt64> {
      let frame = try reader.receive()
      #expect(frame?.id == id && frame?.payload == Data(repeating: UInt8(id), count: Int(id) * 10))
    }
    var large = WorkerFrame(.reply, id: 4)
    large.payload = Data((0..<(FrameReader.initialCapacity * 3)).map { UInt8($0 % 251) })
    let sent = large
    let sender = Thread { try? writer.send(sent) }
    sender.start()
    #expect(try reader.receive()?.payload == large.payload)
    var log = WorkerFrame(.log)
    log.message = "after"
    try writer.send(log)
    #expect(try reader.receive()?.message == "after")
    // The end of the stream between frames, and inside one.
    let half = try FrameChannel.encode(log).prefix(7)
    #expect(write(pair[1], Array(half), half.count) == half.count)
    close(pair[1])
    let error = #expect(throws: FrameError.self) { try reader.receive() }
    #expect(error?.description == "a malformed frame: the stream ended inside a frame")
  }

  @Test func theEndOfTheStreamBetweenFramesIsNil() throws {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { close(pair[0]) }
    close(pair[1])
    #expect(try FrameChannel(descriptor: pair[0]).receive() == nil)
  }

  @Test func aWorkerReadsTheSystemClockItselfWhenTheHostsClockIsThatClock() async throws {
    final class SystemClockServices: BundleServices {
      let asked = Mutex(0)
      let localeIdentifier = "en-US"
      var clockIsSystemClock: Bool { true }
      func log(bundle: String, level: BundleLogLevel, message: String) {}
      func now() -> Date {
        asked.withLock { $0 += 1 }
        return Date()
      }
      func reload(bundle: String, kind: String?) {}
    }
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let services = SystemClockServices()
    let connection = try await Self.loader().load(
      try BundleSource.open(library.path), services: services)
    let before = Date()
    let reply = try await connection.call(
      .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    await connection.close()
    let date = try #require(try WidgetJSON.decode(Timeline.self, from: reply).entries.first?.date)
    #expect(abs(date.timeIntervalSince(before)) < 60, "the system clock: \(date) vs \(before)")
    #expect(services.asked.withLock { $0 } == 0, "the worker did not ask the host")
  }

  /// A worker holds none of the host process's descriptors but its two sockets (and 0, 1, 2):
  /// a pipe the host has open without close-on-exec (as `accept`, Foundation's `Pipe` and
  /// libraries make them) still ends for its reader when the host closes its end, while the
  /// worker runs.
  @Test func aWorkerHoldsNoneOfTheHostsOtherDescriptors() async throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let connection = try await Self.loader().load(
      try BundleSource.open(library.path), services: RecordingServices())
    let worker = try #require((connection as? WorkerBundle)?.currentWorker)
    close(ends[1])
    var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
    // Bounded: a reader of a pipe that a worker holds open would wait for ever.
    let ready = poll(&reader, 1, 5000)
    #expect(ready == 1, "the pipe ended")
    var byte: UInt8 = 0
    if ready == 1 { #expect(read(ends[0], &byte, 1) == 0) }
    #expect(kill(worker.pid, 0) == 0, "with the worker running")
    await connection.close()
  }

  @Test func restartsBackOffAndTheThirdCrashInAMinuteQuarantines() {
    let policy = CrashPolicy()
    var history = CrashPolicy.History()
    let start = Date(timeIntervalSince1970: 0)
    #expect(policy.crashed(&history, at: start, startedAt: start) == .restart(after: 1))
    #expect(
      policy.crashed(&history, at: start + 5, startedAt: start + 1) == .restart(after: 2))
    #expect(policy.crashed(&history, at: start + 30, startedAt: start + 7) == .quarantine)
    // Spread out, crashes back off up to 60 s without quarantine.
    var spread = CrashPolicy.History()
    var delays: [CrashPolicy.Decision] = []
    for minute in 0..<8 {
      let now = start + Double(minute) * 61
      delays.append(policy.crashed(&spread, at: now, startedAt: now - 1))
    }
    #expect(
      delays.map { if case .restart(let d) = $0 { d } else { -1 } } == [1, 2, 4, 8, 16, 32, 60, 60])
    // A worker that ran ten minutes starts the backoff over.
    #expect(
      policy.crashed(&spread, at: start + 10_000, startedAt: start + 9_000) == .restart(after: 1))
  }

  @Test func aWorkerUsesTheHostClockAndRestartsAfterACrash() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let services = IncidentServices()
    let connection = try await Self.loader().load(
      try BundleSource.open(library.path), services: services)
    let context = ProviderContext(family: .systemSmall)
    let reply = try await connection.call(.timeline, kind: "Good", context: context)
    let timeline = try WidgetJSON.decode(Timeline.self, from: reply)
    #expect(timeline.entries.first?.date == RecordingServices.start, "the host's clock")

    await #expect(throws: ProviderError.crashed("killed by SIGSEGV")) {
      try await connection.call(.timeline, kind: "Segv", context: context)
    }
    #expect(services.incidents.withLock { $0.map(\.code) } == ["bundle-crashed"])
    await #expect(throws: ProviderError.self) {
      try await connection.call(.timeline, kind: "Good", context: context)
    }
    // The restart comes after a 1 s delay; on a loaded machine spawning the worker takes a
    // while longer, so keep asking (bounded) rather than guess a time.
    var again: Data?
    for _ in 0..<200 where again == nil {
      try await Task.sleep(for: .milliseconds(100))
      again = try? await connection.call(.timeline, kind: "Good", context: context)
    }
    #expect(again?.isEmpty == false, "restarted after the 1 s delay")
    await connection.close()
    await #expect(throws: ProviderError.closed) {
      try await connection.call(.timeline, kind: "Good", context: context)
    }
  }

  @Test func aBundleThatHangsWhileLoadingIsKilledAfterTheLoadDeadline() async throws {
    let library = try TestSupport.compileSharedLibrary(
      Self.fixture, defines: ["FIXTURE_HANG_ON_LOAD"])
    var loader = Self.loader()
    loader.loadDeadline = 0.5
    await #expect(
      throws: BundleError.workerFailed(
        path: library.path, reason: "the bundle did not finish loading within 0.5 s")
    ) {
      _ = try await loader.load(try BundleSource.open(library.path), services: RecordingServices())
    }
  }

  @Test func theHostRefusesAnOversizedFrame() throws {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer {
      close(pair[0])
      close(pair[1])
    }
    let header: [UInt8] = [0x7f, 0xff, 0xff, 0xff]
    #expect(write(pair[1], header, 4) == 4)
    #expect(throws: FrameError.self) { try FrameChannel(descriptor: pair[0]).receive() }
    #expect(
      FrameError.tooLarge(0x7fff_ffff).description
        == "a frame of 2147483647 bytes exceeds the limit of 23418200 bytes")
  }

  @Test func aLoadFailureInTheWorkerIsTheSameBundleError() async throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture, defines: ["FIXTURE_REFUSE"])
    let source = try BundleSource.open(library.path)
    var inProcess: BundleError?
    do { _ = try await InProcessLoader().load(source, services: RecordingServices()) } catch {
      inProcess = error
    }
    var worker: BundleError?
    do { _ = try await Self.loader().load(source, services: RecordingServices()) } catch {
      worker = error
    }
    #expect(inProcess != nil)
    #expect(worker == inProcess)
  }
}
