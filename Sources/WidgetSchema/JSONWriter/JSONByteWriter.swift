import FoundationEssentials
import WidgetSupport

/// A JSON writer that appends straight to a byte buffer, following the ``WidgetJSON``
/// conventions byte for byte: the output is what `WidgetJSON.encoder()` writes for the same
/// value (keys in UTF-8 order, slashes unescaped, control characters escaped as RFC 8259 asks,
/// numbers as Swift prints them without a trailing `.0`, dates as ``RFC3339`` strings).
///
/// Foundation's `JSONEncoder` costs tens of microseconds per stream event; the writer writes a
/// ``JSONWritable`` value in a few, from the same definition (``JSONObjectFields``). An
/// object's fields come in key order (``field(_:_:)``), as `JSONEncoder` sorts them.
///
/// The bytes go into storage of the writer's own rather than a `[UInt8]`: an event is written
/// in a few hundred small appends (a brace, a key, a comma), and each `Array.append` checks
/// that the array's buffer is uniquely referenced (a call into the runtime) and has room;
/// here an append is a bounds check and a store. The writer is noncopyable because it owns that
/// storage.
public struct JSONByteWriter: ~Copyable {
  /// The storage: `count` bytes written, room for `capacity`.
  private var base: UnsafeMutablePointer<UInt8>
  /// How many bytes were written so far.
  private(set) var count: Int
  private var capacity: Int
  /// The last key written into the innermost open object; nil before its first.
  private var lastKey: StaticString?

