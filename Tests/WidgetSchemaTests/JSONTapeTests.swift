import Foundation
import Testing

@testable import WidgetSchema

/// The tape ``ReplyReader`` reads replies from: members found by key, values stepped over
/// whole, strings as written, numbers with their integer value, and refusals.
@Suite struct JSONTapeTests {
  /// `json` parsed, handed to `body` while its bytes live.
  func withTape<R>(_ json: String, _ body: (JSONTape?) -> R) -> R {
    Data(json.utf8).withUnsafeBytes { body(JSONTape.parse($0.bindMemory(to: UInt8.self))) }
  }

  @Test func membersAndElements() {
    withTape(#" {"a": [1, {"b": [true, null]}, "x"], "b": {"c": 2.5e1}, "é": -0 } "#) { tape in
      guard let tape else {
        Issue.record("refused")
        return
      }
      #expect(tape.kind(0) == .object)
      #expect(tape.after(0) == tape.count)
      guard let a = tape.member(0, "a"), let b = tape.member(0, "b") else {
        Issue.record("members missing")
        return
      }
      #expect(tape.kind(a) == .array)
      // The array's elements, each stepped over whole.
      var elements: [JSONTape.Kind] = []
      var element = a + 1
      while element < tape.after(a) {
        elements.append(tape.kind(element))
        element = tape.after(element)
      }
      #expect(elements == [.number, .object, .string])
      #expect(tape.after(a) == b - 1)  // the next key follows the array
      #expect(tape.member(b, "c").map { tape.nodes[$0].number } == 25)
      #expect(tape.member(b, "c").map { tape.nodes[$0].flag } == false)  // not an integer
      #expect(tape.member(0, "c") == nil)  // only members of the object itself
      let zero = tape.member(0, "é")
      #expect(zero.map { tape.nodes[$0].number.sign } == .minus)
      #expect(zero.map { tape.nodes[$0].integer } == 0)
    }
  }

  @Test func stringsPlainAndDecoded() {
    withTape(#"["plain", "é 😀", "a\"b\u00e9", "infinity"]"#) { tape in
      guard let tape else {
        Issue.record("refused")
        return
      }
      var strings: [String] = []
      var element = 1
      while element < tape.after(0) {
        strings.append(tape.string(element))
        element = tape.after(element)
      }
      #expect(strings == ["plain", "é 😀", "a\"bé", "infinity"])
      #expect(tape.stringEquals(4, "infinity"))
      #expect(tape.stringEquals(2, "é 😀"))
      #expect(!tape.stringEquals(1, "plai"))
    }
  }

  @Test(arguments: [
    "", "{", #"{"a":1,}"#, #"{"a":1,"a":2}"#, #"{"a\u0062":1}"#, "[1 2]", "01", "1.", "-",
    #"["\ud800"]"#, "[1e999]", "[1e-400]", #"{"a":1} x"#, "nul", "[\"a\nb\"]",
  ])
  func refusals(_ json: String) {
    #expect(withTape(json) { $0 == nil })
  }

  @Test func nestingPastTheLimitIsRefused() {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(withTape(deep) { $0 == nil })
    let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(withTape(fine) { $0 != nil })
  }

