import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// `widget-host list`: the bundles in folders, from their manifests alone.
enum ListCommand: Command {
  static let name = "list"
  static let summary = "List the widget bundles in folders, with their kinds, without loading them."
  static let operands = "<folder-or-bundle>..."
  static let discussion = """
    A folder is searched for *.widgetbundle folders (not recursively); a bundle path is listed \
    as is. Each kind is shown with its families and its display name, localized from the \
    bundle's Resources/<lang>.lproj/Localizable.strings. Invalid bundles are reported on stderr \
    and make the exit status 3.
    """
  static let options: [any CommandOption] = [SharedOptions.locale]
  static let examples = [
    ("widget-host list ~/.local/share/widget-host/bundles", "what is installed"),
    ("widget-host list --locale zh-Hans Wishes.widgetbundle", "display names in Chinese"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "give at least one folder or bundle")
    }
    var options = HostOptions(bundlePaths: [])
    try options.apply(arguments, command: name)
    var status = ExitCode.success
    for path in arguments.positionals {
      let bundles: [String]
      do {
        bundles =
          path.hasSuffix(".widgetbundle") || path.hasSuffix(".widgetbundle/")
          ? [path] : try BundleSource.bundles(in: path)
      } catch {
        context.errors.write(errorLines(error.description))
        status = .bundle
        continue
      }
      for bundle in bundles {
        do {
          let source = try BundleSource.open(bundle)
          guard let declared = source.manifest else { continue }
          let manifest = declared.localized(
            language: options.language, resourcesPath: source.resourcesPath
          ) { problem in
            context.errors.write("widget-host: warning: \(problem)\n")
          }
          let kinds = manifest.kinds.map {
            "\($0.kind) [\($0.families.map(\.rawValue).joined(separator: ", "))]  \($0.displayName)"
          }
          context.output.write("\(manifest.id) \(manifest.version)  \(bundle)\n")
          for kind in kinds { context.output.write("  \(kind)\n") }
        } catch {
          context.errors.write(errorLines(error.description))
          status = .bundle
        }
      }
    }
    return status
  }
}
