import Foundation
import Synchronization
import Testing
import WidgetSchema

@testable import WidgetHostCore

/// The scheduler on a virtual clock: entry selection, the three policies, sharing, failures.
@Suite struct SchedulerTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func entry(_ offset: TimeInterval, _ label: String) -> Entry {
    Entry(date: start.addingTimeInterval(offset), view: .text(TextNode(runs: [.verbatim(label)])))
  }

  static func timeline(_ entries: [(TimeInterval, String)], _ policy: ReloadPolicy) -> Timeline {
    Timeline(entries: entries.map { entry($0.0, $0.1) }, policy: policy)
  }

  let key = TimelineKey(bundle: "b", kind: "K", family: .systemSmall)

  // MARK: Pure rules

  @Test func entrySelection() {
    let entries = [
      Self.entry(-60, "a"), Self.entry(0, "b"), Self.entry(0, "c"), Self.entry(60, "d"),
    ]
    let at = { TimelineMath.currentIndex(of: entries, at: Self.start.addingTimeInterval($0)) }
    #expect(at(-120) == 0, "none has passed: the first")
    #expect(at(-60) == 0, "a date equal to now has passed")
    #expect(at(-1) == 0)
    #expect(at(0) == 2, "of equal dates, the last")
    #expect(at(59) == 2)
    #expect(at(60) == 3)
    #expect(at(1e9) == 3)
    #expect(TimelineMath.currentIndex(of: [], at: Self.start) == nil)
    #expect(
      TimelineMath.nextTransition(of: entries, after: Self.start)
        == Self.start.addingTimeInterval(60))
    #expect(
      TimelineMath.nextTransition(of: entries, after: Self.start.addingTimeInterval(-120))
        == Self.start)
    #expect(
      TimelineMath.nextTransition(of: entries, after: Self.start.addingTimeInterval(60)) == nil)
  }

  @Test func reloadDates() {
    let now = Self.start
    let entries = [Self.entry(0, "a"), Self.entry(3600, "b")]
    func next(_ policy: ReloadPolicy, _ entries: [Entry]) -> Date? {
      TimelineMath.nextReload(policy: policy, entries: entries, fetchedAt: now, minimumInterval: 60)
    }
    #expect(next(.atEnd, entries) == now.addingTimeInterval(3600))
    #expect(next(.atEnd, [Self.entry(-100, "old")]) == now.addingTimeInterval(60))
    #expect(next(.atEnd, []) == now.addingTimeInterval(60), "an empty timeline must not spin")
    #expect(next(.after(now.addingTimeInterval(600)), entries) == now.addingTimeInterval(600))
    #expect(next(.after(now.addingTimeInterval(-3600)), entries) == now.addingTimeInterval(60))
    #expect(next(.after(now.addingTimeInterval(10)), entries) == now.addingTimeInterval(60))
    #expect(next(.never, entries) == nil)
  }

  @Test func sortingKeepsOrderAmongEqualDates() {
    let (sorted, wasSorted) = TimelineMath.sorted([
      Self.entry(10, "x"), Self.entry(0, "a"), Self.entry(0, "b"),
    ])
    #expect(!wasSorted)
    #expect(sorted.map(\.view) == ["a", "b", "x"].map { .text(TextNode(runs: [.verbatim($0)])) })
  }

  // MARK: Running

  @Test func showsTheCurrentEntryAndAdvancesWithoutCallingTheProvider() async {
    // About timeline entries: the placeholder, shown when it arrives first, is left out.
    let harness = Harness(placeholders: false) { _, _ in
      .success(Self.timeline([(-60, "a"), (60, "b"), (120, "c")], .never))
    }
    await harness.add("one", key)
    await harness.settle()
    #expect(harness.shown() == ["a"])
    await harness.advance(by: 59)
    #expect(harness.shown() == ["a"])
    await harness.advance(by: 1)
    #expect(harness.shown() == ["a", "b"])
    await harness.advance(by: 3600)
    #expect(harness.shown() == ["a", "b", "c"])
    #expect(harness.calls() == 1)
    await harness.stop()
  }

  @Test func entriesAllInTheFutureShowTheFirst() async {
    // About timeline entries: the placeholder, shown when it arrives first, is left out.
    let harness = Harness(placeholders: false) { _, _ in
      .success(Self.timeline([(100, "first"), (200, "second")], .never))
    }
    await harness.add("one", key)
    await harness.settle()
    #expect(harness.shown() == ["first"])
    await harness.advance(by: 100)
    #expect(harness.shown() == ["first"], "its own date changes nothing")
    await harness.advance(by: 100)
    #expect(harness.shown() == ["first", "second"])
    await harness.stop()
  }

  @Test func atEndReloadsAfterTheLastEntry() async {
    // About timeline entries: the placeholder, shown when it arrives first, is left out.
    let harness = Harness(placeholders: false) { _, call in
      .success(
        Self.timeline(
          [(Double(call) * 3600, "t\(call)a"), (Double(call) * 3600 + 3600, "t\(call)b")], .atEnd))
    }
    await harness.add("one", key)
    await harness.settle()
    #expect(harness.nextReloads() == [Self.start.addingTimeInterval(3600)])
    await harness.advance(by: 3599)
    #expect(harness.calls() == 1)
    await harness.advance(by: 1)
    #expect(harness.calls() == 2)
    #expect(harness.reasons() == [.initial, .policy])
    #expect(
      harness.shown() == ["t0a", "t0b", "t1a"], "the last entry shows until the new timeline")
    await harness.stop()
  }

  @Test func afterReloadsAtItsDate() async {
    let harness = Harness { _, _ in
      .success(Self.timeline([(0, "a")], .after(Self.start.addingTimeInterval(600))))
    }
    await harness.add("one", key)
    await harness.settle()
    await harness.advance(by: 599)
    #expect(harness.calls() == 1)
    await harness.advance(by: 1)
    #expect(harness.calls() == 2)
    await harness.stop()
  }

  @Test func neverReloadsOnlyOnRequest() async {
    let harness = Harness { _, _ in .success(Self.timeline([(0, "a")], .never)) }
    await harness.add("one", key)
    await harness.settle()
    #expect(harness.nextReloads() == [nil])
    await harness.advance(by: 7 * 86_400)
    #expect(harness.calls() == 1)
    #expect(
      await harness.scheduler.nextDueDate == nil, "nothing is due: the loop sleeps until woken")
    await harness.scheduler.reload(bundle: "b", kind: "K")
    await harness.settle()
    #expect(harness.calls() == 2)
    #expect(harness.reasons() == [.initial, .request])
    await harness.scheduler.reload(bundle: "b", kind: "Other")
    await harness.scheduler.reload(bundle: "other", kind: nil)
    await harness.settle()
    #expect(harness.calls() == 2, "requests for other kinds or bundles do not reload")
    await harness.stop()
  }

  @Test func afterInThePastDoesNotSpin() async {
    let harness = Harness { _, _ in
      .success(Self.timeline([(0, "a")], .after(Self.start.addingTimeInterval(-3600))))
    }
    await harness.add("one", key)
    await harness.settle()
    #expect(harness.calls() == 1)
    #expect(await harness.scheduler.nextDueDate == Self.start.addingTimeInterval(60))
    for _ in 0..<300 { await harness.advance(by: 1) }
    #expect(harness.calls() == 6, "one fetch a minute: at 0, 60, 120, 180, 240, 300")
    await harness.stop()
  }

  @Test func emptyTimelineShowsNothingNewAndRetriesLater() async {
    let harness = Harness { _, _ in .success(Timeline(entries: [], policy: .atEnd)) }
    await harness.add("one", key)
    await harness.settle()
    #expect(harness.shown() == ["placeholder"], "the placeholder stays")
    #expect(harness.nextReloads() == [Self.start.addingTimeInterval(60)])
    await harness.stop()
  }

  @Test func identicalInstancesShareOneCall() async {
    let harness = Harness { _, _ in .success(Self.timeline([(0, "a"), (60, "b")], .never)) }
    await harness.add("one", key)
    await harness.add("two", key)
    await harness.add("medium", TimelineKey(bundle: "b", kind: "K", family: .systemMedium))
    await harness.settle()
    #expect(harness.calls() == 2, "one call for the two small instances, one for the medium")
    let small = harness.entryInstances(for: key)
    #expect(small == [["one", "two"]])
    await harness.add("three", key)
    #expect(
      harness.entryInstances(for: key) == [["one", "two"], ["three"]],
      "a late instance gets the current entry")
    #expect(harness.calls() == 2)
    await harness.advance(by: 60)
    #expect(harness.entryInstances(for: key).last == ["one", "two", "three"])
    await harness.stop()
  }

  @Test func failureShowsThePlaceholderAndRetriesWithBackoff() async {
    let harness = Harness(placeholders: false) { _, call in
      call < 2
        ? .failure(ProviderFailure(code: "provider-failed", message: "down"))
        : .success(Self.timeline([(0, "ok")], .never))
    }
    await harness.add("one", key)
    await harness.scheduler.waitUntilSettled()
    await harness.settle()
    #expect(harness.failures() == ["down"])
    #expect(harness.shown() == ["placeholder"])
    await harness.advance(by: 30)
    #expect(harness.calls() == 2)
    await harness.advance(by: 59)
    #expect(harness.calls() == 2, "the second retry waits twice as long")
    await harness.advance(by: 1)
    #expect(harness.calls() == 3)
    #expect(harness.shown() == ["placeholder", "ok"])
    #expect(harness.reasons() == [.initial, .retry, .retry])
    await harness.stop()
  }

  @Test func aFailedReloadMarksTheShownEntryStaleUntilANewTimeline() async {
    let harness = Harness(placeholders: false) { _, call in
      call == 1
        ? .failure(ProviderFailure(code: "provider-failed", message: "down"))
        : .success(Self.timeline([(0, "t\(call)")], .after(Self.start.addingTimeInterval(600))))
    }
    await harness.add("one", key)
    await harness.settle()
    await harness.advance(by: 600)
    #expect(harness.failures() == ["down"])
    await harness.advance(by: 30)
    #expect(harness.shown() == ["t0", "t0", "t2"])
    #expect(harness.staleFlags() == [false, true, false])
    await harness.stop()
  }

  @Test func reloadsOverBudgetAreDeferredAndReported() async {
    let harness = Harness(budget: 3) { _, call in
      .success(
        Self.timeline(
          [(Double(call) * 60, "t\(call)")],
          .after(Self.start.addingTimeInterval(Double(call + 1) * 60))))
    }
    await harness.add("one", key)
    await harness.settle()
    for _ in 0..<5 { await harness.advance(by: 60) }
    #expect(harness.calls() == 4, "the first reload is free, then 3 budgeted ones")
    #expect(harness.budgets() == [3, 2, 1, 0])
    #expect(harness.deferrals() == [Self.start.addingTimeInterval(60 + 86_400)])
    #expect(
      harness.shown() == ["placeholder", "t0", "t1", "t2", "t3", "t3"],
      "the entry that was due for a reload shows again, stale")
    #expect(harness.staleFlags() == [false, false, false, false, false, true])
    await harness.scheduler.reload(bundle: "b", kind: nil)
    await harness.settle()
    #expect(harness.calls() == 5, "a requested reload is free")
    #expect(harness.staleFlags().last == false, "a fresh timeline is not stale")
    await harness.advance(by: 86_400)
    #expect(harness.calls() == 6, "the deferred reload runs once the window has room")
    await harness.stop()
  }

  @Test func placeholderFirstThenTimeline() async {
    let gate = Gate()
    let harness = Harness { _, _ in
      await gate.wait()
      return .success(Self.timeline([(0, "real")], .never))
    }
    await harness.add("one", key)
    while harness.shown().isEmpty { await Task.yield() }
    #expect(harness.shown() == ["placeholder"])
    await gate.open()
    await harness.settle()
    #expect(harness.shown() == ["placeholder", "real"])
    await harness.stop()
  }

  @Test func requestedReloadsPastTheRateLimitWaitForTheMinute() async {
    let harness = Harness(requestedCallsPerMinute: 2) { _, _ in
      .success(Self.timeline([(0, "t")], .never))
    }
    await harness.add("one", key)
    await harness.settle()
    for _ in 0..<3 {
      await harness.scheduler.reload(bundle: "b", kind: nil)
      await harness.settle()
    }
    #expect(harness.calls() == 3, "the first timeline and two requested reloads")
    let limits = harness.rateLimits()
    #expect(limits.map(\.limit) == ["2 requested reloads per minute"])
    #expect(limits.first?.until == Self.start.addingTimeInterval(60))
    #expect(harness.staleFlags().last == true, "what shows waits for a put-off reload: stale")
    await harness.advance(by: 60)
    #expect(harness.calls() == 4, "the deferred reload, once the minute is over")
    #expect(harness.staleFlags().last == false)
    await harness.stop()
  }

  @Test func replyBytesPastTheRateLimitHoldTheBundlesReloads() async {
    let harness = Harness(
      replyBytes: 400, requestedCallsPerMinute: nil, replyBytesPerMinute: 1_000
    ) { _, _ in .success(Self.timeline([(0, "t")], .never)) }
    await harness.add("one", key)
    await harness.settle()
    for _ in 0..<4 {
      await harness.scheduler.reload(bundle: "b", kind: nil)
      await harness.settle()
    }
    #expect(harness.calls() == 3, "1,200 bytes in the minute: the reloads after wait")
    #expect(harness.rateLimits().map(\.limit) == ["1000 bytes of replies per minute"])
    await harness.advance(by: 60)
    #expect(harness.calls() == 4, "one reload for the requests that waited")
    await harness.stop()
  }

  @Test func providerCallsAreCountedPerKeyAndOutliveTheirInstances() async {
    let harness = Harness { _, _ in .success(Self.timeline([(0, "t")], .never)) }
    let other = TimelineKey(bundle: "b", kind: "Other", family: .systemSmall)
    await harness.add("one", key)
    await harness.add("two", other)
    await harness.settle()
    await harness.scheduler.reload(bundle: "b", kind: "K")
    await harness.settle()
    await harness.scheduler.remove(instance: "one")
    await harness.add("one", key)
    await harness.settle()
    let counted = harness.provider.callsByKey.withLock { $0 }
    #expect(counted[key] == 5, "a placeholder and a timeline per group, and the reload's")
    #expect(await harness.scheduler.providerCalls() == counted)
    await harness.stop()
  }
}

