import Foundation
import WidgetHostCore
import WidgetRendering
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
    its box; the exit status is then 4. With --format png or svg, draws each placeholder and \
    snapshot as iOS would into DIR/KIND.FAMILY.placeholder.png (and .snapshot.png), at \
    --scale (default 2).
    """
  /// What the gallery is shown as.
  enum Output: Sendable {
    case text
    case json
    case pixels(PixelFormat)
  }
  static let format = Option<Output>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "text (boxes side by side, the default), json (one object per kind and family, "
      + "docs/cli.md#preview), png or svg (pictures into --output).",
    choices: ["text": .text, "json": .json, "png": .pixels(.png), "svg": .pixels(.svg)])
  static let output = Option<String>(
    "--output", "-o", value: "DIR", help: "The folder for --format png|svg (made if missing).")
  static let scale = SharedOptions.scale
  static let options: [any CommandOption] = [
    SharedOptions.kinds,
    SharedOptions.families.help(
      "Show only this family (default: every family the kind supports)."),
    SharedOptions.instances, SharedOptions.home, SharedOptions.renderingMode, format, output, scale,
    SharedOptions.deadline,
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
    let shown = arguments[format] ?? .text
    let folder = arguments[output]
    let drawsPixels = if case .pixels = shown { true } else { false }
    if drawsPixels, folder == nil {
      throw UsageError(
        command: name, message: "\(format.info.key) png and svg need \(output.info.spellings[0])")
    }
    if !drawsPixels, folder != nil {
      throw UsageError(
        command: name, message: "\(output.info.key) is for \(format.info.key) png or svg")
    }
    let host = WidgetHost(options: options, sinks: [], log: context.errors)
    let items: [PreviewItem]
    let activities: [ActivityPreviewItem]
    do {
      (items, activities) = try await host.preview()
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
    switch shown {
    case .pixels(let pixels):
      do {
        let written = try PreviewImages.write(
          items, to: folder ?? ".", format: pixels, scale: arguments[scale] ?? 2,
          dates: options.dates, now: Date())
        for file in written.files { context.output.write(file + "\n") }
        for warning in written.warnings { context.errors.write("warning: \(warning)\n") }
      } catch {
        context.errors.write(errorLines(error.description))
        return .failure
      }
    case .json:
      let encoder = WidgetJSON.encoder()
      for item in items {
        let data = (try? encoder.encode(item)) ?? Data()
        context.output.write(String(decoding: data, as: UTF8.self) + "\n")
      }
      for item in activities {
        let data = (try? encoder.encode(item)) ?? Data()
        context.output.write(String(decoding: data, as: UTF8.self) + "\n")
      }
    case .text:
      context.output.write(
        PreviewGallery.text(items, activities: activities, dates: options.dates))
    }
    return items.contains(where: \.failed) || activities.contains(where: { $0.error != nil })
      ? .providerFailed : .success
  }
}
