import Foundation
import Testing
import WidgetSupport

@testable import WidgetSchema

/// Every payload survives a JSON round trip, and the JSON looks as docs/schema.md says.
@Suite struct SchemaTests {
  func roundTrip<T: Codable & Equatable>(_ value: T) throws -> String {
    let data = try WidgetJSON.encode(value)
    #expect(try WidgetJSON.decode(T.self, from: data) == value)
    return String(decoding: data, as: UTF8.self)
  }

  let date = Date(timeIntervalSince1970: 1_800_000_000.5)

  @Test func manifest() throws {
    let manifest = BundleManifest(
      id: "com.example", name: "Example", version: "1.2", library: "libExample.so",
      appGroups: ["group.com.example"],
      kinds: [
        KindManifest(
          kind: "K", displayName: "Kay", description: "d",
          families: [.systemSmall, .accessoryInline])
      ])
    let json = try roundTrip(manifest)
    #expect(json.contains(#""abiVersion":"\#(ABIVersion.current)""#))
    #expect(json.contains(#""configuration":{"type":"static"}"#))
  }

  @Test func timelinesWithEveryPolicy() throws {
    let entry = Entry(
      date: date, relevance: Relevance(score: 0.5, duration: 60),
      view: .text(TextNode(runs: [.verbatim("x")])))
    for policy in [ReloadPolicy.atEnd, .never, .after(date)] {
      _ = try roundTrip(Timeline(entries: [entry, entry], policy: policy))
    }
    let json = try roundTrip(Timeline(entries: [], policy: .after(date)))
    #expect(json == #"{"entries":[],"policy":{"date":"2027-01-15T08:00:00.500Z","type":"after"}}"#)
    #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(ReloadPolicy.self, from: Data(#"{"type":"sometimes"}"#.utf8))
    }
    let relevance = try WidgetJSON.decode(Relevance.self, from: Data(#"{"score":2}"#.utf8))
    #expect(relevance == Relevance(score: 2, duration: 0))
  }

  @Test func viewTree() throws {
    let tree = ViewNode.stack(
      StackNode(
        axis: .vertical, alignment: .leading, spacing: 2,
        children: [
          .text(TextNode(runs: [.verbatim("a"), .date(date, style: .timer)])),
          .spacer(minLength: nil), .spacer(minLength: 4), .empty,
          .stack(StackNode(axis: .horizontal, children: [])),
          .stack(StackNode(axis: .z, alignment: .bottomTrailing, children: [.empty])),
        ]))
    let json = try roundTrip(tree)
    #expect(json.hasPrefix(#"{"alignment":"leading","children":[{"runs":[{"text":"a"}"#))
    let error = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(
        ViewNode.self, from: Data(#"{"type":"vstack","children":[{"type":"box"}]}"#.utf8))
    }
    #expect(error?.path == "children[0].type")
    #expect(
      error?.message.contains("unknown view type 'box' (expected one of: empty, text,") == true)
    let run = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(ViewNode.self, from: Data(#"{"type":"text","runs":[{}]}"#.utf8))
    }
    #expect(
      run?.description
        == "runs[0]: a text run needs 'text', 'date' and 'style', 'from' and 'to', or 'image'")
    // "hello", base64: bytes that are no image.
    let bytes = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(
        ViewNode.self, from: Data(#"{"type":"text","runs":[{"image":{"data":"aGVsbG8="}}]}"#.utf8))
    }
    #expect(
      bytes?.description == "runs[0].image.data: 5 bytes that are not a PNG, JPEG, GIF or SVG image"
    )
    let sources = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(
        ViewNode.self, from: Data(#"{"type":"image","name":"a","data":"PHN2Zz4="}"#.utf8))
    }
    #expect(
      sources?.message
        == "an image needs exactly one of 'systemName', 'name' and 'data' (or only a 'path')")
  }

  /// The view tree's nodes stay one word each: a case with a larger payload left unboxed would
  /// grow every node and every array of children (the memory scenario's ≤ 2 KiB per instance
  /// keeps a tree per instance), and `text`, unboxed, must not need a box of its own.
  @Test func aViewNodeIsOneWord() {
    #expect(MemoryLayout<ViewNode>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<TextNode>.size == MemoryLayout<Int>.size)
  }

  @Test func contextAndDescription() throws {
    let context = ProviderContext(family: .systemMedium, isPreview: true)
    #expect(context.displaySize == Size(width: 364, height: 170))
    #expect(
      try roundTrip(context)
        == #"{"displaySize":{"height":170,"width":364},"family":"systemMedium","isPreview":true}"#)
    _ = try roundTrip(BundleDescription(kinds: [KindManifest(kind: "K", families: [.systemSmall])]))
  }

  @Test func streamEvents() throws {
    let payloads: [EventPayload] = [
      .bundle(BundleEvent(event: .loaded, bundle: "b", version: "1", path: "/p", kinds: ["K"])),
      .reload(ReloadEvent(kind: "K", family: .systemSmall, reason: .initial)),
      .timeline(
        TimelineEvent(kind: "K", family: .systemSmall, entries: 3, policy: .atEnd, nextReload: date)
      ),
      .entry(
        EntryEvent(
          kind: "K", family: .systemSmall, source: .timeline, date: date, validUntil: nil,
          relevance: nil,
          view: .empty, lines: ["  x  "])),
      .warning(ProblemEvent(code: "w", message: "careful")),
      .error(ProblemEvent(code: "provider-failed", message: "down", bundle: "b", kind: "K")),
    ]
    for (index, payload) in payloads.enumerated() {
      let json = try roundTrip(
        StreamEvent(seq: UInt64(index + 1), time: date, instance: "K/systemSmall", payload: payload)
      )
      #expect(json.contains(#""type":"\#(payload.type)""#))
    }
    _ = try roundTrip(StreamHeader(host: "0.1.0", started: date))
  }

  @Test func rfc3339() {
    #expect(RFC3339.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(
      RFC3339.string(from: Date(timeIntervalSince1970: 951_782_400.25))
        == "2000-02-29T00:00:00.250Z")
    #expect(RFC3339.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    #expect(
      RFC3339.date(from: "2000-02-29T00:00:00.25Z") == Date(timeIntervalSince1970: 951_782_400.25))
    #expect(
      RFC3339.date(from: "2000-02-29T08:00:00+08:00") == Date(timeIntervalSince1970: 951_782_400))
    #expect(
      RFC3339.date(from: "2000-02-29T00:00:00-01:30") == Date(timeIntervalSince1970: 951_787_800))
    for bad in [
      "", "2000-02-30T00:00:00Z", "2001-02-29T00:00:00Z", "2000-13-01T00:00:00Z",
      "2000-01-01T00:00:00",
      "2000-01-01T24:00:00Z", "2000-01-01T00:00:00.Z", "2000-01-01 00:00:00Zjunk", "tomorrow",
    ] {
      #expect(RFC3339.date(from: bad) == nil, "\(bad)")
    }
    for seconds in stride(
      from: -86_400.0 * 400, through: 86_400 * 365 * 60, by: 86_400 * 37 + 1234.125)
    {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(RFC3339.date(from: RFC3339.string(from: date)) == date)
    }
  }

  @Test func decodingErrorsNameTheirPath() {
    let error = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(
        Timeline.self,
        from: Data(
          #"{"entries":[{"date":"soon","view":{"type":"empty"}}],"policy":{"type":"never"}}"#.utf8))
    }
    #expect(error?.path == "entries[0].date")
    #expect(error?.message.contains("'soon' is not an RFC 3339 date") == true)
    let missing = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(Timeline.self, from: Data(#"{"entries":[]}"#.utf8))
    }
    #expect(missing?.description == "policy: missing required field")
  }
}

/// Pathological payloads cost a bounded amount and fail with a clear error.
@Suite struct PathologicalPayloadTests {
  @Test func aViewTree10000DeepIsRefusedNotACrash() {
    var json = #"{"type":"empty"}"#
    for _ in 0..<10_000 { json = #"{"type":"opacity","value":1,"child":"# + json + "}" }
    let error = #expect(throws: SchemaError.self) {
      try WidgetJSON.decode(ViewNode.self, from: Data(json.utf8))
    }
    #expect(
      error?.message
        == "nested more than 512 levels deep; a reply is at most 512 (each view of a tree is a "
        + "level or two)", "\(String(describing: error))")
  }

  /// An entry's strokes and transforms are held to ranges too: their cost is the widget's
  /// whatever they say.
  @Test func strokesAndTransformsOutOfRangeAreRefusedWithTheirPath() throws {
    let cases = [
      (
        #"{"type":"shape","shape":"circle","stroke":{"lineWidth":-1}}"#,
        "view.stroke.lineWidth: -1 is outside 0…10000"
      ),
      (
        #"{"type":"shape","shape":"circle","stroke":{"lineWidth":1,"dash":["#
          + Array(repeating: "1", count: 65).joined(separator: ",") + "]}}",
        "view.stroke.dash: 65 lengths; a dash pattern has at most 64"
      ),
      (
        #"{"type":"shape","shape":"path","path":{"commands":"MX","points":[0,0]}}"#,
        "view.path: 'X' is not a path command (M, L, Q, C or Z)"
      ),
      (
        #"{"type":"shape","shape":"path","path":{"commands":"ML","points":[0,0,1]}}"#,
        "view.path: the commands take 4 coordinates and there are 3"
      ),
      (#"{"type":"shape","shape":"path"}"#, "view.path: a path shape needs its path"),
      (
        #"{"type":"transform","child":{"type":"empty"},"scaleX":1e6}"#,
        "view.scaleX: 1000000 is outside -100…100"
      ),
      (
        #"{"type":"transform","child":{"type":"empty"},"offsetY":-20000}"#,
        "view.offsetY: -20000 is outside -10000…10000"
      ),
    ]
    for (json, message) in cases {
      let view = try WidgetJSON.decode(ViewNode.self, from: Data(json.utf8))
      #expect(ViewLimits.problem(in: view, at: "view")?.description == message, "\(json)")
    }
  }

  @Test func invalidUTF8IsRefused() {
    let bytes = Data([0x7B, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])
    #expect(throws: SchemaError.self) { try WidgetJSON.decode(ViewNode.self, from: bytes) }
  }
}

/// Where the socket and the App Group store are, for the SDK, the CLI and the host alike.
@Suite struct HostPathsTests {
  @Test func theSocketPath() {
    #expect(
      HostPaths.socket(environment: ["WIDGET_HOST_SOCKET": "/x/h.sock", "XDG_RUNTIME_DIR": "/r"])
        == "/x/h.sock")
    #expect(
      HostPaths.socket(environment: ["WIDGET_HOST_SOCKET": "", "XDG_RUNTIME_DIR": "/r"])
        == "/r/widget-host/widget-host.sock")
    #expect(HostPaths.socket(environment: [:]).hasPrefix("/tmp/widget-host-"))
  }

  @Test func theStoreIsFoundationsConfigFolder() {
    #expect(HostPaths.store(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c")
    #expect(HostPaths.store(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config")
    #expect(HostPaths.store(environment: ["HOME": "/h"]) == "/h/.config")
  }

  @Test func appGroupIdentifiers() {
    #expect(HostPaths.isGroup("group.com.yourapp.widget"))
    #expect(HostPaths.isGroup("group.a-b_c.1"))
    for bad in ["group.", "com.example", "group.a/b", "group.a b", ""] {
      #expect(!HostPaths.isGroup(bad), "\(bad)")
    }
  }
}

