import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetHostCore

/// The durable state: the budget ledger survives reopening, and a new scheduler on the same
/// store starts with the budget already spent.
@Suite struct StateStoreTests {
  let key = TimelineKey(bundle: "b", kind: "K", family: .systemSmall)
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func path() -> String {
    TestSupport.temporaryDirectory("store").appendingPathComponent("state.sqlite3").path
  }

  @Test func ledgerAndNextReloadSurviveReopening() throws {
    let file = path()
    do {
      let store = try StateStore(path: file)
      for minute in 0..<3 {
        store.recordReload(
          of: key, at: start.addingTimeInterval(Double(minute) * 60), window: 86_400)
      }
      store.noteNextReload(of: key, at: start.addingTimeInterval(600), reason: "policy")
    }
    let reopened = try StateStore(path: file)
    #expect(reopened.reloads(of: key, since: start.addingTimeInterval(-1)).count == 3)
    #expect(reopened.reloads(of: key, since: start.addingTimeInterval(30)).count == 2)
    let report = BudgetReport(store: reopened, budget: 70, now: start.addingTimeInterval(120))
    #expect(
      report.rows == [
        BudgetReport.Row(
          bundle: "b", kind: "K", family: .systemSmall, used: 3, left: 67,
          nextReload: start.addingTimeInterval(600), reason: "policy")
      ])
    #expect(
      report.table(dates: DateText(locale: Locale(identifier: "en_US"), timeZone: .gmt)).contains(
        "K/systemSmall"))
    // Entries older than the window are forgotten on the next write.
    reopened.recordReload(of: key, at: start.addingTimeInterval(86_400 + 90), window: 86_400)
    #expect(reopened.reloads(of: key, since: .distantPast).count == 2)
  }

  @Test func aRestartedSchedulerKeepsTheSpentBudget() async throws {
    let store = try StateStore(path: path())
    func day(_ script: @escaping Harness.Script) -> Harness {
      Harness(budget: 2, ledger: store, script: script)
    }
    let policy: Harness.Script = { _, call in
      .success(
        SchedulerTests.timeline(
          [(Double(call) * 60, "t\(call)")],
          .after(SchedulerTests.start.addingTimeInterval(Double(call + 1) * 60))))
    }
    let first = day(policy)
    await first.add("one", key)
    await first.settle()
    for _ in 0..<2 { await first.advance(by: 60) }
    #expect(first.calls() == 3, "the free first reload, then the 2 budgeted")
    await first.stop()
    // A new host on the same state: its first reload is free, the next one is over budget.
    let second = day(policy)
    await second.add("one", key)
    await second.settle()
    #expect(second.calls() == 1)
    #expect(second.budgets() == [0])
    await second.stop()
  }

  @Test func anUnopenableStoreIsAnError() {
    #expect(throws: StoreError.self) { try StateStore(path: "/proc/no/such/state.sqlite3") }
  }
}
