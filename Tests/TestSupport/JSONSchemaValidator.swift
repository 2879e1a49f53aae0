import Foundation

/// A small JSON Schema (draft 2020-12) validator for the keywords the project's schemas use:
/// type, const, enum, required, dependentRequired, properties, additionalProperties, items,
/// minItems, maxItems, minLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum, pattern,
/// allOf, anyOf, oneOf, not, if/then/else and `$ref` to `#`, `#/$defs/…` and
/// sibling files (`other.schema.json#/$defs/…`). `format` and descriptions are annotations.
/// Unknown keywords fail loudly, so a schema cannot silently stop being checked.
///
/// Stricter than the schemas themselves: an object key that no schema applying to the object
/// declares (in `properties`, or through `additionalProperties`) is a problem, as if every
/// object had `unevaluatedProperties: false`. The published schemas stay open, since the stream
/// may gain fields within a version (docs/stream.md#versioning), but what this host writes must
/// be declared: a field added to a definition and not to its schema fails every test that
/// validates a line carrying it.
public final class JSONSchemaValidator: @unchecked Sendable {
  // Unchecked: the schema cache is filled under `lock`.
  private let folder: URL
  private var schemas: [String: Any] = [:]
  private let lock = NSLock()

  /// Validates against the schemas in `folder`.
  public init(folder: URL) {
    self.folder = folder
  }

