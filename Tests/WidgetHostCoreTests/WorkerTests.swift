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
      burst += try WorkerFrame.encode(reply)
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
    let half = try WorkerFrame.encode(log).prefix(7)
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
