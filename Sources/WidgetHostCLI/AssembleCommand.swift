import Foundation
import WidgetHostCore
import WidgetTooling

/// `widget-host assemble`: make a `.widgetbundle` folder from a library built with the SDK.
enum AssembleCommand: Command {
  static let name = "assemble"
  static let summary = "Assemble Name.widgetbundle/ from a shared library built with the SDK."
  static let synopsis =
    "assemble <library> [--output FOLDER] [--name NAME] [--id ID] [--version VERSION] [--resources FOLDER] [--development-region LANG] [--app-group GROUP]... [--entitlements FILE]"
  static let discussion = """
    Loads the library, asks it to describe its widgets, and writes the bundle folder: \
    manifest.json (generated), the library, and Resources/. An existing bundle of the same \
    name is replaced. The widget-bundle SwiftPM plugin runs this for you.
    """
  static let options = [
    OptionSpec(
      names: ["--output", "-o"], valueName: "FOLDER",
      help: "Where to create the bundle (default: the library's folder)."),
    OptionSpec(
      names: ["--name"], valueName: "NAME",
      help:
        "Bundle name (default: the name the library declares, else its file name without lib and .so)."
    ),
    OptionSpec(
      names: ["--id"], valueName: "ID",
      help: "Bundle id (default: the id the library declares, else local.NAME)."),
    OptionSpec(
      names: ["--version"], valueName: "VERSION",
      help: "Bundle version (default: the version the library declares, else 0.0.0)."),
    OptionSpec(
      names: ["--resources"], valueName: "FOLDER",
      help: "Folder copied to Resources/ (images, <lang>.lproj/Localizable.strings, checked)."),
    OptionSpec(
      names: ["--development-region"], valueName: "LANG",
      help: "The language the bundle falls back to when the user's has no strings (default en)."),
    OptionSpec(
      names: ["--app-group"], valueName: "GROUP",
      help: "An App Group the bundle may use (repeatable), added to the manifest's appGroups."),
    OptionSpec(
      names: ["--entitlements"], valueName: "FILE",
      help: "An Xcode .entitlements plist: its com.apple.security.application-groups are "
        + "added to appGroups."),
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
      outputDirectory: arguments.last("--output")
        ?? URL(fileURLWithPath: library).deletingLastPathComponent().path)
    request.name = arguments.last("--name")
    request.id = arguments.last("--id")
    request.version = arguments.last("--version")
    request.resources = arguments.last("--resources")
    request.appGroups = arguments.all("--app-group")
    request.entitlements = arguments.last("--entitlements")
    request.developmentRegion = arguments.last("--development-region")
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
