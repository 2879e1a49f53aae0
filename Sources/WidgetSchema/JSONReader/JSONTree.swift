import FoundationEssentials

/// A JSON document parsed into a plain tree, for ``ReplyReader``: strict RFC 8259 (no
/// comments, no trailing commas, UTF-8 only), object members in document order.
///
/// It only says whether a document is well formed, never why not: ``ReplyReader`` gives up on
/// anything unusual and lets Foundation's `JSONDecoder` produce the error message.
///
/// Not `indirect`: arrays and objects already hold their elements in their own storage, so a
/// box per value would only add an allocation for every number, string and literal.
enum JSONTree {
  case null
  case bool(Bool)
  /// A number: its value, and the value as an `Int` when it was written as an integer that
  /// fits (no fraction, no exponent).
  case number(Double, integer: Int?)
  case string(String)
  case array([JSONTree])
  case object([(key: String, value: JSONTree)])

  /// The value of `key` when this is an object that has it.
  subscript(key: String) -> JSONTree? {
    guard case .object(let members) = self else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }

  /// Nesting deeper than this is left to `JSONDecoder` (which refuses 512 levels).
  static let maximumDepth = 256

  /// Parses `data`; nil when it is not a JSON document this parser accepts.
  static func parse(_ data: Data) -> JSONTree? {
    data.withUnsafeBytes { raw in
      var parser = JSONTreeParser(bytes: raw.bindMemory(to: UInt8.self))
      guard let value = try? parser.value(depth: 0) else { return nil }
      parser.skipWhitespace()
      return parser.index == parser.bytes.count ? value : nil
    }
  }
}

/// The parser's only failure: not a document it accepts.
struct JSONTreeRefusal: Error {}

private struct JSONTreeParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  @inline(__always)
  mutating func expect(_ literal: StaticString) throws(JSONTreeRefusal) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw JSONTreeRefusal() }
    let start = literal.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] {
      throw JSONTreeRefusal()
    }
    index += count
  }

  mutating func value(depth: Int) throws(JSONTreeRefusal) -> JSONTree {
    guard depth < JSONTree.maximumDepth else { throw JSONTreeRefusal() }
    skipWhitespace()
    guard index < bytes.count else { throw JSONTreeRefusal() }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      var members: [(key: String, value: JSONTree)] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw JSONTreeRefusal()
        }
        let key = try string()
        // Which of two equal keys `JSONDecoder` keeps is its business: leave those to it.
        for member in members where member.key == key { throw JSONTreeRefusal() }
        skipWhitespace()
        try expect(":")
        members.append((key, try value(depth: depth + 1)))
        skipWhitespace()
        guard index < bytes.count else { throw JSONTreeRefusal() }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        } else {
          throw JSONTreeRefusal()
        }
      }
    case UInt8(ascii: "["):
      index += 1
      var elements: [JSONTree] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        elements.append(try value(depth: depth + 1))
        skipWhitespace()
        guard index < bytes.count else { throw JSONTreeRefusal() }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        } else {
          throw JSONTreeRefusal()
        }
      }
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    default:
      return try number()
    }
  }

  /// `bytes` as a string, nil when they are not UTF-8. ASCII needs no validation, and
  /// `String(decoding:as:)` is specialized where `String(validating:as:)` is generic (it
  /// looked up type metadata on every call: 6 % of an in-process update).
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
    isASCII ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
  }

  /// A string starting at the opening quote.
  mutating func string() throws(JSONTreeRefusal) -> String {
    index += 1
    let start = index
    var isASCII = true
    // The common case: no escapes, so the bytes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = Self.string(
          UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: isASCII)
        index += 1
        guard let text else { throw JSONTreeRefusal() }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw JSONTreeRefusal() }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        let text = unescaped.withUnsafeBufferPointer { buffer in
          Self.string(buffer, isASCII: !buffer.contains { $0 >= 0x80 })
        }
        guard let text else { throw JSONTreeRefusal() }
        return text
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw JSONTreeRefusal() }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            try expect("\\u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw JSONTreeRefusal() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw JSONTreeRefusal() }
          unescaped.append(contentsOf: String(Character(unicode)).utf8)
        default:
          throw JSONTreeRefusal()
        }
      default:
        guard byte >= 0x20 else { throw JSONTreeRefusal() }
        unescaped.append(byte)
      }
    }
    throw JSONTreeRefusal()
  }

  mutating func hex4() throws(JSONTreeRefusal) -> UInt32 {
    guard index + 4 <= bytes.count else { throw JSONTreeRefusal() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONTreeRefusal()
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number, checked against RFC 8259's grammar.
  mutating func number() throws(JSONTreeRefusal) -> JSONTree {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - first
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw JSONTreeRefusal() }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw JSONTreeRefusal()
    }
    var integral = true
    var mantissaEnd = index
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw JSONTreeRefusal() }
      integral = false
      mantissaEnd = index
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw JSONTreeRefusal() }
      integral = false
    }
    let negative = bytes[start] == UInt8(ascii: "-")
    if integral && integerDigits <= 15 {
      // Exact in both an Int and a Double.
      var value = 0
      for offset in integerStart..<index { value = value * 10 + Int(bytes[offset] - 48) }
      if negative { value = -value }
      if value == 0 && negative { return .number(-0.0, integer: 0) }
      return .number(Double(value), integer: value)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    // Overflow (infinity) and underflow (a non-zero literal read as 0) are left to
    // `JSONDecoder` to judge.
    guard let value = Double(text), value.isFinite else { throw JSONTreeRefusal() }
    if value == 0 {
      for offset in integerStart..<mantissaEnd
      where (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[offset]) {
        throw JSONTreeRefusal()
      }
    }
    return .number(value, integer: integral ? Int(text) : nil)
  }
}
