import Foundation
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

/// The compatibility corpus (Tests/Compatibility/Corpus; docs/swiftui-coverage.md, "The
/// compatibility corpus"): widget extensions written as public iOS 16/17 widget code is written,
/// each compiled unchanged as its own bundle in Swift 5 language mode, with only its app's model
/// types stubbed (each folder's `Stubs.swift`).
///
/// Each bundle is assembled as its author would ship it, runs with `--once` in every family it
/// supports without an `error` event, and draws its goldens: the grid in
/// Golden/corpus/`<kind>-<family>`.txt and the picture at 2× in
/// Golden/corpus/pixels/`<kind>-<family>`.png (compared as ``PixelGoldenTests`` compares, dates
/// pinned as ``GoldenTests`` pins them); and each passes `widget-host validate`.
/// `UPDATE_GOLDEN=1 swift test --filter CorpusCompatibilityTests` rewrites the goldens.
@Suite struct CorpusCompatibilityTests {
  /// Each bundle's library product, the kinds it shows and their families.
  static let corpus: [(bundle: String, kinds: [(kind: String, families: [WidgetFamily])])] = [
    ("ActivityRings", [("ActivityRingsWidget", [.systemSmall, .systemMedium])]),
    ("StepsChart", [("StepsChartWidget", [.systemMedium, .systemLarge])]),
    ("SpendingBars", [("SpendingBarsWidget", [.systemSmall, .systemMedium])]),
    (
      "BatteryGauge",
      [
        (
          "BatteryGaugeWidget",
          [.accessoryCircular, .accessoryRectangular, .accessoryInline, .systemSmall]
        )
      ]
    ),
    ("CalendarMonth", [("CalendarMonthWidget", [.systemLarge])]),
    ("HabitTracker", [("HabitTrackerWidget", [.systemMedium])]),
    ("WeatherForecast", [("WeatherForecastWidget", [.systemSmall, .systemMedium])]),
    ("FocusTimer", [("FocusTimerWidget", [.systemSmall, .accessoryRectangular])]),
    ("ReadingGoal", [("ReadingGoalWidget", [.systemSmall])]),
    ("CryptoPrice", [("CryptoPriceWidget", [.systemSmall, .accessoryRectangular])]),
    ("StockTicker", [("StockTickerWidget", [.systemMedium])]),
    ("RemindersList", [("RemindersListWidget", [.systemMedium, .systemLarge])]),
    ("WaterTracker", [("WaterTrackerWidget", [.systemSmall])]),
    ("TaskChecklist", [("TaskChecklistWidget", [.systemMedium])]),
    ("NewsHeadlines", [("NewsHeadlinesWidget", [.systemMedium, .systemLarge])]),
    ("CoffeeOrder", [("CoffeeOrderWidget", [.systemSmall, .systemMedium])]),
    (
      "FitnessSummary",
      [
        (
          "FitnessSummaryWidget",
          [
            .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular,
            .accessoryInline,
          ]
        )
      ]
    ),
    ("PhotoMemories", [("PhotoMemoriesWidget", [.systemSmall, .systemMedium])]),
    (
      "Alarms",
      [
        ("NextAlarmWidget", [.systemSmall, .accessoryRectangular]),
        ("SleepGoalWidget", [.systemSmall, .accessoryCircular]),
      ]
    ),
    ("PlantCare", [("PlantCareWidget", [.systemSmall, .accessoryCircular])]),
    ("SmartHome", [("SmartHomeWidget", [.systemMedium])]),
    ("PhotoFrame", [("PhotoFrameWidget", [.systemSmall, .systemMedium])]),
    ("WorldClock", [("WorldClockWidget", [.systemSmall, .systemMedium])]),
    ("PizzaTracker", [("PizzaTrackerWidget", [.systemSmall])]),
  ]

  /// The App Groups a bundle's code names, as its entitlements would declare them.
  static let appGroups = ["WaterTracker": ["group.com.example.hydrate"]]

  static let golden = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/EndToEndTests/Golden/corpus")

