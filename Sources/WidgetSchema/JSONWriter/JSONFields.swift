import FoundationEssentials
import WidgetSupport

/// A value of a wire format that ``JSONByteWriter`` writes: the same bytes as
/// `WidgetJSON.encoder()` gives for it, without `JSONEncoder`'s boxes and dynamic casts.
public protocol JSONWritable: Encodable {
  /// Writes the value as JSON. Throws for a number JSON cannot hold.
  func write(to writer: inout JSONByteWriter) throws(JSONByteWriter.NonFiniteNumber)

  /// Writes `elements`, commas between them, for an array of them.
  static func write(
    _ elements: UnsafeBufferPointer<Self>, to writer: inout JSONByteWriter
  ) throws(JSONByteWriter.NonFiniteNumber)
}

extension JSONWritable {
  @inline(__always)
  public static func write(
    _ elements: UnsafeBufferPointer<Self>, to writer: inout JSONByteWriter
  ) throws(JSONByteWriter.NonFiniteNumber) {
    for index in elements.indices {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      try elements[index].write(to: &writer)
    }
  }
}

/// A JSON object of a wire format, defined once by the fields it writes.
///
/// ``encodeFields(into:)`` is the type's one encoding: `encode(to:)` (Codable, `JSONEncoder`)
/// and ``JSONByteWriter`` (the stream, the state store, provider calls) both run it, each with a
/// sink of its own. Fields are given in key order (UTF-8), the order `JSONEncoder`'s
/// `.sortedKeys` writes them in: the writer writes them as they come, and a debug build stops at
/// one out of order. Structs whose Codable conformance is synthesized get theirs from their
/// stored properties (`@JSONFields`), sorted.
public protocol JSONObjectFields: JSONWritable {
  /// Gives each of the object's fields to `sink`; a field left out is not written.
  func encodeFields<Sink: JSONFieldSink & ~Copyable>(into sink: inout Sink) throws(Sink.Failure)
}

/// Where an object's fields go: ``JSONByteWriter``, or an `Encoder`'s keyed container.
public protocol JSONFieldSink: ~Copyable {
  /// What giving a field can throw.
  associatedtype Failure: Error
  /// Writes `value` under `key`.
  mutating func field<Value: JSONWritable>(_ key: StaticString, _ value: Value) throws(Failure)
}

extension JSONFieldSink where Self: ~Copyable {
  /// Writes `value` under `key` when it is set (`encodeIfPresent`).
  @inline(__always)
  public mutating func fieldIfPresent<Value: JSONWritable>(
    _ key: StaticString, _ value: Value?
  ) throws(Failure) {
    if let value { try field(key, value) }
  }
}

/// Declares a struct's ``JSONObjectFields`` from its stored properties, as Codable synthesizes
/// its `encode(to:)` (WidgetMacros' `JSONFieldsMacro`).
@attached(extension, conformances: JSONObjectFields, names: named(encodeFields))
macro JSONFields() = #externalMacro(module: "WidgetMacros", type: "JSONFieldsMacro")

extension JSONObjectFields {
  /// Encodes the fields of ``encodeFields(into:)`` into `encoder`'s keyed container.
  public func encode(to encoder: any Encoder) throws {
    var sink = EncoderFieldSink(container: encoder.container(keyedBy: JSONFieldKey.self))
    try encodeFields(into: &sink)
  }

  /// Writes the object: its fields between braces, sorted by key.
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) throws(JSONByteWriter.NonFiniteNumber) {
    let object = writer.beginObject()
    try encodeFields(into: &writer)
    writer.endObject(object)
  }
}

/// A key of ``EncoderFieldSink``: the field's name.
struct JSONFieldKey: CodingKey {
  var stringValue: String
  init(stringValue: String) { self.stringValue = stringValue }
  init(_ name: StaticString) { stringValue = name.description }
  var intValue: Int? { nil }
  init?(intValue: Int) { nil }
}

/// The sink of `encode(to:)`: each field into the encoder's keyed container.
struct EncoderFieldSink: JSONFieldSink {
  var container: KeyedEncodingContainer<JSONFieldKey>

  mutating func field<Value: JSONWritable>(_ key: StaticString, _ value: Value) throws(any Error) {
    try container.encode(value, forKey: JSONFieldKey(key))
  }
}

// MARK: The values fields hold

extension String: JSONWritable {
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) { writer.string(self) }

  /// Each string written straight from the buffer: through `write(to:)`, the compiler
  /// retained every string first (an entry's `lines`).
  @inline(__always)
  public static func write(
    _ elements: UnsafeBufferPointer<String>, to writer: inout JSONByteWriter
  ) {
    for index in elements.indices {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      writer.string(elements[index])
    }
  }
}

extension Int: JSONWritable {
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) { writer.integer(self) }
}

extension UInt64: JSONWritable {
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) { writer.unsigned(self) }
}

extension Double: JSONWritable {
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) throws(JSONByteWriter.NonFiniteNumber) {
    try writer.number(self)
  }
}

extension Bool: JSONWritable {
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) { writer.bool(self) }
}

extension Date: JSONWritable {
  /// An RFC 3339 string, as `WidgetJSON.encoder()`'s date strategy writes it.
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) { writer.date(self) }
}

extension Data: JSONWritable {
  /// A base64 string, as `JSONEncoder`'s default data strategy writes it.
  public func write(to writer: inout JSONByteWriter) { writer.string(base64EncodedString()) }
}

extension JSONValue: JSONWritable {
  public func write(to writer: inout JSONByteWriter) throws(JSONByteWriter.NonFiniteNumber) {
    try writer.value(self)
  }
}

extension Dictionary: JSONWritable where Key == String, Value == JSONValue {
  /// An object, members sorted by key.
  public func write(to writer: inout JSONByteWriter) throws(JSONByteWriter.NonFiniteNumber) {
    try writer.object(self)
  }
}

extension Array: JSONWritable where Element: JSONWritable {
  public func write(to writer: inout JSONByteWriter) throws(JSONByteWriter.NonFiniteNumber) {
    writer.byte(UInt8(ascii: "["))
    // Through the array's buffer: each element is written where it is, not copied (and what it
    // holds retained) first, as the array's subscript does.
    try withUnsafeBufferPointer { (elements) throws(JSONByteWriter.NonFiniteNumber) in
      try Element.write(elements, to: &writer)
    }
    writer.byte(UInt8(ascii: "]"))
  }
}

extension JSONEnum {
  /// The case's raw value, as a string.
  @inline(__always)
  public func write(to writer: inout JSONByteWriter) { writer.string(rawValue) }
}

extension JSONByteWriter: JSONFieldSink {
  /// A number JSON cannot hold.
  public typealias Failure = NonFiniteNumber
}
