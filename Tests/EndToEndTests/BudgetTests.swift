import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetSchema

/// `widget-host budget` reports what `run` left in the state file.
@Suite struct BudgetTests {
  @Test func budgetShowsWhatRunRecorded() throws {
    let state = TestSupport.temporaryDirectory("budget").path
    let empty = try Products.run(["budget", "--state-dir", state])
    #expect(empty.status == 0)
    #expect(empty.output.contains("no refresh budgets recorded yet"))
    let run = try Products.run(["run", Products.systemStatus, "--once", "--state-dir", state])
    #expect(run.status == 0, "\(run.errors)")
    let text = try Products.run(["budget", "--state-dir", state])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.hasPrefix("INSTANCE"))
    #expect(text.output.contains("SystemStatus/systemSmall"))
    let json = try Products.run(["budget", "--state-dir", state, "--json", "--budget", "5"])
    let report = try WidgetJSON.decode(BudgetReport.self, from: Data(json.output.utf8))
    let row = try #require(report.rows.first)
    #expect(row.kind == "SystemStatus")
    #expect(row.used == 0, "the first reload is free")
    #expect(row.left == 5)
    #expect(row.reason == "policy")
    #expect(row.nextReload != nil)
    let bad = try Products.run(["budget", "--budget", "lots"])
    #expect(bad.status == 2)
  }
}
