import FoundationEssentials
import Synchronization

/// A JSON document parsed onto a tape, for ``ReplyReader``: strict RFC 8259 (no comments, no
/// trailing commas, UTF-8 only), object members in document order.
///
/// The tape is one array of nodes in document order: an object's node is followed by its
/// members (a key's node, then its value's nodes), an array's by its elements, and every node
/// says where the next value after it (and all it contains) starts, so a reader steps over a
/// member without looking inside it. Keys and plain ASCII strings stay bytes of the document
/// until read; a string with escapes or other characters is decoded once, while parsing. One
/// array for the whole reply instead of an array per object and array and a `String` per key.
///
/// It only says whether a document is well formed, never why not: ``ReplyReader`` gives up on
/// anything unusual and lets Foundation's `JSONDecoder` produce the error message.
struct JSONTape {
  enum Kind: UInt8 {
    case null
    case bool
    case number
    case string
    case array
    case object
  }

  struct Node {
    var kind: Kind
    /// A bool's value; for a number, whether ``integer`` holds it; for a string, whether it
    /// is in ``JSONTape/decoded`` (at index ``start``) rather than in the document's bytes.
    var flag = false
    /// The index of the node after this value, its members or elements included.
    var next = 0
    /// A string's first byte in the document, or its index in ``JSONTape/decoded``.
    var start = 0
    /// The index after a string's last byte in the document.
    var end = 0
    /// A number's value.
    var number = 0.0
    /// A number's value as an `Int`, when it was written as an integer that fits (no
    /// fraction, no exponent); for an object, ``keyLengths``.
    var integer = 0

    /// For an object: bit `n % 64` set for each of its keys that is `n` bytes long (kept in
    /// ``integer``, which an object has no other use for). A key of a length no member has is
    /// known absent without a look at the members: most keys a reader asks for and does not
    /// find (the text style fields of a `style` node, a stack's `spacing`, a run's
    /// `attributes`), and most keys checked for duplicates while parsing.
    var keyLengths: UInt64 {
      get { UInt64(bitPattern: Int64(integer)) }
      set { integer = Int(Int64(bitPattern: newValue)) }
    }

    init(kind: Kind, flag: Bool = false) {
      self.kind = kind
      self.flag = flag
    }
  }

  /// The document.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The values, in document order, the document's value first: the first ``count`` nodes
  /// (the array's other nodes are spare room, ``capacity(for:)``).
  private(set) var nodes: [Node] = []
  /// How many of ``nodes`` are the document's.
  private(set) var count = 0
  /// The strings that are not plain ASCII in the document: decoded once, while parsing.
  private(set) var decoded: [String] = []

