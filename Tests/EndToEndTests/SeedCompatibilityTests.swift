import Foundation
import TestSupport
import Testing
import WidgetSchema

/// The seeds' widget code as the articles write it (Tests/Compatibility/Seeds): each is its own
/// bundle, built in Swift 5 language mode as Xcode builds it, and it draws what the example made
/// from it (Examples/, the same code formatted) draws, passes `validate`, and is the articles'
/// text unchanged.
///
/// Seed 001 is left out: its code lost its letter case on the way to the page (`struct
/// provider: timelineprovider`), so no Swift compiler takes it; seed 002 shows only the
/// template's `@main` widget, whose provider and view it leaves to the template (seed 000's).
@Suite struct SeedCompatibilityTests {
  /// Each seed bundle, the example made from the same code, its kind and its families.
  static let seeds: [(seed: String, example: String, kind: String, families: [WidgetFamily])] = [
    ("Seed000Template", "Clock", "TestWidget", [.systemSmall, .systemMedium, .systemLarge]),
    ("Seed000Wishes", "Wishes", "wishesWidget", [.systemMedium]),
    ("Seed003Animals", "Animals", "XG_Widget", [.systemSmall, .systemMedium, .systemLarge]),
    (
      "Seed004LockScreen", "LockScreen", "LockScreenWidget",
      [.accessoryCircular, .accessoryRectangular, .accessoryInline]
    ),
  ]

  static var folder: URL {
    TestSupport.repositoryRoot.appendingPathComponent("Tests/Compatibility/Seeds")
  }

  /// The seed bundles assembled as their authors would ship them: the wishes widget with the
  /// strings and images of Examples/Wishes/Resources.
  static let bundles: URL = {
    let output = TestSupport.temporaryDirectory("seeds")
    for seed in seeds {
      var arguments = [
        "assemble", TestSupport.product("lib\(seed.seed).so").path, "--output", output.path,
        "--id", "dev.widget-host.seeds.\(seed.seed.lowercased())", "--version", "1.0.0",
      ]
      if seed.seed == "Seed000Wishes" {
        arguments += ["--resources", LocalizationTests.resourcesFolder.path]
      }
      let result = try! Products.run(arguments)
      precondition(result.status == 0, "assemble \(seed.seed) failed: \(result.errors)")
    }
    return output
  }()

  static func bundle(_ name: String) -> String {
    bundles.appendingPathComponent("\(name).widgetbundle").path
  }

  /// The first entry `run --once` shows of `instance`, its view's dates pinned, and its lines.
  static func entry(
    _ selection: [String], instance: String
  ) throws -> (view: ViewNode, lines: [String]) {
    let result = try Products.run(
      ["run"] + selection + ["--once", "--format", "json", "--locale", "en"])
    #expect(result.status == 0, "\(selection): \(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    #expect(
      !events.contains {
        if case .error = $0.payload { true } else { false }
      }, "\(selection): no error: \(result.output)")
    let entry = try #require(StreamChecks.entries(events, instance: instance).first)
    let view = GoldenTests.pinned(entry.view).0
    return (
      view, GoldenTests.renderer.lines(for: view, family: entry.family, now: GoldenTests.moment)
    )
  }

  /// `view` as JSON, image files named from their bundle's `Resources` folder: the seed and
  /// its example are assembled in different folders.
  static func withoutBundleFolders(_ view: ViewNode) throws -> String {
    String(decoding: try WidgetJSON.encode(view), as: UTF8.self).replacing(
      /"path":"[^"]*\\?\/Resources\\?\//, with: "\"path\":\"Resources/")
  }

  static var cases: [String] {
    seeds.flatMap { seed in seed.families.map { "\(seed.seed) \($0.rawValue)" } }
  }

  @Test(arguments: cases)
  func aSeedDrawsWhatItsExampleDraws(_ name: String) throws {
    let parts = name.split(separator: " ").map(String.init)
    let seed = try #require(Self.seeds.first { $0.seed == parts[0] })
    let family = try #require(WidgetFamily(rawValue: parts[1]))
    let instance = "\(seed.kind)/\(family.rawValue)"
    let own = try Self.entry(
      [Self.bundle(seed.seed), "--kind", seed.kind, "--family", family.rawValue],
      instance: instance)
    // The wishes example asks the server its configuration names; the seed's request has no
    // server ("自己的url链接地址"): both show the localized fallback.
    let example =
      seed.example == "Wishes"
      ? try Self.entry(
        [
          LocalizationTests.wishes, "--instance",
          LocalizationTests.instance(url: LocalizationTests.deadServer),
        ], instance: instance)
      : try Self.entry(
        [
          TestSupport.product("lib\(seed.example).so").path, "--kind", seed.kind, "--family",
          family.rawValue,
        ], instance: instance)
    #expect(
      try Self.withoutBundleFolders(own.view) == Self.withoutBundleFolders(example.view),
      "\(name): the seed's view is its example's")
    #expect(own.lines == example.lines, "\(name):\n\(own.lines.joined(separator: "\n"))")
    #expect(own.lines.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
  }

  // `validate` runs each check in a worker whatever the mode of the run tests: the in-process
  // pass (WIDGET_HOST_TEST_MODE) would repeat it exactly.
  @Test(.enabled(if: Products.defaultMode == .worker), arguments: seeds.map(\.seed))
  func aSeedPassesValidate(_ name: String) throws {
    let result = try Products.run(
      ["validate", Self.bundle(name)], environment: IsolationTests.isolatedEnvironment())
    #expect(result.status == 0, "\(name): \(result.output)\(result.errors)")
  }

  /// Where the seed articles are: `../shared/seeds` beside the repository, on the machines
  /// where the project is developed.
  static let articles = TestSupport.repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/seeds")

  /// Each file is its header (`// seed: FILE lines A-B, C-D`, then any `// added:` lines the
  /// article's fragments leave out, such as the template's imports) and then the article's
  /// lines, excerpt after excerpt with a blank line between: nothing else is changed.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: articles.path)))
  func theSeedFilesAreTheArticlesText() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count == 7)
    for file in files {
      let text = try String(
        contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
      var lines = text.components(separatedBy: "\n")
      #expect(lines.removeFirst() == "// swift-format-ignore-file", "\(file)")
      let header = lines.removeFirst()
      let fields = try #require(
        header.wholeMatch(of: /\/\/ seed: (\S+) lines ([0-9, -]+)/), "\(file): \(header)")
      if lines.first?.hasPrefix("// added: ") == true {
        let added = lines.removeFirst().dropFirst("// added: ".count)
          .components(separatedBy: "; ")
        #expect(Array(lines.prefix(added.count)) == added, "\(file)")
        lines.removeFirst(added.count)
      }
      let article = try String(
        contentsOf: Self.articles.appendingPathComponent(String(fields.1)), encoding: .utf8
      ).components(separatedBy: "\n")
      let excerpts = fields.2.split(separator: ", ").map { range in
        let bounds = range.split(separator: "-").compactMap { Int($0) }
        return article[(bounds[0] - 1)..<bounds[1]].joined(separator: "\n")
      }
      #expect(
        lines.joined(separator: "\n") == excerpts.joined(separator: "\n\n") + "\n",
        "\(file) is the article's text")
    }
  }
}
