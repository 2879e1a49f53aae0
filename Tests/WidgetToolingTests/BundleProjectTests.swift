import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetTooling

/// The project templates of `widget-host new`: names, finding the checkout, and every template
/// formatted in swift-format's style (checked with the repository's own configuration).
@Suite struct BundleProjectTests {
  /// A checkout that also has the modules and the plugin the intent templates need, so that
  /// every template can be generated whatever the SDK offers today.
  static let fullCheckout: URL = {
    let folder = TestSupport.temporaryDirectory("checkout").appendingPathComponent("widget-host")
    let fileManager = FileManager.default
    try! fileManager.createDirectory(
      at: folder.appendingPathComponent("Sources/CWidgetABI/include"),
      withIntermediateDirectories: true)
    for module in ["Intents", "AppIntents"] {
      try! fileManager.createDirectory(
        at: folder.appendingPathComponent("Sources/\(module)"), withIntermediateDirectories: true)
    }
    try! fileManager.copyItem(
      at: TestSupport.abiInclude.appendingPathComponent("widget_abi.h"),
      to: folder.appendingPathComponent("Sources/CWidgetABI/include/widget_abi.h"))
    let manifest = """
      let package = Package(
        name: "widget-host",
        products: [
          .library(name: "WidgetKit", targets: ["WidgetKit", "SwiftUI"]),
          .library(name: "AppIntents", targets: ["AppIntents"]),
          .plugin(name: "IntentDefinitionPlugin", targets: ["IntentDefinitionPlugin"]),
        ])
      """
    try! Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
    return folder
  }()

  static func project(
    _ template: BundleProject.Template, name: String = "MyWidget", families: [WidgetFamily] = []
  ) throws -> BundleProject {
    try BundleProject(
      name: name, template: template, families: families,
      checkout: WidgetHostCheckout(fullCheckout, source: "test"), widgetHost: "widget-host")
  }

  @Test(arguments: ["", "1st", "a-b", "naïve", "class", "SwiftUI", "Self"])
  func namesThatAreNotUsableAreRefused(_ name: String) {
    #expect(throws: BundleProjectError.self) { try BundleProject.validate(name: name) }
  }

  @Test(arguments: ["MyWidget", "_x", "Widget2", "next_train"])
  func swiftIdentifiersAreAccepted(_ name: String) throws {
    try BundleProject.validate(name: name)
  }

