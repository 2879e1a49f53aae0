@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The plugin the compiler runs for the package's macros: it answers the compiler's messages on
/// standard input and output (what SwiftCompilerPlugin's `CompilerPlugin` does, which the
/// toolchain does not ship).
@main enum WidgetMacrosPlugin {
  static func main() throws {
    let listener = CompilerPluginMessageListener(
      connection: StandardIOConnection(), provider: MacroProvider())
    try listener.main()
  }
}

/// The macros the plugin offers, by type name.
struct MacroProvider: PluginProvider {
  struct UnknownMacro: Error, CustomStringConvertible {
    var typeName: String
    var description: String { "WidgetMacros has no macro named '\(typeName)'" }
  }

  func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
    switch typeName {
    case "PreviewMacro": PreviewMacro.self
    case "JSONFieldsMacro": JSONFieldsMacro.self
    default: throw UnknownMacro(typeName: typeName)
    }
  }
}
