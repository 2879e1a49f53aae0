import Foundation
import TestSupport
import Testing

/// `widget-host new` with the real binary: each template is generated outside the repository,
/// built the way its README says, and run with `widget-host run --once`. Serialized: the Swift
/// projects share one build folder (`--scratch-path`), so the SDK is compiled once.
@Suite(.serialized) struct NewCommandTests {
  /// Where the generated Swift projects build, shared between them.
  static let scratch = TestSupport.temporaryDirectory("new-scratch")

  static func new(_ arguments: [String], in folder: URL) throws -> TestSupport.ProcessResult {
    try TestSupport.run(
      Products.widgetHost.path,
      ["new"] + arguments + [
        "--output", folder.path, "--widget-host",
        TestSupport.repositoryRoot.path,
      ],
      environment: Products.environment)
  }

  /// Builds the Swift project in `project` into the shared scratch folder; returns its library.
  static func swiftBuild(_ project: URL, name: String) throws -> URL {
    let result = try TestSupport.run(
      "/usr/bin/env", ["swift", "build", "--scratch-path", scratch.path], in: project)
    #expect(result.status == 0, "swift build: \(result.output)\n\(result.errors)")
    #expect(!result.output.contains("warning:"), "a template compiles without warnings")
    return scratch.appendingPathComponent("debug/lib\(name).so")
  }

  static func sdkHas(_ module: String) -> Bool {
    FileManager.default.fileExists(
      atPath: TestSupport.repositoryRoot.appendingPathComponent("Sources/\(module)").path)
  }

