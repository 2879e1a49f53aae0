import Foundation
import TestSupport
import Testing
import WidgetSchema

/// Seed 000's wishes widget as a user runs it: its `sq_*` strings in the host's language, its
/// POST to the wishes server, its localized fallback when the server is down, its images from
/// the bundle's Resources, and its display names in `list` and `inspect`.
@Suite struct LocalizationTests {
  /// Wishes.widgetbundle assembled from the SwiftPM product with Examples/Wishes/Resources,
  /// as `swift package widget-bundle --product Wishes` does.
  static let wishes: String = assemble(resources: resourcesFolder)

  static var resourcesFolder: URL {
    TestSupport.repositoryRoot.appendingPathComponent("Examples/Wishes/Resources")
  }

  /// Assembles the wishes bundle with `resources` into a fresh folder; returns its path.
  static func assemble(resources: URL, extra: [String] = []) -> String {
    let folder = TestSupport.temporaryDirectory("wishes")
    let result = try! Products.run(
      [
        "assemble", TestSupport.product("libWishes.so").path, "--output", folder.path,
        "--id", "dev.widget-host.examples.wishes", "--version", "1.0.0",
        "--resources", resources.path,
      ] + extra)
    precondition(result.status == 0, "assemble failed: \(result.errors)")
    return folder.appendingPathComponent("Wishes.widgetbundle").path
  }

  /// A URL where nothing listens: port 1 of the loopback refuses at once.
  static let deadServer = "http://127.0.0.1:1/wishes"

  /// The environment of a run, with `overrides`.
  static func environment(_ overrides: [String: String] = [:]) -> [String: String] {
    Products.environment.merging(overrides) { $1 }
  }

