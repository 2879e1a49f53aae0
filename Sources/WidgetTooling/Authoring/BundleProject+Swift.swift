import Foundation
import WidgetSchema

// The Swift templates: Xcode's Widget Extension templates (seeds 000 and 001), formatted in
// swift-format's style (2 spaces, 100 columns), with the project's name in place of Xcode's.
extension BundleProject {
  /// `StaticConfiguration`: one file with the provider, entry, view and `@main` widget.
  func swiftFiles() -> [(path: String, contents: String)] {
    [
      ("Package.swift", packageManifest(products: ["WidgetKit"], plugins: [])),
      ("Sources/\(name)/\(name).swift", staticWidgetSource),
      ("README.md", swiftReadme),
      (".gitignore", ".build/\n.swiftpm/\n"),
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
      ("Sources/\(name)/\(name).swift", intentWidgetSource),
      ("Sources/\(name)/\(name).intentdefinition", intentDefinition),
      ("README.md", swiftReadme),
      (".gitignore", ".build/\n.swiftpm/\n"),
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
      ("Sources/\(name)/\(name).swift", appIntentWidgetSource),
      ("Sources/\(name)/AppIntent.swift", appIntentSource),
      ("Sources/\(name)/\(name)Bundle.swift", widgetBundleSource),
      ("README.md", swiftReadme),
      (".gitignore", ".build/\n.swiftpm/\n"),
    ]
  }

  /// `[.systemSmall, .systemMedium]`.
  var familiesLiteral: String {
    "[" + families.map { ".\($0.rawValue)" }.joined(separator: ", ") + "]"
  }

  /// `.supportedFamilies([...])`, on one line or wrapped as swift-format wraps it.
  var supportedFamiliesModifier: String {
    let line = "    .supportedFamilies(\(familiesLiteral))"
    guard line.count > 100 else { return line }
    let items = families.map { "      .\($0.rawValue)," }.joined(separator: "\n")
    return "    .supportedFamilies([\n\(items)\n    ])"
  }

  func packageManifest(products: [String], plugins: [String]) -> String {
    let package = checkout.packageIdentity
    let dependencies = products.map { ".product(name: \"\($0)\", package: \"\(package)\")" }
    let close = plugins.isEmpty ? ")" : ","
    var target = ["    .target(", "      name: \"\(name)\","]
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
    return """
      // swift-tools-version: 6.1
      // A widget bundle for widget-host, made by `widget-host new`. README.md says how to build
      // and run it.
      import PackageDescription

      let package = Package(
        name: "\(name)",
        products: [
          // The bundle: a dynamic library that widget-host loads.
          .library(name: "\(name)", type: .dynamic, targets: ["\(name)"])
        ],
        dependencies: [
          // The widget-host checkout this project was made with (its WidgetKit SDK).
          .package(path: "\(checkout.url.path)")
        ],
        targets: [
      \(target.joined(separator: "\n"))
        ]
      )

      """
  }

  var staticWidgetSource: String {
    """
    import SwiftUI
    import WidgetKit

    struct Provider: TimelineProvider {
      func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date())
      }

      func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        let entry = SimpleEntry(date: Date())
        completion(entry)
      }

      func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        var entries: [SimpleEntry] = []

        // Generate a timeline consisting of five entries an hour apart, starting from the current date.
        let currentDate = Date()
        for hourOffset in 0..<5 {
          let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
          let entry = SimpleEntry(date: entryDate)
          entries.append(entry)
        }

        let timeline = Timeline(entries: entries, policy: .atEnd)
        completion(timeline)
      }
    }

    struct SimpleEntry: TimelineEntry {
      let date: Date
    }

    struct \(name)EntryView: View {
      var entry: Provider.Entry

      var body: some View {
        Text(entry.date, style: .time)
      }
    }

    @main
    struct \(name): Widget {
      let kind: String = "\(name)"

      var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
          \(name)EntryView(entry: entry)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
    \(supportedFamiliesModifier)
      }
    }

    """
  }

