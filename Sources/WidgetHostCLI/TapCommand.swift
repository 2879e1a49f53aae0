import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host tap`: tap a widget of a running host.
enum TapCommand: Command {
  static let name = "tap"
  static let summary = "Tap a running host's widget: open its widgetURL or a Link."
  static let operands = "<instance>"
  static let discussion = """
    Without --region or --cell the widget's widgetURL opens. The host emits an open-url event \
    and runs its --on-open-url command; the URL is printed.
    """
  static let region = Option<String>(
    "--region", "-r", value: "ID",
    help: "The region to tap: a Link (link-0) or a button or toggle (action-0); not with --cell."
  ).excluding("--cell")
  static let cell = Option<(x: Int, y: Int)>(
    "--cell", value: "X,Y", help: "The cell to tap (column, row; from 0)."
  ) { (text, name) throws(ValueError) in
    let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let x = parts[0], let y = parts[1], x >= 0, y >= 0 else {
      throw ValueError("\(name) needs X,Y (e.g. 3,2), got '\(text)'")
    }
    return (x, y)
  }.excluding("--region")
  static let options: [any CommandOption] = [region, cell] + SharedOptions.client
  static let examples = [
    ("widget-host tap wishesWidget/systemMedium", "open the widget's widgetURL"),
    ("widget-host tap wishesWidget/systemMedium --cell 3,2", "tap the cell at column 3, row 2"),
    ("widget-host tap TodoList/systemMedium --region action-0", "press the first row's button"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1, let instance = arguments.positionals.first else {
      throw UsageError(command: name, message: "give exactly one instance, e.g. Kind/systemSmall")
    }
    var request = ControlRequest(request: "tap", instance: instance)
    request.region = arguments[region]
    if let cell = arguments[Self.cell] { (request.x, request.y) = (cell.x, cell.y) }
    guard let client = SocketClientOptions.connect(arguments, context: context),
      let result = SocketClientOptions.send(request, client, context: context)
    else { return .failure }
    if let action = result.performed {
      context.output.write("performed \(action.name)\n")
    } else {
      context.output.write("\(result.url ?? "")\n")
    }
    return .success
  }
}
