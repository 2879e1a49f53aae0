import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host watch`: subscribe to a running host and print its stream.
enum WatchCommand: Command {
  static let name = "watch"
  static let summary = "Print the stream of a running host (started with --sink socket)."
  static let operands = ""
  static let discussion = """
    Subscribes on the host's socket: first the current entry of every instance, then each \
    change, as boxes (text) or as the JSON stream (json, docs/control.md). Runs until \
    interrupted or until the host stops.
    """
  static let format = Option<Bool>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "text (framed boxes, the default) or json (newline-delimited JSON).",
    choices: ["text": false, "json": true])
  static let instances = Option<String>(
    "--instance", "-i", value: "ID", help: "Only this instance, e.g. TestWidget/systemSmall."
  ).repeatable
  static let options: [any CommandOption] =
    [
      format, SharedOptions.kinds.help("Only instances of this kind."), instances,
      SharedOptions.color.help("Text styles: auto, always or never."),
    ] + SharedOptions.client
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
    let json = arguments[format] ?? false
    guard
      let style = TextSink.Options.choose(
        color: arguments[SharedOptions.color] ?? "auto", terminal: context.outputIsTerminal)
    else { preconditionFailure("--color is auto, always or never: checked when parsed") }
    guard let client = SocketClientOptions.connect(arguments, context: context)
    else { return .failure }
    let options = HostOptions(bundlePaths: [])
    let text = TextSink(
      output: context.output, errors: context.errors,
      dates: options.dates, options: TerminalResizing.sized(style))
    let resizing = json ? nil : TerminalResizing.redraws(text, inPlace: style.inPlace)
    defer { resizing?.cancel() }
    do {
      try await withTaskCancellationHandler {
        try client.watch(
          kinds: arguments[SharedOptions.kinds], instances: arguments[instances]
        ) { line, raw in
          if json {
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
