import Foundation
import Synchronization
import Testing
import WidgetBundleRuntime
import WidgetSchema

@testable import WidgetBundleRuntime
@testable import WidgetHostCore

/// The calls of a bundle known to answer promptly, made together: the calls the scheduler
/// starts in one turn go on one task, one after another, and their results are applied
/// together, unless one of them was slow. A batch's calls are timed by a ``SteppedClock`` that
/// moves only when a call says it took time, so that no test depends on how busy the machine is.
@Suite struct SchedulerBatchTests {
  static let kinds = (0..<8).map { "K\($0)" }

  /// An instance of each of `kinds` of one bundle, added before the run loop starts, so that
  /// its first turn starts all their calls; what each call saw is recorded by `provider`.
  static func run(
    _ provider: RecordingProvider, kinds: [String] = kinds,
    archive: (any TimelineArchive)? = nil, ledger: (any BudgetLedger)? = nil
  ) async -> [SchedulerEvent] {
    let clock = VirtualClock(start: SchedulerTests.start)
    let log = EventLog()
    var configuration = Scheduler.Configuration()
    configuration.showsPlaceholders = false
    configuration.batchClock = provider.stopwatch
    let scheduler = Scheduler(
      clock: clock, provider: provider, configuration: configuration, ledger: ledger,
      archive: archive
    ) { event in log.events.withLock { $0.append(event) } }
    provider.log = log
    for kind in kinds {
      await scheduler.add(
        WidgetInstance(id: kind, key: TimelineKey(bundle: "b", kind: kind, family: .systemSmall)))
    }
    let loop = Task { await scheduler.run() }
    await scheduler.waitUntilIdle()
    loop.cancel()
    await loop.value
    return log.events.withLock { $0 }
  }

  static func shownKinds(_ events: [SchedulerEvent]) -> [String] {
    events.compactMap { event in
      guard case .entry(let key, _, _, .timeline, _, _) = event else { return nil }
      return key.kind
    }
  }

  @Test func aPromptBundlesCallsStartedTogetherAreMadeOnOneTaskAndAppliedTogether() async {
    let provider = RecordingProvider(prompt: true)
    let events = await Self.run(provider)
    let calls = provider.calls.withLock { $0 }
    #expect(calls.map(\.kind) == Self.kinds, "made in the order they were started")
    #expect(Set(calls.map(\.task)).count == 1, "one task for the eight calls")
    #expect(
      calls.allSatisfy { $0.timelinesApplied == 0 },
      "no result is applied before the last call of the batch returns")
    #expect(Self.shownKinds(events) == Self.kinds)
  }

  /// The timelines of results applied together are kept together (one sync of the disk),
  /// before any of them is shown.
  @Test func aBatchsTimelinesAreKeptInOneWriteBeforeAnyIsShown() async {
    final class Archive: TimelineArchive {
      let saves = Mutex<[(kinds: [String], entriesShownBefore: Int)]>([])
      let log: EventLog
      init(log: EventLog) { self.log = log }
      func save(
        _ timelines: [(timeline: Timeline, key: TimelineKey, instances: [String])],
        fetchedAt: Date
      ) {
        let shown = SchedulerBatchTests.shownKinds(log.events.withLock { $0 }).count
        saves.withLock { $0.append((timelines.map(\.key.kind), shown)) }
      }
    }
    let provider = RecordingProvider(prompt: true)
    let log = EventLog()
    let archive = Archive(log: log)
    let events = await Self.run(provider, archive: archive)
    log.events.withLock { $0 = events }
    let saves = archive.saves.withLock { $0 }
    #expect(saves.map(\.kinds) == [Self.kinds], "one write for the batch of eight")
    #expect(saves.first?.entriesShownBefore == 0, "before any entry is shown")
    #expect(Self.shownKinds(events) == Self.kinds)
  }

  /// The reloads planned as a batch's results are applied are noted together too: the ledger
  /// is written once for the batch, not once for each of its timelines.
  @Test func aBatchsPlannedReloadsAreNotedInOneWrite() async {
    final class Ledger: BudgetLedger {
      let notes = Mutex<[[PlannedReload]]>([])
      func reloads(of key: TimelineKey, since: Date) -> [Date] { [] }
      func recordReload(of key: TimelineKey, at date: Date, window: TimeInterval) {}
      func notePlannedReloads(_ plans: [PlannedReload]) { notes.withLock { $0.append(plans) } }
    }
    let ledger = Ledger()
    let events = await Self.run(RecordingProvider(prompt: true), ledger: ledger)
    let notes = ledger.notes.withLock { $0 }
    #expect(notes.map { $0.map(\.key.kind) } == [Self.kinds], "one write for the batch of eight")
    // Each timeline's policy is `.never`: reloaded only on request.
    #expect(notes.first?.allSatisfy { $0.reason == "policy" && $0.date == nil } == true)
    #expect(Self.shownKinds(events) == Self.kinds)
  }

  @Test func aBatchHoldsHalfOfTheBundlesCallsInFlight() async {
    // Sixteen calls in flight per bundle (the default): twelve started together go in a batch
    // of eight and one of four, on two tasks, so that one's calls are made while the other's
    // results are applied.
    let kinds = (0..<12).map { "K\($0)" }
    let provider = RecordingProvider(prompt: true)
    let events = await Self.run(provider, kinds: kinds)
    let calls = provider.calls.withLock { $0 }
    let tasks = Dictionary(grouping: calls, by: \.task).values.map { $0.map(\.kind) }
    #expect(tasks.count == 2)
    #expect(Set(tasks) == [Array(kinds.prefix(8)), Array(kinds.suffix(4))])
    #expect(Set(Self.shownKinds(events)) == Set(kinds))
  }

  @Test func otherwiseEachCallHasATaskOfItsOwn() async {
    let provider = RecordingProvider(prompt: false)
    let events = await Self.run(provider)
    let calls = provider.calls.withLock { $0 }
    #expect(Set(calls.map(\.kind)) == Set(Self.kinds))
    #expect(Set(calls.map(\.task)).count == Self.kinds.count)
    #expect(Set(Self.shownKinds(events)) == Set(Self.kinds))
  }

  @Test func resultsBeforeASlowCallAreAppliedBeforeTheCallsAfterIt() async {
    // The third call takes 5 ms, as a bundle's `call` known to be prompt still may once: the
    // two results before it are applied before the fourth call is made.
    let provider = RecordingProvider(prompt: true, slowCall: 2)
    let events = await Self.run(provider)
    let calls = provider.calls.withLock { $0 }
    #expect(calls.map(\.timelinesApplied) == [0, 0, 0, 3, 3, 3, 3, 3])
    #expect(Self.shownKinds(events) == Self.kinds)
  }

  @Test func theProviderAsksTheBundlesConnection() {
    let provider = BundleTimelineProvider(deadlines: HostOptions.Deadlines()) { _, _ in }
    #expect(!provider.callsPromptly(bundle: "b"), "no such bundle")
    let connection = PromptnessConnection()
    provider.add(connection, for: "b")
    #expect(!provider.callsPromptly(bundle: "b"))
    connection.prompt.store(true, ordering: .relaxed)
    #expect(provider.callsPromptly(bundle: "b"))
  }
}

