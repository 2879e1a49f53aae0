import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host preview`: the widget gallery of a bundle.
enum PreviewCommand: Command {
  static let name = "preview"
  static let summary = "Show the widget gallery: each kind's placeholder and snapshot per family."
  static let operands = "<bundle>"
  static let discussion = """
    For every kind (or --kind) in every family it supports (or --family), asks the bundle for \
    the placeholder, drawn redacted, and the snapshot, with isPreview true in its context, and \
    shows them side by side, as the widget gallery would. A failed call is shown in place of \
    its box; the exit status is then 4.
    """
  static let format = Option<Bool>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "text (boxes side by side, the default) or json (one object per kind and family, "
      + "docs/cli.md#preview).", choices: ["text": false, "json": true])
  static let options: [any CommandOption] = [
    SharedOptions.kinds,
    SharedOptions.families.help(
      "Show only this family (default: every family the kind supports)."),
    SharedOptions.instances, SharedOptions.home, format, SharedOptions.deadline,
    SharedOptions.placeholderDeadline, SharedOptions.locale,
  ]
  static let examples = [
    ("widget-host preview Clock.widgetbundle", "the gallery of every kind and family"),
    (
      "widget-host preview SystemStatus.widgetbundle --family accessoryInline --format json",
      "one family, for a program"
    ),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1 else {
      throw UsageError(command: name, message: "give exactly one bundle")
    }
    var options = HostOptions(bundlePaths: arguments.positionals)
    try options.apply(arguments, command: name)
    let json = arguments[format] ?? false
    let host = WidgetHost(options: options, sinks: [], log: context.errors)
    let items: [PreviewItem]
    do {
      items = try await host.preview()
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
    if json {
      let encoder = WidgetJSON.encoder()
      for item in items {
        let data = (try? encoder.encode(item)) ?? Data()
        context.output.write(String(decoding: data, as: UTF8.self) + "\n")
      }
    } else {
      context.output.write(
        PreviewGallery.text(
          items, dates: options.dates))
    }
    return items.contains(where: \.failed) ? .providerFailed : .success
  }
}