  /// The bundles, assembled once.
  static let bundles: URL = {
    let output = TestSupport.temporaryDirectory("corpus")
    for entry in corpus {
      var arguments = [
        "assemble", TestSupport.product("lib\(entry.bundle).so").path, "--output", output.path,
        "--id", "dev.widget-host.corpus.\(entry.bundle.lowercased())", "--version", "1.0.0",
      ]
      for group in appGroups[entry.bundle] ?? [] { arguments += ["--app-group", group] }
      let result = try! Products.run(arguments)
      precondition(result.status == 0, "assemble \(entry.bundle) failed: \(result.errors)")
    }
    return output
  }()

  static func bundle(_ name: String) -> String {
    bundles.appendingPathComponent("\(name).widgetbundle").path
  }

  /// "bundle kind family" for every family of every kind.
  static var cases: [String] {
    corpus.flatMap { entry in
      entry.kinds.flatMap { kind in
        kind.families.map { "\(entry.bundle) \(kind.kind) \($0.rawValue)" }
      }
    }
  }

  static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil }

  @Test(arguments: cases)
  func aCorpusWidgetDrawsItsGoldens(_ name: String) throws {
    let parts = name.split(separator: " ").map(String.init)
    let (bundle, kind) = (parts[0], parts[1])
    let family = try #require(WidgetFamily(rawValue: parts[2]))
    let pictures = TestSupport.temporaryDirectory("corpus-pictures")
    let result = try Products.run([
      "run", Self.bundle(bundle), "--kind", kind, "--family", family.rawValue, "--once",
      "--format", "json", "--locale", "en", "--pictures", pictures.path,
    ])
    #expect(result.status == 0, "\(name): \(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    #expect(
      !events.contains {
        if case .error = $0.payload { true } else { false }
      }, "\(name): no error: \(result.output)")
    let instance = "\(kind)/\(family.rawValue)"
    let entry = try #require(StreamChecks.entries(events, instance: instance).first)
    let (view, hasDates) = GoldenTests.pinned(entry.view)

    // The grid.
    let lines = GoldenTests.renderer.lines(for: view, family: family, now: GoldenTests.moment)
    #expect(lines.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(name)")
    let text = lines.joined(separator: "\n") + "\n"
    let grid = Self.golden.appendingPathComponent("\(kind)-\(family.rawValue).txt")
    if Self.updating {
      try FileManager.default.createDirectory(
        at: Self.golden, withIntermediateDirectories: true)
      try text.write(to: grid, atomically: true, encoding: .utf8)
    } else {
      let expected = try String(contentsOf: grid, encoding: .utf8)
      #expect(text == expected, "\(name) differs from \(grid.path):\n\(text)")
    }

    // The picture.
    let drawn = try PixelGoldenTests.renderer.render(
      view, family: family, now: GoldenTests.moment, scale: 2)
    var png = try PNGImage(decoding: drawn.data)
    if !hasDates {
      // The binary's own picture is what the renderer draws for the same view.
      let file = pictures.appendingPathComponent(
        instance.replacingOccurrences(of: "/", with: "_") + ".png")
      let binary = try PNGImage(decoding: Array(try Data(contentsOf: file)))
      #expect(PixelComparison.differences(binary, png) == nil, "\(name): the binary drew another")
      png = binary
    }
    let folder = Self.golden.appendingPathComponent("pixels")
    let picture = folder.appendingPathComponent("\(kind)-\(family.rawValue).png")
    if Self.updating {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(drawn.data).write(to: picture)
      return
    }
    let expected = try PNGImage(decoding: Array(try Data(contentsOf: picture)))
    if let difference = PixelComparison.differences(png, expected) {
      let actual = TestSupport.temporaryDirectory("corpus-golden").appendingPathComponent(
        picture.lastPathComponent)
      try Data(drawn.data).write(to: actual)
      Issue.record("\(name) differs from \(picture.path): \(difference); drawn: \(actual.path)")
    }
  }

  // `validate` runs each check in a worker whatever the mode of the run tests: the in-process
  // pass (WIDGET_HOST_TEST_MODE) would repeat it exactly.
  @Test(.enabled(if: Products.defaultMode == .worker), arguments: corpus.map(\.bundle))
  func aCorpusBundlePassesValidate(_ name: String) throws {
    let result = try Products.run(
      ["validate", Self.bundle(name)], environment: IsolationTests.isolatedEnvironment())
    #expect(result.status == 0, "\(name): \(result.output)\(result.errors)")
  }

  /// The corpus bundles with Live Activities: each activity's `#Preview`s show in
  /// `widget-host preview` as in Golden/corpus/`<bundle>`-activity-previews.txt. (PizzaTracker:
  /// a paused `Text(timerInterval:pauseTime:)`, an island with a `LiveActivityIntent` button,
  /// and Xcode 14's `previewContext(_:viewKind:)` previews beside Xcode 15's.)
  @Test(arguments: ["PizzaTracker"])
  func aCorpusLiveActivityShowsItsPreviews(_ name: String) throws {
    let result = try Products.run(["preview", Self.bundle(name), "--locale", "en"])
    #expect(result.status == 0, "\(name): \(result.errors)")
    guard let start = result.output.range(of: " · activity (") else {
      Issue.record("\(name): no activity previews: \(result.output)")
      return
    }
    let text = String(result.output[result.output[..<start.lowerBound].lastIndex(of: "\n")!...])
      .dropFirst()
    let golden = Self.golden.appendingPathComponent("\(name)-activity-previews.txt")
    if Self.updating {
      try String(text).write(to: golden, atomically: true, encoding: .utf8)
    } else {
      let expected = try String(contentsOf: golden, encoding: .utf8)
      #expect(String(text) == expected, "\(name) differs from \(golden.path):\n\(text)")
    }
  }

  /// `PhotoFrame`'s photo, made from a file's bytes in the bundle (`UIImage(contentsOfFile:)`),
  /// reaches the stream as a file of the host's image cache, not as bytes: once, however often
  /// it is sent.
  @Test func aPhotoFromBytesReachesTheStreamAsACachedFile() throws {
    let cache = TestSupport.temporaryDirectory("image-cache")
    var environment = Products.environment
    environment["XDG_CACHE_HOME"] = cache.path
    let images = cache.appendingPathComponent("widget-host/images").path
    for _ in 0..<2 {
      let result = try Products.run(
        [
          "run", Self.bundle("PhotoFrame"), "--family", "systemSmall", "--once", "--format", "json",
        ], environment: environment)
      #expect(result.status == 0, "\(result.errors)")
      let entry = try #require(
        result.output.split(separator: "\n").first { $0.contains(#""type":"entry""#) })
      #expect(entry.contains(#""path":"\#(images)/"#), "\(entry)")
      #expect(!entry.contains(#""data":"iVBOR"#), "no PNG bytes in the stream")
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: images)
    #expect(files.count == 1 && files[0].hasSuffix(".png"), "\(files)")
    let kept = try #require(FileManager.default.contents(atPath: "\(images)/\(files[0])"))
    #expect(kept.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  /// Every folder of the corpus is a bundle of the table, each file begins as the others do,
  /// and the app's types are stubbed in a file of their own.
  @Test func everyCorpusFolderIsInTheTable() throws {
    let root = TestSupport.repositoryRoot.appendingPathComponent("Tests/Compatibility/Corpus")
    let folders = try FileManager.default.contentsOfDirectory(atPath: root.path)
      .filter { !$0.hasPrefix(".") }
    #expect(Set(folders) == Set(Self.corpus.map(\.bundle)))
    #expect(Self.corpus.count >= 20)
    for folder in folders {
      let files = try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
      #expect(files.contains("Stubs.swift"), "\(folder) has its stubs apart")
      for file in files where file.hasSuffix(".swift") {
        let text = try String(
          contentsOf: root.appendingPathComponent("\(folder)/\(file)"), encoding: .utf8)
        #expect(text.hasPrefix("// swift-format-ignore-file\n"), "\(folder)/\(file)")
      }
    }
  }
}
