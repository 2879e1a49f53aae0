import Foundation
import Synchronization
import Testing
import WidgetSchema

@testable import WidgetHostCore

/// The simulation driver on a virtual clock, with scripted providers: how far it goes, what it
/// calls, and that the order of events does not depend on which reply finishes first.
@Suite struct SimulationTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// Three entries 60 s apart from the clock's current time, policy atEnd: the fixture's Good.
  final class ThreeEntries: TimelineProviding {
    let clock: VirtualClock
    let slow: String?
    let placeholders = Mutex(0)
    let timelines = Mutex(0)

    init(clock: VirtualClock, slow: String? = nil) {
      self.clock = clock
      self.slow = slow
    }

    func placeholder(for key: TimelineKey) async -> Result<Entry, ProviderFailure> {
      placeholders.withLock { $0 += 1 }
      return .success(Entry(date: clock.now(), view: .text(TextNode(runs: [.verbatim("…")]))))
    }

    func timeline(for key: TimelineKey) async -> Result<Timeline, ProviderFailure> {
      timelines.withLock { $0 += 1 }
      let now = clock.now()
      // One kind answers late in real time: its results must still come first when asked first.
      if key.kind == slow { try? await Task.sleep(for: .milliseconds(5)) }
      let entries = (0..<3).map { index in
        Entry(
          date: now.addingTimeInterval(60 * Double(index)),
          view: .text(TextNode(runs: [.verbatim("\(key.kind) \(index)")])))
      }
      return .success(Timeline(entries: entries, policy: .atEnd))
    }
  }

  static func simulate(
    _ keys: [TimelineKey], for duration: TimeInterval, slow: String? = nil
  ) async -> (events: [SchedulerEvent], provider: ThreeEntries, now: Date) {
    let clock = VirtualClock(start: start)
    let provider = ThreeEntries(clock: clock, slow: slow)
    var configuration = Scheduler.Configuration()
    configuration.appliesResultsInCallOrder = true
    configuration.budget = nil
    let log = EventLog()
    let scheduler = Scheduler(clock: clock, provider: provider, configuration: configuration) {
      event in log.events.withLock { $0.append(event) }
    }
    for key in keys {
      await scheduler.add(WidgetInstance(id: "\(key.kind)/\(key.family.rawValue)", key: key))
    }
    let loop = Task { await scheduler.run() }
    await SimulationDriver.drive(scheduler, clock: clock, until: start.addingTimeInterval(duration))
    loop.cancel()
    await loop.value
    return (log.events.withLock { $0 }, provider, clock.now())
  }

  @Test func aDayOfThreeEntriesAMinuteApartAtEnd() async {
    let key = TimelineKey(bundle: "b", kind: "Good", family: .systemSmall)
    let (events, provider, now) = await Self.simulate([key], for: 86400)
    // A timeline at +0 s; atEnd asks again at its last entry (+120 s; the 60 s minimum interval
    // does not delay it): 86400 / 120 = 720 timelines, the last at +86280 s. The one due at
    // +86400 s, the end, does not happen.
    #expect(provider.timelines.withLock { $0 } == 720)
    #expect(provider.placeholders.withLock { $0 } == 1)
    #expect(now == Self.start.addingTimeInterval(86340), "the last due time before the end")
    let reloads = events.compactMap { event -> ReloadReason? in
      if case .reload(_, _, let reason) = event { reason } else { nil }
    }
    #expect(reloads.count == 720)
    #expect(reloads.first == .initial)
    #expect(reloads.dropFirst().allSatisfy { $0 == .policy })
    // Entries: the placeholder, then per timeline entries 0 and 1, and entry 2 (shown at the
    // moment of the next reload) for all but the last timeline.
    let entries = events.filter { if case .entry = $0 { true } else { false } }
    let expected: Int = 1 + 720 * 2 + 719
    #expect(entries.count == expected)
  }

  @Test func theOrderOfEventsIsTheOrderOfTheCalls() async {
    let keys = ["Slow", "Fast", "Other"].map {
      TimelineKey(bundle: "b", kind: $0, family: .systemSmall)
    }
    let first = await Self.simulate(keys, for: 600, slow: "Slow")
    let second = await Self.simulate(keys, for: 600, slow: "Slow")
    #expect(first.events == second.events)
    // The slow kind was asked first, so its timeline comes first although it answers last.
    let timelines = first.events.compactMap { event -> String? in
      if case .timeline(let key, _, _, _, _) = event { key.kind } else { nil }
    }
    #expect(Array(timelines.prefix(3)) == ["Slow", "Fast", "Other"])
  }

  @Test func nothingHappensAfterTheEnd() async {
    let key = TimelineKey(bundle: "b", kind: "Good", family: .systemSmall)
    let (_, provider, now) = await Self.simulate([key], for: 120)
    #expect(provider.timelines.withLock { $0 } == 1, "the reload due at the end does not happen")
    #expect(now == Self.start.addingTimeInterval(60))
  }

  @Test func durations() {
    #expect(Simulation.duration("90s") == 90)
    #expect(Simulation.duration("15m") == 900)
    #expect(Simulation.duration("24h") == 86400)
    #expect(Simulation.duration("7d") == 604_800)
    for bad in ["", "h", "24", "1.5h", "-1h", "0s", "1w", "24 h", "+5m", "１h"] {
      #expect(Simulation.duration(bad) == nil, "\(bad)")
    }
  }

  @Test func reportDurationsAndTable() {
    #expect(SimulationReport.duration(0) == "0s")
    #expect(SimulationReport.duration(59.9) == "59s")
    #expect(SimulationReport.duration(90) == "1m 30s")
    #expect(SimulationReport.duration(3600) == "1h")
    #expect(SimulationReport.duration(86400 + 7200 + 5) == "1d 2h")
  }

  /// The summary counts each instance's events as they arrive, whether or not the events are
  /// kept for the day's listing; events of instances not prepared are not counted.
  @Test func theSummaryCountsWithOrWithoutTheEvents() throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let entry = EntryEvent(
      kind: "K", family: .systemSmall, source: .timeline, date: start, validUntil: nil,
      relevance: nil, view: .empty, lines: ["x"])
    let payloads: [(String?, EventPayload)] = [
      ("a", .reload(ReloadEvent(kind: "K", family: .systemSmall, reason: .initial))),
      ("a", .entry(entry)),
      ("a", .entry(entry)),
      ("a", .reload(ReloadEvent(kind: "K", family: .systemSmall, reason: .policy))),
      ("a", .warning(ProblemEvent(code: "budget-exhausted", message: "spent"))),
      ("a", .warning(ProblemEvent(code: "view-ignored", message: "not counted"))),
      ("b", .error(ProblemEvent(code: "provider-failed", message: "no"))),
      ("elsewhere", .entry(entry)),
      (nil, .warning(ProblemEvent(code: "budget-exhausted", message: "no instance"))),
    ]
    var summaries: [[SimulationSummary.Instance]] = []
    for keepsEvents in [true, false] {
      let report = SimulationReport(
        start: start, end: start.addingTimeInterval(60), keepsEvents: keepsEvents)
      try report.prepare(instances: ["a", "b", "c"])
      for (seq, (instance, payload)) in payloads.enumerated() {
        report.write(
          StreamEvent(seq: UInt64(seq + 1), time: start, instance: instance, payload: payload))
      }
      summaries.append(
        report.instanceSummaries(WidgetHost.Summary(instances: 3, failedInstances: 1)))
    }
    #expect(summaries[0] == summaries[1])
    let none = ["initial": 0, "interaction": 0, "policy": 0, "request": 0, "retry": 0]
    var reloaded = none
    reloaded["initial"] = 1
    reloaded["policy"] = 1
    #expect(
      summaries[1] == [
        .init(
          instance: "a", providerCalls: 0, entries: 2, reloads: reloaded, deferred: 1, errors: 0),
        .init(instance: "b", providerCalls: 0, entries: 0, reloads: none, deferred: 0, errors: 1),
        .init(instance: "c", providerCalls: 0, entries: 0, reloads: none, deferred: 0, errors: 0),
      ])
  }

  @Test func progressIsShownInPlaceAndErased() {
    let output = MemoryOutput()
    let progress = ProgressLine(output: output, label: "simulating")
    progress.update(0.001)
    progress.update(0.002)
    progress.update(0.5)
    progress.update(1)
    progress.finish()
    #expect(
      output.text
        == "\rsimulating 0%\u{1B}[K\rsimulating 50%\u{1B}[K\rsimulating 100%\u{1B}[K\r\u{1B}[K")
  }
}