  /// The schemas of the stream, in docs/schemas/stream.
  public static let stream = JSONSchemaValidator(
    folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas/stream"))

  /// The schemas of the status-bar formats, in docs/schemas/status-bars.
  public static let statusBars = JSONSchemaValidator(
    folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas/status-bars"))

  /// The problems of one line of the stream against the schema of its `type` (the header's
  /// is `header`).
  public func streamLineProblems(_ line: String) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let type = object["type"] as? String
    else { return ["not a JSON object with a type: \(line)"] }
    return problems(in: line, against: "\(type).schema.json")
  }

  /// The problems of the JSON text `json` against schema file `file`.
  public func problems(in json: String, against file: String) -> [String] {
    problems(Data(json.utf8), against: file)
  }

  /// The problems of `json` against schema file `file`; empty when it is valid.
  public func problems(_ json: Data, against file: String) -> [String] {
    var used: Set<String> = []
    return problems(json, against: file, used: &used)
  }

  /// The problems of `json` against schema file `file`, and in `used`, the schemas' properties
  /// that a key of `json` was checked against, named as ``declaredProperties(in:)`` names them.
  public func problems(_ json: Data, against file: String, used: inout Set<String>) -> [String] {
    guard let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
    else {
      return ["not JSON"]
    }
    var problems: [String] = []
    var evaluated = Evaluation()
    validate(value, schema(file), file: file, path: "", into: &problems, evaluated: &evaluated)
    if problems.isEmpty { Self.undeclaredKeys(value, path: "", evaluated.keys, into: &problems) }
    used.formUnion(evaluated.used)
    return problems
  }

  /// Every property the schema file `file` declares, in its `properties` at any depth (its
  /// `$defs` too): `file#pointer/properties/key`.
  public func declaredProperties(in file: String) -> Set<String> {
    var found: Set<String> = []
    func walk(_ node: Any, _ pointer: String) {
      if let object = node as? [String: Any] {
        for (key, child) in object {
          if key == "properties", let properties = child as? [String: Any] {
            for name in properties.keys { found.insert(Self.property(file, pointer, name)) }
          }
          // Inside `properties` the keys are names, not keywords: they are walked all the same.
          walk(child, "\(pointer)/\(key)")
        }
      } else if let array = node as? [Any] {
        for (index, item) in array.enumerated() { walk(item, "\(pointer)/\(index)") }
      }
    }
    walk(schema(file), "")
    return found
  }

  /// The schema files of the folder.
  public var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".schema.json") }.sorted()
  }

  /// The keys of each object in `value` that no applying schema declared; objects no schema
  /// described with `properties` or `additionalProperties` are free-form and not checked.
  private static func undeclaredKeys(
    _ value: Any, path: String, _ evaluated: [String: Set<String>], into problems: inout [String]
  ) {
    if let object = value as? [String: Any] {
      if let declared = evaluated[path] {
        for key in object.keys.sorted() where !declared.contains(key) {
          problems.append("\(path.isEmpty ? "(root)" : path): '\(key)' is in no schema")
        }
      }
      for (key, child) in object {
        undeclaredKeys(child, path: "\(path).\(key)", evaluated, into: &problems)
      }
    } else if let array = value as? [Any] {
      for (index, item) in array.enumerated() {
        undeclaredKeys(item, path: "\(path)[\(index)]", evaluated, into: &problems)
      }
    }
  }

  private func schema(_ file: String) -> Any {
    lock.lock()
    defer { lock.unlock() }
    if let schema = schemas[file] { return schema }
    let data = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
    let schema = (try? JSONSerialization.jsonObject(with: data)) ?? [String: Any]()
    schemas[file] = schema
    return schema
  }

  /// The subschema `reference` names, the file it is in and its JSON pointer there.
  private func resolve(_ reference: String, file: String) -> (Any, String, String) {
    let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let target = parts[0].isEmpty ? file : String(parts[0])
    let pointer = parts.count > 1 ? String(parts[1]) : ""
    var node = schema(target)
    for key in pointer.split(separator: "/") where !key.isEmpty {
      node = (node as? [String: Any])?[String(key)] ?? [String: Any]()
    }
    return (node, target, pointer)
  }

  private static let annotations: Set<String> = [
    "$schema", "$id", "title", "description", "format", "$defs", "examples", "default", "$comment",
  ]

  /// What a validation saw, from the subschemas that passed: per instance path, the object keys
  /// the schemas that applied there declared; and the properties of the schemas that a key of
  /// the instance was checked against (``property(_:_:_:)`` names them).
  struct Evaluation {
    var keys: [String: Set<String>] = [:]
    var used: Set<String> = []

    mutating func merge(_ other: Evaluation) {
      keys.merge(other.keys) { $0.union($1) }
      used.formUnion(other.used)
    }
  }

  /// The name of the property `key` declared at JSON pointer `pointer` of schema file `file`.
  public static func property(_ file: String, _ pointer: String, _ key: String) -> String {
    "\(file)#\(pointer)/properties/\(key)"
  }

  /// Validates `value` at instance path `path` against `schema`, found at JSON pointer
  /// `pointer` of `file`; `evaluated` collects what ``Evaluation`` holds.
  private func validate(
    _ value: Any, _ schema: Any, file: String, path: String, into problems: inout [String],
    evaluated: inout Evaluation, at pointer: String = ""
  ) {
    if let flag = schema as? Bool {
      if !flag { problems.append("\(path): not allowed") }
      return
    }
    guard let schema = schema as? [String: Any] else {
      problems.append("\(path): the schema there is neither an object nor a boolean")
      return
    }
    let here = path.isEmpty ? "(root)" : path
    for (keyword, argument) in schema {
      switch keyword {
      case _ where Self.annotations.contains(keyword), "then", "else":
        continue
      case "$ref":
        let (target, targetFile, targetPointer) = resolve(argument as! String, file: file)
        validate(
          value, target, file: targetFile, path: path, into: &problems, evaluated: &evaluated,
          at: targetPointer)
      case "type":
        let types = (argument as? [String]) ?? [argument as! String]
        if !types.contains(where: { Self.matches(value, type: $0) }) {
          problems.append("\(here): expected \(types.joined(separator: " or "))")
        }
      case "const":
        if !Self.equal(value, argument) { problems.append("\(here): expected \(argument)") }
      case "enum":
        if !(argument as! [Any]).contains(where: { Self.equal(value, $0) }) {
          problems.append("\(here): \(value) is not one of the allowed values")
        }
      case "required":
        guard let object = value as? [String: Any] else { continue }
        for key in argument as! [String] where object[key] == nil {
          problems.append("\(here): missing \(key)")
        }
      case "dependentRequired":
        guard let object = value as? [String: Any] else { continue }
        for (key, needed) in argument as! [String: [String]] where object[key] != nil {
          for other in needed where object[other] == nil {
            problems.append("\(here): \(key) needs \(other)")
          }
        }
      case "properties":
        guard let object = value as? [String: Any] else { continue }
        let properties = argument as! [String: Any]
        evaluated.keys[path, default: []].formUnion(properties.keys)
        for (key, subschema) in properties {
          if let child = object[key] {
            evaluated.used.insert(Self.property(file, pointer, key))
            validate(
              child, subschema, file: file, path: "\(path).\(key)", into: &problems,
              evaluated: &evaluated, at: "\(pointer)/properties/\(key)")
          }
        }
      case "additionalProperties":
        guard let object = value as? [String: Any] else { continue }
        let declared = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        evaluated.keys[path, default: []].formUnion(object.keys)
        for (key, child) in object where !declared.contains(key) {
          validate(
            child, argument, file: file, path: "\(path).\(key)", into: &problems,
            evaluated: &evaluated, at: "\(pointer)/additionalProperties")
        }
      case "items":
        guard let array = value as? [Any] else { continue }
        for (index, item) in array.enumerated() {
          validate(
            item, argument, file: file, path: "\(path)[\(index)]", into: &problems,
            evaluated: &evaluated, at: "\(pointer)/items")
        }
      case "minItems":
        if let array = value as? [Any], array.count < (argument as! Int) {
          problems.append("\(here): fewer than \(argument) items")
        }
      case "maxItems":
        if let array = value as? [Any], array.count > (argument as! Int) {
          problems.append("\(here): more than \(argument) items")
        }
      case "minLength":
        if let string = value as? String, string.unicodeScalars.count < (argument as! Int) {
          problems.append("\(here): shorter than \(argument)")
        }
      case "minimum":
        if let number = Self.number(value), number < (argument as! NSNumber).doubleValue {
          problems.append("\(here): below \(argument)")
        }
      case "exclusiveMinimum":
        if let number = Self.number(value), number <= (argument as! NSNumber).doubleValue {
          problems.append("\(here): not above \(argument)")
        }
      case "exclusiveMaximum":
        if let number = Self.number(value), number >= (argument as! NSNumber).doubleValue {
          problems.append("\(here): not below \(argument)")
        }
      case "maximum":
        if let number = Self.number(value), number > (argument as! NSNumber).doubleValue {
          problems.append("\(here): above \(argument)")
        }
      case "pattern":
        if let string = value as? String,
          string.range(of: argument as! String, options: .regularExpression) == nil
        {
          problems.append("\(here): '\(string)' does not match \(argument)")
        }
      case "allOf":
        for (index, subschema) in (argument as! [Any]).enumerated() {
          validate(
            value, subschema, file: file, path: path, into: &problems, evaluated: &evaluated,
            at: "\(pointer)/allOf/\(index)")
        }
      case "anyOf", "oneOf":
        var passing = 0
        for (index, subschema) in (argument as! [Any]).enumerated() {
          var inner: [String] = []
          var innerEvaluated = Evaluation()
          validate(
            value, subschema, file: file, path: path, into: &inner, evaluated: &innerEvaluated,
            at: "\(pointer)/\(keyword)/\(index)")
          guard inner.isEmpty else { continue }
          passing += 1
          evaluated.merge(innerEvaluated)
        }
        if passing == 0 || (keyword == "oneOf" && passing > 1) {
          problems.append("\(here): \(passing) of the \(keyword) alternatives match")
        }
      case "not":
        var inner: [String] = []
        var ignored = Evaluation()
        validate(
          value, argument, file: file, path: path, into: &inner, evaluated: &ignored,
          at: "\(pointer)/not")
        if inner.isEmpty { problems.append("\(here): matches a forbidden schema") }
      case "if":
        var inner: [String] = []
        var innerEvaluated = Evaluation()
        validate(
          value, argument, file: file, path: path, into: &inner, evaluated: &innerEvaluated,
          at: "\(pointer)/if")
        if inner.isEmpty { evaluated.merge(innerEvaluated) }
        let branch = inner.isEmpty ? "then" : "else"
        if let subschema = schema[branch] {
          validate(
            value, subschema, file: file, path: path, into: &problems, evaluated: &evaluated,
            at: "\(pointer)/\(branch)")
        }
      default:
        problems.append("\(here): the validator does not know keyword '\(keyword)'")
      }
    }
  }

  private static func number(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, !isBool(number) else { return nil }
    return number.doubleValue
  }

  private static func isBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c" || type(of: number) == type(of: NSNumber(value: true))
  }

  private static func matches(_ value: Any, type: String) -> Bool {
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "null": return value is NSNull
    case "boolean": return (value as? NSNumber).map(isBool) ?? false
    case "number": return number(value) != nil
    case "integer": return number(value).map { $0 == $0.rounded() } ?? false
    default: return false
    }
  }

  private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    (lhs as? NSObject)?.isEqual(rhs) ?? false
  }
}
