import CWidgetABI
import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// Loading real C libraries: ABI negotiation, replies from any thread, exactly-once replies,
/// host table services.
@Suite struct LoadingTests {
  static let fixture = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c")

  func load(_ defines: [String] = [], services: RecordingServices = RecordingServices())
    async throws
    -> any BundleConnection
  {
    let library = try TestSupport.compileSharedLibrary(Self.fixture, defines: defines)
    let source = try BundleSource.open(library.path)
    return try await InProcessLoader().load(source, services: services)
  }

  func loadError(_ defines: [String]) async throws -> String {
    do {
      let connection = try await load(defines)
      await connection.close()
    } catch let error as BundleError {
      return error.description
    }
    Issue.record("expected the bundle to be refused")
    return ""
  }

  @Test func loadsAndDescribes() async throws {
    let connection = try await load()
    #expect(
      connection.description.kinds.map(\.kind) == [
        "Good", "Twice", "Fail", "Garbage", "Later", "Reloader", "Never", "Chatty", "Huge",
        "Ancient", "Many", "Segv", "Abort", "Exit", "Hog", "Once", "Configurable",
      ])
    // The configurable kind's parameter schema arrives whole.
    let configurable = connection.description.kinds.last?.configuration
    #expect(
      configurable?.parameters.map(\.type) == [
        .string, .int, .double, .bool, .date, .enum, .entity,
      ])
    #expect(configurable?.parameters.last?.required == true)
    #expect(
      configurable?.parameters.first { $0.type == .enum }?.cases?.map(\.value) == [
        "red", "green", "blue",
      ])
    await connection.close()
  }

  @Test func theHostsVersionIsTheHeaders() {
    #expect(
      ABIVersion.current
        == ABIVersion(major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)))
  }

  @Test func refusesAnotherMajorVersion() async throws {
    let message = try await loadError(["FIXTURE_MAJOR=2"])
    #expect(
      message.contains(
        "the bundle was built for ABI 2.\(WK_ABI_VERSION_MINOR); this host implements ABI \(ABIVersion.current)"
      ),
      "\(message)")
  }

  @Test func refusesATooSmallTable() async throws {
    let message = try await loadError(["FIXTURE_STRUCT_SIZE=16"])
    #expect(
      message.contains(
        "wk_bundle.struct_size is 16 bytes; ABI 1.0 needs at least 56"
      ),
      "\(message)")
  }

  /// The growth rule (docs/abi.md): a 1.0 bundle's table of exactly ABI 1.0's size, and a
  /// table larger than this header's from a bundle of a later minor version (fields the host
  /// does not know appended), both load; the host reads only the fields it knows.
  @Test(arguments: [(size: 56, minor: 0), (size: 56 + 64, minor: 9)])
  func acceptsTheTableOfEveryMinorVersion(_ table: (size: Int, minor: Int)) async throws {
    #expect(wk_bundle_size_1_0() == 56)
    let connection = try await load([
      "FIXTURE_STRUCT_SIZE=\(table.size)", "FIXTURE_MINOR=\(table.minor)",
    ])
    #expect(connection.description.kinds.contains { $0.kind == "Good" })
    await connection.close()
  }

  @Test func reportsRefusalAndMissingEntry() async throws {
    #expect(try await loadError(["FIXTURE_REFUSE"]).contains("wk_bundle_entry returned NULL"))
    #expect(try await loadError(["FIXTURE_NO_ENTRY"]).contains("does not export wk_bundle_entry"))
  }

  @Test func reportsAnInvalidDescription() async throws {
    let message = try await loadError([
      #"FIXTURE_DESCRIPTION="{\"kinds\":[{\"kind\":\"A\",\"families\":[\"big\"]}]}""#
    ])
    #expect(message.contains("describe: kinds[0].families[0]: unknown value 'big'"), "\(message)")
  }

  @Test func callsReplyWithJSON() async throws {
    let services = RecordingServices()
    let connection = try await load(services: services)
    let data = try await connection.call(
      .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    let timeline = try WidgetJSON.decode(Timeline.self, from: data)
    #expect(timeline.entries.count == 3)
    #expect(timeline.policy == .atEnd)
    // The bundle dated its entries with the host's clock.
    #expect(
      timeline.entries[0].date
        == Date(timeIntervalSince1970: RecordingServices.start.timeIntervalSince1970.rounded(.down))
    )
    await connection.close()
  }

  @Test func blockingCallsEachHoldOnlyTheirOwnThread() async throws {
    // Every `call` of this build blocks until all the calls below are inside `call` at once
    // (or fails after 2 s): more calls than the machine has cores. Calls not yet known to
    // return promptly run on threads of their own, which Dispatch does not limit to one per
    // core as it does the cooperative pool (where a blocking call held the host's tasks).
    let calls = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
    let connection = try await load(["FIXTURE_BLOCKING_CALLS=\(calls)"])
    let failures = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<calls {
        // Started on the call executor, so that no thread of the (shared) pool is needed.
        group.addTask(executorPreference: BundleCallExecutor.shared) {
          do {
            _ = try await connection.call(
              .placeholder, kind: "Good", context: ProviderContext(family: .systemSmall))
            return nil
          } catch {
            return "\(error)"
          }
        }
      }
      var failures: [String] = []
      for await failure in group { if let failure { failures.append(failure) } }
      return failures
    }
    #expect(failures.isEmpty)
    await connection.close()
  }

  @Test func promptCallsKeepReplyingOnceTheyRunInline() async throws {
    // Past the probation, calls run on the calling thread: replies sent from inside `call`
    // and from the bundle's own thread later both still arrive.
    let connection = try await load()
    for _ in 0..<CallRouting.probation + 4 {
      let now = try await connection.call(
        .placeholder, kind: "Good", context: ProviderContext(family: .systemSmall))
      #expect(try WidgetJSON.decode(Entry.self, from: now).view != .empty)
      let later = try await connection.call(
        .placeholder, kind: "Later", context: ProviderContext(family: .systemSmall))
      #expect(
        try WidgetJSON.decode(Entry.self, from: later).view
          == .text(TextNode(runs: [.verbatim("placeholder")])))
    }
    await connection.close()
  }

  @Test func replyFromAnotherThreadLater() async throws {
    let connection = try await load()
    let data = try await connection.call(
      .placeholder, kind: "Later", context: ProviderContext(family: .systemSmall))
    #expect(
      try WidgetJSON.decode(Entry.self, from: data).view
        == .text(TextNode(runs: [.verbatim("placeholder")])))
    await connection.close()
  }

  @Test func errorStatusesBecomeErrors() async throws {
    let connection = try await load()
    await #expect(throws: ProviderError.failed("backend unreachable")) {
      try await connection.call(
        .timeline, kind: "Fail", context: ProviderContext(family: .systemSmall))
    }
    await #expect(throws: ProviderError.invalid("unknown kind")) {
      try await connection.call(
        .timeline, kind: "Nope", context: ProviderContext(family: .systemSmall))
    }
    await connection.close()
  }

  @Test func aSecondReplyIsReportedAndIgnored() async throws {
    let services = RecordingServices()
    let connection = try await load(services: services)
    let data = try await connection.call(
      .timeline, kind: "Twice", context: ProviderContext(family: .systemSmall))
    #expect(!data.isEmpty)
    let logs = services.logs.withLock { $0 }
    #expect(
      logs.contains {
        $0.level == .error && $0.message.contains("a reply must be sent exactly once")
      })
    await connection.close()
  }

  @Test func reloadRequestsReachTheHost() async throws {
    let services = RecordingServices()
    let connection = try await load(services: services)
    _ = try await connection.call(
      .timeline, kind: "Reloader", context: ProviderContext(family: .systemSmall))
    #expect(services.reloads.withLock { $0 }.map(\.kind) == ["Good"])
    await connection.close()
  }

  @Test func aCancelledCallIsAbandonedAndItsLateReplyIgnored() async throws {
    let services = RecordingServices()
    let connection = try await load(services: services)
    let call = Task {
      try await connection.call(
        .timeline, kind: "Never", context: ProviderContext(family: .systemSmall))
    }
    try await Task.sleep(for: .milliseconds(50))
    call.cancel()
    await #expect(throws: ProviderError.abandoned) { try await call.value }
    await connection.close()
  }

  @Test func aCancelledInlineCallIsAbandoned() async throws {
    // Past the probation the call runs on the calling thread; a reply that has not come when
    // `call` returns is waited for, and cancelling the wait abandons the call.
    let connection = try await load()
    for _ in 0..<CallRouting.probation {
      _ = try await connection.call(
        .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    }
    let waiting = Task {
      try await connection.call(
        .timeline, kind: "Never", context: ProviderContext(family: .systemSmall))
    }
    try await Task.sleep(for: .milliseconds(50))
    waiting.cancel()
    await #expect(throws: ProviderError.abandoned) { try await waiting.value }
    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await connection.call(
        .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    }
    await #expect(throws: ProviderError.abandoned) { try await cancelledFirst.value }
    // The connection still serves calls on the calling thread.
    _ = try await connection.call(
      .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    await connection.close()
  }

  @Test func closingWhileCallsStartNeverCallsADestroyedBundle() async throws {
    // Calls start on the executor's threads while the bundle closes: each gets its reply or
    // `.closed`, and none reaches the bundle after its destroy.
    for _ in 0..<20 {
      let connection = try await load(["FIXTURE_COUNT_DESTROYS"])
      let failures = await withTaskGroup(of: String?.self) { group in
        for _ in 0..<8 {
          group.addTask {
            for _ in 0..<20 {
              do {
                _ = try await connection.call(
                  .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
              } catch ProviderError.closed {
                return nil
              } catch {
                return "\(error)"
              }
            }
            return nil
          }
        }
        try? await Task.sleep(for: .milliseconds(1))
        await connection.close()
        var failures: [String] = []
        for await failure in group { if let failure { failures.append(failure) } }
        return failures
      }
      #expect(failures.isEmpty)
    }
  }

  @Test func oversizedRepliesAreRefusedUncopied() async throws {
    let connection = try await load()
    await #expect(throws: ProviderError.tooLarge(20 << 20)) {
      try await connection.call(
        .timeline, kind: "Huge", context: ProviderContext(family: .systemSmall))
    }
    await connection.close()
  }

  @Test func callsAfterCloseFail() async throws {
    let connection = try await load()
    await connection.close()
    await #expect(throws: ProviderError.closed) {
      try await connection.call(
        .timeline, kind: "Good", context: ProviderContext(family: .systemSmall))
    }
  }
}

/// Services that record what bundles asked for, on a fixed clock.
final class RecordingServices: BundleServices {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  struct Log: Sendable {
    var level: BundleLogLevel
    var message: String
  }
  struct Reload: Sendable {
    var bundle: String
    var kind: String?
  }
  let logs = Mutex<[Log]>([])
  let reloads = Mutex<[Reload]>([])
  let localeIdentifier = "en-US"

  func log(bundle: String, level: BundleLogLevel, message: String) {
    logs.withLock { $0.append(Log(level: level, message: message)) }
  }

  func now() -> Date { Self.start }

  func reload(bundle: String, kind: String?) {
    reloads.withLock { $0.append(Reload(bundle: bundle, kind: kind)) }
  }
}
