import Foundation
import Testing
import WidgetSupport

@testable import WidgetSchema

/// The stream writer (`JSONByteWriter`, through each type's `encodeFields(into:)`) writes
/// exactly what `WidgetJSON.encoder()` writes, for every event type, every view node and
/// modifier, and the awkward values: control and non-ASCII characters, extreme numbers, dates far
/// from now; and what it writes decodes (`init(from:)`, the reply reader) to the same value.
@Suite struct JSONWriterTests {
  static let date = Date(timeIntervalSince1970: 1_800_000_000.5)
  var date: Date { Self.date }

  /// Both encodings of `event`, compared byte for byte; and the writer's output decodes to the
  /// event.
  func expectSameBytes(
    _ event: StreamEvent, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = String(decoding: try WidgetJSON.encode(event), as: UTF8.self)
    let written = String(decoding: try event.jsonBytes(), as: UTF8.self)
    #expect(written == expected, sourceLocation: sourceLocation)
    let decoded = try WidgetJSON.decode(StreamEvent.self, from: Data(written.utf8))
    #expect(decoded == event, sourceLocation: sourceLocation)
  }

  func entryEvent(_ view: ViewNode, seq: UInt64 = 1, lines: [String] = ["a"]) -> StreamEvent {
    StreamEvent(
      seq: seq, time: date, instance: "K/systemSmall",
      payload: .entry(
        EntryEvent(
          kind: "K", family: .systemSmall, source: .timeline, date: date, validUntil: nil,
          relevance: nil, view: view, lines: lines)))
  }

  static let awkwardStrings = [
    "", "plain", "quote \" backslash \\ slash / http://x/y", "\u{0}\u{1}\u{7}\u{8}\u{9}\u{A}",
    "\u{B}\u{C}\u{D}\u{E}\u{F}\u{10}\u{1F}\u{7F}", "é 😀 中文 \u{2028}\u{2029} \u{FEFF}",
    "tab\tnew\nline\r", "e\u{301}", String(repeating: "long ", count: 200),
  ]

  static let awkwardNumbers: [Double] = [
    0, -0.0, 1, -1, 0.5, 0.1, 1.0 / 3, 123_456_789, 1e15 - 1, 1e15, 1e16, 9_007_199_254_740_992,
    -2_147_483_648, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    .leastNormalMagnitude,
    12.25, 0.000_001, 1e21, 4.35, 170,
  ]

  @Test func header() throws {
    let header = StreamHeader(host: "0.1.0 \"dev\"", started: date)
    let expected = String(decoding: try WidgetJSON.encode(header), as: UTF8.self)
    #expect(String(decoding: header.jsonBytes(), as: UTF8.self) == expected)
  }

  /// One payload of every event type, with optional fields both set and not.
  static var payloadCorpus: [EventPayload] {
    [
      .bundle(
        BundleEvent(event: .loaded, bundle: "com.example", version: "1.0", path: "/a/b", kinds: [])),
      .bundle(
        BundleEvent(
          event: .reloaded, bundle: "b", version: "2", path: "/p", kinds: ["A", "B"],
          previousVersion: "1", reason: "why")),
      .bundle(
        BundleEvent(
          event: .reloadFailed, bundle: "b", version: "2", path: "/p", kinds: ["A"],
          reason: "bad")),
      .reload(ReloadEvent(kind: "K", family: .accessoryInline, reason: .bundleUpdated)),
      .timeline(
        TimelineEvent(kind: "K", family: .systemLarge, entries: 3, policy: .atEnd, nextReload: nil)),
      .timeline(
        TimelineEvent(
          kind: "K", family: .systemLarge, entries: 0, policy: .after(date), nextReload: date,
          budgetLeft: 70)),
      .timeline(
        TimelineEvent(
          kind: "K", family: .systemLarge, entries: 1, policy: .never, nextReload: nil,
          budgetLeft: 0)),
      .warning(ProblemEvent(code: "image-missing", message: "no \"x\"")),
      .warning(ProblemEvent(code: "budget", message: "m", bundle: "com.example", kind: "K")),
      .error(ProblemEvent(code: "provider-failed", message: "m", bundle: "b", kind: "k")),
      .error(ProblemEvent(code: "c", message: "m", kind: "k")),
      .openURL(OpenURLEvent(url: "https://example.com/a?b=c")),
      .openURL(OpenURLEvent(url: "u", region: "link-0")),
      .instance(InstanceEvent(event: .added, bundle: "b", kind: "k", family: .systemSmall)),
      .instance(
        InstanceEvent(event: .removed, bundle: "b", kind: "k", family: .accessoryInline)),
      .action(ActionEvent(name: "todo_toggle", arguments: [:])),
      .action(
        ActionEvent(
          name: "SetLockIntent", arguments: ["value": .bool(true), "é": .string("x")],
          region: "action-3")),
      .activity(ActivityEvent(event: .dismissed, activity: Self.activity)),
      .activity(
        ActivityEvent(
          event: .started, activity: Self.activity,
          presentations: ActivityPresentations(
            lockScreen: DrawnPresentation(
              view: .text(TextNode(runs: [.verbatim("Sam")])), lines: ["Sam  "],
              spans: [Span(row: 0, column: 0, length: 3, bold: true)]),
            expanded: DrawnPresentation(view: .empty, lines: [" "]),
            compactLeading: DrawnPresentation(view: .divider, lines: ["─"]),
            compactTrailing: DrawnPresentation(view: .empty, lines: []),
            minimal: DrawnPresentation(view: .empty, lines: []), compactText: "3 \"away\"",
            keylineTint: ColorValue(name: "orange"), backgroundTint: ColorValue(name: "black"),
            systemActionForegroundColor: ColorValue(red: 1, green: 1, blue: 1),
            url: "app://order/1"),
          restored: true)),
    ]
  }

