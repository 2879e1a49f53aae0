import Foundation
import Synchronization
import Testing
import WidgetSchema

@testable import WidgetHostCore

/// The scheduler's agenda (what is due when) and its limit on calls in flight per bundle.
@Suite struct SchedulerAgendaTests {
  @Test func theAgendaGivesTheEarliestFirstAndEqualDatesByRank() {
    struct Slot: Equatable {
      var date: Date
      var rank: Int
    }
    var agenda = Agenda<Int>()
    var inserted: [Slot] = []
    for index in 0..<500 {
      let slot = Slot(
        date: Date(timeIntervalSince1970: Double(Int.random(in: 0..<50))),
        rank: Int.random(in: 0..<1_000))
      agenda.insert(index, at: slot.date, rank: slot.rank)
      inserted.append(slot)
    }
    var taken: [Slot] = []
    while let first = agenda.removeFirst() {
      taken.append(Slot(date: first.date, rank: first.rank))
    }
    let expected = inserted.sorted { left, right in
      left.date < right.date || (left.date == right.date && left.rank < right.rank)
    }
    #expect(taken == expected)
    #expect(agenda.count == 0)
    #expect(agenda.first == nil)
  }

  @Test func theAgendaKeepsEachItemWithItsAppointmentAsSlotsAreReused() {
    // Items that are references (the scheduler's groups), taken and added in turns, so that
    // later appointments reuse the slots of earlier ones.
    final class Item {
      let number: Int
      init(_ number: Int) { self.number = number }
    }
    var agenda = Agenda<Item>()
    var waiting: [(date: Double, rank: Int, number: Int)] = []
    var next = 0
    for round in 0..<60 {
      for _ in 0..<(round % 7 + 1) {
        let date = Double(Int.random(in: 0..<40))
        agenda.insert(Item(next), at: Date(timeIntervalSince1970: date), rank: next)
        waiting.append((date, next, next))
        next += 1
      }
      for _ in 0..<(round % 5) {
        guard let first = agenda.removeFirst() else { break }
        let expected = waiting.min { ($0.date, $0.rank) < ($1.date, $1.rank) }!
        waiting.removeAll { $0.number == expected.number }
        #expect(first.item.number == expected.number)
        #expect(first.date == Date(timeIntervalSince1970: expected.date))
        #expect(first.rank == expected.rank)
      }
      #expect(agenda.count == waiting.count)
      #expect(
        agenda.first?.item.number == waiting.min { ($0.date, $0.rank) < ($1.date, $1.rank) }?.number
      )
    }
    while let first = agenda.removeFirst() {
      let expected = waiting.min { ($0.date, $0.rank) < ($1.date, $1.rank) }!
      waiting.removeAll { $0.number == expected.number }
      #expect(first.item.number == expected.number)
    }
    #expect(waiting.isEmpty)
    // Emptied, it starts over.
    agenda.insert(Item(-1), at: .distantPast, rank: 0)
    #expect(agenda.first?.item.number == -1)
  }

  /// Results are applied while the run loop sleeps, without waking it unless they bring
  /// something due before the time it sleeps until: here every timeline's second entry, 30 s
  /// after the first, with more instances than the bundle's calls at once.
  @Test func resultsAppliedWhileTheLoopSleepsStillBringItsWakeUpForward() async {
    let harness = Harness(placeholders: false) { _, _ in
      .success(SchedulerTests.timeline([(0, "first"), (30, "second")], .never))
    }
    let count = Scheduler.Configuration().maximumCallsPerBundle * 3
    for index in 0..<count {
      await harness.add(
        "i\(index)", TimelineKey(bundle: "b", kind: "K\(index)", family: .systemSmall))
    }
    await harness.settle()
    #expect(harness.shown().count { $0 == "first" } == count)
    #expect(await harness.scheduler.nextDueDate == SchedulerTests.start.addingTimeInterval(30))
    await harness.advance(by: 30)
    #expect(harness.shown().count { $0 == "second" } == count)
    await harness.stop()
  }

  @Test func aBundleGetsAtMostItsLimitOfCallsAtOnceAndEveryInstanceIsServedInOrder() async {
    let gate = Gate()
    let inFlight = Mutex((now: 0, most: 0))
    let harness = Harness(placeholders: false) { _, _ in
      inFlight.withLock { state in
        state.now += 1
        state.most = max(state.most, state.now)
      }
      await gate.wait()
      inFlight.withLock { $0.now -= 1 }
      return .success(SchedulerTests.timeline([(0, "a")], .never))
    }
    let limit = Scheduler.Configuration().maximumCallsPerBundle
    let keys = (0..<(limit * 3)).map {
      TimelineKey(bundle: "b", kind: "K\($0)", family: .systemSmall)
    }
    for (index, key) in keys.enumerated() { await harness.add("i\(index)", key) }
    // Every call the scheduler starts reaches the gate; let the cooperative pool run them all
    // before checking that no more than the limit started.
    while inFlight.withLock({ $0.now }) < limit { await Task.yield() }
    for _ in 0..<200 { await Task.yield() }
    #expect(inFlight.withLock { $0.most } == limit)
    await gate.open()
    await harness.settle()
    #expect(harness.calls() == keys.count, "every instance got its timeline")
    #expect(inFlight.withLock { $0.most } == limit)
    let reloads = harness.log.events.withLock { events in
      events.compactMap { event -> TimelineKey? in
        guard case .reload(let key, _, _) = event else { return nil }
        return key
      }
    }
    #expect(reloads == keys, "calls start in the order the instances were added")
    await harness.stop()
  }

  @Test func anotherBundleIsNotHeldBackByABundleAtItsLimit() async {
    let gate = Gate()
    let harness = Harness(placeholders: false) { key, _ in
      if key.bundle == "slow" { await gate.wait() }
      return .success(SchedulerTests.timeline([(0, key.bundle)], .never))
    }
    let limit = Scheduler.Configuration().maximumCallsPerBundle
    for index in 0..<(limit * 2) {
      await harness.add(
        "slow\(index)", TimelineKey(bundle: "slow", kind: "K\(index)", family: .systemSmall))
    }
    await harness.add("fast", TimelineKey(bundle: "fast", kind: "K", family: .systemSmall))
    while !harness.shown().contains("fast") { await Task.yield() }
    #expect(!harness.shown().contains("slow"))
    await gate.open()
    await harness.settle()
    #expect(harness.shown().count { $0 == "slow" } == limit * 2)
    await harness.stop()
  }
}
