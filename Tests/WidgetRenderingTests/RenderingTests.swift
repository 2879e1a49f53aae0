import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// Rendering entries on family grids.
@Suite struct RenderingTests {
  let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

  func text(_ string: String) -> ViewNode { .text(TextNode(runs: [.verbatim(string)])) }

  func trimmed(_ lines: [String]) -> [String] {
    lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
  }

  @Test func gridsFollowThePointToCellMapping() {
    let expected: [WidgetFamily: (Int, Int)] = [
      .systemSmall: (21, 10), .systemMedium: (45, 10), .systemLarge: (45, 23),
      .systemExtraLarge: (89, 23), .accessoryCorner: (5, 2), .accessoryCircular: (9, 4),
      .accessoryRectangular: (21, 4), .accessoryInline: (32, 1), .control: (32, 1),
    ]
    for family in WidgetFamily.allCases {
      let grid = CellMetrics.grid(for: family)
      #expect((grid.width, grid.height) == expected[family]!, "\(family)")
      let lines = renderer.lines(for: .empty, family: family, now: now)
      #expect(lines.count == grid.height)
      #expect(lines.allSatisfy { $0.count == grid.width })
    }
  }

  @Test func contentIsCentered() {
    let lines = renderer.lines(for: text("hi"), family: .accessoryCircular, now: now)
    #expect(lines == ["         ", "   hi    ", "         ", "         "])
  }

  @Test func longTextWrapsAtWordsAndTruncatesWithAnEllipsis() {
    let lines = renderer.lines(
      for: text("the quick brown fox jumps over the lazy dog again and again"),
      family: .accessoryRectangular, now: now)
    #expect(
      trimmed(lines)
        == ["the quick brown fox", "jumps over the lazy", "dog again and again"].map { " " + $0 })
    let inline = renderer.lines(
      for: text("a sentence far too long for one inline row"), family: .accessoryInline, now: now)
    #expect(inline == ["a sentence far too long for one…"])
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(TextWidth.of("熊猫🐼") == 6)
    #expect(TextWidth.of("é") == 1)
    let lines = renderer.lines(for: text("熊猫熊猫熊猫"), family: .accessoryCorner, now: now)
    #expect(lines.map { TextWidth.of($0) } == [5, 5])
    #expect(lines[0].hasPrefix("熊猫"))
  }

  @Test func stacks() {
    let view = ViewNode.stack(
      StackNode(
        axis: .horizontal,
        children: [text("left"), .spacer(minLength: nil), text("right")]))
    #expect(
      renderer.lines(for: view, family: .accessoryInline, now: now) == [
        "left" + String(repeating: " ", count: 23) + "right"
      ])
    let column = ViewNode.stack(
      StackNode(axis: .vertical, alignment: .leading, children: [text("a"), text("bbb")]))
    #expect(
      trimmed(renderer.lines(for: column, family: .accessoryRectangular, now: now)) == [
        "         a", "         bbb",
      ])
    let overlay = ViewNode.stack(StackNode(axis: .z, children: [text("xxxxx"), text("o")]))
    #expect(
      trimmed(renderer.lines(for: overlay, family: .accessoryInline, now: now)) == [
        String(repeating: " ", count: 13) + "xxoxx"
      ])
    // Two texts too wide for the row share it, least flexible first.
    let crowded = ViewNode.stack(
      StackNode(
        axis: .horizontal, children: [text("tiny"), text("a much longer piece of text here")]))
    let lines = renderer.lines(for: crowded, family: .accessoryRectangular, now: now)
    #expect(
      lines == [
        "      a much longer  ", " tiny piece of text  ", "      here           ",
        String(repeating: " ", count: 21),
      ],
      "the short text keeps its width, the long one wraps in what is left; both centered")
  }

  @Test func datesAreFormattedAtDisplayTime() {
    let dates = DateText(
      locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    let then = now.addingTimeInterval(-(2 * 3600 + 23 * 60 + 5))
    #expect(dates.string(now, style: .time, now: now) == "8:00 AM", "a plain space, not U+202F")
    #expect(dates.clockTime(now) == "8:00:00 AM")
    #expect(dates.string(now, style: .date, now: now) == "January 15, 2027")
    #expect(dates.string(then, style: .relative, now: now) == "2 hours, 23 minutes")
    #expect(
      dates.string(now.addingTimeInterval(61), style: .relative, now: now) == "1 minute, 1 second")
    #expect(dates.string(then, style: .offset, now: now) == "+2 hours")
    #expect(dates.string(now.addingTimeInterval(180), style: .offset, now: now) == "-3 minutes")
    #expect(dates.string(then, style: .timer, now: now) == "2:23:05")
    #expect(dates.string(now.addingTimeInterval(-125), style: .timer, now: now) == "2:05")
    let zh = DateText(
      locale: Locale(identifier: "zh_CN"), timeZone: TimeZone(identifier: "Asia/Shanghai")!)
    #expect(zh.string(now, style: .date, now: now).contains("2027"))
    #expect(zh.string(now, style: .time, now: now).contains("16:00"))
  }

  /// The system background is the terminal's own on the grid: blank cells over what is behind
  /// (here a red container background), as a layer and as a filled shape.
  @Test func theSystemBackgroundIsBlankCells() {
    let system = ColorValue(name: "background")
    let text = ViewNode.text(TextNode(runs: [.verbatim("hi")]))
    let view = ViewNode.modified(
      .stack(
        StackNode(
          axis: .vertical,
          children: [
            .modified(text, .background(.color(system), alignment: .center)),
            .modified(
              .shape(ShapeNode(shape: .rectangle, fill: system)), .frame(Frame(height: 20))),
          ])),
      .containerBackground(.color(ColorValue(name: "red"))))
    let rendered = renderer.render(view, family: .systemSmall, now: now)
    #expect(rendered.lines.contains { $0.contains("hi") })
    #expect(
      !rendered.lines.joined().contains("█"), "a shape of the system background draws no blocks")
    let row = rendered.lines.firstIndex { $0.contains("hi") }!
    let column = rendered.lines[row].distance(
      from: rendered.lines[row].startIndex, to: rendered.lines[row].range(of: "hi")!.lowerBound)
    let backgrounds = rendered.spans.filter {
      $0.row == row && $0.column <= column && column < $0.column + $0.length
        && $0.background != nil
    }
    #expect(backgrounds.isEmpty, "the text's cells have no background colour: \(backgrounds)")
  }
}