  var intentWidgetSource: String {
    """
    import Intents
    import SwiftUI
    import WidgetKit

    struct Provider: IntentTimelineProvider {
      func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: ConfigurationIntent())
      }

      func getSnapshot(
        for configuration: ConfigurationIntent, in context: Context,
        completion: @escaping (SimpleEntry) -> Void
      ) {
        let entry = SimpleEntry(date: Date(), configuration: configuration)
        completion(entry)
      }

      func getTimeline(
        for configuration: ConfigurationIntent, in context: Context,
        completion: @escaping (Timeline<Entry>) -> Void
      ) {
        var entries: [SimpleEntry] = []

        // Generate a timeline consisting of five entries an hour apart, starting from the current date.
        let currentDate = Date()
        for hourOffset in 0..<5 {
          let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
          let entry = SimpleEntry(date: entryDate, configuration: configuration)
          entries.append(entry)
        }

        let timeline = Timeline(entries: entries, policy: .atEnd)
        completion(timeline)
      }
    }

    struct SimpleEntry: TimelineEntry {
      let date: Date
      let configuration: ConfigurationIntent
    }

    struct \(name)EntryView: View {
      var entry: Provider.Entry

      var body: some View {
        Text(entry.date, style: .time)
      }
    }

    @main
    struct \(name): Widget {
      let kind: String = "\(name)"

      var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: Provider()) {
          entry in
          \(name)EntryView(entry: entry)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
    \(supportedFamiliesModifier)
      }
    }

    """
  }

  /// Xcode's "Configuration" intent: no parameters, eligible for widgets.
  var intentDefinition: String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>INEnums</key>
    \t<array/>
    \t<key>INIntentDefinitionModelVersion</key>
    \t<string>1.2</string>
    \t<key>INIntentDefinitionNamespace</key>
    \t<string>88xZPY</string>
    \t<key>INIntentDefinitionSystemVersion</key>
    \t<string>20A294</string>
    \t<key>INIntentDefinitionToolsBuildVersion</key>
    \t<string>12A6144</string>
    \t<key>INIntentDefinitionToolsVersion</key>
    \t<string>12.0</string>
    \t<key>INIntents</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>INIntentCategory</key>
    \t\t\t<string>information</string>
    \t\t\t<key>INIntentDescriptionID</key>
    \t\t\t<string>tVvJ9c</string>
    \t\t\t<key>INIntentEligibleForWidgets</key>
    \t\t\t<true/>
    \t\t\t<key>INIntentIneligibleForSuggestions</key>
    \t\t\t<true/>
    \t\t\t<key>INIntentName</key>
    \t\t\t<string>Configuration</string>
    \t\t\t<key>INIntentParameters</key>
    \t\t\t<array/>
    \t\t\t<key>INIntentResponse</key>
    \t\t\t<dict>
    \t\t\t\t<key>INIntentResponseCodes</key>
    \t\t\t\t<array>
    \t\t\t\t\t<dict>
    \t\t\t\t\t\t<key>INIntentResponseCodeName</key>
    \t\t\t\t\t\t<string>success</string>
    \t\t\t\t\t\t<key>INIntentResponseCodeSuccess</key>
    \t\t\t\t\t\t<true/>
    \t\t\t\t\t</dict>
    \t\t\t\t\t<dict>
    \t\t\t\t\t\t<key>INIntentResponseCodeName</key>
    \t\t\t\t\t\t<string>failure</string>
    \t\t\t\t\t</dict>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t\t<key>INIntentTitle</key>
    \t\t\t<string>Configuration</string>
    \t\t\t<key>INIntentTitleID</key>
    \t\t\t<string>gpCwrM</string>
    \t\t\t<key>INIntentType</key>
    \t\t\t<string>Custom</string>
    \t\t\t<key>INIntentVerb</key>
    \t\t\t<string>View</string>
    \t\t</dict>
    \t</array>
    \t<key>INTypes</key>
    \t<array/>
    </dict>
    </plist>

    """
  }

  var appIntentWidgetSource: String {
    """
    import SwiftUI
    import WidgetKit

    struct Provider: AppIntentTimelineProvider {
      func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
      }

      func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async
        -> SimpleEntry
      {
        SimpleEntry(date: Date(), configuration: configuration)
      }