/// Answers every timeline call with one entry at once, recording for each call its task and
/// how many timelines the scheduler had applied when it was made; the call numbered `slowCall`
/// moves `stopwatch` on by 5 ms, as if it had taken that long.
final class RecordingProvider: TimelineProviding, @unchecked Sendable {
  // Unchecked: `log` is set once before the scheduler runs.
  struct Call: Sendable {
    var kind: String
    var task: Int
    var timelinesApplied: Int
  }

  let prompt: Bool
  let slowCall: Int?
  let calls = Mutex<[Call]>([])
  let stopwatch = SteppedClock()
  var log = EventLog()

  init(prompt: Bool, slowCall: Int? = nil) {
    self.prompt = prompt
    self.slowCall = slowCall
  }

  func callsPromptly(bundle: String) -> Bool { prompt }

  func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure> {
    .success(SchedulerTests.entry(0, "placeholder"))
  }

  func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure> {
    let applied = log.events.withLock { events in
      events.count { if case .timeline = $0 { true } else { false } }
    }
    let task = withUnsafeCurrentTask { $0?.hashValue } ?? 0
    let number = calls.withLock { calls in
      calls.append(Call(kind: key.kind, task: task, timelinesApplied: applied))
      return calls.count - 1
    }
    if number == slowCall { stopwatch.advance(by: .milliseconds(5)) }
    return .success(SchedulerTests.timeline([(0, key.kind)], .never))
  }
}

/// A connection that only says whether its calls are prompt.
final class PromptnessConnection: BundleConnection {
  let prompt = Atomic(false)
  let description = BundleDescription(kinds: [])

  var callsPromptly: Bool { prompt.load(ordering: .relaxed) }

  func call(_ method: ProviderMethod, kind: String, context: ProviderContext)
    async throws(ProviderError) -> Data
  {
    throw .closed
  }

  func close() async {}
}

/// A clock that stands still until it is told how long something took.
final class SteppedClock: Clock {
  private let start = ContinuousClock.now
  private let elapsed = Mutex(Duration.zero)

  var now: ContinuousClock.Instant { start + elapsed.withLock { $0 } }
  var minimumResolution: Duration { .nanoseconds(1) }

  func advance(by duration: Duration) { elapsed.withLock { $0 += duration } }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
  }
}
