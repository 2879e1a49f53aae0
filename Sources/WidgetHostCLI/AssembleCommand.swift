import Foundation
import WidgetHostCore
import WidgetTooling

/// `widget-host assemble`: make a `.widgetbundle` folder from a library built with the SDK.
enum AssembleCommand: Command {
  static let name = "assemble"
  static let summary = "Assemble Name.widgetbundle/ from a shared library built with the SDK."
  static let operands = "<library>"
  static let discussion = """
    Loads the library, asks it to describe its widgets, and writes the bundle folder: \
    manifest.json (generated), the library, and Resources/ with an Info.plist made from the \
    manifest (for Foundation's Bundle). An existing bundle of the same name is replaced. The \
    widget-bundle SwiftPM plugin runs this for you.
    """
  static let output = Option<String>(
    "--output", "-o", value: "FOLDER",
    help: "Where to create the bundle (default: the library's folder).")
  static let bundleName = Option<String>(
    "--name", value: "NAME",
    help: "Bundle name (default: the name the library declares, else its file name without lib "
      + "and .so).")
  static let id = Option<String>(
    "--id", value: "ID",
    help: "Bundle id (default: the id the library declares, else local.NAME).")
  static let version = Option<String>(
    "--version", value: "VERSION",
    help: "Bundle version (default: the version the library declares, else 0.0.0).")
  static let resources = Option<String>(
    "--resources", value: "FOLDER",
    help: "Folder copied to Resources/ (images, <lang>.lproj/Localizable.strings, checked).")
  static let developmentRegion = Option<String>(
    "--development-region", value: "LANG",
    help: "The language the bundle falls back to when the user's has no strings (default en).")
  static let appGroups = Option<String>(
    "--app-group", value: "GROUP",
    help: "An App Group the bundle may use, added to the manifest's appGroups."
  ).repeatable
  static let entitlements = Option<String>(
    "--entitlements", value: "FILE",
    help: "An Xcode .entitlements plist: its com.apple.security.application-groups are "
      + "added to appGroups.")
  static let resourceBundles = Option<String>(
    "--resource-bundle", value: "FOLDER",
    help: "A SwiftPM resource bundle (Package_Target.resources) copied beside the library, for "
      + "Bundle.module."
  ).repeatable
  static let options: [any CommandOption] = [
    output, bundleName, id, version, resources, developmentRegion, appGroups, entitlements,
    resourceBundles,
  ]
  static let examples = [
    (
      "widget-host assemble .build/debug/libClock.so --id com.example.clock --version 1.0",
      "bundle the Clock example"
    ),
    (
      "widget-host assemble .build/debug/libLockScreen.so --entitlements Examples/LockScreen/LockScreen.entitlements",
      "a bundle that may use the App Groups of its entitlements"
    ),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1, let library = arguments.positionals.first else {
      throw UsageError(command: name, message: "give exactly one library")
    }
    var request = BundleAssembler.Request(
      library: library,
      outputDirectory: arguments[output]
        ?? URL(fileURLWithPath: library).deletingLastPathComponent().path)
    request.name = arguments[bundleName]
    request.id = arguments[id]
    request.version = arguments[version]
    request.resources = arguments[resources]
    request.appGroups = arguments[appGroups]
    request.entitlements = arguments[entitlements]
    request.developmentRegion = arguments[developmentRegion]
    request.resourceBundles = arguments[resourceBundles]
    do {
      let (path, manifest) = try await BundleAssembler.assemble(
        request, services: StandaloneServices(log: context.errors))
      let kinds = manifest.kinds.map(\.kind).joined(separator: ", ")
      context.output.write("assembled \(path) (\(manifest.id) \(manifest.version): \(kinds))\n")
      return .success
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
  }
}