  /// Keys found, absent and duplicated whatever their lengths: the object's mask of key
  /// lengths (modulo 64) only rules out keys of a length no member has.
  @Test func keysByLength() {
    let long = String(repeating: "k", count: 65)  // the same bit as a 1-byte key
    withTape(#"{"ab":1,"cd":2,"\#(long)":3,"e":4}"#) { tape in
      guard let tape else {
        Issue.record("refused")
        return
      }
      #expect(tape.member(0, "ab").map { tape.nodes[$0].integer } == 1)
      #expect(tape.member(0, "cd").map { tape.nodes[$0].integer } == 2)
      #expect(tape.member(0, "e").map { tape.nodes[$0].integer } == 4)
      #expect(
        tape.member(
          0, "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"
        ).map { tape.nodes[$0].integer } == 3)
      #expect(tape.member(0, "ef") == nil)  // a length some key has
      #expect(tape.member(0, "f") == nil)
      #expect(tape.member(0, "abc") == nil)  // a length no key has
    }
    #expect(withTape(#"{"ab":1,"cd":2,"ab":3}"#) { $0 == nil })
    #expect(withTape(#"{"e":1,"\#(long)":2,"\#(long)":3}"#) { $0 == nil })
    #expect(withTape(#"{"e":1,"\#(long)":2,"f":3}"#) { $0 != nil })
  }

  /// A parse reuses the storage of the last tape recycled: each tape still has its own
  /// document's nodes only, whatever came before it (larger, smaller, refused).
  @Test func recycledStorageHoldsOnlyTheCurrentDocument() {
    func parsed(_ json: String) -> [JSONTape.Kind]? {
      Data(json.utf8).withUnsafeBytes { raw in
        var storage = JSONTape.spareStorage()
        guard var tape = JSONTape.parse(raw.bindMemory(to: UInt8.self), storage: &storage)
        else { return nil }
        let kinds = tape.nodes.prefix(tape.count).map(\.kind)
        JSONTape.recycle(&tape)
        #expect(tape.nodes.isEmpty)
        return kinds
      }
    }
    let large =
      "[" + Array(repeating: #"{"a":[1,"x",null]}"#, count: 50).joined(separator: ",") + "]"
    #expect(parsed(large)?.count == 1 + 50 * 6)
    #expect(parsed(#"{"b":true}"#) == [.object, .string, .bool])
    #expect(parsed("[1,") == nil)
    #expect(parsed(#"["s"]"#) == [.array, .string])
    // Past the limit of what is kept: parsed all the same.
    let huge =
      "[" + Array(repeating: "0", count: JSONTape.spareNodesLimit * 2).joined(separator: ",") + "]"
    #expect(parsed(huge)?.count == 1 + JSONTape.spareNodesLimit * 2)
    #expect(parsed("null") == [.null])
  }

  /// The nodes are written into room made beforehand (``JSONTape/capacity(for:)``): the
  /// densest documents, single digits in nested arrays and objects, fit in it.
  @Test func densestDocumentsFitTheRoomMade() {
    let documents = [
      "1", "[1]", "[[1],[1]]", "[[[[1]]]]", "[1,2,3,4,5]", #"{"":1}"#, #"{"":[1],"a":[[2]]}"#,
      "[" + Array(repeating: "[0]", count: 300).joined(separator: ",") + "]",
      String(repeating: "[", count: 200) + "7" + String(repeating: "]", count: 200),
    ]
    for json in documents {
      let count = withTape(json) { $0?.count }
      #expect(count != nil, "\(json.prefix(20))")
      if let count { #expect(count <= JSONTape.capacity(for: json.utf8.count)) }
    }
    // The tightest: a byte short of two per value.
    #expect(withTape("[[1],[1]]") { $0?.count } == JSONTape.capacity(for: 9))
  }

  @Test func largeDocumentsGetRoomAsTheyNeedIt() {
    // Past 2 KiB the room made first is a typical reply's, not the bound; a document that
    // needs more is parsed again with all of it.
    let dense = "[" + Array(repeating: "1", count: 3000).joined(separator: ",") + "]"
    #expect(JSONTape.capacity(for: dense.utf8.count) > JSONTape.spareNodesLimit)
    #expect(withTape(dense) { $0?.count } == 3001)
    let sparse =
      "["
      + Array(repeating: #""\#(String(repeating: "x", count: 40))""#, count: 100)
      .joined(separator: ",") + "]"
    #expect(withTape(sparse) { $0?.count } == 101)
    #expect(withTape(dense.dropLast() + ",]") { $0 == nil })
  }
}
