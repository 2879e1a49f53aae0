import FoundationEssentials
import WidgetSupport

/// Where an object's fields come from: a decoder's keyed container (`init(from:)`, with
/// `JSONDecoder`'s errors and paths) or a reply's tape (the reply reader, which gives up on
/// anything it does not accept and leaves the error to the decoder).
protocol JSONFieldSource {
  associatedtype Failure: Error
  /// The field `key`, which must be there.
  func value<Value: JSONReadable>(_ key: StaticString, as type: Value.Type) throws(Failure) -> Value
  /// The field `key`, nil when absent or null.
  func valueIfPresent<Value: JSONReadable>(
    _ key: StaticString, as type: Value.Type
  ) throws(Failure) -> Value?
  /// The error for a field whose value the type refuses.
  func corrupted(_ key: StaticString, _ message: String) -> Failure
}

/// A value a reply holds: read by the decoder (Decodable) or from the tape.
protocol JSONReadable: Decodable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> Self
}

/// An object defined once by the fields it reads (``init(fields:)``).
protocol JSONObjectReadable: JSONReadable {
  init<Source: JSONFieldSource>(fields: Source) throws(Source.Failure)
}

extension JSONObjectReadable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> Self {
    try Self(fields: TapeFieldSource(reader: reader, object: try reader.object(value)))
  }

  /// `init(from:)` through ``init(fields:)``.
  init(decoder: any Decoder) throws {
    try self.init(
      fields: DecoderFieldSource(container: decoder.container(keyedBy: JSONFieldKey.self)))
  }
}

struct DecoderFieldSource: JSONFieldSource {
  let container: KeyedDecodingContainer<JSONFieldKey>

  func value<Value: JSONReadable>(_ key: StaticString, as type: Value.Type) throws(any Error)
    -> Value
  {
    try container.decode(type, forKey: JSONFieldKey(key))
  }

  func valueIfPresent<Value: JSONReadable>(
    _ key: StaticString, as type: Value.Type
  ) throws(any Error) -> Value? {
    try container.decodeIfPresent(type, forKey: JSONFieldKey(key))
  }

  func corrupted(_ key: StaticString, _ message: String) -> any Error {
    DecodingError.dataCorruptedError(
      forKey: JSONFieldKey(key), in: container, debugDescription: message)
  }
}

struct TapeFieldSource: JSONFieldSource {
  let reader: ReplyReader
  let object: Int

  @inline(__always)
  func value<Value: JSONReadable>(
    _ key: StaticString, as type: Value.Type
  ) throws(JSONTapeRefusal) -> Value {
    try Value.read(reader, at: try reader.required(object, key))
  }

  @inline(__always)
  func valueIfPresent<Value: JSONReadable>(
    _ key: StaticString, as type: Value.Type
  ) throws(JSONTapeRefusal) -> Value? {
    guard let value = reader.optional(object, key) else { return nil }
    return try Value.read(reader, at: value)
  }

  func corrupted(_ key: StaticString, _ message: String) -> JSONTapeRefusal { JSONTapeRefusal() }
}

extension String: JSONReadable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> String {
    try reader.string(value)
  }
}

extension Double: JSONReadable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> Double {
    try reader.double(value)
  }
}

extension Date: JSONReadable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> Date {
    try reader.date(value)
  }
}

extension ViewNode: JSONReadable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> ViewNode {
    try reader.view(value)
  }
}

extension Array: JSONReadable where Element: JSONReadable {
  static func read(_ reader: ReplyReader, at value: Int) throws(JSONTapeRefusal) -> [Element] {
    try reader.array(value) { (element) throws(JSONTapeRefusal) in
      try Element.read(reader, at: element)
    }
  }
}
