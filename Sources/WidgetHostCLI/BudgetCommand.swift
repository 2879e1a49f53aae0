import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host budget`: refresh budgets and next reloads, from the durable state.
enum BudgetCommand: Command {
  static let name = "budget"
  static let summary = "Show each widget's refresh budget (used, left) and its next reload."
  static let synopsis = "budget [--state-dir DIR] [--budget N|unlimited] [--json]"
  static let discussion = """
    Reads the durable state that run keeps (the budget ledger survives restarts): for every \
    instance, the reloads the host made on its own in the last 24 hours, how many are left, \
    and when and why it reloads next.
    """
  static let options: [OptionSpec] = [
    .state, .budget,
    OptionSpec(names: ["--json"], valueName: nil, help: "Print the report as JSON."),
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
    try RunCommand.parseBudget(arguments, into: &options, command: name)
    let path = StateStore.path(
      inDirectory: arguments.last("--state-dir") ?? StateStore.defaultDirectory())
    guard FileManager.default.fileExists(atPath: path) else {
      context.output.write("no refresh budgets recorded yet (\(path) does not exist)\n")
      return .success
    }
    let store: StateStore
    do {
      store = try StateStore(path: path)
    } catch {
      context.errors.write(errorLines(error.description))
      return .failure
    }
    let report = BudgetReport(store: store, budget: options.scheduler.budget, now: Date())
    if arguments.flag("--json") {
      let encoder = WidgetJSON.encoder()
      let data = (try? encoder.encode(report)) ?? Data()
      context.output.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      context.output.write(
        report.table(dates: DateText(locale: options.locale, timeZone: options.timeZone)))
    }
    return .success
  }
}