/// A scheduler on a virtual clock with a scripted provider, recording everything it emits.
final class Harness: Sendable {
  typealias Script = @Sendable (TimelineKey, Int) async -> Result<Timeline, ProviderFailure>

  let clock = VirtualClock(start: SchedulerTests.start)
  let log = EventLog()
  let provider: ScriptedProvider
  let scheduler: Scheduler
  let loop: Task<Void, Never>

  init(
    placeholders: Bool = true, budget: Int? = 70, ledger: (any BudgetLedger)? = nil,
    replyBytes: Int = 0, requestedCallsPerMinute: Int? = 60, replyBytesPerMinute: Int? = 64 << 20,
    script: @escaping Script
  ) {
    provider = ScriptedProvider(replyBytes: replyBytes, script: script)
    var configuration = Scheduler.Configuration()
    configuration.showsPlaceholders = placeholders
    configuration.budget = budget
    configuration.requestedCallsPerMinute = requestedCallsPerMinute
    configuration.replyBytesPerMinute = replyBytesPerMinute
    let log = self.log
    scheduler = Scheduler(
      clock: clock, provider: provider, configuration: configuration, ledger: ledger
    ) { event in
      log.events.withLock { $0.append(event) }
    }
    let scheduler = self.scheduler
    loop = Task { await scheduler.run() }
  }

