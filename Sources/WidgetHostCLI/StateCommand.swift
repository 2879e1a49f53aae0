import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host state`: what the durable state holds for each instance.
enum StateCommand: Command {
  static let name = "state"
  static let summary = "Show the instances the durable state knows and their last timelines."
  static let synopsis = "state [--state-dir DIR] [--json]"
  static let discussion = """
    Reads the durable state that run keeps (docs/state.md): for every instance, its bundle, \
    the configuration it shows, and the last timeline a restarted host starts it from.
    """
  static let options: [OptionSpec] = [
    .state,
    OptionSpec(names: ["--json"], valueName: nil, help: "Print the report as JSON."),
  ]
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
    let path = StateStore.path(
      inDirectory: arguments.last("--state-dir") ?? StateStore.defaultDirectory())
    guard FileManager.default.fileExists(atPath: path) else {
      context.output.write("no instances recorded yet (\(path) does not exist)\n")
      return .success
    }
    let store: StateStore
    do {
      store = try StateStore(path: path)
    } catch {
      context.errors.write(errorLines(error.description))
      return .failure
    }
    let report = StateReport(store: store)
    if arguments.flag("--json") {
      let data = (try? WidgetJSON.encoder().encode(report)) ?? Data()
      context.output.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      context.output.write(report.table())
    }
    return .success
  }
}
