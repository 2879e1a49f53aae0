import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// The status-bar formats: flattening, the i3bar stream, Waybar lines, clicks back as taps.
@Suite struct StatusBarTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// An entry of `view` as the host shows it: drawn on `family`'s grid.
  static func entry(
    _ view: ViewNode, family: WidgetFamily = .systemSmall, kind: String = "K",
    source: EntrySource = .timeline
  ) -> EntryEvent {
    let drawn = Renderer(dates: dates).render(
      EventRouter.displayedView(of: view, source: source), family: family, now: start)
    return EntryEvent(
      kind: kind, family: family, source: source, date: start, validUntil: nil, relevance: nil,
      view: view, lines: drawn.lines, spans: drawn.spans)
  }

  /// An entry of `texts` one below another, each a `Text`.
  static func entry(
    _ texts: [String], family: WidgetFamily = .systemSmall, kind: String = "K",
    source: EntrySource = .timeline
  ) -> EntryEvent {
    entry(
      .stack(StackNode(axis: .vertical, children: texts.map(text))), family: family, kind: kind,
      source: source)
  }

  /// An entry whose grid is `lines` as given, for what is read from the grid alone.
  static func drawn(_ lines: [String], spans: [Span] = []) -> EntryEvent {
    EntryEvent(
      kind: "K", family: .systemSmall, source: .timeline, date: start, validUntil: nil,
      relevance: nil, view: .empty, lines: lines, spans: spans)
  }

  static func text(_ string: String) -> ViewNode { .text(TextNode(runs: [.verbatim(string)])) }

  static func hstack(_ children: [ViewNode]) -> ViewNode {
    .stack(StackNode(axis: .horizontal, children: children))
  }

  static let dates = DateText(
    locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

  static func texts(_ entry: EntryEvent) -> [DrawnText] {
    BarText(dates: dates).texts(entry, now: start)
  }

  static func event(_ seq: UInt64, _ instance: String, _ payload: EventPayload) -> StreamEvent {
    StreamEvent(seq: seq, time: start, instance: instance, payload: payload)
  }

  static func header() -> StreamHeader { StreamHeader(host: "test", started: start) }

  // MARK: Flattening

  @Test func textsSideBySideJoinWithASpaceAndOneBelowAnotherWithADot() {
    let inline = Self.entry(
      Self.hstack([Self.text("Mon"), Self.text("12:00")]), family: .accessoryInline)
    #expect(BarText.fullText(Self.texts(inline)) == "Mon 12:00")
    let small = Self.entry(
      .stack(
        StackNode(
          axis: .vertical,
          children: [Self.text("Battery"), Self.hstack([Self.text("73%"), Self.text("Full")])])))
    #expect(BarText.fullText(Self.texts(small)) == "Battery · 73% Full")
    #expect(BarText.shortText(Self.texts(small)) == "Battery")
    let placeholder = Self.entry(["Battery", "73%"], source: .placeholder)
    #expect(BarText.fullText(Self.texts(placeholder)) == "███████ · ███")
  }

  /// A text the grid wraps is one sentence in a bar, and an image is left out: the bar shows
  /// neither line breaks nor picture frames.
  @Test func wrappedTextIsOneSentenceAndImagesAreLeftOut() throws {
    let sentence = "Tomorrow: light rain in the morning, then sunny and warm"
    let view = ViewNode.stack(
      StackNode(
        axis: .vertical,
        children: [
          .modified(
            .image(ImageNode(name: "photo", resizable: true)),
            .frame(Frame(width: 80, height: 32))),
          Self.text(sentence),
        ]))
    let entry = Self.entry(view)
    #expect(
      entry.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 4,
      "the image takes rows and the text wraps: \(entry.lines)")
    #expect(BarText.fullText(Self.texts(entry)) == sentence)
    let symbol = Self.entry(
      Self.hstack([.image(ImageNode(systemName: "sun.max")), Self.text("21°")]),
      family: .accessoryInline)
    #expect(BarText.fullText(Self.texts(symbol)) == "☀ 21°", "a symbol is text")
  }

  @Test func theTooltipIsTheGridAsDrawn() {
    let small = Self.drawn(["  Battery      ", "", "   73%   Full ", "     "])
    #expect(BarText.tooltip(small) == "Battery\n\n 73%   Full")
  }

  @Test func colourIsTheFirstColouredSpanAsHex() {
    let red = ColorValue(name: "red")
    let orange = ColorValue(red: 1, green: 0.5, blue: 0)
    let spans = [
      Span(row: 1, column: 0, length: 2, foreground: red),
      Span(row: 0, column: 4, length: 2, foreground: orange),
      Span(row: 0, column: 0, length: 2, bold: true),
    ]
    #expect(BarText.color(Self.drawn(["ab cd", "ef"], spans: spans)) == "#ff8000")
    #expect(BarText.color(Self.drawn(["ab"], spans: [spans[0]])) == "#ff453a")
    #expect(BarText.color(Self.drawn(["ab"], spans: [spans[2]])) == nil)
    #expect(BarText.hex(ColorValue(name: "primary")) == nil)
    #expect(BarText.hex(ColorValue(red: 0, green: 0.04, blue: 2)) == "#000aff")
    #expect(
      ColorValue.names.allSatisfy {
        ["primary", "clear", "background"].contains($0)
          == (BarText.hex(ColorValue(name: $0)) == nil)
      })
  }

  @Test func percentageIsTheFirstWholeNumberUpToAHundredBeforePercent() {
    #expect(BarText.percentage("Battery 73%") == 73)
    #expect(BarText.percentage("100% charged") == 100)
    #expect(BarText.percentage("0%") == 0)
    #expect(BarText.percentage("cpu 150% · mem 40%") == 40)
    #expect(BarText.percentage("12.5% then 7%") == 7)
    #expect(BarText.percentage("-3%") == nil)
    #expect(BarText.percentage("73 %") == nil)
    #expect(BarText.percentage("no numbers") == nil)
  }

  // MARK: i3bar

  @Test func i3barIsAnEndlessArrayInInstanceOrderWrittenOnChangeOnly() throws {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let sink = I3BarSink(output: output, errors: errors, dates: Self.dates)
    try sink.prepare(instances: ["B/systemSmall", "A/accessoryInline"])
    sink.begin(Self.header())
    let a = Self.entry(
      .modified(Self.text("Low battery"), .style(TextStyle(foreground: ColorValue(name: "red")))),
      family: .accessoryInline, kind: "A")
    let b = Self.entry(
      .stack(
        StackNode(
          axis: .vertical,
          children: [Self.text("Title"), Self.hstack([Self.text("5"), Self.text("items")])])),
      kind: "B")
    sink.write(Self.event(1, "A/accessoryInline", .entry(a)))
    sink.write(Self.event(2, "B/systemSmall", .entry(b)))
    // The same entry again, a redraw with the same text, a warning: nothing new to show.
    sink.write(Self.event(3, "A/accessoryInline", .entry(a)))
    sink.refresh(instance: "A/accessoryInline", entry: a)
    sink.write(
      Self.event(4, "B/systemSmall", .warning(ProblemEvent(code: "view-ignored", message: "w"))))
    let later = Self.entry(["Title", "6 items"], kind: "B")
    sink.refresh(instance: "B/systemSmall", entry: later)

    // Read it as i3bar would: in small chunks, checking every array as it completes.
    var reader = try I3BarStreamReader()
    let bytes = Data(output.text.utf8)
    var seen: [[I3BarStreamReader.Block]] = []
    for offset in stride(from: 0, to: bytes.count, by: 5) {
      seen += reader.feed(bytes[offset..<min(offset + 5, bytes.count)])
    }
    #expect(reader.problems == [], "\(output.text)")
    #expect(reader.isValidAndOpen)
    #expect(reader.clickEvents)
    #expect(seen == reader.arrays)
    #expect(
      seen.map { $0.map(\.name) } == [
        ["A/accessoryInline"], ["B/systemSmall", "A/accessoryInline"],
        ["B/systemSmall", "A/accessoryInline"],
      ])
    #expect(
      seen.map { $0.map(\.fullText) } == [
        ["Low battery"], ["Title · 5 items", "Low battery"], ["Title · 6 items", "Low battery"],
      ])
    let last = try #require(seen.last)
    #expect(last.map(\.shortText) == ["Title", "Low battery"])
    #expect(last.map(\.instance) == ["B/systemSmall", "A/accessoryInline"])
    #expect(last.map(\.color) == [nil, "#ff453a"])
    #expect(last.allSatisfy { $0.urgent == false })
    #expect(output.text.hasPrefix(#"{"version":1,"click_events":true}"# + "\n[\n"))
    #expect(output.text.split(separator: "\n").last?.hasPrefix(",[") == true, "never closed")
    #expect(errors.text == "widget-host: warning: B/systemSmall: w\n")
  }

  /// A reconfigured host (SIGHUP) prepares the new order, then removes and adds instances: a
  /// removed instance's block goes at once, and the blocks keep the new order.
  @Test func i3barDropsARemovedInstanceAndKeepsThePreparedOrder() throws {
    let output = MemoryOutput()
    let sink = I3BarSink(output: output, errors: MemoryOutput(), dates: Self.dates)
    try sink.prepare(instances: ["a", "b"])
    sink.begin(Self.header())
    sink.write(Self.event(1, "a", .entry(Self.entry(["A"], kind: "A"))))
    sink.write(Self.event(2, "b", .entry(Self.entry(["B"], kind: "B"))))
    try sink.prepare(instances: ["c", "b"])
    let removed = InstanceEvent(event: .removed, bundle: "x", kind: "A", family: .systemSmall)
    sink.write(Self.event(3, "a", .instance(removed)))
    sink.write(Self.event(4, "c", .entry(Self.entry(["C"], kind: "C"))))
    var reader = try I3BarStreamReader()
    reader.feed(Data(output.text.utf8))
    #expect(reader.problems == [])
    #expect(reader.arrays.map { $0.map(\.name) } == [["a"], ["a", "b"], ["b"], ["c", "b"]])
  }

  /// i3bar has no classes: a stale or restored entry shows in grey, whatever its own colour.
  @Test func i3barGreysStaleAndRestoredEntries() throws {
    let output = MemoryOutput()
    let sink = I3BarSink(output: output, errors: MemoryOutput(), dates: Self.dates)
    try sink.prepare(instances: ["A/accessoryInline"])
    sink.begin(Self.header())
    let red = ViewNode.modified(
      Self.text("Low battery"), .style(TextStyle(foreground: ColorValue(name: "red"))))
    var entry = Self.entry(red, family: .accessoryInline, kind: "A")
    sink.write(Self.event(1, "A/accessoryInline", .entry(entry)))
    entry.restored = true
    sink.write(Self.event(2, "A/accessoryInline", .entry(entry)))
    entry.restored = false
    sink.write(Self.event(3, "A/accessoryInline", .entry(entry)))
    entry.stale = true
    sink.write(Self.event(4, "A/accessoryInline", .entry(entry)))
    var reader = try I3BarStreamReader()
    reader.feed(Data(output.text.utf8))
    #expect(reader.problems == [])
    #expect(
      reader.arrays.map { $0.map(\.color) } == [
        ["#ff453a"], [I3BarSink.staleColor], ["#ff453a"], [I3BarSink.staleColor],
      ])
  }

  @Test func theStreamReaderRejectsWhatI3barWouldNot() throws {
    var reader = try I3BarStreamReader()
    reader.feed(Data(#"{"version":1}"#.utf8 + Data("\n[\n[]\n[{\"full_text\":\"x\"}]\n]\n".utf8)))
    #expect(reader.problems.count >= 4, "\(reader.problems)")
    #expect(reader.problems.contains { $0.contains("click_events") })
    #expect(reader.problems.contains { $0.contains("comma") })
    #expect(reader.problems.contains { $0.contains("closed") })
  }

  @Test func theDocumentedExamplesFollowTheSchemas() throws {
    let url = TestSupport.repositoryRoot.appendingPathComponent("docs/status-bars.md")
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    // The i3bar example, read as a stream.
    let start = try #require(lines.firstIndex(of: #"{"version":1,"click_events":true}"#))
    let example = lines[start...].prefix { !$0.hasPrefix("```") }
    var reader = try I3BarStreamReader()
    reader.feed(Data(example.map { $0 + "\n" }.joined().utf8))
    #expect(reader.problems == [])
    #expect(reader.arrays.count == 3)
    let waybar = (validator: JSONSchemaValidator.statusBars, file: "waybar.schema.json")
    let updates = lines.filter { $0.hasPrefix(#"{"class":"#) }
    #expect(updates.count == 2)
    for line in updates {
      #expect(waybar.validator.problems(in: line, against: waybar.file) == [], "\(line)")
    }
  }

  // MARK: Waybar

  @Test func waybarWritesOneCheckedLinePerChange() throws {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let sink = WaybarSink(output: output, errors: errors, dates: Self.dates)
    try sink.prepare(instances: ["Battery/systemSmall"])
    sink.begin(Self.header())
    let instance = "Battery/systemSmall"
    let placeholder = Self.entry(["Battery", "73%"], kind: "Battery", source: .placeholder)
    let real = Self.entry(["Battery", "73%"], kind: "Battery")
    sink.write(Self.event(1, instance, .entry(placeholder)))
    sink.write(Self.event(2, instance, .entry(real)))
    sink.refresh(instance: instance, entry: real)
    sink.write(
      Self.event(
        3, instance, .error(ProblemEvent(code: "provider-failed", message: "no battery"))))
    let next = Self.entry(["Battery", "charging"], kind: "Battery")
    sink.write(Self.event(4, instance, .entry(next)))

    let schema = (validator: JSONSchemaValidator.statusBars, file: "waybar.schema.json")
    let lines = output.text.split(separator: "\n").map(String.init)
    for line in lines {
      #expect(schema.validator.problems(in: line, against: schema.file) == [], "\(line)")
    }
    struct Line: Decodable, Equatable {
      var text: String
      var tooltip: String
      var `class`: [String]
      var percentage: Int?
    }
    let decoded = try lines.map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    #expect(
      decoded == [
        Line(
          text: "███████ · ███", tooltip: "███████\n  ███", class: ["Battery", "placeholder"]),
        Line(text: "Battery · 73%", tooltip: "Battery\n  73%", class: ["Battery"], percentage: 73),
        Line(
          text: "Battery · 73%", tooltip: "Battery\n  73%\n\nno battery",
          class: ["Battery", "error"], percentage: 73),
        Line(text: "Battery · charging", tooltip: "Battery\ncharging", class: ["Battery"]),
      ])
    #expect(!lines[3].contains("percentage"))
    #expect(errors.text == "widget-host: error: Battery/systemSmall: no battery\n")
  }

  /// Waybar reads `text` and `tooltip` as Pango markup: a widget's `&`, `<`, `>` and quotes
  /// reach it escaped, so the module shows them instead of refusing the line.
  @Test func waybarEscapesPangoMarkup() throws {
    let output = MemoryOutput()
    let sink = WaybarSink(output: output, errors: MemoryOutput(), dates: Self.dates)
    try sink.prepare(instances: ["Show/systemSmall"])
    sink.begin(Self.header())
    let entry = Self.entry(["Tom & Jerry <3", "\"it's\" > all"], kind: "Show")
    sink.write(Self.event(1, "Show/systemSmall", .entry(entry)))
    struct Line: Decodable { var text: String, tooltip: String }
    let line = try JSONDecoder().decode(Line.self, from: Data(output.text.utf8))
    #expect(line.text == "Tom &amp; Jerry &lt;3 · &quot;it&apos;s&quot; &gt; all")
    #expect(line.tooltip == "Tom &amp; Jerry &lt;3\n &quot;it&apos;s&quot; &gt; all")
  }

  /// A stale entry (its reload failed) and a restored one (from the run before) say so in
  /// their classes, for the bar's CSS to dim them.
  @Test func waybarMarksStaleAndRestoredEntries() throws {
    let output = MemoryOutput()
    let sink = WaybarSink(output: output, errors: MemoryOutput(), dates: Self.dates)
    try sink.prepare(instances: ["Show/systemSmall"])
    sink.begin(Self.header())
    var restored = Self.entry(["old"], kind: "Show")
    restored.restored = true
    sink.write(Self.event(1, "Show/systemSmall", .entry(restored)))
    var stale = Self.entry(["older"], kind: "Show")
    stale.stale = true
    sink.write(Self.event(2, "Show/systemSmall", .entry(stale)))
    struct Line: Decodable { var `class`: [String] }
    let classes = try output.text.split(separator: "\n").map {
      try JSONDecoder().decode(Line.self, from: Data($0.utf8)).class
    }
    #expect(classes == [["Show", "restored"], ["Show", "stale"]])
    let schema = (validator: JSONSchemaValidator.statusBars, file: "waybar.schema.json")
    for line in output.text.split(separator: "\n") {
      #expect(schema.validator.problems(in: String(line), against: schema.file) == [])
    }
  }

  @Test func waybarRefusesAnythingButOneInstance() throws {
    let sink = WaybarSink(output: MemoryOutput(), errors: MemoryOutput(), dates: Self.dates)
    #expect(throws: Never.self) { try sink.prepare(instances: ["K/systemSmall"]) }
    #expect {
      try sink.prepare(instances: ["K/systemSmall", "K/systemMedium"])
    } throws: { error in
      guard case .format(let message) = error as? HostError else { return false }
      return message.contains("2 instances: K/systemSmall, K/systemMedium")
        && message.contains("--kind") && message.contains("--family")
    }
  }

  @Test func theHostStopsBeforeLoadingWhenWaybarRefuses() async throws {
    let path = try HostTests.bundle(kinds: [
      KindManifest(kind: "K", families: [.systemSmall, .systemMedium])
    ])
    var options = HostOptions(bundlePaths: [path])
    options.families = [.systemSmall, .systemMedium]
    let output = MemoryOutput()
    let entry = Entry(date: Self.start, view: .text(TextNode(runs: [.verbatim("x")])))
    let host = WidgetHost(
      options: options, clock: VirtualClock(start: Self.start),
      loader: FakeLoader(timeline: Timeline(entries: [entry], policy: .never), placeholder: entry),
      sinks: [WaybarSink(output: output, errors: output, dates: Self.dates)], log: output)
    await #expect(throws: HostError.self) { _ = try await host.run() }
    #expect(output.text.isEmpty)
  }

  // MARK: Clicks

  @Test func clickEventsAreParsedIncrementallyAndBadLinesSkipped() throws {
    var parser = I3BarClicks.Parser()
    var results = parser.feed(Data("[\n{\"name\":\"A\",\"instance\":\"A\",\"button\":1,".utf8))
    #expect(results.isEmpty)
    results += parser.feed(
      Data(
        (#""x":10,"y":4,"relative_x":3,"relative_y":2,"width":80,"height":20}"# + "\n,{\"na")
          .utf8))
    results += parser.feed(Data("me\":\"B\",\"button\":3}\n,garbage\n\n,{\"button\":1}\n".utf8))
    results += parser.feed(Data("[{\"name\":\"C\",\"button\":\"left\"}\n,{\"name\":\"D\"}".utf8))
    results += parser.finish()
    #expect(results.count == 6)
    #expect(
      try results[0].get()
        == {
          var click = I3BarClicks.Click(name: "A", instance: "A", button: 1)
          (click.x, click.y, click.relativeX, click.relativeY) = (10, 4, 3, 2)
          (click.width, click.height) = (80, 20)
          return click
        }())
    #expect(try results[1].get() == I3BarClicks.Click(name: "B", button: 3))
    #expect(throws: I3BarClicks.ParseError(line: "garbage", reason: "expected a JSON object")) {
      try results[2].get()
    }
    #expect(throws: I3BarClicks.ParseError.self) { try results[3].get() }
    #expect(throws: I3BarClicks.ParseError.self) { try results[4].get() }
    #expect(try results[5].get() == I3BarClicks.Click(name: "D", button: nil))
  }

  /// Runs a host showing `view` in `family` until it has shown its entry, feeds `clicks`
  /// through a pipe as i3bar writes them, waits for `opened` URLs and `errorLines` lines on
  /// standard error, and returns the stream and the errors.
  func clickThroughPipe(
    _ view: ViewNode, family: WidgetFamily, clicks: [String], until opened: Int,
    and errorLines: Int = 0
  ) async throws -> (events: [StreamEvent], errors: String) {
    let path = try HostTests.bundle(kinds: [KindManifest(kind: "K", families: [family])])
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let entry = Entry(date: Self.start, view: view)
    let host = WidgetHost(
      options: HostOptions(bundlePaths: [path]), clock: VirtualClock(start: Self.start),
      loader: FakeLoader(timeline: Timeline(entries: [entry], policy: .never), placeholder: entry),
      sinks: [JSONSink(output: output)], log: errors)
    let task = Task { try await host.run() }
    defer { task.cancel() }
    func events() throws -> [StreamEvent] {
      try output.text.split(separator: "\n").dropFirst().map {
        #expect(JSONSchemaValidator.stream.streamLineProblems(String($0)) == [], "\($0)")
        return try WidgetJSON.decode(StreamEvent.self, from: Data($0.utf8))
      }
    }
    func count(_ type: String) -> Int {
      output.text.components(separatedBy: "\"type\":\"\(type)\"").count - 1
    }
    var waited = 0
    while count("entry") < 2 && waited < 500 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    let pipe = Pipe()
    I3BarClicks.startReading(
      from: pipe.fileHandleForReading, control: host.control, errors: errors)
    for line in clicks {
      try pipe.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }
    try pipe.fileHandleForWriting.close()
    waited = 0
    while (count("open-url") < opened || errors.text.count { $0 == "\n" } < errorLines)
      && waited < 500
    {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    task.cancel()
    _ = try await task.value
    return (try events(), errors.text)
  }

  @Test func aLeftClickFromStandardInputOpensTheWidgetURL() async throws {
    let view = ViewNode.modified(.text(TextNode(runs: [.verbatim("hi")])), .widgetURL("app://w"))
    let (events, errors) = try await clickThroughPipe(
      view, family: .accessoryInline,
      clicks: [
        "[",
        #"{"name":"K/accessoryInline","instance":"K/accessoryInline","button":3,"x":1,"y":2}"#,
        ",not json",
        #",{"name":"K/accessoryInline","instance":"K/accessoryInline","button":1,"x":5,"y":1,"#
          + #""relative_x":5,"relative_y":1,"width":40,"height":18}"#,
        #",{"name":"nope","button":1}"#,
      ], until: 1, and: 2)
    let opened = events.compactMap { event -> (String?, OpenURLEvent)? in
      guard case .openURL(let open) = event.payload else { return nil }
      return (event.instance, open)
    }
    #expect(opened.count == 1, "\(events)")
    #expect(opened.first?.0 == "K/accessoryInline")
    #expect(opened.first?.1.url == "app://w")
    let lines = errors.split(separator: "\n")
    #expect(lines.count == 2, "\(errors)")
    #expect(lines.contains { $0.contains("malformed click event 'not json'") })
    #expect(lines.contains { $0.contains("click on nope: no instance 'nope'") })
  }

  @Test func aLeftClickOnAWidgetWithOnlyLinksOpensTheFirst() async throws {
    let first = ViewNode.modified(.text(TextNode(runs: [.verbatim("one")])), .link("app://1"))
    let second = ViewNode.modified(.text(TextNode(runs: [.verbatim("two")])), .link("app://2"))
    let view = ViewNode.stack(StackNode(axis: .vertical, children: [first, second]))
    let (events, errors) = try await clickThroughPipe(
      view, family: .systemMedium, clicks: ["[", #"{"name":"K/systemMedium","button":1}"#],
      until: 1)
    let urls = events.compactMap { event -> String? in
      guard case .openURL(let open) = event.payload else { return nil }
      return open.url
    }
    #expect(urls == ["app://1"], "\(errors)")
  }

  // MARK: Notices and the plain format (`widget-host bar`)

  @Test func noticesStandInForEntriesUntilTheNextEntry() throws {
    let instance = "Battery/systemSmall"
    let real = Self.entry(["Battery", "73%"], kind: "Battery")
    let notice = BarNotice.disconnected("no host is listening on /s")

    let i3bar = MemoryOutput()
    let blocks = I3BarSink(output: i3bar, errors: MemoryOutput(), dates: Self.dates)
    try blocks.prepare(instances: [instance, "Other/systemSmall"])
    blocks.begin(Self.header())
    blocks.show(notice, instances: [instance, "Other/systemSmall"])
    blocks.show(notice, instances: [instance, "Other/systemSmall"])
    blocks.write(Self.event(1, instance, .entry(real)))
    let arrays = i3bar.text.split(separator: "\n").dropFirst(2).map(String.init)
    #expect(arrays.count == 2, "the same notice again writes nothing: \(arrays)")
    let grey =
      ##"{"color":"#8e8e93","full_text":"widget-host: not running","instance":"Other/systemSmall","##
      + #""name":"Other/systemSmall","short_text":"widget-host: not running","urgent":false}"#
    #expect(arrays[0].contains(grey), "\(arrays[0])")
    #expect(arrays[1].hasPrefix(#",[{"full_text":"Battery · 73%""#), "\(arrays[1])")
    #expect(arrays[1].hasSuffix(grey + "]"), "\(arrays[1])")

    let waybar = MemoryOutput()
    let module = WaybarSink(output: waybar, errors: MemoryOutput(), dates: Self.dates)
    module.write(Self.event(1, instance, .entry(real)))
    module.show(notice, instances: [instance])
    module.write(Self.event(2, instance, .entry(real)))
    module.show(.unknownInstance("Nope", known: [instance]), instances: [instance])
    #expect(
      waybar.text.split(separator: "\n") == [
        #"{"class":["Battery"],"percentage":73,"text":"Battery · 73%","tooltip":"Battery\n  73%"}"#,
        #"{"class":["disconnected"],"text":"widget-host: not running","tooltip":"no host is listening on /s"}"#,
        #"{"class":["Battery"],"percentage":73,"text":"Battery · 73%","tooltip":"Battery\n  73%"}"#,
        #"{"class":["unknown-instance"],"text":"widget-host: no instance Nope","tooltip":"the host has no instance &apos;Nope&apos; (instances: Battery/systemSmall)"}"#,
      ])
    for line in waybar.text.split(separator: "\n") {
      #expect(
        JSONSchemaValidator.statusBars.problems(in: String(line), against: "waybar.schema.json")
          == [], "\(line)")
    }
  }

  @Test func plainWritesTheBarTextOncePerChange() throws {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let sink = PlainBarSink(output: output, errors: errors, dates: Self.dates)
    #expect(throws: HostError.self) { try sink.prepare(instances: ["A", "B"]) }
    try sink.prepare(instances: ["Battery/systemSmall"])
    sink.begin(Self.header())
    let instance = "Battery/systemSmall"
    sink.show(.disconnected("gone"), instances: [instance])
    sink.write(
      Self.event(1, instance, .entry(Self.entry(["Battery", "73%"], source: .placeholder))))
    sink.write(Self.event(2, instance, .entry(Self.entry(["Battery", "73%"]))))
    sink.write(Self.event(3, instance, .entry(Self.entry(["Battery", "73%"]))))
    sink.write(
      Self.event(4, instance, .warning(ProblemEvent(code: "view-ignored", message: "odd"))))
    sink.write(Self.event(5, instance, .openURL(OpenURLEvent(url: "app://b"))))
    #expect(
      output.text == "widget-host: not running\n███████ · ███\nBattery · 73%\n")
    #expect(
      errors.text
        == "widget-host: warning: Battery/systemSmall: odd\n"
        + "widget-host: open app://b (tapped Battery/systemSmall)\n")
  }

  @Test func plainClicksAreAButtonNumberOrAnObjectWithOne() {
    func button(_ line: String) -> Result<Int, I3BarClicks.ParseError>? {
      PlainClicks.button(in: Data(line.utf8))
    }
    #expect(button("1") == .success(1))
    #expect(button(" 3 ") == .success(3))
    #expect(button("") == nil)
    #expect(
      button(#"{"":"","name":"status","instance":"x","button":1,"x":10,"y":5}"#) == .success(1))
    #expect(
      button("left")
        == .failure(
          I3BarClicks.ParseError(line: "left", reason: "expected a button number or a JSON object")
        ))
    #expect(
      button(#"{"name":"status"}"#)
        == .failure(I3BarClicks.ParseError(line: #"{"name":"status"}"#, reason: #"no "button""#)))
    // A pipe of its own is read; i3blocks 1.4's shared click stream (O_ASYNC) is not.
    let pipe = Pipe()
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    #expect(!PlainClicks.isSharedClickStream(descriptor))
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_ASYNC)
    #expect(PlainClicks.isSharedClickStream(descriptor))
  }

  @Test func aTapOpensTheWidgetURLElseTheFirstLink() {
    let link = TapRegion(id: "link-0", url: "app://1", x: 0, y: 0, width: 2, height: 1)
    var entry = Self.drawn(["hi"])
    #expect(I3BarClicks.region(tapping: nil) == nil)
    #expect(I3BarClicks.region(tapping: entry) == nil)
    entry.regions = [link]
    #expect(I3BarClicks.region(tapping: entry) == "link-0")
    entry.url = "app://w"
    #expect(I3BarClicks.region(tapping: entry) == nil)
  }
}