  func add(_ id: String, _ key: TimelineKey) async {
    await scheduler.add(WidgetInstance(id: id, key: key))
  }

  func settle() async { await scheduler.waitUntilIdle() }

  func advance(by seconds: TimeInterval) async {
    clock.advance(by: seconds)
    await settle()
  }

  func stop() async {
    loop.cancel()
    await loop.value
  }

  func calls() -> Int { provider.timelineCalls.withLock { $0 } }

  func shown() -> [String] {
    log.events.withLock { events in
      events.compactMap { event -> String? in
        guard case .entry(_, _, let entry, _, _, _) = event, case .text(let text) = entry.view,
          case .verbatim(let label)? = text.runs.first?.content
        else { return nil }
        return label
      }
    }
  }

  func budgets() -> [Int?] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .timeline(_, _, _, _, let budgetLeft) = event else { return nil }
        return .some(budgetLeft)
      }
    }
  }

  func deferrals() -> [Date] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .deferred(_, _, let until, _) = event else { return nil }
        return until
      }
    }
  }

  func staleFlags() -> [Bool] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .entry(_, _, _, _, _, let stale) = event else { return nil }
        return stale
      }
    }
  }

  func entryInstances(for key: TimelineKey) -> [[String]] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .entry(let eventKey, let instances, _, .timeline, _, _) = event, eventKey == key
        else {
          return nil
        }
        return instances
      }
    }
  }

  func reasons() -> [ReloadReason] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .reload(_, _, let reason) = event else { return nil }
        return reason
      }
    }
  }

  func nextReloads() -> [Date?] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .timeline(_, _, _, let nextReload, _) = event else { return nil }
        return .some(nextReload)
      }
    }
  }

  func rateLimits() -> [(until: Date, limit: String)] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .rateLimited(_, _, let until, let limit) = event else { return nil }
        return (until, limit)
      }
    }
  }

  func failures() -> [String] {
    log.events.withLock { events in
      events.compactMap { event in
        guard case .failure(_, _, let failure) = event else { return nil }
        return failure.message
      }
    }
  }
}

/// Answers timeline calls from a script; placeholders are always "placeholder".
final class ScriptedProvider: TimelineProviding {
  let script: Harness.Script
  let timelineCalls = Mutex(0)
  /// Placeholder and timeline calls, by key.
  let callsByKey = Mutex<[TimelineKey: Int]>([:])
  /// The bytes each timeline reply counts as, and their running total.
  let bytesPerReply: Int
  let bytes = Mutex(0)

  init(replyBytes: Int = 0, script: @escaping Harness.Script) {
    self.script = script
    bytesPerReply = replyBytes
  }

  func replyBytes(bundle: String) -> Int { bytes.withLock { $0 } }

  func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure> {
    callsByKey.withLock { $0[key, default: 0] += 1 }
    return .success(SchedulerTests.entry(0, "placeholder"))
  }

  func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure> {
    callsByKey.withLock { $0[key, default: 0] += 1 }
    let call = timelineCalls.withLock { count in
      defer { count += 1 }
      return count
    }
    bytes.withLock { $0 += bytesPerReply }
    return await script(key, call)
  }
}

/// Holds callers until opened.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

/// Events in the order the scheduler emitted them.
final class EventLog: Sendable {
  let events = Mutex<[SchedulerEvent]>([])
}
