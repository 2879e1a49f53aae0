import Foundation
import WidgetBundleRuntime
import WidgetSchema

/// A home-screen file: the instances to show, each with its kind, family and parameter values
/// (docs/home-screen.md, schema docs/schemas/home-screen.schema.json).
///
/// JSON: `{"instances": [{"id": "left", "kind": "Animals", "family": "systemSmall",
/// "renderingMode": "accented", "page": 2, "parameters": {"color": "red"}}]}`.
public enum HomeScreen {
  /// Reads the instances of the home-screen file at `path`.
  public static func load(_ path: String) throws(HomeScreenError) -> [InstanceSpec] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw HomeScreenError(
        file: path, path: "", message: exists ? "cannot be read" : "no such file")
    }
    return try decode(data, file: path)
  }

  /// Reads the instances of a home-screen document; `file` names it in errors.
  public static func decode(_ data: Data, file: String) throws(HomeScreenError) -> [InstanceSpec] {
    func fail(_ path: String, _ message: String) -> HomeScreenError {
      HomeScreenError(file: file, path: path, message: message)
    }
    let document: JSONValue
    do {
      document = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw fail("", "not valid JSON")
    }
    guard case .object(let root) = document else {
      throw fail("", "expected an object with \"instances\"")
    }
    for key in root.keys.sorted() where key != "instances" {
      throw fail(key, "unknown field (a home-screen file has only \"instances\")")
    }
    guard let list = root["instances"] else { throw fail("instances", "missing required field") }
    guard case .array(let items) = list else { throw fail("instances", "expected an array") }
    var specs: [InstanceSpec] = []
    for (index, item) in items.enumerated() {
      specs.append(try instance(item, path: "instances[\(index)]", file: file))
    }
    return specs
  }

  /// Reads one instance object of a home-screen file (or of a configuration file's
  /// `instance` list) found at JSON `path` in `file`.
  public static func instance(
    _ item: JSONValue, path: String, file: String
  ) throws(HomeScreenError) -> InstanceSpec {
    func fail(_ path: String, _ message: String) -> HomeScreenError {
      HomeScreenError(file: file, path: path, message: message)
    }
    guard case .object(let fields) = item else { throw fail(path, "expected an object") }
    let known: Set = ["id", "kind", "family", "renderingMode", "page", "parameters"]
    for key in fields.keys.sorted() where !known.contains(key) {
      throw fail(
        "\(path).\(key)",
        "unknown field (expected id, kind, family, renderingMode, page, parameters)")
    }
    func string(_ key: String, required: Bool) throws(HomeScreenError) -> String? {
      switch fields[key] {
      case nil, .null?:
        if required { throw fail("\(path).\(key)", "missing required field") }
        return nil
      case .string(let value)?:
        guard !value.isEmpty else { throw fail("\(path).\(key)", "must not be empty") }
        return value
      default:
        throw fail("\(path).\(key)", "expected a string")
      }
    }
    let id = try string("id", required: false)
    let kind = try string("kind", required: true) ?? ""
    var family: WidgetFamily?
    if let name = try string("family", required: false) {
      guard let known = WidgetFamily(rawValue: name) else {
        let names = WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")
        throw fail("\(path).family", "unknown family '\(name)' (expected one of: \(names))")
      }
      family = known
    }
    var renderingMode: RenderingMode?
    if let name = try string("renderingMode", required: false) {
      guard let known = RenderingMode(rawValue: name) else {
        let names = RenderingMode.allCases.map(\.rawValue).joined(separator: ", ")
        throw fail(
          "\(path).renderingMode", "unknown rendering mode '\(name)' (expected one of: \(names))")
      }
      renderingMode = known
    }
    var page: Int?
    switch fields["page"] {
    case nil, .null?:
      break
    case .number(let number)?:
      guard let whole = Int(exactly: number), whole >= 1 else {
        throw fail(
          "\(path).page",
          "expected a page number: a whole number from 1, got \(JSONValue.number(number).compactText)"
        )
      }
      page = whole
    default:
      throw fail("\(path).page", "expected a page number: a whole number from 1")
    }
    var parameters: [String: ParameterInput] = [:]
    switch fields["parameters"] {
    case nil, .null?:
      break
    case .object(let values)?:
      for (name, value) in values where value != .null {
        parameters[name] = .json(value)
      }
    default:
      throw fail("\(path).parameters", "expected an object of parameter values by name")
    }
    return InstanceSpec(
      id: id, kind: kind, family: family, parameters: parameters,
      renderingMode: renderingMode, page: page, origin: "\(file): \(path)")
  }
}

/// A home-screen file that cannot be read or does not follow the schema: the file, the JSON
/// path (`instances[1].family`; empty for the document) and what is wrong.
public struct HomeScreenError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file as given.
  public var file: String
  /// The JSON path of the offending value.
  public var path: String
  /// What is wrong.
  public var message: String

  public var description: String {
    path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
  }
}
