import Foundation
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// The terminal sink: boxes, ANSI styling, colour choice, in-place redraws.
@Suite struct TextSinkTests {
  let dates = DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

  func entry(_ lines: [String], spans: [Span] = [], url: String? = nil) -> EntryEvent {
    EntryEvent(
      kind: "K", family: .accessoryInline, source: .timeline, date: Date(timeIntervalSince1970: 0),
      validUntil: nil, relevance: nil, view: .empty, lines: lines, spans: spans, url: url)
  }

  @Test func plainBoxesHaveNoEscapes() {
    let output = MemoryOutput()
    let sink = TextSink(output: output, errors: output, dates: dates)
    sink.write(
      StreamEvent(
        seq: 1, time: Date(), instance: "K/i",
        payload: .entry(
          entry(["hi  "], spans: [Span(row: 0, column: 0, length: 2, bold: true)], url: "app://x")))
    )
    let text = output.text
    #expect(text == "K/i · entry 12:00:00 AM · app://x\n╭──────╮\n│ hi   │\n╰──────╯\n", "\(text)")
  }

  @Test func colourBoxesStyleTheirSpans() {
    let output = MemoryOutput()
    let sink = TextSink(output: output, errors: output, dates: dates, options: .init(color: true))
    let spans = [
      Span(row: 0, column: 0, length: 2, bold: true, foreground: ColorValue(name: "red")),
      Span(row: 0, column: 3, length: 1, redacted: true),
    ]
    sink.write(
      StreamEvent(
        seq: 1, time: Date(), instance: "K/i", payload: .entry(entry(["hi █"], spans: spans))))
    #expect(
      output.text.contains("\u{1B}[1;31mhi\u{1B}[0m \u{1B}[0m\u{1B}[2m█\u{1B}[0m"),
      "\(output.text.debugDescription)")
  }

  @Test func inPlaceRedrawsKeepOneBoxPerInstance() {
    let output = MemoryOutput()
    let sink = TextSink(output: output, errors: output, dates: dates, options: .init(inPlace: true))
    sink.write(StreamEvent(seq: 1, time: Date(), instance: "A", payload: .entry(entry(["one"]))))
    sink.write(StreamEvent(seq: 2, time: Date(), instance: "B", payload: .entry(entry(["two"]))))
    sink.refresh(instance: "A", entry: entry(["uno"]))
    let frames = output.text.components(separatedBy: "\u{1B}[H").filter { !$0.isEmpty }
    #expect(frames.count == 3)
    #expect(frames[2].contains("uno") && frames[2].contains("two") && !frames[2].contains("one"))
    #expect(frames[2].hasSuffix("\u{1B}[J"))
  }

  /// A removed instance (SIGHUP) leaves the screen: the frame is drawn again without its box,
  /// and a line on standard error says so.
  @Test func aRemovedInstanceLeavesTheScreen() {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let sink = TextSink(output: output, errors: errors, dates: dates, options: .init(inPlace: true))
    sink.write(StreamEvent(seq: 1, time: Date(), instance: "A", payload: .entry(entry(["one"]))))
    sink.write(StreamEvent(seq: 2, time: Date(), instance: "B", payload: .entry(entry(["two"]))))
    let removed = InstanceEvent(event: .removed, bundle: "x", kind: "K", family: .systemSmall)
    sink.write(StreamEvent(seq: 3, time: Date(), instance: "A", payload: .instance(removed)))
    let frames = output.text.components(separatedBy: "\u{1B}[H").filter { !$0.isEmpty }
    #expect(frames.count == 3)
    #expect(frames[2].contains("two") && !frames[2].contains("one"))
    #expect(errors.text == "widget-host: removed A (K, systemSmall)\n")
  }

  /// `lines` of `width` columns as an entry of instance `id`, written to `sink`.
  func show(_ sink: TextSink, _ id: String, width: Int, height: Int) {
    let lines = (0..<height).map { row in
      String(repeating: Character(String(row % 10)), count: width)
    }
    sink.write(StreamEvent(seq: 1, time: Date(), instance: id, payload: .entry(entry(lines))))
  }

  /// The last in-place frame of `output`, its lines without the escapes that end them.
  func lastFrame(_ output: MemoryOutput) -> [String]? {
    guard output.text.contains("\u{1B}[H") else { return nil }
    let frame = output.text.components(separatedBy: "\u{1B}[H").last!
    return frame.replacingOccurrences(of: "\u{1B}[J", with: "")
      .replacingOccurrences(of: "\u{1B}[2J", with: "")
      .components(separatedBy: "\u{1B}[K\n").filter { !$0.isEmpty }
  }

  /// In place on a wide terminal the boxes stand side by side, two spaces apart, titles cut to
  /// their box; what does not fit the width goes on the next row of boxes.
  @Test func inPlaceBoxesStandSideBySideAsTheTerminalAllows() throws {
    let output = MemoryOutput()
    let sink = TextSink(
      output: output, errors: output, dates: dates,
      options: .init(inPlace: true, terminalSize: { TerminalSize(columns: 30, rows: 20) }))
    show(sink, "A", width: 8, height: 2)
    show(sink, "Bee/systemSmall", width: 10, height: 1)
    show(sink, "C", width: 20, height: 1)
    let frame = try #require(lastFrame(output))
    #expect(
      frame == [
        "A · entry 1…  Bee/systemSma…",
        "╭──────────╮  ╭────────────╮",
        "│ 00000000 │  │ 0000000000 │",
        "│ 11111111 │  ╰────────────╯",
        "╰──────────╯                ",
        "C · entry 12:00:00 AM",
        "╭──────────────────────╮",
        "│ 00000000000000000000 │",
        "╰──────────────────────╯",
      ], "\(frame)")
    // Resized (SIGWINCH) to a narrow terminal: one box per row, drawn on a cleared screen.
    let resized = MemoryOutput()
    let narrow = TextSink(
      output: resized, errors: resized, dates: dates,
      options: .init(inPlace: true, terminalSize: { TerminalSize(columns: 24, rows: 40) }))
    show(narrow, "A", width: 8, height: 2)
    show(narrow, "C", width: 20, height: 1)
    narrow.redraw()
    #expect(resized.text.contains("\u{1B}[H\u{1B}[2J"))
    #expect(lastFrame(resized)?.count == 4 + 3 + 2)
  }

  /// Boxes wider or taller than the terminal cannot be drawn in place: each change is appended,
  /// without cursor movements, as on a pipe.
  @Test func boxesThatDoNotFitTheTerminalAreAppended() {
    for size in [TerminalSize(columns: 10, rows: 40), TerminalSize(columns: 80, rows: 4)] {
      let output = MemoryOutput()
      let sink = TextSink(
        output: output, errors: output, dates: dates,
        options: .init(inPlace: true, terminalSize: { size }))
      show(sink, "A", width: 8, height: 2)
      show(sink, "A", width: 8, height: 2)
      #expect(!output.text.contains("\u{1B}["), "\(size): \(output.text.debugDescription)")
      #expect(output.text.components(separatedBy: "A · entry").count == 3)
    }
  }

  @Test func colourChoiceFollowsTheFlagAndNoColor() {
    let choose = TextSink.Options.choose
    #expect(choose("auto", false, [:])?.color == false)
    #expect(choose("auto", true, [:])?.color == true)
    #expect(choose("auto", true, [:])?.inPlace == true)
    #expect(choose("auto", true, ["NO_COLOR": "1"])?.color == false)
    #expect(choose("always", false, ["NO_COLOR": "1"])?.color == true)
    #expect(choose("never", true, [:])?.color == false)
    #expect(choose("sometimes", true, [:]) == nil)
  }

  @Test func problemsGoToErrorsOnOneLine() {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let sink = TextSink(output: output, errors: errors, dates: dates)
    sink.write(
      StreamEvent(
        seq: 1, time: Date(), instance: "K/i",
        payload: .error(ProblemEvent(code: "x", message: "down"))))
    sink.write(
      StreamEvent(
        seq: 2, time: Date(),
        payload: .warning(ProblemEvent(code: "y", message: "odd", bundle: "b"))))
    #expect(errors.text == "widget-host: error: K/i: down\nwidget-host: warning: b: odd\n")
    #expect(output.text.isEmpty)
  }
}
