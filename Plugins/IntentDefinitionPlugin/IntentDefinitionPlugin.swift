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
      // `Name.intentdefinition.swift`, not `Name.swift`: Xcode's template puts a `Name.swift`
      // (the widget) next to `Name.intentdefinition`, and one module cannot compile two files
      // of the same name.
      let file = definition.lastPathComponent + ".swift"
      let output = context.pluginWorkDirectoryURL.appendingPathComponent(file)
      return .buildCommand(
        displayName: "Generating \(file) from \(definition.lastPathComponent)",
        executable: tool.url,
        arguments: [definition.path, "--output", output.path],
        inputFiles: [definition],
        outputFiles: [output])
    }
  }
}
