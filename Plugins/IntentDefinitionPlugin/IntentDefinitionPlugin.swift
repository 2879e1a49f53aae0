import Foundation
import PackagePlugin

/// Generates Swift code from each `.intentdefinition` file of a target (Xcode's intent
/// definition format), as Xcode does for a widget extension: the intent classes, their enums and
/// custom types, and the `<Intent>IntentHandling` protocols. Apply it to a widget target:
///
/// ```swift
/// .target(
///   name: "MyWidget", dependencies: [.product(name: "WidgetKit", package: "widget-host")],
///   plugins: [.plugin(name: "IntentDefinitionPlugin", package: "widget-host")])
/// ```
@main
struct IntentDefinitionPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "intent-codegen")
    let definitions = target.sourceFiles(withSuffix: "intentdefinition").map(\.url)
    return definitions.map { definition in
      let name = definition.deletingPathExtension().lastPathComponent
      let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name).swift")
      return .buildCommand(
        displayName: "Generating \(name).swift from \(definition.lastPathComponent)",
        executable: tool.url,
        arguments: [definition.path, "--output", output.path],
        inputFiles: [definition],
        outputFiles: [output])
    }
  }
}