  /// The `--instance` spec of the wishes widget whose server is `url`
  /// (`wishesWidget/systemMedium?url=…`, the value percent-encoded), with id `id` if given.
  static func instance(url: String, id: String? = nil) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: ":/.-_~")
    let value = url.addingPercentEncoding(withAllowedCharacters: allowed) ?? url
    return (id.map { "\($0)=" } ?? "") + "wishesWidget/systemMedium?url=\(value)"
  }

  /// Runs the bundle once as JSON with its server at `url`; returns the wishes entry's text
  /// (the drawn lines, joined, white space collapsed) and the whole stream.
  static func run(
    bundle: String = wishes, _ arguments: [String] = [], url: String = deadServer,
    environment overrides: [String: String] = [:]
  ) throws -> (text: String, entry: EntryEvent, events: [StreamEvent]) {
    let result = try Products.run(
      ["run", bundle, "--once", "--format", "json", "--instance", instance(url: url)]
        + arguments,
      environment: environment(overrides))
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let entry = try #require(
      StreamChecks.entries(events, instance: "wishesWidget/systemMedium").last)
    return (collapsed(entry.lines.joined(separator: " ")), entry, events)
  }

  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func fallbackInChineseWithLocaleZhHans() throws {
    let (text, entry, _) = try Self.run(["--locale", "zh-Hans"])
    #expect(entry.source == .timeline)
    #expect(text.contains("今日寄语"))
    #expect(text.contains("寄语加载失败，一小时后再试"))
  }

  @Test func fallbackInChineseFromTheEnvironment() throws {
    let (text, _, _) = try Self.run(environment: ["LC_ALL": "zh_CN.UTF-8"])
    #expect(text.contains("今日寄语"))
    #expect(text.contains("寄语加载失败，一小时后再试"))
  }

  @Test func fallbackInEnglishWithLocaleEn() throws {
    let (text, _, _) = try Self.run(["--locale", "en"], environment: ["LC_ALL": "zh_CN.UTF-8"])
    #expect(text.contains("Today's wish"))
    #expect(text.contains("Couldn't load today's wish. Trying again in an hour."))
    #expect(!text.contains("sq_"))
  }

  @Test func anUnknownLocaleFallsBackToTheDevelopmentLanguage() throws {
    let (english, _, _) = try Self.run(["--locale", "fr-FR"])
    #expect(english.contains("Today's wish"))
    let chineseFirst = Self.assemble(
      resources: Self.resourcesFolder, extra: ["--development-region", "zh-Hans"])
    let (chinese, _, _) = try Self.run(bundle: chineseFirst, ["--locale", "fr-FR"])
    #expect(chinese.contains("今日寄语"))
  }

  @Test func showsTheWishesTheServerSends() throws {
    let server = try LocalHTTPServer(
      body: #"{"data": {"title": "Server title", "content": "A wish from the server"}}"#)
    defer { server.stop() }
    let (text, entry, events) = try Self.run(
      ["--locale", "zh-Hans"], url: server.url("/wishes"))
    #expect(text.contains("Server title"))
    #expect(text.contains("A wish from the server"))
    #expect(server.requests == [.init(method: "POST", path: "/wishes", body: "type=wishes")])
    // It reloads hourly: one entry, dated an hour on, and `.after` that date.
    let timeline = try #require(
      events.compactMap { event -> TimelineEvent? in
        guard case .timeline(let timeline) = event.payload else { return nil }
        return timeline
      }.first)
    #expect(timeline.entries == 1)
    #expect(timeline.policy == .after(entry.date))
    let started = try #require(events.first?.time)
    #expect(abs(entry.date.timeIntervalSince(started) - 3600) < 60)
  }

  @Test func aServerErrorShowsTheFallback() throws {
    let server = try LocalHTTPServer(status: 500, body: #"{"error": "down"}"#)
    defer { server.stop() }
    let (text, _, _) = try Self.run(["--locale", "en"], url: server.url("/wishes"))
    #expect(text.contains("Couldn't load today's wish."))
    #expect(server.requests.count == 1)
  }

  @Test func imagesResolveFromTheBundleResources() throws {
    let (_, entry, events) = try Self.run(["--locale", "en"])
    let images = Self.images(in: entry.view)
    let logo = try #require(images.first { $0.name == "item_logo_icon" })
    #expect(logo.missing == false)
    #expect(logo.path?.hasSuffix("Wishes.widgetbundle/Resources/item_logo_icon.png") == true)
    #expect(logo.pixelWidth == 60 && logo.pixelHeight == 60)
    let background = try #require(images.first { $0.name == "item_bg_icon" })
    #expect(background.pixelWidth == 364 && background.pixelHeight == 170)
    let missing = events.filter { event in
      if case .warning(let problem) = event.payload {
        problem.code == "image-missing"
      } else {
        false
      }
    }
    #expect(missing.isEmpty)
    // On the grid the logo (a 60-pixel red square) is a 4 × 2 mosaic of its mean
    // colour, and the background picture (a pale yellow card) colours the cells behind the text.
    let row = try #require(entry.lines.firstIndex { $0.contains("▒▒▒▒") })
    let column = try #require(entry.lines[row].firstIndex(of: "▒")).utf16Offset(
      in: entry.lines[row])
    func color(_ column: Int, _ row: Int, background: Bool) -> ColorValue? {
      let span = entry.spans.first {
        $0.row == row && column >= $0.column && column < $0.column + $0.length
      }
      return background ? span?.background : span?.foreground
    }
    let drawn = try #require(color(column, row, background: false))
    #expect(
      (drawn.red ?? 0) > 0.8 && (drawn.green ?? 1) < 0.4 && (drawn.blue ?? 1) < 0.4, "\(drawn)")
    let card = try #require(color(2, row, background: true))
    #expect((card.red ?? 0) > 0.9 && (card.green ?? 0) > 0.85 && (card.blue ?? 0) > 0.7, "\(card)")
  }

  @Test func aMissingImageIsAWarningAndAVisibleMark() throws {
    // The bundle's Resources without the logo.
    let copy = TestSupport.temporaryDirectory("resources").appendingPathComponent("Resources")
    try FileManager.default.copyItem(at: Self.resourcesFolder, to: copy)
    try FileManager.default.removeItem(at: copy.appendingPathComponent("item_logo_icon.png"))
    let bundle = Self.assemble(resources: copy)
    let (text, entry, events) = try Self.run(bundle: bundle, ["--locale", "en"])
    let warnings = events.compactMap { event -> ProblemEvent? in
      guard case .warning(let problem) = event.payload, problem.code == "image-missing" else {
        return nil
      }
      return problem
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains(#"Image("item_logo_icon")"#) == true)
    #expect(warnings.first?.kind == "wishesWidget")
    let logo = try #require(Self.images(in: entry.view).first { $0.name == "item_logo_icon" })
    #expect(logo.missing && logo.path == nil)
    // The missing logo is a faint box with ⊠; the widget still shows its text.
    #expect(entry.lines.contains { $0.contains("░⊠░░") })
    #expect(text.contains("Today's wish"))
  }

  @Test func displayNamesAreLocalizedInListAndInspect() throws {
    let folder = URL(fileURLWithPath: Self.wishes).deletingLastPathComponent().path
    let chinese = try Products.run(["list", "--locale", "zh-Hans", folder])
    #expect(chinese.status == 0, "\(chinese.errors)")
    #expect(chinese.output.contains("  wishesWidget [systemMedium]  寄语\n"))
    let english = try Products.run(["list", folder])
    #expect(english.output.contains("  wishesWidget [systemMedium]  Wishes\n"))
    let inspect = try Products.run(["inspect", "--locale", "zh-Hans", Self.wishes])
    #expect(inspect.output.contains("wishesWidget: 寄语\n      每小时为你送上一句寄语\n"))
    let fromEnvironment = try TestSupport.run(
      Products.widgetHost.path, ["inspect", Self.wishes],
      environment: Self.environment(["LC_ALL": "zh_CN.UTF-8"]))
    #expect(fromEnvironment.output.contains("wishesWidget: 寄语"))
    // --json shows the manifest as written: the keys.
    let json = try Products.run(["inspect", "--json", "--locale", "zh-Hans", Self.wishes])
    #expect(json.output.contains(#""displayName" : "sq_title_widget""#))
  }

  @Test func aBrokenStringsFileIsRefusedWhenAssembling() throws {
    let copy = TestSupport.temporaryDirectory("resources").appendingPathComponent("Resources")
    try FileManager.default.copyItem(at: Self.resourcesFolder, to: copy)
    let file = copy.appendingPathComponent("en.lproj/Localizable.strings")
    try Data("\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n".utf8).write(to: file)
    let result = try Products.run([
      "assemble", TestSupport.product("libWishes.so").path, "--output",
      TestSupport.temporaryDirectory("broken").path, "--resources", copy.path,
    ])
    #expect(result.status == 3)
    #expect(
      result.errors.contains(
        "\(file.path): line 3: 'b': expected ';' after the value (the entry starts on line 2)"))
  }

  @Test func aBadLocaleIsAUsageError() throws {
    let result = try Products.run(["run", Self.wishes, "--once", "--locale", "zh Hans"])
    #expect(result.status == 2)
    #expect(result.errors.contains("--locale needs a language tag"))
  }

  /// Every image node of `view`.
  static func images(in view: ViewNode) -> [ImageNode] {
    switch view {
    case .image(let image): return [image]
    case .stack(let stack): return stack.children.flatMap(images)
    case .modified(let child, let modifier):
      let layer: [ImageNode] =
        switch modifier {
        case .background(let layer, _), .overlay(let layer, _), .containerBackground(let layer):
          images(in: layer)
        default: []
        }
      return images(in: child) + layer
    default: return []
    }
  }
}