  @Test func everyEventType() throws {
    for (index, payload) in Self.payloadCorpus.enumerated() {
      try expectSameBytes(
        StreamEvent(seq: UInt64(index), time: date, instance: nil, payload: payload))
      try expectSameBytes(
        StreamEvent(seq: .max, time: date, instance: "K/systemLarge#2", payload: payload))
    }
  }

  /// Entries with every field of theirs set, and not.
  static var entryCorpus: [EntryEvent] {
    let view = ViewNode.text(TextNode(runs: [.verbatim("hi")]))
    return [
      EntryEvent(
        kind: "K", family: .systemMedium, source: .placeholder, date: date, validUntil: nil,
        relevance: nil, view: view, lines: []),
      EntryEvent(
        kind: "K", family: .systemMedium, source: .snapshot, date: date,
        validUntil: date.addingTimeInterval(60), relevance: Relevance(score: 0.8, duration: 3600),
        view: view, lines: ["┌─┐", "│é│", ""],
        spans: [
          Span(row: 0, column: 0, length: 3),
          Span(
            row: 1, column: 2, length: 1, bold: true, italic: true, underline: true,
            strikethrough: true, dim: true, redacted: true, foreground: ColorValue(name: "red"),
            background: ColorValue(red: 0.1, green: 0.2, blue: 1, opacity: 0.5)),
          Span(row: 2, column: 0, length: 1, foreground: ColorValue(red: 0, green: 0, blue: 0)),
        ],
        regions: [
          TapRegion(id: "link-0", url: "https://e.com/x", x: 0, y: 1, width: 3, height: 2),
          TapRegion(id: "link-1", url: "u", x: 5, y: 0, width: 1, height: 1),
          TapRegion(
            id: "action-0",
            action: WidgetAction(name: "a", arguments: ["x": .number(1)], reference: "r"), x: 0,
            y: 0, width: 2, height: 1),
        ],
        url: "app://open", stale: true, restored: true, invalidated: true,
        configuration: [
          "city": .string("Zürich"), "count": .number(3), "ratio": .number(0.25),
          "on": .bool(false), "none": .null, "B": .number(-0.0), "a10": .number(1),
          "a2": .number(2), "é": .string("x"),
          "list": .array([.number(1), .string("/"), .array([]), .object([:])]),
          "entity": .object(["identifier": .string("id/1"), "display": .string("One")]),
        ]),
      EntryEvent(
        kind: "K", family: .accessoryCircular, source: .timeline, date: date, validUntil: nil,
        relevance: Relevance(score: -1), view: view, lines: ["x"], configuration: [:]),
      EntryEvent(
        kind: "K", family: .accessoryCircular, source: .timeline, date: date, validUntil: nil,
        relevance: Relevance(score: 1), view: view, lines: ["x"], restored: true,
        renderingMode: .accented),
      EntryEvent(
        kind: "K", family: .systemSmall, source: .timeline, date: date, validUntil: nil,
        relevance: nil, view: view, lines: ["x"],
        geometry: EntryGeometry(
          width: 170, height: 170,
          nodes: [
            NodeGeometry(x: 0, y: 0, width: 170, height: 170),
            NodeGeometry(x: 12.5, y: 4.25, width: 30, height: 17, baselines: [13.5, 30]),
          ])),
    ]
  }