  @Test func theSwiftTemplateBuildsAndRuns() throws {
    let folder = TestSupport.temporaryDirectory("new")
    let created = try Self.new(
      ["MyWidget", "--family", "systemMedium", "-f", "systemSmall"], in: folder)
    #expect(created.status == 0, "\(created.errors)")
    let project = folder.appendingPathComponent("MyWidget")
    #expect(created.output.hasPrefix("created \(project.path): a widget bundle project"))
    #expect(created.output.contains("  swift build\n"))
    let source = try String(
      contentsOf: project.appendingPathComponent("Sources/MyWidget/MyWidget.swift"), encoding: .utf8
    )
    for declaration in [
      "struct Provider: TimelineProvider", "func placeholder(in context: Context)",
      "func getSnapshot(", "func getTimeline(", "for hourOffset in 0..<5",
      "Text(entry.date, style: .time)", "StaticConfiguration(kind: kind, provider: Provider())",
      ".supportedFamilies([.systemMedium, .systemSmall])", "@main",
    ] {
      #expect(source.contains(declaration), "\(declaration)")
    }
    let readme = try String(
      contentsOf: project.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("swift build\n") && readme.contains("run .build/debug/libMyWidget.so"))

    let library = try Self.swiftBuild(project, name: "MyWidget")
    // The library as built, in its first family.
    let run = try Products.runInWorkers(["run", library.path, "--once"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("MyWidget/systemMedium · entry "), "\(run.output)")
    #expect(run.output.contains(/│ +[0-9]{1,2}:[0-9]{2}.?[AP]M +│/), "\(run.output)")
    // Assembled into a bundle, in its other family.
    let bundles = TestSupport.temporaryDirectory("new-bundle")
    let assembled = try Products.runInWorkers(["assemble", library.path, "--output", bundles.path])
    #expect(assembled.status == 0, "\(assembled.errors)")
    let small = try Products.runInWorkers([
      "run", bundles.appendingPathComponent("MyWidget.widgetbundle").path, "--once", "--family",
      "systemSmall",
    ])
    #expect(small.status == 0, "\(small.errors)")
    #expect(small.output.hasPrefix("MyWidget/systemSmall · entry "), "\(small.output)")
    // Simulated, it reloads as on a phone: five entries an hour apart, so six timelines a day.
    try Self.expectSixTimelinesADay(
      bundles.appendingPathComponent("MyWidget.widgetbundle").path, "MyWidget/systemMedium")
  }

  /// A simulated day of a template's bundle: `.atEnd` of five entries an hour apart from the
  /// simulated now asks again every four hours, the same on every run.
  static func expectSixTimelinesADay(_ bundle: String, _ instance: String) throws {
    let day = try VirtualTimeTests.simulateDay(bundle)
    #expect(day.reloads[instance] == VirtualTimeTests.counts(initial: 1, policy: 5))
    try VirtualTimeTests.expectDeterministic(bundle, day)
  }

  @Test func theCTemplateBuildsWithMakeAndRuns() throws {
    let folder = TestSupport.temporaryDirectory("new")
    let created = try Self.new(
      ["Status", "--c", "--family", "accessoryInline", "--family", "systemSmall"], in: folder)
    #expect(created.status == 0, "\(created.errors)")
    let project = folder.appendingPathComponent("Status")
    for file in ["Makefile", "manifest.json", "Status.c", "include/widget_abi.h", "README.md"] {
      #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file).path))
    }
    let make = try TestSupport.run("/usr/bin/env", ["make", "-s"], in: project)
    #expect(make.status == 0, "\(make.output)\n\(make.errors)")
    let bundle = project.appendingPathComponent("build/Status.widgetbundle").path
    let run = try Products.runInWorkers([
      "run", bundle, "--once", "--family", "accessoryInline", "--family", "systemSmall",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Status/accessoryInline · entry "), "\(run.output)")
    #expect(run.output.contains(/│ +Time: [0-9]{1,2}:[0-9]{2}.?[AP]M +│/), "\(run.output)")
    // Its manifest and library agree, and it passes the conformance suite.
    let validate = try Products.runInWorkers(["validate", bundle])
    #expect(validate.status == 0, "\(validate.output)")
    try Self.expectSixTimelinesADay(bundle, "Status/accessoryInline")
  }

  @Test func theAppIntentTemplateBuildsAndRunsOrSaysWhatIsMissing() throws {
    let folder = TestSupport.temporaryDirectory("new")
    let created = try Self.new(["Emoji", "--app-intent"], in: folder)
    guard Self.sdkHas("AppIntents") else {
      // Until the SDK has the AppIntents module, the template is refused with the reason.
      #expect(created.status == 1)
      #expect(created.errors.contains("has no AppIntents module"), "\(created.errors)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Emoji").path))
      return
    }
    #expect(created.status == 0, "\(created.errors)")
    let library = try Self.swiftBuild(folder.appendingPathComponent("Emoji"), name: "Emoji")
    let run = try Products.runInWorkers(["run", library.path, "--once"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Favorite Emoji:"), "\(run.output)")
    #expect(run.output.contains("😃"), "the parameter's default: \(run.output)")
    try Self.expectSixTimelinesADay(library.path, "Emoji/systemSmall")
  }

  @Test func theIntentTemplateBuildsAndRunsOrSaysWhatIsMissing() throws {
    let folder = TestSupport.temporaryDirectory("new")
    let created = try Self.new(["Configured", "--intent"], in: folder)
    guard Self.sdkHas("Intents") else {
      #expect(created.status == 1)
      #expect(created.errors.contains("has no Intents module"), "\(created.errors)")
      return
    }
    #expect(created.status == 0, "\(created.errors)")
    let library = try Self.swiftBuild(
      folder.appendingPathComponent("Configured"), name: "Configured")
    let run = try Products.runInWorkers(["run", library.path, "--once"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains(/│ +[0-9]{1,2}:[0-9]{2}.?[AP]M +│/), "\(run.output)")
    try Self.expectSixTimelinesADay(library.path, "Configured/systemSmall")
  }

  @Test func badNamesExistingFoldersAndBadCheckoutsAreRefused() throws {
    let folder = TestSupport.temporaryDirectory("new")
    for (name, message) in [
      ("9Lives", "a Swift identifier cannot start with a digit"),
      ("my-widget", "'-' is not allowed"),
      ("struct", "'struct' is a Swift keyword"),
      ("WidgetKit", "'WidgetKit' is the name of a module the project imports"),
    ] {
      let result = try Self.new([name], in: folder)
      #expect(result.status == 2, "\(name)")
      #expect(
        result.errors.contains("widget-host new: invalid name '\(name)': \(message)"),
        "\(result.errors)")
    }
    let two = try Self.new(["A", "--c", "--app-intent"], in: folder)
    #expect(two.status == 2)
    #expect(
      two.errors.contains("options --app-intent and --c cannot be combined"), "\(two.errors)")
    let family = try Self.new(["A", "--family", "huge"], in: folder)
    #expect(family.status == 2)
    #expect(family.errors.contains("unknown family 'huge'"))

    let first = try Self.new(["Twice", "--c"], in: folder)
    #expect(first.status == 0, "\(first.errors)")
    let marker = folder.appendingPathComponent("Twice/Twice.c")
    try Data("/* mine */\n".utf8).write(to: marker)
    let second = try Self.new(["Twice", "--c"], in: folder)
    #expect(second.status == 1)
    #expect(second.errors.contains("Twice already exists"), "\(second.errors)")
    #expect(try String(contentsOf: marker, encoding: .utf8) == "/* mine */\n", "left untouched")

    let nowhere = try TestSupport.run(
      Products.widgetHost.path, ["new", "Lost", "--output", folder.path, "--widget-host", "/tmp"],
      environment: Products.environment)
    #expect(nowhere.status == 1)
    #expect(
      nowhere.errors.contains(
        "/tmp (--widget-host) is not a widget-host checkout: no Package.swift"),
      "\(nowhere.errors)")
    var environment = Products.environment
    environment["WIDGET_HOST_CHECKOUT"] = folder.path
    let variable = try TestSupport.run(
      Products.widgetHost.path, ["new", "Lost", "--output", folder.path],
      environment: environment)
    #expect(variable.status == 1)
    #expect(variable.errors.contains("($WIDGET_HOST_CHECKOUT) is not a widget-host checkout"))
  }
}
