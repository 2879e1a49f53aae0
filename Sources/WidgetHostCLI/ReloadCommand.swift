import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host reload`: ask a running host to reload timelines.
enum ReloadCommand: Command {
  static let name = "reload"
  static let summary = "Reload the timelines of a running host's widgets, as WidgetCenter does."
  static let operands = ""
  static let discussion = """
    Without --kind every kind is reloaded. The reload is a request: the host asks the providers \
    for new timelines and the stream shows a reload event with reason "request".
    """
  static let kind = Option<String>("--kind", "-k", value: "KIND", help: "Reload only this kind.")
  static let options: [any CommandOption] = [kind] + SharedOptions.client
  static let examples = [
    ("widget-host reload --kind TestWidget", "new timelines for the TestWidget instances")
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "unexpected argument '\(arguments.positionals[0])'")
    }
    guard let client = SocketClientOptions.connect(arguments, context: context),
      let result = SocketClientOptions.send(
        ControlRequest(request: "reload", kind: arguments[kind]), client,
        context: context)
    else { return .failure }
    context.output.write("reloaded \(result.reloaded ?? 0) instance(s)\n")
    return .success
  }
}