  @Test func entryFields() throws {
    for entry in Self.entryCorpus {
      try expectSameBytes(
        StreamEvent(seq: 9, time: date, instance: "K/systemMedium", payload: .entry(entry)))
    }
  }

  /// One node of every type and modifier, with optional fields both set and not.
  static var viewCorpus: [ViewNode] {
    let date = Date(timeIntervalSince1970: 1_800_000_000.5)
    let leaf = ViewNode.text(TextNode(runs: [.verbatim("leaf")]))
    let full = TextStyle(
      font: Font(textStyle: .headline, size: 13.5, weight: .bold, design: "monospaced"),
      weight: .semibold, italic: true, underline: false, strikethrough: true,
      foreground: ColorValue(name: "secondary", opacity: 0.5), lineLimit: 2,
      multilineTextAlignment: .center, truncationMode: .middle, minimumScaleFactor: 0.5,
      redacted: true, timeZone: "Europe/Paris")
    return [
      .empty, .divider, .spacer(minLength: nil), .spacer(minLength: 4),
      .modified(leaf, .aspectRatio(1.5, fill: true)),
      .modified(leaf, .aspectRatio(nil, fill: false)),
      .color(ColorValue(name: "blue")), .color(ColorValue(red: 1, green: 0.5, blue: 0)),
      .color(
        ColorValue(
          red: 1, green: 1, blue: 1, opacity: 0.5,
          dark: ColorValue.Components(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.25))),
      .text(TextNode(runs: [])),
      .text(
        TextNode(runs: [
          .verbatim("a"), TextRun(.verbatim("b"), style: TextStyle(weight: .bold)),
          .date(date, style: .relative),
          TextRun(.date(date, style: .timer), style: full),
          TextRun(.verbatim("c"), style: TextStyle(font: Font(size: 9))),
          TextRun(.verbatim("d"), style: TextStyle(font: Font(design: "serif"), lineLimit: 0)),
          TextRun(.verbatim("e"), style: TextStyle(font: Font(weight: .light), underline: true)),
          .image(ImageNode(systemName: "star.fill")),
          TextRun(.image(ImageNode(name: "logo", path: "/b/Resources/logo.png")), style: full),
          TextRun(.dateRange(date, date.addingTimeInterval(90))),
          TextRun(.timerInterval(date, date.addingTimeInterval(90), countsDown: true)),
          TextRun(.timerInterval(date, date.addingTimeInterval(90), countsDown: false)),
          TextRun(.date(date, style: .time), style: TextStyle(timeZone: "Asia/Tokyo")),
        ])),
      .image(ImageNode(systemName: "star.fill")),
      .image(ImageNode(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF]))),
      .image(ImageNode(path: "/cache/images/0123-9.png", pixelWidth: 3, pixelHeight: 4)),
      .image(
        ImageNode(
          name: "photo", resizable: true, path: "/b/Resources/photo.png", pixelWidth: 64,
          pixelHeight: 32)),
      .image(ImageNode(name: "gone", missing: true)),
      .shape(ShapeNode(shape: .circle)),
      .shape(
        ShapeNode(shape: .roundedRectangle, cornerRadius: 8, fill: ColorValue(name: "mint"))),
      .shape(
        ShapeNode(
          shape: .circle, fill: ColorValue(name: "red"), stroke: ShapeStroke(lineWidth: 4))),
      .shape(
        ShapeNode(
          shape: .roundedRectangle, cornerRadius: 6,
          stroke: ShapeStroke(
            lineWidth: 2, lineCap: .round, lineJoin: .bevel, miterLimit: 4, dash: [4, 2.5],
            dashPhase: 1, inset: true),
          trim: ShapeTrim(from: 0.25, to: 0.75))),
      .shape(ShapeNode(shape: .circle, trim: ShapeTrim(from: 0, to: 0.5))),
      .shape(ShapeNode(shape: .roundedRectangle, cornerRadius: 2, inset: 4)),
      .shape(
        ShapeNode(shape: .capsule, stroke: ShapeStroke(lineWidth: 2, inset: true), inset: -1.5)),
      .shape(
        ShapeNode(
          shape: .path,
          path: PathNode(
            width: 100, height: 50, commands: "MLQCZ",
            points: [0, 0, 100, 0, 50, 25, 100, 50, 90, 50, 10, 40, 0, 50]),
          fill: ColorValue(name: "blue"))),
      .shape(
        ShapeNode(
          shape: .path,
          path: PathNode(width: nil, height: nil, commands: "ML", points: [0, 1, 2, 3]),
          stroke: ShapeStroke(lineWidth: 2))),
      .gradient(GradientTests.linear), .gradient(GradientTests.radial),
      .gradient(
        .elliptical(
          [.init(color: ColorValue(name: "red"), location: 0.25)], center: .init(x: 0.2, y: 0.8),
          startRadiusFraction: 0.1, endRadiusFraction: 0.75)),
      .gradient(GradientTests.angular), .gradient(GradientValue(kind: .linear, stops: [])),
      .shape(
        ShapeNode(
          shape: .capsule, fill: GradientTests.radial.representative,
          gradient: GradientTests.radial, stroke: ShapeStroke(lineWidth: 3))),
      .modified(
        leaf,
        .style(
          TextStyle(
            italic: true, foreground: GradientTests.angular.representative,
            foregroundGradient: GradientTests.angular))),
      .text(
        TextNode(runs: [
          TextRun(
            .verbatim("g"),
            style: TextStyle(
              foreground: ColorValue(name: "red"), foregroundGradient: GradientTests.linear))
        ])),
      .gauge(GaugeNode(value: 0.25, style: .linear)),
      .gauge(GaugeNode(value: nil, style: .circularCapacity)),
      .gauge(GaugeNode(value: 1, style: .circular, tint: ColorValue(name: "green"))),
      .stack(StackNode(axis: .horizontal, children: [])),
      .stack(StackNode(axis: .vertical, alignment: .leading, spacing: 2, children: [leaf, leaf])),
      .stack(StackNode(axis: .z, alignment: .bottomTrailing, children: [.empty])),
      .modified(leaf, .frame(Frame())),
      .modified(
        leaf,
        .frame(
          Frame(
            width: 10, height: 20, minWidth: 0, idealWidth: 5, maxWidth: .infinity,
            minHeight: 1, idealHeight: 2, maxHeight: .infinity, alignment: .topLeading))),
      .modified(leaf, .frame(Frame(width: 3))),
      .modified(leaf, .padding(EdgeInsets(top: 1, leading: 2.5, bottom: 0, trailing: 16))),
      .modified(leaf, .background(.color(ColorValue(name: "red")), alignment: .center)),
      .modified(leaf, .overlay(leaf, alignment: .bottom)),
      .modified(leaf, .containerBackground(.color(ColorValue(name: "clear")))),
      .modified(leaf, .style(TextStyle())),
      .modified(leaf, .style(full)),
      .modified(leaf, .style(TextStyle(weight: .black, underline: true))),
      .modified(leaf, .opacity(0.25)),
      .modified(leaf, .clip(.capsule, cornerRadius: nil)),
      .modified(leaf, .clip(.roundedRectangle, cornerRadius: 4)),
      .modified(leaf, .link("https://example.com/path")),
      .modified(leaf, .widgetURL("app://x")),
      .modified(leaf, .layoutPriority(1)),
      .modified(leaf, .accentable(false)),
      .modified(leaf, .fixedSize(horizontal: true, vertical: false)),
      .modified(leaf, .position(x: 0, y: 0)),
      .modified(leaf, .position(x: -12.5, y: 40)),
      .modified(leaf, .transform(Transform())),
      .modified(leaf, .transform(Transform(rotation: -90))),
      .modified(leaf, .transform(Transform(scaleX: 0.5, scaleY: 2, anchorX: 0, anchorY: 1))),
      .modified(
        leaf,
        .transform(
          Transform(
            offsetX: 3, offsetY: -4.5, rotation: 30, scaleX: -1, scaleY: 1.5, anchorX: 0.25,
            anchorY: 0.75))),
      .toggle(ToggleNode(isOn: true)),
      .toggle(ToggleNode(isOn: false, tint: ColorValue(red: 1, green: 0.5, blue: 0))),
      .modified(leaf, .action(WidgetAction(name: "todo_reset"))),
      .modified(
        leaf,
        .action(
          WidgetAction(
            name: "todo_toggle",
            arguments: ["id": .string("milk \"2\""), "done": .bool(true), "n": .number(-3)],
            reference: "7Counter0A6IntentV"))),
      .modified(leaf, .invalidatable),
    ]
  }

  @Test func everyViewNode() throws {
    let nodes = Self.viewCorpus
    for (index, node) in nodes.enumerated() {
      try expectSameBytes(entryEvent(node, seq: UInt64(index)))
    }
    // All of them in one deep tree.
    var deep = ViewNode.stack(StackNode(axis: .vertical, children: nodes))
    for index in 0..<20 {
      deep = .modified(deep, .padding(EdgeInsets(top: Double(index))))
    }
    try expectSameBytes(entryEvent(deep))
  }

  /// The state store's timelines: every policy, entries with and without relevance, every view.
  @Test func timelines() throws {
    let scores: [Double] = [0, 0.5, 1, 12.25, 1e15, -3]
    let entries = Self.viewCorpus.enumerated().map { index, view in
      Entry(
        date: date.addingTimeInterval(Double(index) * 60.25),
        relevance: index % 2 == 0
          ? nil : Relevance(score: scores[index % scores.count], duration: 30),
        view: view)
    }
    for policy in [ReloadPolicy.atEnd, .never, .after(date.addingTimeInterval(3600))] {
      for timeline in [
        Timeline(entries: [], policy: policy), Timeline(entries: entries, policy: policy),
      ] {
        let expected = String(decoding: try WidgetJSON.encode(timeline), as: UTF8.self)
        let written = String(decoding: try timeline.jsonBytes(), as: UTF8.self)
        #expect(written == expected)
        #expect(try WidgetJSON.decode(Timeline.self, from: Data(written.utf8)) == timeline)
      }
    }
    // Numbers as the stream writes them (`numbers(_:)` covers the awkward ones).
    for score in Self.awkwardNumbers {
      let timeline = Timeline(
        entries: [Entry(date: date, relevance: Relevance(score: score), view: .empty)],
        policy: .never)
      #expect(
        String(decoding: try timeline.jsonBytes(), as: UTF8.self)
          == String(decoding: try WidgetJSON.encode(timeline), as: UTF8.self))
    }
    let infinite = Timeline(
      entries: [Entry(date: date, relevance: Relevance(score: .infinity), view: .empty)],
      policy: .never)
    #expect(throws: JSONByteWriter.NonFiniteNumber.self) { try infinite.jsonBytes() }
    #expect(throws: (any Error).self) { try WidgetJSON.encode(infinite) }
  }

  @Test(arguments: awkwardStrings) func strings(_ text: String) throws {
    try expectSameBytes(
      StreamEvent(
        seq: 1, time: date, instance: text,
        payload: .warning(ProblemEvent(code: text, message: text, bundle: text, kind: text))))
    try expectSameBytes(entryEvent(.text(TextNode(runs: [.verbatim(text)]))))
    let event = StreamEvent(
      seq: 1, time: date,
      payload: .entry(
        EntryEvent(
          kind: text, family: .systemSmall, source: .timeline, date: date, validUntil: nil,
          relevance: nil, view: .empty, lines: [text, text], configuration: [text: .string(text)])
      ))
    try expectSameBytes(event)
  }

  /// A list of strings on its own, as a library's App Groups are written for `app_groups`.
  @Test func stringLists() throws {
    for list in [[], ["group.a"], Self.awkwardStrings] {
      var writer = JSONByteWriter()
      writer.strings(list)
      #expect(writer.bytes == Array(try WidgetJSON.encode(list)))
    }
  }

  /// The word-at-a-time test agrees with a byte-by-byte one for every byte value in every
  /// position, beside bytes that do and do not need escaping.
  @Test func wordTestFindsEveryByteThatNeedsEscaping() {
    func needsEscaping(_ byte: UInt8) -> Bool {
      byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
    for fill: UInt8 in [0x20, 0x41, 0x7F, 0x80, 0xFF, 0x00, 0x22] {
      for position in 0..<8 {
        for value in UInt8.min...UInt8.max {
          var bytes = [UInt8](repeating: fill, count: 8)
          bytes[position] = value
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          #expect(
            JSONByteWriter.needsEscaping(word) == bytes.contains(where: needsEscaping),
            "fill \(fill), byte \(value) at \(position)")
        }
      }
    }
  }

  /// Strings of every length up to three words with a character to escape at each position:
  /// the word-at-a-time scan hands over to the byte-by-byte one at the right place.
  @Test func escapesAtEveryPositionOfEveryLength() throws {
    for length in 0...24 {
      let plain = String(repeating: "ab cdé", count: 5).prefix(length)
      try expectSameBytes(entryEvent(.empty, lines: [String(plain)]))
      for position in 0..<length {
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}"] {
          var characters = Array(plain)
          characters[position] = Character(special)
          try expectSameBytes(entryEvent(.empty, lines: [String(characters)]))
        }
      }
    }
  }

  /// `text` as a JSON string, escaped a byte at a time as `JSONEncoder` escapes it.
  static func escapedByteByByte(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): bytes += Array(#"\\"#.utf8)
      case 0x08: bytes += Array(#"\b"#.utf8)
      case 0x0C: bytes += Array(#"\f"#.utf8)
      case 0x0A: bytes += Array(#"\n"#.utf8)
      case 0x0D: bytes += Array(#"\r"#.utf8)
      case 0x09: bytes += Array(#"\t"#.utf8)
      case ..<0x20: bytes += Array(String(format: "\\u%04x", byte).utf8)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return bytes
  }

  /// The writer's escaper (room reserved once, plain runs found a word at a time, the last word
  /// of a string read overlapping) agrees with a byte-by-byte one: every ASCII value at every
  /// position of strings up to three words long, and two escaped bytes at every pair of
  /// positions (a plain run between them, a last word that overlaps the first).
  @Test func escaperAgreesWithAByteByByteOne() throws {
    // The reference agrees with the encoder for every ASCII character.
    for value in UInt8(0)..<0x80 {
      let text = "a" + String(UnicodeScalar(value)) + "b"
      #expect(Self.escapedByteByByte(text) == Array(try WidgetJSON.encode(text)), "\(value)")
    }
    func expectEscaped(_ bytes: [UInt8]) {
      let text = String(decoding: bytes, as: UTF8.self)
      var writer = JSONByteWriter(capacity: 16)
      writer.string(text)
      #expect(writer.bytes == Self.escapedByteByByte(text), "\(bytes)")
    }
    for length in 0...24 {
      let plain = Array(String(repeating: "ab cdé", count: 5).utf8.prefix(length))
      expectEscaped(plain)
      for first in 0..<length {
        for value in UInt8(0)..<0x80 {
          var bytes = plain
          bytes[first] = value
          expectEscaped(bytes)
        }
        for second in first + 1..<length {
          for special in [UInt8(ascii: "\""), 0x0A, 0x01] {
            var bytes = plain
            bytes[first] = UInt8(ascii: "\\")
            bytes[second] = special
            expectEscaped(bytes)
          }
        }
      }
    }
  }

  /// `appendJSONLine(to:)` appends the bytes of `jsonBytes()` and a newline to what is there,
  /// and leaves the buffer as it was for an event it cannot write.
  @Test func appendJSONLineAppendsTheLine() throws {
    let event = entryEvent(.text(TextNode(runs: [.verbatim("x \"y\"")])))
    var bytes = Array("before\n".utf8)
    try event.appendJSONLine(to: &bytes)
    #expect(bytes == Array("before\n".utf8) + (try event.jsonBytes()) + [0x0A])
    let bad = entryEvent(.modified(.empty, .opacity(.nan)))
    let kept = bytes
    #expect(throws: JSONByteWriter.NonFiniteNumber.self) { try bad.appendJSONLine(to: &bytes) }
    #expect(bytes == kept)
  }

  @Test(arguments: awkwardNumbers) func numbers(_ number: Double) throws {
    try expectSameBytes(entryEvent(.modified(.empty, .opacity(number))))
    try expectSameBytes(entryEvent(.spacer(minLength: number)))
    try expectSameBytes(entryEvent(.modified(.empty, .padding(EdgeInsets(top: number)))))
    let event = StreamEvent(
      seq: 1, time: date,
      payload: .entry(
        EntryEvent(
          kind: "K", family: .systemSmall, source: .timeline, date: date, validUntil: nil,
          relevance: Relevance(score: number, duration: number), view: .empty, lines: [],
          configuration: ["n": .number(number)])))
    try expectSameBytes(event)
  }

  @Test func integers() throws {
    for value in [0, 1, 9, 10, 99, 100, 12_345, Int.max, Int.min, -1, -10] {
      try expectSameBytes(
        entryEvent(
          .image(ImageNode(name: "i", pixelWidth: value, pixelHeight: value)),
          seq: UInt64(value.magnitude)))
    }
  }

  @Test func dates() throws {
    let seconds: [Double] = [
      0, -1, -0.0005, 0.001, 0.0015, 951_782_400, 1_800_000_000.999, 1_800_000_000.9996,
      -62_135_596_800, 253_402_300_799, 253_402_300_800, -62_135_596_801, 1e13,
    ]
    for value in seconds {
      let date = Date(timeIntervalSince1970: value)
      var bytes: [UInt8] = []
      RFC3339.withUTF8(of: date) { bytes.append(contentsOf: $0) }
      #expect(String(decoding: bytes, as: UTF8.self) == RFC3339.string(from: date))
      let event = StreamEvent(
        seq: 1, time: date,
        payload: .reload(ReloadEvent(kind: "K", family: .systemSmall, reason: .initial)))
      #expect(
        String(decoding: try event.jsonBytes(), as: UTF8.self)
          == String(decoding: try WidgetJSON.encode(event), as: UTF8.self))
    }
  }

  /// An activity with every field set.
  static let activity = ActivityInfo(
    id: "A1", bundle: "b", attributesType: "DeliveryAttributes",
    attributes: .object(["n": .string("42")]),
    content: ActivityContentState(
      state: .object(["stops": .number(3)]), staleDate: Date(timeIntervalSince1970: 1),
      relevanceScore: 0.5),
    status: .ended, started: Date(timeIntervalSince1970: 0), ended: Date(timeIntervalSince1970: 2),
    dismissAt: Date(timeIntervalSince1970: 3))

  @Test func providerContexts() throws {
    let contexts = [
      ProviderContext(family: .systemSmall),
      ProviderContext(family: .accessoryInline, isPreview: true, parameter: "city"),
      ProviderContext(
        family: .systemLarge, displaySize: Size(width: 0.5, height: 1e16),
        configuration: [
          "city": .string("Zürich / \"x\""), "n": .number(-2), "on": .bool(true),
          "entity": .object(["identifier": .string("1"), "display": .string("One")]),
        ]),
      ProviderContext(family: .systemMedium, configuration: [:]),
      ProviderContext(family: .accessoryCircular, parameter: "p", renderingMode: .accented),
      ProviderContext(
        family: .control, configuration: ["a": .number(1)],
        action: WidgetAction(name: "SetLockIntent", arguments: ["value": .bool(false)])),
      ProviderContext(
        family: .systemMedium, renderingMode: .fullColor,
        activity: ActivityCallContext(
          id: "A1", attributes: .object(["a": .null]), state: .object([:]), isStale: true)),
    ]
    for context in contexts {
      #expect(
        String(decoding: try context.jsonBytes(), as: UTF8.self)
          == String(decoding: try WidgetJSON.encode(context), as: UTF8.self))
    }
    // Every field is set in one of the contexts above: a field added to ProviderContext and not
    // to its writer fails here until a context sets it.
    let fields = Mirror(reflecting: contexts[0]).children.compactMap(\.label)
    for field in fields {
      let set = contexts.contains { context in
        guard let value = Mirror(reflecting: context).children.first(where: { $0.label == field })
        else { return false }
        let mirror = Mirror(reflecting: value.value)
        return mirror.displayStyle != .optional || !mirror.children.isEmpty
      }
      #expect(set, "no context above sets ProviderContext.\(field)")
    }
  }

  @Test func nonFiniteNumbersAreRefusedLikeTheEncoder() {
    for number in [Double.nan, .infinity, -.infinity] {
      let event = entryEvent(.modified(.empty, .opacity(number)))
      #expect(throws: JSONByteWriter.NonFiniteNumber.self) { try event.jsonBytes() }
      #expect(throws: (any Error).self) { try WidgetJSON.encode(event) }
    }
  }
}
