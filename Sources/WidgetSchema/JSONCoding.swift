import FoundationEssentials
import WidgetSupport

/// The JSON conventions shared by every payload: dates as RFC 3339 strings in UTC
/// (`2026-11-30T04:07:41.123Z`; fractional seconds optional on input), keys as documented.
public enum WidgetJSON {
  /// An encoder following the conventions; keys are sorted so output is stable.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(RFC3339.string(from: date))
    }
    return encoder
  }

  /// A decoder following the conventions.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = RFC3339.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "'\(text)' is not an RFC 3339 date (like 2026-11-30T04:07:41Z)")
      }
      return date
    }
    return decoder
  }

  /// Decodes `type` from `data`, turning any failure into a ``SchemaError`` that names the JSON
  /// path of the offending field.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(SchemaError) -> T
  {
    // The replies decoded on every update take the hand-written path; when it gives up, the
    // decoder below decides (and names what is wrong).
    if let value = ReplyReader.decode(type, from: data) { return value }
    do {
      return try decoder().decode(type, from: data)
    } catch let error as DecodingError {
      // Foundation's parser calls a document nested too deeply "not valid JSON".
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
        exceedsNesting(data)
      {
        throw SchemaError(
          path: "",
          message: "nested more than \(maximumNesting) levels deep; a reply is at most "
            + "\(maximumNesting) (each view of a tree is a level or two)")
      }
      throw SchemaError(error)
    } catch {
      throw SchemaError(path: "", message: "\(error)")
    }
  }

  /// The deepest nesting of arrays and objects Foundation's parser reads.
  public static let maximumNesting = 512

  /// Whether `data` nests arrays and objects deeper than ``maximumNesting`` (strings skipped).
  static func exceedsNesting(_ data: Data) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumNesting { return true }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return false
  }

  /// Encodes `value` as one line of UTF-8 JSON.
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    try encoder().encode(value)
  }
}

/// A payload that does not match the schema: where (a JSON path such as `kinds[0].families[1]`,
/// empty for the whole document) and what is wrong.
public struct SchemaError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
  /// The JSON path of the offending value; empty for the document itself.
  public var path: String
  /// What is wrong there.
  public var message: String

  /// Creates an error.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// Converts a Foundation decoding error.
  public init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(
        path: JSONPath.string(context.codingPath + [key]), message: "missing required field")
    case .valueNotFound(let type, let context):
      self.init(
        path: JSONPath.string(context.codingPath),
        message: "expected \(JSONPath.typeName(type)), found null")
    case .typeMismatch(let type, let context):
      self.init(
        path: JSONPath.string(context.codingPath),
        message: "expected \(JSONPath.typeName(type))")
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\($0))" } ?? ""
      // The parser's errors ("The given data was not valid JSON.", with the parser's reason);
      // a value that a type refuses at the top (an image with two sources) is not one.
      let isParserError =
        context.underlyingError != nil || context.debugDescription.contains("not valid JSON")
      let message =
        context.codingPath.isEmpty && isParserError
        ? "not valid JSON: \(context.debugDescription)\(underlying)"
        : context.debugDescription
      self.init(path: JSONPath.string(context.codingPath), message: message)
    @unknown default:
      self.init(path: "", message: "\(error)")
    }
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

enum JSONPath {
  static func string(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        if !result.isEmpty { result += "." }
        result += key.stringValue
      }
    }
    return result
  }

  static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Double.Type, is Float.Type: "a number"
    case is Int.Type, is Int32.Type, is Int64.Type, is UInt32.Type, is UInt64.Type: "an integer"
    case is [Any].Type: "an array"
    default:
      "\(type)".hasPrefix("Array") ? "an array" : "an object"
    }
  }
}

/// A value type whose JSON form is one of a fixed set of strings; decoding anything else names
/// the accepted values.
public protocol JSONEnum: RawRepresentable, CaseIterable, Codable, JSONWritable
where RawValue == String {}

extension JSONEnum {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let value = Self(rawValue: raw) else {
      let expected = Self.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "unknown value '\(raw)' (expected one of: \(expected))")
    }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
