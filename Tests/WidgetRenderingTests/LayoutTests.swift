import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// The layout engine: frames, padding, backgrounds, priorities, truncation, styles, taps.
@Suite struct LayoutTests {
  let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A text with `style` applied as a modifier (as `.lineLimit(1)` or `.font(.headline)` do).
  func text(_ string: String, _ style: TextStyle = TextStyle()) -> ViewNode {
    let node = ViewNode.text(TextNode(runs: [.verbatim(string)]))
    return style.isEmpty ? node : .modified(node, .style(style))
  }

  func render(_ view: ViewNode, _ family: WidgetFamily = .accessoryRectangular) -> RenderedEntry {
    renderer.render(view, family: family, now: now)
  }

  func hstack(_ children: [ViewNode], spacing: Double? = nil) -> ViewNode {
    .stack(StackNode(axis: .horizontal, spacing: spacing, children: children))
  }

  func vstack(_ children: [ViewNode], alignment: Alignment = .center) -> ViewNode {
    .stack(StackNode(axis: .vertical, alignment: alignment, children: children))
  }

  @Test func infiniteFrameFillsAndAlignsItsChild() {
    let view = ViewNode.modified(
      text("hi"), .frame(Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)))
    #expect(
      render(view).lines == ["hi" + String(repeating: " ", count: 19)]
        + Array(repeating: String(repeating: " ", count: 21), count: 3))
    let trailing = ViewNode.modified(
      text("hi"), .frame(Frame(maxWidth: .infinity, alignment: .trailing)))
    #expect(render(trailing, .accessoryInline).lines == [String(repeating: " ", count: 30) + "hi"])
  }

  /// Any finite length, however large or small, lays out and draws without trapping and at the
  /// cost of the grid: a frame of 1e300 points is as cheap as the widget, and NaN, negative and
  /// infinite lengths are no length or the largest one.
  @Test func hostileLengthsNeitherTrapNorCostMoreThanTheGrid() {
    let lengths: [Double] = [
      0, -1, 1e-300, 1e5, 1e18, 1e300, -1e300, .greatestFiniteMagnitude, .infinity, -.infinity,
      .nan,
    ]
    for length in lengths {
      let layers = ViewNode.modified(
        .modified(
          .stack(
            StackNode(
              axis: .vertical, spacing: length,
              children: [
                .modified(
                  text("a long line of text that wraps"),
                  .padding(
                    EdgeInsets(top: length, leading: length, bottom: length, trailing: length))),
                .spacer(minLength: length), .divider,
                .modified(
                  .image(ImageNode(name: "logo", resizable: true)), .frame(Frame(height: length))),
                .modified(.color(ColorValue(name: "red")), .opacity(length)),
              ])),
          .frame(
            Frame(
              width: length, height: length, minWidth: length, maxWidth: length,
              minHeight: length, maxHeight: length))),
        .background(
          .shape(ShapeNode(shape: .roundedRectangle, cornerRadius: length)), alignment: .center))
      let clock = ContinuousClock()
      let started = clock.now
      let rendered = render(
        .modified(layers, .frame(Frame(minWidth: length, minHeight: length))), .systemMedium)
      #expect(clock.now - started < .seconds(1), "length \(length)")
      #expect(rendered.lines.count == 10, "length \(length)")
      #expect(rendered.lines.allSatisfy { TextWidth.of($0) == 45 }, "length \(length)")
    }
  }

  @Test func fixedFramesAndPadding() {
    // 80 points = 10 columns; the text is centered in them, the frame centered in the row.
    let framed = ViewNode.modified(text("ab"), .frame(Frame(width: 80)))
    #expect(
      render(framed, .accessoryInline).lines == [
        String(repeating: " ", count: 15) + "ab" + String(repeating: " ", count: 15)
      ])
    // Default padding (16 pt): one row and two columns on every side.
    let padded = ViewNode.modified(
      .modified(text("x"), .padding(EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))),
      .frame(Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)))
    #expect(render(padded).lines[1].hasPrefix("  x"))
    #expect(render(padded).lines[0].trimmingCharacters(in: .whitespaces).isEmpty)
  }

  @Test func backgroundsPaintBehindAndTakeTheChildsSize() {
    let view = ViewNode.modified(
      text("hi"), .background(.color(ColorValue(name: "red")), alignment: .center))
    let rendered = render(view, .accessoryInline)
    #expect(
      rendered.lines == [
        String(repeating: " ", count: 15) + "hi" + String(repeating: " ", count: 15)
      ])
    #expect(
      rendered.spans == [Span(row: 0, column: 15, length: 2, background: ColorValue(name: "red"))])
    // A colour as content draws blocks.
    let swatch = ViewNode.modified(
      .color(ColorValue(name: "blue")), .frame(Frame(width: 16, height: 16)))
    #expect(render(swatch, .accessoryInline).lines[0].contains("██"))
  }

  @Test func containerBackgroundFillsTheWholeWidget() {
    let view = ViewNode.modified(text("x"), .containerBackground(.color(ColorValue(name: "blue"))))
    let spans = render(view, .accessoryCircular).spans
    #expect(spans.count == 4, "one span per row")
    #expect(spans.allSatisfy { $0.length == 9 && $0.background == ColorValue(name: "blue") })
  }

  @Test func layoutPriorityWinsSpace() {
    let low = text("aaaa bbbb cccc")
    let high = ViewNode.modified(text("dddd eeee ffff"), .layoutPriority(1))
    let lines = render(hstack([low, high]), .accessoryInline).lines
    #expect(
      lines
        == ["aaaa bbbb… dddd eeee ffff"].map {
          $0 + String(repeating: " ", count: 32 - TextWidth.of($0))
        }
        || lines[0].contains("dddd eeee ffff"), "\(lines)")
    #expect(lines[0].contains("dddd eeee ffff"))
  }

  @Test func spacersTakeWhatIsLeft() {
    let lines = render(hstack([text("L"), .spacer(minLength: nil), text("R")]), .accessoryInline)
      .lines
    #expect(lines == ["L" + String(repeating: " ", count: 30) + "R"])
    let divided = render(vstack([text("top"), .divider, text("bottom")]), .accessoryRectangular)
      .lines
    #expect(divided.contains { $0.contains("──────") })
  }

  @Test func lineLimitsAndTruncationModes() {
    let long = "one two three four five six seven eight nine ten"
    let limited = render(text(long, TextStyle(lineLimit: 1)), .accessoryRectangular).lines
    #expect(
      limited.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == [
        "one two three four f…"
      ], "cut mid-word, as SwiftUI does")
    let head = render(
      text(long, TextStyle(lineLimit: 1, truncationMode: .head)), .accessoryRectangular
    ).lines
    #expect(head.contains { $0.hasPrefix("…") && $0.hasSuffix("eight nine ten") })
    let middle = render(
      text(long, TextStyle(lineLimit: 1, truncationMode: .middle)), .accessoryRectangular
    ).lines
    #expect(
      middle.contains { $0.contains("…") && $0.hasPrefix("one two") && $0.hasSuffix("nine ten") })
    let two = render(text(long, TextStyle(lineLimit: 2)), .accessoryRectangular).lines
    #expect(two.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count == 2)
    #expect(two.contains { $0.contains("…") })
  }

  @Test func multilineAlignment() {
    let view = text("a bb ccc dddd eeeee", TextStyle(multilineTextAlignment: .trailing))
    let lines = renderer.render(view, family: .accessoryCorner, now: now).lines
    #expect(lines.allSatisfy { $0.count == 5 })
  }

  @Test func lastTextBaselineAlignsTheLastLines() {
    let view = ViewNode.stack(
      StackNode(
        axis: .horizontal, alignment: .lastTextBaseline,
        children: [text("one two three", TextStyle(lineLimit: 3)), text("end")]))
    let lines = render(
      .modified(view, .frame(Frame(width: 80))), .accessoryRectangular
    ).lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(lines.last?.contains("end") == true, "\(lines)")
  }

  @Test func stylesBecomeSpans() {
    let view = ViewNode.text(
      TextNode(runs: [
        TextRun(.verbatim("Hi "), style: TextStyle(weight: .bold)),
        TextRun(
          .verbatim("there"), style: TextStyle(italic: true, foreground: ColorValue(name: "red"))),
      ]))
    let spans = render(view, .accessoryInline).spans
    #expect(spans.count == 2)
    #expect(spans[0].bold == true && spans[0].length == 3, "the space is bold too")
    #expect(
      spans[1].italic == true && spans[1].foreground == ColorValue(name: "red")
        && spans[1].length == 5)
    let headline = render(text("H", TextStyle(font: Font(textStyle: .headline))), .accessoryInline)
      .spans
    #expect(headline.first?.bold == true, "headline is semibold")
  }

  @Test func redactedTextBecomesBlocks() {
    let view = ViewNode.modified(
      vstack([text("Song 熊"), .modified(text("keep"), .style(TextStyle(redacted: false)))]),
      .style(TextStyle(redacted: true)))
    let lines = render(view).lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
    #expect(lines == ["████ ██", "keep"])
  }

  @Test func linksBecomeRegionsExceptInSmall() {
    let view = vstack([
      .modified(text("open"), .link("app://a")),
      .modified(text("other"), .link("app://b")),
    ])
    let medium = render(.modified(view, .widgetURL("app://widget")), .systemMedium)
    #expect(medium.url == "app://widget")
    #expect(medium.regions.map(\.url) == ["app://a", "app://b"])
    #expect(medium.regions.map(\.id) == ["link-0", "link-1"])
    let first = medium.regions[0]
    #expect(medium.lines[first.y].dropFirst(first.x).hasPrefix("open"))
    #expect(first.width == 4 && first.height == 1)
    let small = render(view, .systemSmall)
    #expect(small.regions.isEmpty)
    #expect(small.warnings.count == 2)
    #expect(small.warnings[0].contains("systemSmall"))
  }

  /// On the grid an aspect ratio keeps whole cells, measured in points (a cell is 8×16): a
  /// colour of ratio 2 fitted in 10×2 cells (80×32 points) is 8 columns wide, filling it 10.
  @Test func aspectRatiosKeepWholeCells() {
    func blocks(_ fill: Bool) -> [Int] {
      let view = ViewNode.modified(
        .modified(.color(ColorValue(name: "red")), .aspectRatio(2, fill: fill)),
        .frame(Frame(width: 80, height: 32)))
      return render(view).lines.map { $0.filter { $0 == "█" }.count }.filter { $0 > 0 }
    }
    #expect(blocks(false) == [8, 8])
    #expect(blocks(true) == [10, 10])
  }

  @Test func symbolsAndImages() {
    let view = hstack([.image(ImageNode(systemName: "play.fill")), text("Song")], spacing: 4)
    #expect(render(view, .accessoryInline).lines[0].contains("▶ Song"))
    #expect(SymbolGlyphs.glyph(for: "pause.circle.fill") == "‖")
    #expect(SymbolGlyphs.glyph(for: "no.such.symbol") == "◇")
    #expect(render(.image(ImageNode(name: "logo")), .accessoryInline).lines[0].contains("▣"))
  }

  @Test func liveDatesReportTheirNextChange() {
    let start = now.addingTimeInterval(-65.5)
    let timer = renderer.render(
      .text(TextNode(runs: [.date(start, style: .timer)])), family: .accessoryInline, now: now)
    #expect(timer.lines[0].contains("1:05"))
    #expect(timer.nextLiveChange == now.addingTimeInterval(0.5))
    let fixed = renderer.render(
      .text(TextNode(runs: [.date(start, style: .time)])), family: .accessoryInline, now: now)
    #expect(fixed.nextLiveChange == nil)
    #expect(
      DateText.nextChange(of: now.addingTimeInterval(7200), style: .relative, after: now)
        == now.addingTimeInterval(60))
    #expect(
      DateText.nextChange(of: now.addingTimeInterval(-30), style: .offset, after: now)
        == now.addingTimeInterval(1))
  }
}