  /// Nesting deeper than this is left to `JSONDecoder` (which refuses 512 levels).
  static let maximumDepth = 256

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses `bytes`, which must outlive the tape; nil when they are not a JSON document this
  /// parser accepts.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONTape? {
    var storage: [Node] = []
    return parse(bytes, storage: &storage)
  }

  /// Parses `bytes` onto the storage of `storage`, which the tape takes (`storage` is left
  /// empty): ``spareStorage()``'s, to be given back with ``recycle(_:)``.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, storage: inout [Node]
  ) -> JSONTape? {
    // Room for every node the document can need (``capacity(for:)``), except in a large one:
    // there the bound (48 bytes of nodes per two bytes of document, 384 MiB for a reply at the
    // 16 MiB limit) would be mostly unused, so the room is that of a typical reply (a value for
    // every 7 bytes or so), and only a document that needs more is parsed again with all of it.
    let bound = Self.capacity(for: bytes.count)
    var room = bound <= spareNodesLimit ? bound : bytes.count / 6 + 8
    var parsed: (count: Int, decoded: [String])?
    while true {
      if storage.count < room {
        storage = Array(repeating: Node(kind: .null), count: room)
      }
      // The parser writes into the array's nodes through a buffer pointer: appending to the
      // array (or assigning through its subscript) checked its capacity and whether it was
      // uniquely referenced on every node written, most of the parser's own time after the
      // scanning.
      var outOfRoom = false
      parsed = storage.withUnsafeMutableBufferPointer { slots -> (Int, [String])? in
        var parser = JSONTapeParser(bytes: bytes, slots: slots)
        defer { outOfRoom = parser.outOfRoom }
        guard (try? parser.value(depth: 0)) != nil else { return nil }
        parser.skipWhitespace()
        guard parser.index == bytes.count else { return nil }
        return (parser.count, parser.decoded)
      }
      guard parsed == nil, outOfRoom, room < bound else { break }
      room = bound
    }
    guard let (count, decoded) = parsed else { return nil }
    var tape = JSONTape(bytes: bytes)
    swap(&tape.nodes, &storage)
    tape.count = count
    tape.decoded = decoded
    return tape
  }

  /// The nodes a document of `byteCount` bytes can need, at most: one for every two bytes, and
  /// one more. Every value has two bytes of its own: its brackets, its quotes (a key's too), a
  /// literal's letters, or a number's digit and the `,` after it. A number with no `,` after
  /// it is the last value of its array or object, which then has a byte to spare when a `,`
  /// follows it; when none does, it is itself the last of its own array or object, and so on
  /// up to the document, which may be a byte short (`[[1],[1]]`: 9 bytes, 5 values). The
  /// parser checks every node it writes against the room it has all the same, refusing the
  /// document (it then goes to `JSONDecoder`) rather than writing past it.
  static func capacity(for byteCount: Int) -> Int { byteCount / 2 + 1 }

  /// The node array of the last tape given to ``recycle(_:)``, its nodes to be written over by
  /// the next parse.
  ///
  /// A reply's nodes take a few KiB (48 bytes each: the bench widget's 429-byte reply has room
  /// for 215), more than glibc serves from its per-thread cache (1032 bytes): allocating them went
  /// through malloc's bins and often its consolidation of free chunks, up to a fifth of the
  /// parse's samples in the update profile. An uncontended lock to take and give back the array
  /// costs much less. Two parses at once: the second allocates as before. (Plain functions rather
  /// than one taking a closure: a generic function taking the reading as a closure cost more in
  /// generic metadata look-ups than the allocation it saves.)
  private static let spareNodes = Mutex<[Node]>([])

  /// Arrays larger than this many nodes are not kept (a reply larger than 2 KiB is rare).
  static let spareNodesLimit = 1024

  /// The node array kept by the last ``recycle(_:)``, or a new one; for ``parse(_:storage:)``.
  static func spareStorage() -> [Node] {
    var nodes: [Node] = []
    spareNodes.withLock { swap(&nodes, &$0) }
    return nodes
  }

  /// Keeps `tape`'s nodes for the next parse to write over; `tape` is left without nodes. It
  /// must be the tape's last copy (the next parse writes into the array in place only when it
  /// is not shared).
  static func recycle(_ tape: inout JSONTape) {
    var nodes: [Node] = []
    swap(&nodes, &tape.nodes)
    tape.count = 0
    guard nodes.count <= spareNodesLimit else { return }
    spareNodes.withLock { swap(&nodes, &$0) }
  }

  // MARK: Reading

  /// The kind of the value at `index`.
  @inline(__always)
  func kind(_ index: Int) -> Kind { nodes[index].kind }

  /// The index of the next value after the one at `index` (the next element of its array, the
  /// next key of its object, or past its container's end).
  @inline(__always)
  func after(_ index: Int) -> Int { nodes[index].next }

  /// The value of the member `key` of the object at `object`, when it has it.
  ///
  /// Inlined: a reply's read makes a few dozen lookups, and as a call each one paid for the
  /// call and for loading whole nodes; inlined into the reader, with the key a constant, it
  /// costs less (about 4 % of reading in the micro-benchmark).
  @inline(__always)
  func member(_ object: Int, _ key: StaticString) -> Int? {
    guard nodes[object].keyLengths & Self.lengthBit(key.utf8CodeUnitCount) != 0 else {
      return nil
    }
    let end = nodes[object].next
    var index = object + 1
    while index < end {
      if rawEquals(index, key) { return index + 1 }
      index = nodes[index + 1].next
    }
    return nil
  }

  /// A key length's bit in ``Node/keyLengths``.
  @inline(__always)
  static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(length & 63) }

  /// The string at `index`.
  func string(_ index: Int) -> String {
    let node = nodes[index]
    if node.flag { return decoded[node.start] }
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)
  }

  /// The document's bytes of the string at `index` when they are the string (plain ASCII,
  /// no escapes); nil for a string decoded while parsing.
  func plainBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
    let node = nodes[index]
    guard !node.flag else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
  }

  /// Whether the string at `index` is `literal`.
  func stringEquals(_ index: Int, _ literal: StaticString) -> Bool {
    if nodes[index].flag {
      return decoded[nodes[index].start].utf8.elementsEqual(
        UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
    return rawEquals(index, literal)
  }

  /// Whether the document's bytes of the string at `index` (a key, or a plain ASCII string)
  /// are `literal`.
  @inline(__always)
  private func rawEquals(_ index: Int, _ literal: StaticString) -> Bool {
    let node = nodes[index]
    let count = literal.utf8CodeUnitCount
    guard !node.flag, node.end - node.start == count else { return false }
    return Self.sameBytes(bytes.baseAddress! + node.start, literal.utf8Start, count)
  }

  /// Whether the `count` bytes at `first` and `second` are the same: a loop over pointers,
  /// without the overflow checks of adding offsets to indices, which took most of a member
  /// lookup (the keys compared are short, and most that differ do at their first byte).
  @inline(__always)
  static func sameBytes(
    _ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, _ count: Int
  ) -> Bool {
    var offset = 0
    while offset < count {
      if first[offset] != second[offset] { return false }
      offset &+= 1
    }
    return true
  }
}

/// The parser's only failure: not a document it accepts.
struct JSONTapeRefusal: Error {}

private struct JSONTapeParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// Where the nodes go: the tape's array, ``JSONTape/capacity(for:)`` nodes or more.
  let slots: UnsafeMutableBufferPointer<JSONTape.Node>
  /// How many nodes are written.
  var count = 0
  /// Whether the document was refused for want of room for its nodes.
  var outOfRoom = false
  var decoded: [String] = []

  init(bytes: UnsafeBufferPointer<UInt8>, slots: UnsafeMutableBufferPointer<JSONTape.Node>) {
    self.bytes = bytes
    self.slots = slots
  }

  /// Writes `node` after the others; a document needing more nodes than there is room for is
  /// refused (``JSONTape/capacity(for:)`` says why none does).
  @inline(__always)
  mutating func write(_ node: JSONTape.Node) throws(JSONTapeRefusal) {
    guard count < slots.count else {
      outOfRoom = true
      throw JSONTapeRefusal()
    }
    slots[count] = node
    count += 1
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
  mutating func expect(_ literal: StaticString) throws(JSONTapeRefusal) {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw JSONTapeRefusal() }
    let start = literal.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] {
      throw JSONTapeRefusal()
    }
    index += count
  }

  /// Appends a value's nodes.
  mutating func value(depth: Int) throws(JSONTapeRefusal) {
    guard depth < JSONTape.maximumDepth else { throw JSONTapeRefusal() }
    skipWhitespace()
    guard index < bytes.count else { throw JSONTapeRefusal() }
    switch bytes[index] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = bytes[index] == UInt8(ascii: "{")
      let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      index += 1
      let container = count
      try write(JSONTape.Node(kind: isObject ? .object : .array))
      defer { slots[container].next = count }
      skipWhitespace()
      if index < bytes.count, bytes[index] == closing {
        index += 1
        return
      }
      while true {
        if isObject {
          try member(of: container, depth: depth)
        } else {
          try value(depth: depth + 1)
        }
        if try closes(closing) { return }
      }
    case UInt8(ascii: "\""):
      try string()
    case UInt8(ascii: "t"):
      try expect("true")
      try append(JSONTape.Node(kind: .bool, flag: true))
    case UInt8(ascii: "f"):
      try expect("false")
      try append(JSONTape.Node(kind: .bool, flag: false))
    case UInt8(ascii: "n"):
      try expect("null")
      try append(JSONTape.Node(kind: .null))
    default:
      try number()
    }
  }

  /// One member of the object whose node is at `object`: its key (a key the object already has
  /// is refused: which of two equal keys `JSONDecoder` keeps is its business), `:` and value.
  private mutating func member(of object: Int, depth: Int) throws(JSONTapeRefusal) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw JSONTapeRefusal()
    }
    let key = count
    try self.key()
    let bit = JSONTape.lengthBit(slots[key].end - slots[key].start)
    // A key of a length no earlier key has is no duplicate.
    if slots[object].keyLengths & bit != 0 {
      var member = object + 1
      while member < key {
        if sameBytes(member, key) { throw JSONTapeRefusal() }
        member = slots[member + 1].next
      }
    }
    slots[object].keyLengths |= bit
    skipWhitespace()
    try expect(":")
    try value(depth: depth + 1)
  }

  /// After a member or element: consumes the `,` before the next one (false) or the
  /// container's `closing` bracket (true); anything else is refused.
  @inline(__always)
  private mutating func closes(_ closing: UInt8) throws(JSONTapeRefusal) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw JSONTapeRefusal() }
    let byte = bytes[index]
    guard byte == UInt8(ascii: ",") || byte == closing else { throw JSONTapeRefusal() }
    index += 1
    return byte == closing
  }

  /// Writes a leaf node, which the next value follows.
  @inline(__always)
  mutating func append(_ node: JSONTape.Node) throws(JSONTapeRefusal) {
    var node = node
    node.next = count + 1
    try write(node)
  }

  /// Whether the keys at `first` and `second` have the same bytes (keys have no escapes, so the
  /// same bytes are the same key).
  private func sameBytes(_ first: Int, _ second: Int) -> Bool {
    let a = slots[first]
    let b = slots[second]
    guard a.end - a.start == b.end - b.start else { return false }
    return JSONTape.sameBytes(
      bytes.baseAddress! + a.start, bytes.baseAddress! + b.start, a.end - a.start)
  }

  /// A key starting at its opening quote, kept as the document's bytes. A key with an escape is
  /// left to `JSONDecoder` (no key of a reply has one).
  mutating func key() throws(JSONTapeRefusal) {
    index += 1
    let start = index
    var isASCII = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if !isASCII {
          guard
            String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
              != nil
          else { throw JSONTapeRefusal() }
        }
        var node = JSONTape.Node(kind: .string)
        node.start = start
        node.end = index
        try append(node)
        index += 1
        return
      }
      guard byte >= 0x20, byte != UInt8(ascii: "\\") else { throw JSONTapeRefusal() }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    throw JSONTapeRefusal()
  }

  /// A string value starting at its opening quote: plain ASCII stays the document's bytes,
  /// anything else is decoded now.
  mutating func string() throws(JSONTapeRefusal) {
    index += 1
    let start = index
    var isASCII = true
    // The common case: no escapes, so the bytes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        var node = JSONTape.Node(kind: .string)
        if isASCII {
          node.start = start
          node.end = index
        } else {
          guard
            let text = String(
              validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
          else { throw JSONTapeRefusal() }
          node.flag = true
          node.start = decoded.count
          decoded.append(text)
        }
        try append(node)
        index += 1
        return
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw JSONTapeRefusal() }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: unescaped, as: UTF8.self) else {
          throw JSONTapeRefusal()
        }
        var node = JSONTape.Node(kind: .string, flag: true)
        node.start = decoded.count
        decoded.append(text)
        try append(node)
        return
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw JSONTapeRefusal() }
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
            guard (0xDC00..<0xE000).contains(low) else { throw JSONTapeRefusal() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw JSONTapeRefusal() }
          unescaped.append(contentsOf: String(Character(unicode)).utf8)
        default:
          throw JSONTapeRefusal()
        }
      default:
        guard byte >= 0x20 else { throw JSONTapeRefusal() }
        unescaped.append(byte)
      }
    }
    throw JSONTapeRefusal()
  }

  mutating func hex4() throws(JSONTapeRefusal) -> UInt32 {
    guard index + 4 <= bytes.count else { throw JSONTapeRefusal() }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONTapeRefusal()
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number, checked against RFC 8259's grammar.
  mutating func number() throws(JSONTapeRefusal) {
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
    guard integerDigits > 0 else { throw JSONTapeRefusal() }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw JSONTapeRefusal()
    }
    // Foundation's parser refuses a zero followed by an exponent (`0E2`, `-0e1`), which RFC 8259
    // allows: the reader gives up on it too, so that both read the same replies (a fuzz finding).
    if integerDigits == 1, bytes[integerStart] == UInt8(ascii: "0"), index < bytes.count,
      bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
    {
      throw JSONTapeRefusal()
    }
    var integral = true
    var mantissaEnd = index
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw JSONTapeRefusal() }
      integral = false
      mantissaEnd = index
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { throw JSONTapeRefusal() }
      integral = false
    }
    let negative = bytes[start] == UInt8(ascii: "-")
    var node = JSONTape.Node(kind: .number)
    if integral && integerDigits <= 15 {
      // Exact in both an Int and a Double.
      var value = 0
      for offset in integerStart..<index { value = value * 10 + Int(bytes[offset] - 48) }
      if negative { value = -value }
      node.flag = true
      node.integer = value
      node.number = value == 0 && negative ? -0.0 : Double(value)
      try append(node)
      return
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    // Overflow (infinity) and underflow (a non-zero literal read as 0) are left to
    // `JSONDecoder` to judge.
    guard let value = Double(text), value.isFinite else { throw JSONTapeRefusal() }
    if value == 0 {
      for offset in integerStart..<mantissaEnd
      where (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[offset]) {
        throw JSONTapeRefusal()
      }
    }
    node.number = value
    if integral, let integer = Int(text) {
      node.flag = true
      node.integer = integer
    }
    try append(node)
  }
}
