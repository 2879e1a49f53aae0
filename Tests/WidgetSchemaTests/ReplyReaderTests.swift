import Foundation
import Testing

@testable import WidgetSchema

/// The hand-written reply reader gives the value `JSONDecoder` gives for every valid reply, and
/// gives up on every invalid one (so `JSONDecoder` still writes the error, with its path).
@Suite struct ReplyReaderTests {
  let date = Date(timeIntervalSince1970: 1_800_000_000.5)

  /// `json` read both ways: the reader must read it, to the decoder's value.
  func expectSameValue<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = Data(json.utf8)
    let expected = try WidgetJSON.decoder().decode(type, from: data)
    let read = ReplyReader.decode(type, from: data)
    #expect(read != nil, "the reader gave up on \(json)", sourceLocation: sourceLocation)
    #expect(read == expected, sourceLocation: sourceLocation)
  }

  /// `json` is invalid: the decoder refuses it and the reader gives up.
  func expectRefused<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let data = Data(json.utf8)
    #expect(
      throws: (any Error).self, "the decoder accepted \(json)", sourceLocation: sourceLocation
    ) { try WidgetJSON.decoder().decode(type, from: data) }
    #expect(
      ReplyReader.decode(type, from: data) == nil, "the reader accepted \(json)",
      sourceLocation: sourceLocation)
  }

  @Test func everyViewNodeAsEncoded() throws {
    for node in JSONWriterTests.viewCorpus {
      let json = String(decoding: try WidgetJSON.encode(node), as: UTF8.self)
      try expectSameValue(ViewNode.self, json)
    }
  }

  @Test func timelinesAndEntries() throws {
    let view = ViewNode.stack(StackNode(axis: .vertical, children: JSONWriterTests.viewCorpus))
    let timelines = [
      Timeline(entries: [], policy: .atEnd),
      Timeline(entries: [Entry(date: date, view: .empty)], policy: .never),
      Timeline(
        entries: [
          Entry(date: date, relevance: Relevance(score: 0.5, duration: 60), view: view),
          Entry(date: date.addingTimeInterval(0.001), relevance: Relevance(score: -3), view: view),
        ],
        policy: .after(date.addingTimeInterval(3600))),
    ]
    for timeline in timelines {
      let json = String(decoding: try WidgetJSON.encode(timeline), as: UTF8.self)
      try expectSameValue(Timeline.self, json)
      for entry in timeline.entries {
        try expectSameValue(
          Entry.self, String(decoding: try WidgetJSON.encode(entry), as: UTF8.self))
      }
    }
  }

  /// What bundles write by hand: white space, escapes, nulls, defaults, unknown keys, numbers
  /// in every form.
  @Test(arguments: [
    #" { "type" : "empty" , "extra": [1, {"a": null}, "x"] } "#,
    "{\"type\":\"text\",\"runs\":[{\"text\":\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\u4E2D\\ud83d\\ude00\\u0000\"}]}",
    #"{"type":"text","runs":[{"text":"é 😀","attributes":null},{"text":null,"date":"2026-11-30T04:07:41+02:00","style":"timer"}]}"#,
    #"{"type":"text","runs":[{"date":"2026-11-30t04:07:41.123456Z","style":"date","attributes":{"font":{"size":12,"weight":"bold"},"lineLimit":-0,"italic":null}}]}"#,
    #"{"type":"hstack","children":null,"spacing":null,"alignment":null}"#,
    #"{"type":"vstack","spacing":-1.5e-3,"children":[{"type":"spacer","minLength":1E2}]}"#,
    #"{"type":"frame","child":{"type":"empty"},"maxWidth":"infinity","width":12345678901234567,"height":0.0,"alignment":"leading"}"#,
    #"{"type":"padding","child":{"type":"divider"},"top":4}"#,
    #"{"type":"color","color":{"red":0,"green":1,"blue":0.5,"opacity":null}}"#,
    #"{"type":"color","color":{"name":"accentColor","red":5}}"#,
    #"{"type":"image","name":"n","systemName":null,"pixelWidth":-12,"resizable":false}"#,
    #"{"type":"text","runs":[{"from":"2026-11-30T04:07:41Z","to":"2026-11-30T05:07:41Z"}]}"#,
    #"{"type":"text","runs":[{"date":"2026-11-30T04:07:41Z","style":"time","attributes":{"timeZone":"Asia/Tokyo"}}]}"#,
    #"{"type":"style","child":{"type":"empty"},"timeZone":"Europe/Paris"}"#,
    #"{"type":"image","data":"iVBORw0KGgo=","resizable":true}"#,
    #"{"type":"image","data":"PHN2Zz4=","name":null}"#,
    #"{"type":"text","runs":[{"image":{"systemName":"star"}},{"text":" 4.5","image":{"name":"x"}}]}"#,
    #"{"type":"text","runs":[{"image":{"name":"logo","resizable":true},"attributes":{"italic":true}}]}"#,
    #"{"type":"opacity","value":0.30000000000000004,"child":{"type":"empty"}}"#,
    #"{"type":"layoutPriority","value":-9007199254740993,"child":{"type":"empty"}}"#,
    #"{"type":"style","child":{"type":"empty"},"font":{"textStyle":"caption2","design":"rounded"},"foreground":{"name":"red","opacity":0.5},"truncationMode":"head","multilineTextAlignment":"trailing","minimumScaleFactor":1}"#,
  ])
  func handWrittenViews(_ json: String) throws {
    try expectSameValue(ViewNode.self, json)
  }

  /// View type names as bytes of the document and as strings decoded from escapes, and names
  /// that are near misses (a prefix, a longer name, empty, not ASCII).
  @Test func viewTypeNames() throws {
    try expectSameValue(ViewNode.self, #"{"type":"te\u0078t","runs":[]}"#)
    try expectSameValue(ViewNode.self, #"{"type":"\u0065mpty"}"#)
    try expectSameValue(
      ViewNode.self,
      #"{"type":"containerBackground","child":{"type":"divider"},"layer":{"type":"accentable","value":true,"child":{"type":"empty"}}}"#
    )
    for name in ["tex", "texts", "", #"t\u00e9xt"#, "Text", "widgetURLs"] {
      expectRefused(ViewNode.self, #"{"type":"\#(name)","runs":[]}"#)
    }
  }

  /// Dates read in the reply's bytes and, when written with escapes, from the decoded string:
  /// every separator and offset RFC 3339 allows, and near misses refused.
  @Test func datesInPlaceAndDecoded() throws {
    for date in [
      "2026-11-30T04:07:41Z", "2026-11-30t04:07:41z", "2026-11-30 04:07:41.5+01:30",
      #"2026-11-30T04:07:41\u005a"#, #"2026\u002d11-30T04:07:41-00:00"#,
    ] {
      try expectSameValue(
        Entry.self, #"{"date":"\#(date)","view":{"type":"empty"}}"#)
    }
    for date in [
      "2026-11-30X04:07:41Z", "2026-11-30T04:07:41", "2026-11-30T04:07Z", "2026-02-30T04:07:41Z",
      #"2026-11-30T04:07:41\u00e9"#, "2026-11-30T04:07:41+01:3",
    ] {
      expectRefused(Entry.self, #"{"date":"\#(date)","view":{"type":"empty"}}"#)
    }
  }

  @Test func handWrittenTimelines() throws {
    try expectSameValue(
      Timeline.self,
      #"{"policy":{"type":"after","date":"2026-11-30T04:07:41Z","x":1},"entries":[{"date":"2026-11-30T04:07:41Z","relevance":{"score":1},"view":{"type":"empty"}},{"date":"2026-11-30T05:07:41.5Z","relevance":null,"view":{"type":"empty"}}]}"#
    )
    try expectSameValue(Timeline.self, "\n\t{\"entries\":[],\"policy\":{\"type\":\"never\"}}\r\n")
  }

  /// Every kind of mistake: the reader gives up, the decoder names it.
  @Test(arguments: [
    "", " ", "{", "[]", "null", #"{"type":"empty"} x"#,
    #"{"type":"empty"}{"#, #"{'type':'empty'}"#, #"{"type":"nothing"}"#, #"{"type":1}"#,
    #"{"typ":"empty"}"#, #"{"type":"text"}"#, #"{"type":"text","runs":{}}"#,
    #"{"type":"text","runs":[{}]}"#, #"{"type":"text","runs":[{"text":1}]}"#,
    #"{"type":"text","runs":[{"date":null,"style":"time"}]}"#,
    #"{"type":"text","runs":[{"date":"2026-11-30T04:07:41Z"}]}"#,
    #"{"type":"text","runs":[{"date":"2026-11-30","style":"time"}]}"#,
    #"{"type":"text","runs":[{"text":"a","attributes":{"lineLimit":1.5}}]}"#,
    #"{"type":"text","runs":[{"text":"a","attributes":{"weight":"hefty"}}]}"#,
    #"{"type":"text","runs":[{"text":"a","attributes":[]}]}"#,
    "{\"type\":\"text\",\"runs\":[{\"text\":\"a\nb\"}]}",
    #"{"type":"text","runs":[{"text":"\ud800"}]}"#, #"{"type":"text","runs":[{"text":"\x"}]}"#,
    #"{"type":"opacity","value":1}"#, #"{"type":"opacity","child":null,"value":1}"#,
    #"{"type":"opacity","child":{"type":"empty"},"value":"1"}"#,
    #"{"type":"opacity","child":{"type":"empty"},"value":01}"#,
    #"{"type":"opacity","child":{"type":"empty"},"value":1.}"#,
    #"{"type":"opacity","child":{"type":"empty"},"value":-}"#,
    #"{"type":"opacity","child":{"type":"empty"},"value":1e999}"#,
    #"{"type":"opacity","child":{"type":"empty"},"value":NaN}"#,
    #"{"type":"accentable","child":{"type":"empty"},"value":1}"#,
    #"{"type":"frame","child":{"type":"empty"},"width":-1}"#,
    #"{"type":"frame","child":{"type":"empty"},"width":"wide"}"#,
    #"{"type":"color","color":{"name":"octarine"}}"#, #"{"type":"color","color":{"red":1}}"#,
    #"{"type":"color","color":{"red":2,"green":0,"blue":0}}"#,
    #"{"type":"image","name":"a","systemName":"b"}"#, #"{"type":"image"}"#,
    #"{"type":"image","name":"a","pixelWidth":2.5}"#, #"{"type":"shape","shape":"blob"}"#,
    #"{"type":"image","data":"aGVsbG8="}"#, #"{"type":"image","data":"not base64!"}"#,
    #"{"type":"image","data":"iVBORw0KGgo=","name":"a"}"#, #"{"type":"image","data":7}"#,
    #"{"type":"text","runs":[{"image":{}}]}"#, #"{"type":"text","runs":[{"image":"star"}]}"#,
    #"{"type":"text","runs":[{"image":null}]}"#,
    #"{"type":"text","runs":[{"from":"2026-11-30T04:07:41Z"}]}"#,
    #"{"type":"text","runs":[{"from":null,"to":"2026-11-30T04:07:41Z"}]}"#,
    #"{"type":"style","child":{"type":"empty"},"timeZone":3}"#,
    #"{"type":"shape","shape":"circle","stroke":{}}"#,
    #"{"type":"shape","shape":"circle","stroke":{"lineWidth":"1"}}"#,
    #"{"type":"shape","shape":"circle","stroke":{"lineWidth":1,"lineCap":"pointy"}}"#,
    #"{"type":"shape","shape":"circle","stroke":{"lineWidth":1,"dash":[1,"2"]}}"#,
    #"{"type":"shape","shape":"circle","stroke":{"lineWidth":1,"inset":1}}"#,
    #"{"type":"shape","shape":"circle","trim":{"from":0}}"#,
    #"{"type":"shape","shape":"circle","trim":[0,1]}"#,
    #"{"type":"transform","rotation":90}"#,
    #"{"type":"fixedSize","child":{"type":"empty"},"horizontal":true}"#,
    #"{"type":"position","child":{"type":"empty"},"x":1}"#,
    #"{"type":"position","child":{"type":"empty"},"x":"1","y":2}"#,
    #"{"type":"shape","shape":"path","path":{"commands":"M","points":[0,"1"]}}"#,
    #"{"type":"shape","shape":"path","path":{"points":[0,1]}}"#,
    #"{"type":"gauge","value":0.5}"#, #"{"type":"gauge","style":"dial"}"#,
    #"{"type":"gauge","style":"linear","value":"half"}"#,
    #"{"type":"transform","child":{"type":"empty"},"rotation":"90"}"#,
    #"{"type":"transform","child":{"type":"empty"},"scaleX":null,"offsetY":true}"#,
    #"{"type":"clip","child":{"type":"empty"}}"#, #"{"type":"link","child":{"type":"empty"}}"#,
    #"{"type":"hstack","alignment":"middle"}"#,
  ])
  func invalidViews(_ json: String) {
    expectRefused(ViewNode.self, json)
  }

  @Test func invalidTimelines() {
    for json in [
      #"{"entries":[]}"#, #"{"entries":null,"policy":{"type":"never"}}"#,
      #"{"entries":[],"policy":{"type":"later"}}"#, #"{"entries":[],"policy":{"type":"after"}}"#,
      #"{"entries":[{"date":"soon","view":{"type":"empty"}}],"policy":{"type":"never"}}"#,
      #"{"entries":[{"date":"2026-11-30T04:07:41Z"}],"policy":{"type":"never"}}"#,
      #"{"entries":[{"date":"2026-11-30T04:07:41Z","view":{"type":"empty"},"relevance":{}}],"policy":{"type":"never"}}"#,
    ] {
      expectRefused(Timeline.self, json)
    }
  }

  /// Where the reader gives up on JSON it leaves undecided (a key given twice, nesting past its
  /// limit, trailing commas, which `JSONDecoder` accepts), the decoder still decides: the result
  /// is the decoder's.
  @Test func whatTheReaderLeavesToTheDecoder() throws {
    for json in [#"{"type":"empty",}"#, #"{"type":"hstack","children":[{"type":"empty"},]}"#] {
      #expect(ReplyReader.decode(ViewNode.self, from: Data(json.utf8)) == nil)
      #expect(
        try WidgetJSON.decode(ViewNode.self, from: Data(json.utf8))
          == WidgetJSON.decoder().decode(ViewNode.self, from: Data(json.utf8)))
    }
    let underflow = Data(#"{"type":"opacity","value":1e-400,"child":{"type":"empty"}}"#.utf8)
    #expect(ReplyReader.decode(ViewNode.self, from: underflow) == nil)
    let twice = Data(#"{"type":"empty","type":"divider"}"#.utf8)
    #expect(ReplyReader.decode(ViewNode.self, from: twice) == nil)
    var deep = #"{"type":"empty"}"#
    for _ in 0..<300 { deep = #"{"type":"opacity","value":1,"child":"# + deep + "}" }
    #expect(ReplyReader.decode(ViewNode.self, from: Data(deep.utf8)) == nil)
    let decoded = try WidgetJSON.decode(ViewNode.self, from: Data(deep.utf8))
    #expect(decoded == (try WidgetJSON.decoder().decode(ViewNode.self, from: Data(deep.utf8))))
    let invalidUTF8 = Data([0x7B, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])
    #expect(ReplyReader.decode(ViewNode.self, from: invalidUTF8) == nil)
  }

  /// Enum values found by their names' bytes (``JSONEnumNames``): every case of every table by
  /// its raw value, as in the decoder, and near misses refused; a name written with escapes is
  /// decoded and looked up as a string.
  @Test func enumNames() throws {
    func expectEveryCase<E: JSONEnum>(_ names: JSONEnumNames<E>) where E: Equatable {
      #expect(names.cases.count == E.allCases.count)
      for value in E.allCases {
        let found = Array(value.rawValue.utf8).withUnsafeBufferPointer { names.value(named: $0) }
        #expect(found == value)
      }
      for miss in [
        "", "x", E.allCases.first!.rawValue + "s", E.allCases.first!.rawValue.uppercased(),
      ] {
        #expect(Array(miss.utf8).withUnsafeBufferPointer { names.value(named: $0) } == nil)
      }
    }
    expectEveryCase(ReplyReader.alignments)
    expectEveryCase(ReplyReader.dateStyles)
    expectEveryCase(ReplyReader.fontTextStyles)
    expectEveryCase(ReplyReader.fontWeights)
    expectEveryCase(ReplyReader.shapeKinds)
    expectEveryCase(ReplyReader.textAlignments)
    expectEveryCase(ReplyReader.truncationModes)
    try expectSameValue(
      ViewNode.self, #"{"type":"vstack","alignment":"tr\u0061iling","children":[]}"#)
    try expectSameValue(
      ViewNode.self, #"{"type":"shape","shape":"capsule","fill":{"name":"red"}}"#)
    for alignment in ["Leading", "leadin", "leadingg", "", #"l\u00e9ading"#] {
      expectRefused(
        ViewNode.self, #"{"type":"vstack","alignment":"\#(alignment)","children":[]}"#)
    }
  }

  /// Runs made without a style when they have none of their own, with an empty one and with
  /// one: each as the decoder makes it.
  @Test func runStyles() throws {
    try expectSameValue(
      ViewNode.self,
      #"{"type":"text","runs":[{"text":"a"},{"text":"b","attributes":{}},"#
        + #"{"text":"c","attributes":{"italic":true}},"#
        + #"{"date":"2027-01-15T08:00:00Z","style":"time","attributes":null}]}"#)
  }

  /// Library descriptions (read at every load): static kinds as the decoder reads them, with
  /// and without the optional members; intent configurations and invalid descriptions are
  /// the decoder's.
  @Test func bundleDescriptions() throws {
    for json in [
      #"{"kinds":[]}"#,
      #"{"name":"Start","kinds":[{"kind":"K0","families":["systemSmall"]}]}"#,
      #"{"id":"a.b","name":"N","version":"1.2","appGroups":["group.a"],"kinds":["#
        + #"{"kind":"K","displayName":"Kay","description":"d\u00e9","#
        + #""families":["systemSmall","accessoryInline"],"configuration":{"type":"static"}},"#
        + #"{"kind":"L","displayName":null,"families":[],"configuration":null,"extra":1}]}"#,
      #"{"id":null,"appGroups":null,"kinds":[{"kind":"K","families":["systemLarge"],"#
        + #""configuration":{"type":"static","intent":"ignored"}}]}"#,
      #"{"kinds":[],"actions":[{"name":"f"},{"name":"g","parameters":null,"returns":"void"},"#
        + #"{"name":"h","parameters":[{"name":"a","type":"string"},{"name":"b","type":"int64"},"#
        + #"{"name":"c","type":"double"},{"name":"d","type":"bool"}],"returns":"status"}]}"#,
      #"{"kinds":[],"actions":null}"#,
    ] {
      try expectSameValue(BundleDescription.self, json)
    }
    for json in [
      #"{}"#, #"{"kinds":null}"#, #"{"kinds":[{"families":["systemSmall"]}]}"#,
      #"{"kinds":[{"kind":"K","families":["systemHuge"]}]}"#,
      #"{"kinds":[{"kind":"K","families":["systemSmall"],"configuration":{"type":"dynamic"}}]}"#,
      #"{"kinds":[{"kind":"K","families":["systemSmall"],"configuration":{}}]}"#,
      #"{"kinds":[{"kind":7,"families":["systemSmall"]}]}"#,
      #"{"appGroups":[1],"kinds":[]}"#, #"[]"#,
      #"{"kinds":[],"actions":[{"name":"f","parameters":[{"name":"a","type":"float"}]}]}"#,
      #"{"kinds":[],"actions":[{"name":"f","returns":"int"}]}"#,
      #"{"kinds":[],"actions":[{"parameters":[]}]}"#,
    ] {
      expectRefused(BundleDescription.self, json)
    }
    let intent = Data(
      (#"{"kinds":[{"kind":"K","families":["systemSmall"],"configuration":{"type":"intent","#
        + #""intent":"I","parameters":[]}}]}"#).utf8)
    #expect(ReplyReader.decode(BundleDescription.self, from: intent) == nil)
    #expect(
      try WidgetJSON.decode(BundleDescription.self, from: intent)
        == WidgetJSON.decoder().decode(BundleDescription.self, from: intent))
  }

  /// A zero with an exponent, which Foundation's parser refuses: the reader reads what the
  /// decoder reads (the reply fuzz target found the reader accepting `"minLength":0E2`).
  @Test(arguments: ["0E2", "0e2", "-0E2", "0e-1", "0.0e2", "1E2"])
  func aZeroWithAnExponentReadsAsTheDecoderReadsIt(_ number: String) {
    let data = Data(#"{"type":"spacer","minLength":\#(number)}"#.utf8)
    let expected = try? WidgetJSON.decoder().decode(ViewNode.self, from: data)
    let read = ReplyReader.decode(ViewNode.self, from: data)
    #expect(read == nil || read == expected, "\(number): \(String(describing: read))")
    #expect((try? WidgetJSON.decode(ViewNode.self, from: data)) == expected)
  }
}
