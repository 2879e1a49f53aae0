import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host preview`: the widget gallery of a bundle.
enum PreviewCommand: Command {
  static let name = "preview"
  static let summary = "Show the widget gallery: each kind's placeholder and snapshot per family."
  static let synopsis =
    """
    preview <bundle> [--kind KIND]... [--family FAMILY]... [--instance SPEC]... [--home FILE]
              [--format text|json] [--locale LOCALE]
    """
  static let discussion = """
    For every kind (or --kind) in every family it supports (or --family), asks the bundle for \
    the placeholder, drawn redacted, and the snapshot, with isPreview true in its context, and \
    shows them side by side, as the widget gallery would. A failed call is shown in place of \
    its box; the exit status is then 4.
    """
  static let options: [OptionSpec] = [
    OptionSpec(
      names: ["--kind", "-k"], valueName: "KIND", help: "Show only this kind (repeatable)."),
    OptionSpec(
      names: ["--family", "-f"], valueName: "FAMILY",
      help: "Show only this family (repeatable; default: every family the kind supports)."),
    .instance,
    .home,
    OptionSpec(
      names: ["--format"], valueName: "FORMAT",
      help: "text (boxes side by side, the default) or json (one object per kind and family, "
        + "docs/cli.md#preview)."),
    .deadline,
    .placeholderDeadline,
    .locale,
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
    options.kinds = arguments.all("--kind")
    options.families = try arguments.all("--family").map { (value) throws(UsageError) in
      try RunCommand.parseFamily(value, command: name)
    }
    try InstanceArguments.parse(arguments, into: &options, command: name)
    try RunCommand.parseDeadlines(arguments, into: &options, command: name)
    try RunCommand.parseLocale(arguments, into: &options, command: name)
    let json: Bool
    switch arguments.last("--format") ?? "text" {
    case "text": json = false
    case "json": json = true
    case let other:
      throw UsageError(command: name, message: "unknown format '\(other)' (expected text or json)")
    }
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
