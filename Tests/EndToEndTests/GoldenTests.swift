import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetRendering
import WidgetSchema

/// Golden grids: every family of every example, as the real binary renders it, compared with
/// the checked-in files in Golden/ (looked at by eye when they were made).
///
/// The view trees come from `widget-host run --once --format json`. Dates inside them are
/// pinned to 2027-01-15T08:00:00Z and the view is rendered at that moment in en_US/UTC, so the
/// Clock's time is stable; views without dates are also compared as the binary drew them. The
/// language is pinned with `--locale en`; the wishes widget runs as its assembled bundle (with
/// its strings and images), configured with a server that refuses, so it shows its English
/// fallback.
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` rewrites the files.
@Suite(.serialized) struct GoldenTests {
  static let moment = Date(timeIntervalSince1970: 1_800_000_000)
  static let folder = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/EndToEndTests/Golden")
  static let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

  static let examples: [(library: String, kind: String, families: [WidgetFamily])] = [
    ("libClock.so", "TestWidget", [.systemSmall, .systemMedium, .systemLarge]),
    (
      "libLockScreen.so", "LockScreenWidget",
      [.accessoryCircular, .accessoryRectangular, .accessoryInline]
    ),
    ("libWishes.so", "wishesWidget", [.systemMedium]),
  ]

  static var cases: [String] {
    examples.flatMap { example in
      example.families.map { "\(example.library) \(example.kind) \($0.rawValue)" }
    }
  }

  /// `view` with every date pinned to ``moment``.
  static func pinned(_ view: ViewNode) -> (ViewNode, hasDates: Bool) {
    var hasDates = false
    func pin(_ node: ViewNode) -> ViewNode {
      switch node {
      case .text(let text):
        return .text(
          TextNode(
            runs: text.runs.map { run in
              switch run.content {
              case .date(_, let style):
                hasDates = true
                return TextRun(.date(moment, style: style), style: run.style)
              case .dateRange(let start, let end):
                // The range keeps its length.
                hasDates = true
                return TextRun(
                  .dateRange(moment, moment.addingTimeInterval(end.timeIntervalSince(start))),
                  style: run.style)
              case .timerInterval(let start, let end, let countsDown):
                // The timer keeps its length, and stands where it stood at `moment`'s start.
                hasDates = true
                return TextRun(
                  .timerInterval(
                    moment, moment.addingTimeInterval(end.timeIntervalSince(start)),
                    countsDown: countsDown),
                  style: run.style)
              case .verbatim, .image:
                return run
              }
            }))
      case .stack(var stack):
        stack.children = stack.children.map(pin)
        return .stack(stack)
      case .modified(let child, let modifier):
        switch modifier {
        case .background(let layer, let alignment):
          return .modified(pin(child), .background(pin(layer), alignment: alignment))
        case .overlay(let layer, let alignment):
          return .modified(pin(child), .overlay(pin(layer), alignment: alignment))
        case .containerBackground(let layer):
          return .modified(pin(child), .containerBackground(pin(layer)))
        default: return .modified(pin(child), modifier)
        }
      default:
        return node
      }
    }
    let result = pin(view)
    return (result, hasDates)
  }

  @Test(arguments: cases)
  func examplesMatchTheirGoldenGrids(_ name: String) throws {
    let parts = name.split(separator: " ").map(String.init)
    let (library, kind, family) = (parts[0], parts[1], WidgetFamily(rawValue: parts[2])!)
    let selection =
      library == "libWishes.so"
      ? [
        LocalizationTests.wishes, "--instance",
        LocalizationTests.instance(url: LocalizationTests.deadServer),
      ]
      : [TestSupport.product(library).path, "--kind", kind, "--family", family.rawValue]
    let result = try Products.run(
      ["run"] + selection + ["--once", "--format", "json", "--locale", "en"])
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let entry = try #require(
      StreamChecks.entries(events, instance: "\(kind)/\(family.rawValue)").first)
    let (view, hasDates) = Self.pinned(entry.view)
    let lines = Self.renderer.lines(for: view, family: family, now: Self.moment)
    if !hasDates { #expect(lines == entry.lines, "the binary drew the same grid") }
    let grid = lines.map { "|\($0)|" }.joined(separator: "\n") + "\n"
    let file = Self.folder.appendingPathComponent("\(kind)-\(family.rawValue).txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
      try grid.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(grid == golden, "\(kind) in \(family.rawValue) differs from \(file.path):\n\(grid)")
  }
}