/// Localization beyond `run`: the gallery and a strings file that breaks after assembling.
@Suite struct LocalizationCommandTests {
  @Test func previewShowsTheLocalizedSnapshot() throws {
    let result = try Products.run(
      ["preview", LocalizationTests.wishes, "--locale", "zh-Hans"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("今日寄语"))
    #expect(result.output.contains("愿你历尽千帆，归来仍是少年。"))
  }

  @Test func aStringsFileBrokenAfterAssemblingIsLoggedAndFallsBack() throws {
    let copy = TestSupport.temporaryDirectory("broken-run").appendingPathComponent(
      "Wishes.widgetbundle")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: LocalizationTests.wishes), to: copy)
    let file = copy.appendingPathComponent("Resources/zh-Hans.lproj/Localizable.strings")
    try Data("\"sq_send_world_title\" = \"今日寄语\"\n".utf8).write(to: file)
    let result = try Products.run(
      [
        "run", copy.path, "--once", "--locale", "zh-Hans", "--instance",
        LocalizationTests.instance(url: LocalizationTests.deadServer),
      ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.contains("zh-Hans.lproj/Localizable.strings:2: 'sq_send_world_title'"))
    #expect(result.errors.contains("its strings are not used"))
    // The development language's strings stand in.
    #expect(result.output.contains("Today's wish"))
  }
}
