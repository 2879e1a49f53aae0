import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// `widget-host inspect`: what a bundle declares, from its manifest alone.
enum InspectCommand: Command {
  static let name = "inspect"
  static let summary = "Show what a bundle declares: identity, ABI, app groups, kinds and families."
  static let operands = "<bundle>"
  static let discussion = """
    Reads manifest.json only; the library is not loaded. For a bare shared library (no \
    manifest) the library is loaded and its own description is shown. Display names and \
    descriptions are localized from the bundle's Resources/<lang>.lproj/Localizable.strings; \
    --json prints the manifest as written (the keys).
    """
  static let json = SharedOptions.json.help("Print the manifest as JSON.")
  static let options: [any CommandOption] = [json, SharedOptions.locale]
  static let examples = [
    ("widget-host inspect Clock.widgetbundle", "see the kinds and families of a bundle"),
    ("widget-host inspect --json .build/debug/libClock.so", "the manifest a library would get"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(command: name, message: "give exactly one bundle")
    }
    var options = HostOptions(bundlePaths: [])
    try options.apply(arguments, command: name)
    let manifest: BundleManifest
    let resourcesPath: String
    do {
      let source = try BundleSource.open(path)
      resourcesPath = source.resourcesPath
      if let declared = source.manifest {
        manifest = declared
      } else {
        manifest = try await describe(path, context: context)
      }
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
    if arguments[json] {
      let encoder = WidgetJSON.encoder()
      encoder.outputFormatting.insert(.prettyPrinted)
      let data = (try? encoder.encode(manifest)) ?? Data()
      context.output.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      let localized = manifest.localized(
        language: options.language, resourcesPath: resourcesPath
      ) { problem in
        context.errors.write("widget-host: warning: \(problem)\n")
      }
      context.output.write(summary(of: localized, path: path))
    }
    return .success
  }

  private static func describe(
    _ path: String, context: CommandContext
  ) async throws(BundleError) -> BundleManifest {
    let source = try BundleSource.open(path)
    let connection = try await InProcessLoader().load(
      source, services: StandaloneServices(log: context.errors))
    let description = connection.description
    await connection.close()
    return BundleManifest(generatedFrom: description, libraryPath: source.libraryPath)
  }

  static func summary(of manifest: BundleManifest, path: String) -> String {
    var text = "\(manifest.name) (\(manifest.id)) \(manifest.version)\n"
    text += "  path:       \(path)\n"
    text += "  library:    \(manifest.library)\n"
    text += "  ABI:        \(manifest.abiVersion)\n"
    text +=
      "  app groups: \(manifest.appGroups.isEmpty ? "none" : manifest.appGroups.joined(separator: ", "))\n"
    text += "  kinds:\n"
    for kind in manifest.kinds {
      text += "    \(kind.kind): \(kind.displayName)\n"
      if !kind.description.isEmpty { text += "      \(kind.description)\n" }
      text += "      families: \(kind.families.map(\.rawValue).joined(separator: ", "))\n"
      text += configuration(of: kind.configuration)
    }
    return text
  }

  /// The configuration lines of a kind: its type and intent, then one line per parameter
  /// (`count: int, default 1`, `color: enum red|green|blue, default red`,
  /// `animal: entity Animal, required, dynamic options`).
  static func configuration(of configuration: ConfigurationManifest) -> String {
    let type: String
    switch configuration {
    case .static: return "      configuration: static\n"
    case .intent: type = "intent"
    case .appIntent: type = "appIntent"
    }
    guard let schema = configuration.intent else { return "" }
    var text = "      configuration: \(type) \(schema.intent)"
    if let title = schema.title, !title.isEmpty, title != schema.intent {
      text += " (\"\(title)\")"
    }
    text += schema.parameters.isEmpty ? ", no parameters\n" : "\n"
    for parameter in schema.parameters {
      var facts = [parameter.type.rawValue]
      if let cases = parameter.cases, !cases.isEmpty {
        facts[0] += " " + cases.map(\.value).joined(separator: "|")
      }
      if let entity = parameter.entityType { facts[0] += " \(entity)" }
      if parameter.required { facts.append("required") }
      if let value = parameter.default, value != .null,
        let data = try? WidgetJSON.encode(value)
      {
        facts.append("default " + String(decoding: data, as: UTF8.self))
      }
      if parameter.dynamicOptions { facts.append("dynamic options") }
      let title = parameter.title == parameter.name ? "" : " \"\(parameter.title)\""
      text += "        \(parameter.name)\(title): " + facts.joined(separator: ", ") + "\n"
    }
    return text
  }
}
