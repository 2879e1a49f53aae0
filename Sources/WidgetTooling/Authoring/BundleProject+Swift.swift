import Foundation
import WidgetSchema

// The Swift templates: Xcode's Widget Extension templates (seeds 000 and 001), formatted in
// swift-format's style (2 spaces, 100 columns), with the project's name in place of Xcode's.
// Their text is in `Authoring/Embedded/Swift/`.
extension BundleProject {
  /// `StaticConfiguration`: one file with the provider, entry, view and `@main` widget.
  func swiftFiles() -> [(path: String, contents: String)] {
    [
      ("Package.swift", packageManifest(products: ["WidgetKit"], plugins: [])),
      ("Sources/\(name)/\(name).swift", swiftFile("StaticWidget.swift.template")),
      ("README.md", swiftFile("README.md")),
      (".gitignore", swiftFile("gitignore")),
    ]
  }

  /// `IntentConfiguration`: Xcode's older template with "Include Configuration Intent", the
  /// `.intentdefinition` file turned into `ConfigurationIntent` by widget-host's plugin.
  func intentFiles() throws(BundleProjectError) -> [(path: String, contents: String)] {
    guard checkout.hasModule("Intents") else {
      throw .missingFeature(
        "new --intent: the widget-host checkout at \(checkout.url.path) has no Intents module "
          + "(Sources/Intents) yet; update it, or use --app-intent or no option")
    }
    guard let plugin = checkout.pluginProducts(containing: "Intent").first else {
      throw .missingFeature(
        "new --intent: the widget-host checkout at \(checkout.url.path) has no intent "
          + "definition plugin (a plugin product whose name contains 'Intent') yet; update it")
    }
    let products = ["WidgetKit"] + (checkout.hasLibraryProduct("Intents") ? ["Intents"] : [])
    return [
      ("Package.swift", packageManifest(products: products, plugins: [plugin])),
      ("Sources/\(name)/\(name).swift", swiftFile("IntentWidget.swift.template")),
      ("Sources/\(name)/\(name).intentdefinition", swiftFile("Configuration.intentdefinition")),
      ("README.md", swiftFile("README.md")),
      (".gitignore", swiftFile("gitignore")),
    ]
  }

  /// `AppIntentConfiguration`: Xcode's current template with "Include Configuration Intent":
  /// the widget, `AppIntent.swift` and the `@main` widget bundle.
  func appIntentFiles() throws(BundleProjectError) -> [(path: String, contents: String)] {
    guard checkout.hasModule("AppIntents") else {
      throw .missingFeature(
        "new --app-intent: the widget-host checkout at \(checkout.url.path) has no AppIntents "
          + "module (Sources/AppIntents) yet; update it, or use --intent or no option")
    }
    let products =
      ["WidgetKit"] + (checkout.hasLibraryProduct("AppIntents") ? ["AppIntents"] : [])
    return [
      ("Package.swift", packageManifest(products: products, plugins: [])),
      ("Sources/\(name)/\(name).swift", swiftFile("AppIntentWidget.swift.template")),
      ("Sources/\(name)/AppIntent.swift", swiftFile("AppIntent.swift.template")),
      ("Sources/\(name)/\(name)Bundle.swift", swiftFile("WidgetBundle.swift.template")),
      ("README.md", swiftFile("README.md")),
      (".gitignore", swiftFile("gitignore")),
    ]
  }

  /// The values of the placeholders in the Swift templates (`Authoring/Embedded/Swift/`).
  var swiftValues: [String: String] {
    let configuration = ProjectTemplate.render(
      "Swift/Configuration-\(template.rawValue).md",
      [
        "NAME": name
      ])
    return [
      "NAME": name,
      "NAME_LOWERCASE": name.lowercased(),
      "CHECKOUT": checkout.url.path,
      "WIDGET_HOST": widgetHost,
      "FAMILIES": familiesLiteral,
      "FIRST_FAMILY": "." + families[0].rawValue,
      "FAMILY_NAMES": families.map(\.rawValue).joined(separator: ", "),
      "TEMPLATE_SUMMARY": template.summary,
      "CONFIGURATION": configuration.hasSuffix("\n")
        ? String(configuration.dropLast()) : configuration,
    ]
  }

  /// `Swift/<file>` filled in for this project.
  func swiftFile(_ file: String) -> String {
    ProjectTemplate.render("Swift/\(file)", swiftValues)
  }

  /// `[.systemSmall, .systemMedium]` in `.supportedFamilies(…)`, wrapped as swift-format wraps
  /// it when the line would be longer than 100 columns.
  var familiesLiteral: String {
    let literal = "[" + families.map { ".\($0.rawValue)" }.joined(separator: ", ") + "]"
    guard "    .supportedFamilies(\(literal))".count > 100 else { return literal }
    return "[\n" + families.map { "      .\($0.rawValue),\n" }.joined() + "    ]"
  }

  /// The package manifest, whose target depends on `products` and uses `plugins` of the
  /// checkout.
  func packageManifest(products: [String], plugins: [String]) -> String {
    let package = checkout.packageIdentity
    let dependencies = products.map { ".product(name: \"\($0)\", package: \"\(package)\")" }
    let close = plugins.isEmpty ? ")" : ","
    var target: [String] = []
    let oneLine = "      dependencies: [\(dependencies.joined(separator: ", "))]" + close
    if dependencies.count == 1 && oneLine.count <= 100 {
      target.append(oneLine)
    } else {
      target.append("      dependencies: [")
      target += dependencies.map { "        \($0)," }
      target.append("      ]" + close)
    }
    if !plugins.isEmpty {
      let list = plugins.map { ".plugin(name: \"\($0)\", package: \"\(package)\")" }
      target.append("      plugins: [\(list.joined(separator: ", "))])")
    }
    var values = swiftValues
    values["TARGET_DEPENDENCIES"] = target.joined(separator: "\n")
    return ProjectTemplate.render("Swift/Package.swift.template", values)
  }
}