  /// Creates a writer with room for `capacity` bytes (it grows as needed).
  public init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
    count = 0
  }

  deinit {
    base.deallocate()
  }

  /// What was written so far.
  public var bytes: [UInt8] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Appends what was written so far to `bytes`.
  func append(to bytes: inout [UInt8]) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if extra > capacity - count { grow(extra) }
  }

  @inline(never)
  private mutating func grow(_ extra: Int) {
    let newCapacity = max(capacity * 2, count + extra)
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    storage.initialize(from: base, count: count)
    base.deallocate()
    base = storage
    capacity = newCapacity
  }

  /// Appends the bytes of `buffer`.
  @inline(__always)
  mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    reserve(buffer.count)
    if let source = buffer.baseAddress {
      (base + count).initialize(from: source, count: buffer.count)
    }
    count += buffer.count
  }

  /// A number that JSON cannot hold (NaN, ±infinity): `JSONEncoder` refuses it too.
  public struct NonFiniteNumber: Error, Sendable, CustomStringConvertible {
    /// The number.
    public var value: Double
    public var description: String { "\(value) cannot be written as a JSON number" }
  }

  // MARK: Punctuation

  @inline(__always)
  mutating func byte(_ value: UInt8) {
    reserve(1)
    base[count] = value
    count += 1
  }

  // `withUTF8Buffer`, not `utf8Start`: a one-character literal ("x") may be stored as a
  // scalar, without a pointer.

  @inline(__always)
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Writes `"key":` (`key` must need no escaping: the types' own field names).
  @inline(__always)
  mutating func key(_ key: StaticString) {
    key.withUTF8Buffer { name in
      // Room for the name and its three marks at once, then plain stores.
      reserve(name.count + 3)
      base[count] = UInt8(ascii: "\"")
      if let source = name.baseAddress {
        (base + count + 1).initialize(from: source, count: name.count)
      }
      base[count + name.count + 1] = UInt8(ascii: "\"")
      base[count + name.count + 2] = UInt8(ascii: ":")
      count += name.count + 3
    }
  }

  // MARK: Objects

  /// Whether key `first` sorts before key `second` (UTF-8 order, as `.sortedKeys`).
  @inline(__always)
  static func key(_ first: StaticString, precedes second: StaticString) -> Bool {
    // Keys mostly differ in their first byte.
    if first.hasPointerRepresentation, second.hasPointerRepresentation, first.utf8CodeUnitCount > 0,
      second.utf8CodeUnitCount > 0, first.utf8Start.pointee != second.utf8Start.pointee
    {
      return first.utf8Start.pointee < second.utf8Start.pointee
    }
    return first.withUTF8Buffer { first in
      second.withUTF8Buffer { second in first.lexicographicallyPrecedes(second) }
    }
  }

  /// What ``endObject(_:)`` restores: the enclosing object's last key.
  public struct ObjectMark {
    fileprivate var lastKey: StaticString?
  }

  /// Opens an object: `{`, then fields (``field(_:_:)``), then ``endObject(_:)`` with the mark.
  @inline(__always)
  public mutating func beginObject() -> ObjectMark {
    byte(UInt8(ascii: "{"))
    defer { lastKey = nil }
    return ObjectMark(lastKey: lastKey)
  }

  /// Writes `"key":value` into the open object. Fields come in key order, as `JSONEncoder`'s
  /// `.sortedKeys` writes them: a debug build stops at one that does not.
  public mutating func field<Value: JSONWritable>(
    _ key: StaticString, _ value: Value
  ) throws(NonFiniteNumber) {
    if let lastKey {
      byte(UInt8(ascii: ","))
      assert(
        Self.key(lastKey, precedes: key),
        "field '\(key)' given after '\(lastKey)': an object's fields go in key order")
    }
    lastKey = key
    self.key(key)
    try value.write(to: &self)
  }

  /// Closes the object `mark` opened.
  @inline(__always)
  public mutating func endObject(_ mark: ObjectMark) {
    lastKey = mark.lastKey
    byte(UInt8(ascii: "}"))
  }

  // MARK: Values

  /// Writes `value` as a JSON string, escaped as `JSONEncoder` escapes it.
  public mutating func string(_ value: String) {
    let written: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
      escaped(utf8)
    }
    if written == nil {
      var value = value
      value.withUTF8 { escaped($0) }
    }
  }

  /// Writes `utf8` as a JSON string, quoted and escaped as `JSONEncoder` escapes it: the one
  /// escaper of the writer (``string(_:)``, ``strings(_:)`` and objects' keys come here).
  ///
  /// Room is reserved once, then everything is written with plain stores: a byte before the
  /// first one that needs escaping is written as itself (1 byte), a byte from it on at most as
  /// `\u00XX` (6 bytes). Most strings have nothing to escape (the rendered lines are mostly
  /// spaces and box characters), and then the room is exact: the quotes and a copy.
  private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    let length = utf8.count
    var index = Self.plainRun(utf8, from: 0)
    reserve(2 + index + (length - index) * 6)
    // After `reserve`: it may move the storage.
    var out = base + count
    out.pointee = UInt8(ascii: "\"")
    out += 1
    var start = 0
    while true {
      // `start..<index` needs no escaping: copied as is.
      if index > start, let source = utf8.baseAddress {
        out.initialize(from: source + start, count: index - start)
        out += index - start
      }
      if index == length { break }
      out += Self.writeEscape(of: utf8[index], to: out)
      start = index + 1
      index = start + Self.plainRun(utf8, from: start)
    }
    out.pointee = UInt8(ascii: "\"")
    out += 1
    count = out - base
  }

  /// How many bytes from `start` on need no escaping: the length of the plain run there.
  @inline(__always)
  static func plainRun(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let bytes = utf8.baseAddress else { return 0 }
    let length = utf8.count
    var index = start
    // Eight bytes at a time while none of them needs escaping.
    while index + 8 <= length,
      !needsEscaping(UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
    {
      index += 8
    }
    // Fewer than eight left (not a byte to escape stopped the loop), in a string of at least
    // eight: the string's last eight bytes at once. They cover `index..<length`, and overlap
    // bytes before `index` (those may need escaping too, which only sends us to the loop below).
    if index < length, index + 8 > length, length >= 8,
      !needsEscaping(UnsafeRawPointer(bytes + length - 8).loadUnaligned(as: UInt64.self))
    {
      return length - start
    }
    while index < length, !needsEscaping(bytes[index]) {
      index += 1
    }
    return index - start
  }

  /// Whether JSON escapes `byte` in a string: a control character, a quote or a backslash.
  @inline(__always)
  static func needsEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Writes the escape of `unit` (a byte that needs escaping) at `out`, which
  /// has room for six bytes; returns how many it wrote (2 or 6).
  @inline(__always)
  private static func writeEscape(of unit: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "\\")
    let short: UInt8
    switch unit {
    case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
    case 0x08: short = UInt8(ascii: "b")
    case 0x0C: short = UInt8(ascii: "f")
    case 0x0A: short = UInt8(ascii: "n")
    case 0x0D: short = UInt8(ascii: "r")
    case 0x09: short = UInt8(ascii: "t")
    default:
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = hexDigit(unit >> 4)
      out[5] = hexDigit(unit & 0x0F)
      return 6
    }
    out[1] = short
    return 2
  }

  /// Whether any of the eight bytes of `word` is a control character (below 0x20), a quote or
  /// a backslash: the bytes a JSON string escapes. The classic "has a byte less than n" and
  /// "has a zero byte" word tests: a bit may be set wrongly only above a byte that truly
  /// matches, so the answer is exact, for every byte value (UTF-8's high bytes included).
  @inline(__always)
  static func needsEscaping(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let quote = (quotes &- ones) & ~quotes
    let backslash = (backslashes &- ones) & ~backslashes
    return (control | quote | backslash) & highBits != 0
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Writes `value` in decimal.
  public mutating func integer(_ value: Int) {
    if value < 0 {
      byte(UInt8(ascii: "-"))
      unsigned(value.magnitude)
    } else {
      unsigned(UInt(value))
    }
  }

  /// Writes `value` in decimal.
  public mutating func unsigned<T: UnsignedInteger & FixedWidthInteger>(_ value: T) {
    if value < 10 {
      byte(UInt8(ascii: "0") + UInt8(value))
      return
    }
    // The digits, last first, from the end of room for 20 (`UInt64.max` has 20).
    reserve(20)
    let end = base + count + 20
    var digits = 0
    var rest = UInt64(value)
    while rest > 0 {
      digits += 1
      end[-digits] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    // They may overlap where they go (more than ten digits): a move, which allows it.
    (base + count).moveInitialize(from: end - digits, count: digits)
    count += digits
  }

  /// Writes `value` as `JSONEncoder` does: Swift's shortest representation, without a
  /// trailing `.0`. Throws for NaN and infinities.
  public mutating func number(_ value: Double) throws(NonFiniteNumber) {
    guard value.isFinite else { throw NonFiniteNumber(value: value) }
    // Whole numbers well inside the range Swift prints without an exponent: their digits.
    if value == value.rounded(.towardZero), value.magnitude < 1e15 {
      if value == 0 {
        if value.sign == .minus { byte(UInt8(ascii: "-")) }
        byte(UInt8(ascii: "0"))
      } else {
        integer(Int(value))
      }
      return
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    text.withUTF8 { append($0) }
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    if value { raw("true") } else { raw("false") }
  }

  /// Writes `date` as an RFC 3339 string (``RFC3339/string(from:)``).
  public mutating func date(_ date: Date) {
    byte(UInt8(ascii: "\""))
    RFC3339.withUTF8(of: date) { append($0) }
    byte(UInt8(ascii: "\""))
  }

  /// Writes a list of strings.
  public mutating func strings(_ values: [String]) {
    byte(UInt8(ascii: "["))
    values.withUnsafeBufferPointer { String.write($0, to: &self) }
    byte(UInt8(ascii: "]"))
  }

  /// Writes any JSON value; object keys in UTF-8 order, as `JSONEncoder` sorts them.
  public mutating func value(_ value: JSONValue) throws(NonFiniteNumber) {
    switch value {
    case .null: raw("null")
    case .bool(let flag): bool(flag)
    case .number(let number): try self.number(number)
    case .string(let text): string(text)
    case .array(let elements):
      byte(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        try self.value(element)
      }
      byte(UInt8(ascii: "]"))
    case .object(let members):
      try object(members)
    }
  }

  /// Writes an object of any JSON values, keys in UTF-8 order.
  public mutating func object(_ members: [String: JSONValue]) throws(NonFiniteNumber) {
    byte(UInt8(ascii: "{"))
    let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    for (index, member) in sorted.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      string(member.key)
      byte(UInt8(ascii: ":"))
      try value(member.value)
    }
    byte(UInt8(ascii: "}"))
  }
}
