import Foundation

/// A validator for the subset of JSON Schema (draft 2020-12) that the status-bar schemas in
/// docs/schemas/status-bars use: `type`, `const`, `required`, `properties`,
/// `additionalProperties: false`, `items`, `minItems`, `minLength`, `minimum`, `maximum` and
/// `pattern`. Any other keyword is reported as a problem, so a schema cannot silently check
/// less than it says.
public struct SchemaSubset: Sendable {
  /// A JSON value that keeps booleans, integers and other numbers apart.
  public indirect enum Value: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([Value])
    case object([String: Value])

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Int.self) {
        self = .integer(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([Value].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: Value].self))
      }
    }

    var number: Double? {
      switch self {
      case .integer(let value): Double(value)
      case .number(let value): value
      default: nil
      }
    }
  }

  private let schema: Value

  /// Loads `docs/schemas/<path>` from the repository.
  public init(documented path: String) throws {
    let url = TestSupport.repositoryRoot.appendingPathComponent("docs/schemas/\(path)")
    schema = try JSONDecoder().decode(Value.self, from: Data(contentsOf: url))
  }

  /// The problems found in one JSON text (empty when it is valid).
  public func problems(in json: String) -> [String] {
    guard let value = try? JSONDecoder().decode(Value.self, from: Data(json.utf8)) else {
      return ["not JSON: \(json)"]
    }
    return Self.check(value, against: schema, at: "$")
  }

  private static let annotations: Set<String> = ["$schema", "$id", "title", "description"]

  private static func check(_ value: Value, against schema: Value, at path: String) -> [String] {
    guard case .object(let rules) = schema else { return ["\(path): schema is not an object"] }
    var problems: [String] = []
    for (keyword, rule) in rules.sorted(by: { $0.key < $1.key })
    where !annotations.contains(keyword) {
      switch (keyword, rule, value) {
      case ("type", .string(let type), _):
        if !matches(value, type: type) {
          problems.append("\(path): expected \(type), got \(value)")
        }
      case ("const", _, _):
        if rule != value { problems.append("\(path): expected \(rule), got \(value)") }
      case ("required", .array(let keys), .object(let object)):
        for case .string(let key) in keys where object[key] == nil {
          problems.append("\(path): missing \(key)")
        }
      case ("properties", .object(let properties), .object(let object)):
        for (key, sub) in properties {
          if let member = object[key] {
            problems += check(member, against: sub, at: "\(path).\(key)")
          }
        }
      case ("additionalProperties", .bool(false), .object(let object)):
        guard case .object(let properties)? = rules["properties"] else { continue }
        for key in object.keys.sorted() where properties[key] == nil {
          problems.append("\(path): unexpected \(key)")
        }
      case ("items", _, .array(let array)):
        for (index, item) in array.enumerated() {
          problems += check(item, against: rule, at: "\(path)[\(index)]")
        }
      case ("minItems", .integer(let least), .array(let array)):
        if array.count < least { problems.append("\(path): fewer than \(least) items") }
      case ("minLength", .integer(let least), .string(let string)):
        if string.count < least { problems.append("\(path): shorter than \(least)") }
      case ("minimum", _, _), ("maximum", _, _):
        guard let number = value.number, let bound = rule.number else { continue }
        if keyword == "minimum" ? number < bound : number > bound {
          problems.append("\(path): \(number) is beyond the \(keyword) \(bound)")
        }
      case ("pattern", .string(let pattern), .string(let string)):
        if string.range(of: pattern, options: .regularExpression) == nil {
          problems.append("\(path): '\(string)' does not match \(pattern)")
        }
      case ("required", _, _), ("properties", _, _), ("additionalProperties", _, _),
        ("items", _, _), ("minItems", _, _), ("minLength", _, _), ("pattern", _, _):
        continue  // Applies to another type of value.
      default:
        problems.append("\(path): unsupported schema keyword \(keyword)")
      }
    }
    return problems
  }

  private static func matches(_ value: Value, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool),
      ("integer", .integer), ("number", .integer), ("number", .number), ("null", .null):
      true
    default:
      false
    }
  }
}
