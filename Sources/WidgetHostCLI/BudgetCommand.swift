import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host budget`: refresh budgets and next reloads, from the durable state.
enum BudgetCommand: Command {
  static let name = "budget"
  static let summary = "Show each widget's refresh budget (used, left) and its next reload."
  static let operands = ""
  static let discussion = """
    Reads the durable state that run keeps (the budget ledger survives restarts): for every \
    instance, the reloads the host made on its own in the last 24 hours, how many are left, \
    and when and why it reloads next.
    """
  static let options: [any CommandOption] = [
    SharedOptions.stateDirectory, SharedOptions.budget, SharedOptions.json,
  ]
  static let examples = [
    ("widget-host budget", "the budgets of the widgets run has shown")
  ]

  static func run(
    _ arguments: Arguments, context: CommandContext
  ) async throws(UsageError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "takes no arguments")
    }
    var options = HostOptions(bundlePaths: [])
    try options.apply(arguments, command: name)
    let store: StateStore
    switch StateReading.openStore(
      arguments, context: context, nothing: "no refresh budgets recorded yet")
    {
    case .store(let opened): store = opened
    case .done(let status): return status
    }
    let report = BudgetReport(store: store, budget: options.scheduler.budget, now: Date())
    StateReading.print(report, arguments, context: context) {
      report.table(dates: options.dates)
    }
    return .success
  }
}
