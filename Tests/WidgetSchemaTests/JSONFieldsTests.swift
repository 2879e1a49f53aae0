import Foundation
import Testing

@testable import WidgetSchema

/// `@JSONFields` derives a struct's fields from its stored properties as Codable derives its
/// `encode(to:)`; both sinks of `encodeFields(into:)` (the byte writer, an `Encoder`) write the
/// same object; a flattened node puts `child` and `type` among its kind's fields in key order.
@Suite struct JSONFieldsTests {
  /// Properties declared out of key order, an optional, a renamed key, a property `CodingKeys`
  /// leaves out, a computed and a static property.
  @JSONFields
  struct Sample: Codable, Equatable {
    var zeta: Int
    var alpha: String
    var middle: Double?
    var renamed: [String]
    var skipped: Bool = false
    var computed: Int { zeta * 2 }
    static let shared = 3

    enum CodingKeys: String, CodingKey {
      case zeta, alpha, middle
      case renamed = "beta"
    }
  }

  /// A struct without `CodingKeys`: every stored property, observed ones too.
  @JSONFields
  struct Plain: Codable, Equatable {
    var b: Bool
    var a: Date
    var watched: Int = 0 {
      didSet {}
    }
  }

  @Test func theMacroWritesTheStoredPropertiesInKeyOrder() throws {
    let value = Sample(zeta: 7, alpha: "a\"b", middle: 1.5, renamed: ["x", "y"])
    let written = String(decoding: try value.jsonBytes(), as: UTF8.self)
    #expect(written == #"{"alpha":"a\"b","beta":["x","y"],"middle":1.5,"zeta":7}"#)
    #expect(written == String(decoding: try WidgetJSON.encode(value), as: UTF8.self))
    #expect(try WidgetJSON.decode(Sample.self, from: Data(written.utf8)) == value)
  }

  @Test func anOptionalThatIsNilIsLeftOut() throws {
    let value = Sample(zeta: -1, alpha: "", middle: nil, renamed: [])
    let written = String(decoding: try value.jsonBytes(), as: UTF8.self)
    #expect(written == #"{"alpha":"","beta":[],"zeta":-1}"#)
    #expect(written == String(decoding: try WidgetJSON.encode(value), as: UTF8.self))
  }

  @Test func withoutCodingKeysEveryStoredPropertyIsAField() throws {
    let value = Plain(b: true, a: Date(timeIntervalSince1970: 0), watched: 2)
    let written = String(decoding: try value.jsonBytes(), as: UTF8.self)
    #expect(written == #"{"a":"1970-01-01T00:00:00Z","b":true,"watched":2}"#)
    #expect(written == String(decoding: try WidgetJSON.encode(value), as: UTF8.self))
  }

  @Test func aNumberJSONCannotHoldIsRefusedByBothSinks() {
    let value = Sample(zeta: 0, alpha: "", middle: .infinity, renamed: [])
    #expect(throws: JSONByteWriter.NonFiniteNumber.self) { try value.jsonBytes() }
    #expect(throws: EncodingError.self) { try WidgetJSON.encode(value) }
  }

  @Test(
    arguments: [
      ("a", "b", true), ("b", "a", false), ("child", "children", true),
      ("children", "child", false),
      ("type", "url", true), ("x", "y", true), ("y", "x", false), ("same", "same", false),
      ("Z", "a", true), ("", "a", true),
    ] as [(StaticString, StaticString, Bool)])
  func keysSortAsTheEncoderSortsThem(first: StaticString, second: StaticString, before: Bool) {
    #expect(JSONByteWriter.key(first, precedes: second) == before)
  }

  /// The keys of `node`'s object, in the order the writer wrote them (its own, not its
  /// children's: those one level deep).
  func keys(of node: ViewNode) throws -> [String] {
    let bytes = try node.jsonBytes()
    var keys: [String] = []
    var depth = 0
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: "\""):
        var end = index + 1
        while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        if depth == 1, bytes[end + 1] == UInt8(ascii: ":") {
          keys.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
        }
        index = end
      default: break
      }
      index += 1
    }
    return keys
  }

  @Test func aFlattenedNodePutsItsChildAndTypeAmongItsFields() throws {
    let frame = ViewNode.modified(
      .empty, .frame(Frame(width: 10, height: 20, maxWidth: .infinity, alignment: .leading)))
    #expect(try keys(of: frame) == ["alignment", "child", "height", "maxWidth", "type", "width"])
    let position = ViewNode.modified(.divider, .position(x: 1, y: 2))
    #expect(try keys(of: position) == ["child", "type", "x", "y"])
    let gauge = ViewNode.gauge(GaugeNode(value: 0.5, style: .linear))
    #expect(try keys(of: gauge) == ["style", "type", "value"])
    for node in [frame, position, gauge] {
      #expect(
        String(decoding: try node.jsonBytes(), as: UTF8.self)
          == String(decoding: try WidgetJSON.encode(node), as: UTF8.self))
    }
  }

  /// A timeline read from the tape and by `JSONDecoder` through the one `init(fields:)`: the
  /// same value; and a refused field is named by the decoder's path.
  @Test func aTimelineIsReadThroughItsOneDefinitionBothWays() throws {
    let json = Data(
      (#"{"entries":[{"date":"2026-12-08T10:00:00Z","relevance":{"score":2},"#
        + #""view":{"type":"empty"}}],"policy":{"type":"after","date":"2026-12-08T11:00:00Z"}}"#)
        .utf8)
    let read = try #require(ReplyReader.decode(Timeline.self, from: json))
    #expect(read == (try WidgetJSON.decoder().decode(Timeline.self, from: json)))
    #expect(read.entries[0].relevance == Relevance(score: 2, duration: 0))
    #expect(read.policy == ReloadPolicy.after(Date(timeIntervalSince1970: 1_796_727_600)))

    let unknown = Data(#"{"entries":[],"policy":{"type":"soon"}}"#.utf8)
    #expect(ReplyReader.decode(Timeline.self, from: unknown) == nil)
    #expect(
      throws: SchemaError(
        path: "policy.type",
        message: "unknown reload policy 'soon' (expected atEnd, after or never)")
    ) { try WidgetJSON.decode(Timeline.self, from: unknown) }
  }
}
