import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host watch`: subscribe to a running host and print its stream.
enum WatchCommand: Command {
  static let name = "watch"
  static let summary = "Print the stream of a running host (started with --sink socket)."
  static let synopsis =
    "watch [--socket PATH] [--format text|json] [--kind KIND]... [--instance ID]..."
  static let discussion = """
    Subscribes on the host's socket: first the current entry of every instance, then each \
    change, as boxes (text) or as the JSON stream (json, docs/control.md). Runs until \
    interrupted or until the host stops.
    """
  static let options =
    [
      OptionSpec(
        names: ["--format"], valueName: "FORMAT",
        help: "text (framed boxes, the default) or json (newline-delimited JSON)."),
      OptionSpec(
        names: ["--kind", "-k"], valueName: "KIND",
        help: "Only instances of this kind (repeatable)."),
      OptionSpec(
        names: ["--instance", "-i"], valueName: "ID",
        help: "Only this instance, e.g. TestWidget/systemSmall (repeatable)."),
      OptionSpec(
        names: ["--color"], valueName: "WHEN", help: "Text styles: auto, always or never."),
    ] + SocketClientOptions.options
  static let examples = [
    ("widget-host watch", "boxes of the host on the default socket"),
    (
      "widget-host watch --socket /tmp/wh.sock --format json --kind TestWidget | jq .type",
      "feed a program with one kind's events"
    ),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "unexpected argument '\(arguments.positionals[0])'")
    }
    let format = arguments.last("--format") ?? "text"
    guard format == "text" || format == "json" else {
      throw UsageError(command: name, message: "unknown format '\(format)' (expected text or json)")
    }
    let color = arguments.last("--color") ?? "auto"
    guard let style = TextSink.Options.choose(color: color, terminal: context.outputIsTerminal)
    else {
      throw UsageError(
        command: name, message: "unknown --color '\(color)' (expected auto, always or never)")
    }
    guard let client = try SocketClientOptions.connect(arguments, command: name, context: context)
    else { return .failure }
    let options = HostOptions(bundlePaths: [])
    let text = TextSink(
      output: context.output, errors: context.errors,
      dates: options.dates, options: style)
    do {
      try await withTaskCancellationHandler {
        try client.watch(kinds: arguments.all("--kind"), instances: arguments.all("--instance")) {
          line, raw in
          if format == "json" {
            context.output.write(String(decoding: raw, as: UTF8.self) + "\n")
            return
          }
          switch line {
          case .header(let header): text.begin(header)
          case .event(let event): text.write(event)
          case .lagged(let notice):
            context.errors.write(
              "widget-host: watch fell behind; \(notice.dropped) lines dropped, resynchronized\n")
          }
        }
      } onCancel: {
        client.cancel()
      }
    } catch {
      context.errors.write("widget-host: \(error)\n")
      return .failure
    }
    if !Task.isCancelled { context.errors.write("widget-host: the host stopped\n") }
    return .success
  }
}