/// `TextStyle.isEmpty` checks its fields one by one (it runs for every text run read and
/// written): each must be among them, or a style with only that field set would pass for empty.
@Suite struct TextStyleEmptinessTests {
  @Test func aStyleWithAnyOneFieldSetIsNotEmpty() {
    let setters: [(String, (inout TextStyle) -> Void)] = [
      ("font", { $0.font = Font(size: 12) }),
      ("weight", { $0.weight = .bold }),
      ("italic", { $0.italic = false }),
      ("underline", { $0.underline = false }),
      ("strikethrough", { $0.strikethrough = false }),
      ("foreground", { $0.foreground = ColorValue(name: "red") }),
      (
        "foregroundGradient",
        { $0.foregroundGradient = .linear([], from: .init(x: 0, y: 0), to: .init(x: 1, y: 0)) }
      ),
      ("lineLimit", { $0.lineLimit = 1 }),
      ("multilineTextAlignment", { $0.multilineTextAlignment = .center }),
      ("truncationMode", { $0.truncationMode = .tail }),
      ("minimumScaleFactor", { $0.minimumScaleFactor = 0.5 }),
      ("redacted", { $0.redacted = false }),
      ("timeZone", { $0.timeZone = "UTC" }),
    ]
    // A field added to TextStyle must be added here, and to `isEmpty`.
    #expect(
      Mirror(reflecting: TextStyle()).children.compactMap(\.label).sorted()
        == setters.map(\.0).sorted())
    #expect(TextStyle().isEmpty)
    for (field, set) in setters {
      var style = TextStyle()
      set(&style)
      #expect(!style.isEmpty, "only \(field) set")
      #expect(style != TextStyle(), "only \(field) set")
    }
  }
}
