import Foundation
import WidgetControl
import WidgetHostCore
import WidgetSchema

/// `widget-host bar`: one status-bar module showing widgets of a running host.
enum BarCommand: Command {
  static let name = "bar"
  static let summary = "Show a running host's widgets in a status bar, without a host of its own."
  static let operands = ""
  static let discussion = """
    A thin client for a bar to run per module: it subscribes to a host started with --sink \
    socket[:PATH] and prints its instances as --format says, the same lines 'run --format' \
    prints, with no bundle or worker of its own. Without a host (not started yet, stopped, \
    restarting) it shows 'widget-host: not running' and connects again, every few seconds, \
    until the host is back. Clicks go to the host as taps: i3bar's on standard input, and \
    with --format plain a button number or JSON object per line on standard input (i3blocks \
    persistent blocks). Runs until interrupted or until the bar closes its output \
    (docs/status-bars.md, "One host, many bars").
    """

  /// What `--format` writes.
  enum Format: String, Sendable {
    case i3bar, waybar, plain
  }

  static let format = Option<Format>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "i3bar (the i3bar/swaybar protocol, one block per instance; the default), waybar "
      + "(JSON lines for one Waybar custom module) or plain (one line of text per update, for "
      + "i3blocks, polybar, eww or Conky); waybar and plain show exactly one instance.",
    choices: ["i3bar": .i3bar, "waybar": .waybar, "plain": .plain])
  static let instances = Option<String>(
    "--instance", "-i", value: "ID",
    help: "Show this instance of the host, e.g. SystemStatus/accessoryInline (i3bar: one block "
      + "each, in this order)."
  ).repeatable
  static let activities = Flag(
    "--activities",
    help: "Show the host's Live Activities instead of instances: waybar and plain, the most "
      + "relevant one's compact presentation (nothing while none is shown); i3bar, a block each.")
  static let options: [any CommandOption] =
    [
      format, instances, activities,
      SharedOptions.locale.help(
        "Format dates as the host does when it runs with --locale (default: LC_ALL, LC_TIME, "
          + "LANG)."),
    ] + SharedOptions.client
  static let examples = [
    (
      "widget-host bar --instance TestWidget/systemSmall --instance wishesWidget/systemMedium",
      "status_command for i3bar or swaybar: two blocks"
    ),
    (
      "widget-host bar --format waybar --instance wishesWidget/systemMedium",
      "exec of a Waybar custom module"
    ),
    (
      "widget-host bar --format plain --instance TestWidget/systemSmall",
      "an i3blocks persistent block, polybar's tail script or eww's deflisten"
    ),
    ("widget-host bar --format waybar --activities", "a Waybar module of the Live Activities"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "unexpected argument '\(arguments.positionals[0])'")
    }
    let format = arguments[Self.format] ?? .i3bar
    let ids = arguments[instances]
    let showsActivities = arguments[activities]
    if showsActivities && !ids.isEmpty {
      throw UsageError(
        command: name,
        message: "\(activities.info.key) shows the Live Activities, not instances: drop "
          + "\(instances.info.key)")
    }
    if format == .i3bar && ids.isEmpty && !showsActivities {
      throw UsageError(
        command: name,
        message: "give the instances to show with --instance ID, e.g. "
          + "--instance SystemStatus/accessoryInline")
    }
    if format != .i3bar && ids.count != 1 && !showsActivities {
      throw UsageError(
        command: name,
        message: "--format \(format.rawValue) shows one instance per process (one bar module "
          + "each): give exactly one --instance, not \(ids.count)")
    }
    // Not `apply`: this command's --instance names an instance of the host, not a spec.
    var options = HostOptions(bundlePaths: [])
    if let locale = arguments[SharedOptions.locale] { options.setLocale(locale) }
    let sink: any StatusBarSink
    switch format {
    case .i3bar:
      sink = I3BarSink(output: context.output, errors: context.errors, dates: options.dates)
    case .waybar where showsActivities:
      sink = ActivityBarSink(format: .waybar, output: context.output, errors: context.errors)
    case .plain where showsActivities:
      sink = ActivityBarSink(format: .plain, output: context.output, errors: context.errors)
    case .waybar:
      sink = WaybarSink(output: context.output, errors: context.errors, dates: options.dates)
    case .plain:
      sink = PlainBarSink(output: context.output, errors: context.errors, dates: options.dates)
    }
    do {
      try sink.prepare(instances: ids)
    } catch {
      preconditionFailure("the selection was checked above: \(error)")
    }
    let client = BarClient(
      endpoint: arguments[SharedOptions.socket]
        ?? SocketEndpoint.unix(SocketEndpoint.defaultPath()),
      token: SharedOptions.token(arguments),
      replyTimeout: arguments[SharedOptions.timeout] ?? ControlClient.defaultReplyTimeout,
      instances: ids, sink: sink, errors: context.errors, dates: options.dates)
    switch format {
    case .i3bar:
      I3BarClicks.startReading(from: context.input, errors: context.errors) { click in
        client.tap(click)
      }
    case .plain where showsActivities:
      break
    case .plain:
      PlainClicks.startReading(from: context.input.fileDescriptor, errors: context.errors) {
        button in
        client.tap(I3BarClicks.Click(name: ids[0], button: button))
      }
    case .waybar:
      // Waybar runs the module's on-click command instead (`widget-host tap`).
      break
    }
    await client.run()
    return .success
  }
}