  @Test func theCheckoutComesFromTheOptionThenTheVariableThenTheBinary() throws {
    let repository = TestSupport.repositoryRoot.standardizedFileURL
    let binary = TestSupport.product("widget-host").path
    let other = Self.fullCheckout.standardizedFileURL
    // The option wins over the variable, which wins over the binary's location.
    #expect(
      try WidgetHostCheckout.locate(
        option: other.path, environment: ["WIDGET_HOST_CHECKOUT": "/nowhere"], executable: binary
      ).url.path == other.path)
    #expect(
      try WidgetHostCheckout.locate(
        option: nil, environment: ["WIDGET_HOST_CHECKOUT": other.path], executable: binary
      ).url.path == other.path)
    #expect(
      try WidgetHostCheckout.locate(option: nil, environment: [:], executable: binary).url.path
        == repository.path)
    #expect(throws: BundleProjectError.self) {
      try WidgetHostCheckout.locate(option: nil, environment: [:], executable: "/usr/bin/env")
    }
  }

  @Test func theIntentTemplatesUseWhatTheCheckoutDeclares() throws {
    let intent = try Self.project(.intent).files()
    let manifest = try #require(intent.first { $0.path == "Package.swift" }?.contents)
    #expect(manifest.contains(#".plugin(name: "IntentDefinitionPlugin", package: "widget-host")"#))
    #expect(intent.contains { $0.path == "Sources/MyWidget/MyWidget.intentdefinition" })
    let source = try #require(intent.first { $0.path == "Sources/MyWidget/MyWidget.swift" })
    #expect(source.contents.contains("struct Provider: IntentTimelineProvider"))
    #expect(
      source.contents.contains("IntentConfiguration(kind: kind, intent: ConfigurationIntent.self"))

    let appIntent = try Self.project(.appIntent).files()
    let appManifest = try #require(appIntent.first { $0.path == "Package.swift" }?.contents)
    #expect(appManifest.contains(#".product(name: "AppIntents", package: "widget-host")"#))
    let intentFile = try #require(appIntent.first { $0.path == "Sources/MyWidget/AppIntent.swift" })
    #expect(
      intentFile.contents.contains("struct ConfigurationAppIntent: WidgetConfigurationIntent"))
    #expect(
      intentFile.contents.contains(#"@Parameter(title: "Favorite Emoji", default: "😃")"#))
    #expect(appIntent.contains { $0.path == "Sources/MyWidget/MyWidgetBundle.swift" })
  }

  @Test func everySwiftFileOfEveryTemplateIsFormatted() throws {
    let folder = TestSupport.temporaryDirectory("templates")
    let families: [[WidgetFamily]] = [[], WidgetFamily.allCases]
    var count = 0
    for template in BundleProject.Template.allCases where template != .c {
      for (index, chosen) in families.enumerated() {
        let project = try Self.project(template, name: "Widget\(index)", families: chosen)
        let created = try project.create(
          in: folder.appendingPathComponent("\(template.rawValue)"))
        count += 1
        let lint = try TestSupport.run(
          "/usr/bin/env",
          [
            "swift", "format", "lint", "--strict", "--configuration",
            TestSupport.repositoryRoot.appendingPathComponent(".swift-format").path, "-r",
            created.appendingPathComponent("Sources").path,
            created.appendingPathComponent("Package.swift").path,
          ])
        #expect(lint.status == 0 && lint.errors.isEmpty, "\(template): \(lint.errors)")
      }
    }
    #expect(count == 6)
  }

  @Test func theBinaryEmbedsEveryTemplateFileAsItIsInTheRepository() throws {
    let folder = TestSupport.repositoryRoot.appendingPathComponent(
      "Sources/WidgetTooling/Authoring/Embedded")
    let files = try #require(
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var paths: [String] = []
    for case let url as URL in files where !url.hasDirectoryPath {
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else {
        continue
      }
      let path = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
      paths.append(path)
      #expect(
        EmbeddedFiles.files[path] == (try String(contentsOf: url, encoding: .utf8)),
        "the embedded \(path) differs from the file")
    }
    #expect(paths.sorted() == ProjectTemplate.paths)
    #expect(paths.count > 10)
  }

  @Test func everyPlaceholderHasAValueAndEveryValueAPlaceholder() throws {
    let swift = try Self.project(.swift)
    let c = try Self.project(.c)
    for (prefix, values) in [("Swift/", swift.swiftValues), ("C/", c.cValues)] {
      var used = Set<String>()
      for path in ProjectTemplate.paths where path.hasPrefix(prefix) {
        let keys = ProjectTemplate.placeholders(in: path)
        used.formUnion(keys)
        // TARGET_DEPENDENCIES is filled in by packageManifest(products:plugins:) alone.
        let missing = Set(keys).subtracting(values.keys).subtracting(["TARGET_DEPENDENCIES"])
        #expect(missing.isEmpty, "\(path) has placeholders without a value: \(missing.sorted())")
      }
      let unused = Set(values.keys).subtracting(used)
      #expect(unused.isEmpty, "\(prefix) values no template uses: \(unused.sorted())")
    }
    for template in BundleProject.Template.allCases {
      for (path, contents) in try Self.project(template).files() {
        #expect(!contents.contains("{{"), "\(template) \(path) still has a placeholder")
      }
    }
  }

  @Test func anExistingFolderIsNeverOverwritten() throws {
    let folder = TestSupport.temporaryDirectory("templates")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("MyWidget"), withIntermediateDirectories: true)
    #expect(throws: BundleProjectError.exists(folder.appendingPathComponent("MyWidget").path)) {
      try Self.project(.c).create(in: folder)
    }
  }
}
