import Foundation
import WidgetHostCore

/// `widget-host tap`: tap a widget of a running host.
enum TapCommand: Command {
  static let name = "tap"
  static let summary = "Tap a running host's widget: open its widgetURL or a Link."
  static let synopsis = "tap <instance> [--region ID | --cell X,Y] [--socket PATH]"
  static let discussion = """
    Without --region or --cell the widget's widgetURL opens. The host emits an open-url event \
    and runs its --on-open-url command; the URL is printed.
    """
  static let options =
    [
      OptionSpec(names: ["--region", "-r"], valueName: "ID", help: "The Link region to tap."),
      OptionSpec(
        names: ["--cell"], valueName: "X,Y", help: "The cell to tap (column, row; from 0)."),
    ] + SocketClientOptions.options
  static let examples = [
    ("widget-host tap wishesWidget/systemMedium", "open the widget's widgetURL"),
    ("widget-host tap wishesWidget/systemMedium --cell 3,2", "tap the cell at column 3, row 2"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1, let instance = arguments.positionals.first else {
      throw UsageError(command: name, message: "give exactly one instance, e.g. Kind/systemSmall")
    }
    var request = ControlRequest(request: "tap", instance: instance)
    request.region = arguments.last("--region")
    if let cell = arguments.last("--cell") {
      let parts = cell.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
      guard parts.count == 2, let x = parts[0], let y = parts[1], x >= 0, y >= 0 else {
        throw UsageError(command: name, message: "--cell needs X,Y (e.g. 3,2), got '\(cell)'")
      }
      guard request.region == nil else {
        throw UsageError(command: name, message: "give --region or --cell, not both")
      }
      (request.x, request.y) = (x, y)
    }
    guard let client = try SocketClientOptions.connect(arguments, command: name, context: context),
      let result = SocketClientOptions.send(request, client, context: context)
    else { return .failure }
    context.output.write("\(result.url ?? "")\n")
    return .success
  }
}
