import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetRendering

/// The renderer's output pinned on a corpus of generated view trees: every kind of node and
/// modifier, nested, with wide and combining characters, styles, colours, dates, links and
/// images, drawn in several families. The expected output is in
/// `Fixtures/render-corpus.txt`, recorded from the renderer before its internals were rewritten
/// for speed (docs/performance.md, "update"); any change to what is drawn shows here first.
/// `UPDATE_RENDER_CORPUS=1 swift test --filter RenderCorpusTests` rewrites the file.
@Suite struct RenderCorpusTests {
  static let file = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/WidgetRenderingTests/Fixtures/render-corpus.txt")
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let families: [WidgetFamily] = [
    .systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline, .accessoryCircular,
  ]
  static let cases = 240

  @Test func corpusRendersAsRecorded() throws {
    let renderer = Renderer(
      dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
    var generator = ViewGenerator(seed: 0x5EED)
    var recorded: [String] = []
    for index in 0..<Self.cases {
      let view = generator.view(depth: 0)
      let family = Self.families[index % Self.families.count]
      let rendered = renderer.render(view, family: family, now: Self.now)
      recorded.append(Self.describe(index, family, rendered))
    }
    let text = recorded.joined()
    if ProcessInfo.processInfo.environment["UPDATE_RENDER_CORPUS"] == "1" {
      try text.write(to: Self.file, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: Self.file, encoding: .utf8)
    let expectedCases = expected.components(separatedBy: "# case ").dropFirst()
    let actualCases = text.components(separatedBy: "# case ").dropFirst()
    #expect(expectedCases.count == Self.cases)
    for (old, new) in zip(expectedCases, actualCases) where old != new {
      Issue.record(
        "render differs from \(Self.file.lastPathComponent):\n# case \(old)\nnow:\n# case \(new)")
      break
    }
  }

  /// A case as text: the family, the rows between bars, then the spans, regions, URL,
  /// warnings and next live change.
  static func describe(_ index: Int, _ family: WidgetFamily, _ rendered: RenderedEntry) -> String {
    var text = "# case \(index) \(family.rawValue)\n"
    for line in rendered.lines { text += "|\(line)|\n" }
    for span in rendered.spans {
      var flags = ""
      if span.bold == true { flags += "b" }
      if span.italic == true { flags += "i" }
      if span.underline == true { flags += "u" }
      if span.strikethrough == true { flags += "s" }
      if span.dim == true { flags += "d" }
      if span.redacted == true { flags += "r" }
      text += "span \(span.row) \(span.column) \(span.length) \(flags)"
      if let color = span.foreground { text += " fg \(describe(color))" }
      if let color = span.background { text += " bg \(describe(color))" }
      text += "\n"
    }
    for region in rendered.regions {
      text +=
        "region \(region.id) \(region.url ?? region.action?.name ?? "") \(region.x) \(region.y) \(region.width) \(region.height)\n"
    }
    if let url = rendered.url { text += "url \(url)\n" }
    for warning in rendered.warnings { text += "warning \(warning)\n" }
    if let change = rendered.nextLiveChange {
      text += "next \(change.timeIntervalSince1970)\n"
    }
    return text
  }

  static func describe(_ color: ColorValue) -> String {
    if let name = color.name { return "\(name)@\(color.opacity)" }
    return "rgb(\(color.red ?? 0),\(color.green ?? 0),\(color.blue ?? 0))@\(color.opacity)"
  }
}

/// Random view trees from a fixed seed (a 64-bit linear congruential generator, so the corpus
/// is the same on every platform and Swift version).
struct ViewGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  mutating func chance(_ percent: Int) -> Bool { next(100) < percent }

  mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

  static let words = [
    "Hello", "world", "load", "0.42", "updated", "10:45", "a", "status", "超长的中文文字", "日本語",
    "🦁️", "e\u{301}te\u{301}", "👍🏽", "🇫🇷", "tab\there", "line\nbreak", "x", "—",
    "verylongwordthatwillnotfit",
    "  ", "", "∑", "☕", "end.",
  ]

  mutating func string() -> String {
    (0..<(1 + next(5))).map { _ in pick(Self.words) }.joined(separator: " ")
  }

  mutating func color() -> ColorValue {
    chance(60)
      ? ColorValue(name: pick(ColorValue.names), opacity: pick([1, 0.5, 0.3, 0]))
      : ColorValue(red: Double(next(3)) / 2, green: Double(next(3)) / 2, blue: 1)
  }

  mutating func style() -> TextStyle {
    var style = TextStyle()
    if chance(30) {
      style.font = Font(
        textStyle: chance(50) ? pick(FontTextStyle.allCases) : nil,
        weight: chance(30) ? pick(FontWeight.allCases) : nil)
    }
    if chance(20) { style.weight = pick(FontWeight.allCases) }
    if chance(15) { style.italic = chance(70) }
    if chance(15) { style.underline = chance(70) }
    if chance(10) { style.strikethrough = true }
    if chance(25) { style.foreground = color() }
    if chance(25) { style.lineLimit = next(4) }
    if chance(20) { style.multilineTextAlignment = pick(TextAlignment.allCases) }
    if chance(20) { style.truncationMode = pick(TruncationMode.allCases) }
    if chance(10) { style.redacted = chance(80) }
    return style
  }

  mutating func text() -> TextNode {
    TextNode(
      runs: (0..<(1 + next(3))).map { _ in
        let style = chance(30) ? style() : TextStyle()
        if chance(15) {
          let offset = Double(next(200_000)) - 100_000
          return TextRun(
            .date(
              RenderCorpusTests.now.addingTimeInterval(offset), style: pick(DateStyle.allCases)),
            style: style)
        }
        return TextRun(.verbatim(string()), style: style)
      })
  }

  /// The kinds drawn without more fields: a `path` needs its path (the corpus predates it).
  static let shapeKinds = ShapeKind.allCases.filter { $0 != .path }

  mutating func length() -> Double { pick([0, 4, 8, 12, 16, 24, 40, 80, 200]) }

  mutating func view(depth: Int) -> ViewNode {
    let leaf = depth >= 4 || chance(depth == 0 ? 5 : 35)
    if leaf {
      switch next(10) {
      case 0, 1, 2, 3: return .text(text())
      case 4:
        return .image(
          ImageNode(
            systemName: chance(60)
              ? pick(["star.fill", "play", "unknown.symbol", "cloud.rain"]) : nil,
            name: chance(50) ? pick(["photo", "长名字", "logo"]) : nil, resizable: chance(40),
            missing: chance(30)))
      case 5:
        return .shape(
          ShapeNode(
            shape: pick(Self.shapeKinds), cornerRadius: nil, fill: chance(50) ? color() : nil))
      case 6: return .color(color())
      case 7: return .divider
      case 8: return .spacer(minLength: chance(50) ? length() : nil)
      default: return .empty
      }
    }
    if chance(45) {
      let children = (0..<(1 + next(4))).map { _ in view(depth: depth + 1) }
      return .stack(
        StackNode(
          axis: pick(StackAxis.allCases), alignment: pick(Alignment.allCases),
          spacing: chance(40) ? length() : nil, children: children))
    }
    let child = view(depth: depth + 1)
    let modifier: Modifier
    switch next(12) {
    case 0:
      modifier = .frame(
        Frame(
          width: chance(25) ? length() : nil, height: chance(25) ? length() : nil,
          minWidth: chance(20) ? length() : nil, idealWidth: chance(10) ? length() : nil,
          maxWidth: chance(30) ? pick([.infinity, 40, 100]) : nil,
          minHeight: chance(20) ? length() : nil, idealHeight: chance(10) ? length() : nil,
          maxHeight: chance(30) ? pick([.infinity, 16, 48]) : nil,
          alignment: pick(Alignment.allCases)))
    case 1:
      modifier = .padding(
        EdgeInsets(top: length(), leading: length(), bottom: length(), trailing: length()))
    case 2: modifier = .background(view(depth: depth + 2), alignment: pick(Alignment.allCases))
    case 3: modifier = .overlay(view(depth: depth + 2), alignment: pick(Alignment.allCases))
    case 4: modifier = .containerBackground(view(depth: 3))
    case 5, 6: modifier = .style(style())
    case 7: modifier = .opacity(pick([0, 0.3, 0.6, 1]))
    case 8: modifier = .clip(pick(Self.shapeKinds), cornerRadius: nil)
    case 9: modifier = .link("app://link/\(next(100))")
    case 10: modifier = chance(50) ? .widgetURL("app://widget/\(next(100))") : .accentable(true)
    default: modifier = .layoutPriority(Double(next(3)))
    }
    return .modified(child, modifier)
  }
}
