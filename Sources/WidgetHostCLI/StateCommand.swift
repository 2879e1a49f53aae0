import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host state`: what the durable state holds for each instance.
enum StateCommand: Command {
  static let name = "state"
  static let summary = "Show the instances the durable state knows and their last timelines."
  static let operands = ""
  static let discussion = """
    Reads the durable state that run keeps (docs/state.md): for every instance, its bundle, \
    the configuration it shows, and the last timeline a restarted host starts it from.
    """
  static let options: [any CommandOption] = [SharedOptions.stateDirectory, SharedOptions.json]
  static let examples = [
    ("widget-host state", "what a restarted host will show at once"),
    (
      "widget-host state --state-dir ~/bar-state --json", "the state of another host, for a program"
    ),
  ]

  static func run(
    _ arguments: Arguments, context: CommandContext
  ) async throws(UsageError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "takes no arguments")
    }
    let store: StateStore
    switch StateReading.openStore(arguments, context: context, nothing: "no instances recorded yet")
    {
    case .store(let opened): store = opened
    case .done(let status): return status
    }
    let report = StateReport(store: store)
    StateReading.print(report, arguments, context: context) { report.table() }
    return .success
  }
}