      func timeline(for configuration: ConfigurationAppIntent, in context: Context) async
        -> Timeline<SimpleEntry>
      {
        var entries: [SimpleEntry] = []

        // Generate a timeline consisting of five entries an hour apart, starting from the current date.
        let currentDate = Date()
        for hourOffset in 0..<5 {
          let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
          let entry = SimpleEntry(date: entryDate, configuration: configuration)
          entries.append(entry)
        }

        return Timeline(entries: entries, policy: .atEnd)
      }
    }

    struct SimpleEntry: TimelineEntry {
      let date: Date
      let configuration: ConfigurationAppIntent
    }

    struct \(name)EntryView: View {
      var entry: Provider.Entry

      var body: some View {
        VStack {
          Text("Time:")
          Text(entry.date, style: .time)

          Text("Favorite Emoji:")
          Text(entry.configuration.favoriteEmoji)
        }
      }
    }

    struct \(name): Widget {
      let kind: String = "\(name)"

      var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()) {
          entry in
          \(name)EntryView(entry: entry)
            .containerBackground(.fill.tertiary, for: .widget)
        }
    \(supportedFamiliesModifier)
      }
    }

    """
  }

  var appIntentSource: String {
    """
    import AppIntents
    import WidgetKit

    struct ConfigurationAppIntent: WidgetConfigurationIntent {
      static var title: LocalizedStringResource { "Configuration" }
      static var description: IntentDescription { "This is an example widget." }

      // An example configurable parameter.
      @Parameter(title: "Favorite Emoji", default: "😃")
      var favoriteEmoji: String
    }

    """
  }

  var widgetBundleSource: String {
    """
    import SwiftUI
    import WidgetKit

    @main
    struct \(name)Bundle: WidgetBundle {
      var body: some Widget {
        \(name)()
      }
    }

    """
  }

  var swiftReadme: String {
    let configuration: String
    switch template {
    case .intent:
      configuration = """
        The widget is configurable: `IntentConfiguration` with the `ConfigurationIntent` that
        widget-host's plugin generates from `Sources/\(name)/\(name).intentdefinition` (Xcode's
        intent definition format). Add parameters there.
        """
    case .appIntent:
      configuration = """
        The widget is configurable: `AppIntentConfiguration` with `ConfigurationAppIntent`
        (`Sources/\(name)/AppIntent.swift`), whose `@Parameter` properties are the widget's
        parameters (here `favoriteEmoji`, default 😃).
        """
    default:
      configuration = """
        The widget is static: `StaticConfiguration` with a `TimelineProvider`.
        """
    }
    return """
      # \(name)

      A widget bundle for [widget-host](\(checkout.url.path)), made by `widget-host new` from
      Xcode's Widget Extension template (\(template.summary)).

      ```
      Package.swift                  the package: one dynamic library product, \(name)
      Sources/\(name)/               the widget's code
      ```

      \(configuration) It supports \(families.map(\.rawValue).joined(separator: ", ")).

      ## Build and run

      ```sh
      swift build
      \(widgetHost) run .build/debug/lib\(name).so
      ```

      `swift build` builds `.build/debug/lib\(name).so`; `widget-host run` loads it and shows the
      widget until Ctrl-C (`--once`: the current entry, then exit; `--family F`: another family;
      `--format json`: the JSON stream).

      While you work, keep it running with `--watch`: each `swift build` that changes the library
      reloads the widget in place.

      ```sh
      \(widgetHost) run .build/debug/lib\(name).so --watch
      ```

      ## Make a bundle

      ```sh
      swift package widget-bundle --product \(name) --id com.example.\(name.lowercased()) --version 1.0.0
      \(widgetHost) run .build/debug/\(name).widgetbundle
      ```

      The plugin builds the library and assembles `.build/debug/\(name).widgetbundle/`
      (`manifest.json`, generated from the code, and the library). More: `\(widgetHost) preview`
      (the gallery), `\(widgetHost) simulate … --for 24h` (a day in seconds), `\(widgetHost)
      validate` (the conformance suite), and widget-host's docs/authoring.md.

      The package depends on widget-host by path (`\(checkout.url.path)`); change the
      `.package(path:)` line in `Package.swift` if the checkout moves.

      """
  }
}
