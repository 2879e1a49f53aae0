import FoundationEssentials

/// A home-screen file: the widget instances to show, in order, each with its kind, family and
/// parameter values (docs/home-screen.md, schema docs/schemas/home-screen.schema.json). The file
/// given to `run`, `simulate` and `preview` with `--home`; a configuration file's `instance` list
/// holds the same objects.
///
/// JSON: `{"instances": [{"id": "left", "kind": "Animals", "family": "systemSmall",
/// "renderingMode": "accented", "page": 2, "parameters": {"color": "red"}}]}`.
///
/// ``decode(_:file:)`` reads one with errors that name the file, the JSON path and what is
/// wrong (``HomeScreenError``); `JSONDecoder` makes the same checks, and its error carries the
/// same path and message.
public struct HomeScreenFile: Codable, Sendable, Equatable {
  /// The instances, in the order they are shown.
  public var instances: [Instance]

  /// A home-screen file of `instances`.
  public init(instances: [Instance]) {
    self.instances = instances
  }

  /// One instance of a home-screen file.
  public struct Instance: Codable, Sendable, Equatable {
    /// The instance's id in the stream and for control requests; nil for the default
    /// (`KIND/FAMILY`, then `KIND/FAMILY#2`, …). Never empty.
    public var id: String?
    /// A widget kind of one of the bundles. Never empty.
    public var kind: String
    /// One of the families the kind supports; nil for the kind's first.
    public var family: WidgetFamily?
    /// How the instance is drawn; nil for `--rendering-mode`, else the family's.
    public var renderingMode: RenderingMode?
    /// The home-screen page the instance is on, from 1; nil for 1.
    public var page: Int?
    /// Parameter values by name, as JSON of the parameter's type. A `null` in the file leaves
    /// the parameter unset and is not kept here.
    public var parameters: [String: JSONValue]

    /// An instance of `kind`.
    public init(
      id: String? = nil, kind: String, family: WidgetFamily? = nil,
      renderingMode: RenderingMode? = nil, page: Int? = nil,
      parameters: [String: JSONValue] = [:]
    ) {
      self.id = id
      self.kind = kind
      self.family = family
      self.renderingMode = renderingMode
      self.page = page
      self.parameters = parameters
    }

    /// The fields an instance may have, in the order errors list them.
    static let fields = ["id", "kind", "family", "renderingMode", "page", "parameters"]

    private enum CodingKeys: String, CodingKey {
      case id, kind, family, renderingMode, page, parameters
    }

    /// Decodes with the checks of ``decode(_:path:file:)``.
    public init(from decoder: any Decoder) throws {
      let value = try JSONValue(from: decoder)
      do throws(HomeScreenError) {
        self = try Self.decode(value, path: "", file: "")
      } catch {
        throw error.decodingError(at: decoder.codingPath)
      }
    }

    /// Writes the fields that are set (and `parameters` unless empty).
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encode(kind, forKey: .kind)
      try container.encodeIfPresent(family, forKey: .family)
      try container.encodeIfPresent(renderingMode, forKey: .renderingMode)
      try container.encodeIfPresent(page, forKey: .page)
      if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
    }

    /// Reads one instance object found at JSON `path` in `file` (a home-screen file, or a
    /// configuration file's `instance` list); errors name both.
    public static func decode(
      _ item: JSONValue, path: String, file: String
    ) throws(HomeScreenError) -> Instance {
      func fail(_ path: String, _ message: String) -> HomeScreenError {
        HomeScreenError(file: file, path: path, message: message)
      }
      func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
      guard case .object(let fields) = item else { throw fail(path, "expected an object") }
      let known = Set(Self.fields)
      for key in fields.keys.sorted() where !known.contains(key) {
        throw fail(
          at(key), "unknown field (expected \(Self.fields.joined(separator: ", ")))")
      }
      func string(_ key: String, required: Bool) throws(HomeScreenError) -> String? {
        switch fields[key] {
        case nil, .null?:
          if required { throw fail(at(key), "missing required field") }
          return nil
        case .string(let value)?:
          guard !value.isEmpty else { throw fail(at(key), "must not be empty") }
          return value
        default:
          throw fail(at(key), "expected a string")
        }
      }
      let id = try string("id", required: false)
      let kind = try string("kind", required: true) ?? ""
      var family: WidgetFamily?
      if let name = try string("family", required: false) {
        guard let known = WidgetFamily(rawValue: name) else {
          let names = WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")
          throw fail(at("family"), "unknown family '\(name)' (expected one of: \(names))")
        }
        family = known
      }
      var renderingMode: RenderingMode?
      if let name = try string("renderingMode", required: false) {
        guard let known = RenderingMode(rawValue: name) else {
          let names = RenderingMode.allCases.map(\.rawValue).joined(separator: ", ")
          throw fail(
            at("renderingMode"), "unknown rendering mode '\(name)' (expected one of: \(names))")
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
            at("page"),
            "expected a page number: a whole number from 1, got \(JSONValue.number(number).compactText)"
          )
        }
        page = whole
      default:
        throw fail(at("page"), "expected a page number: a whole number from 1")
      }
      var parameters: [String: JSONValue] = [:]
      switch fields["parameters"] {
      case nil, .null?:
        break
      case .object(let values)?:
        for (name, value) in values where value != .null {
          parameters[name] = value
        }
      default:
        throw fail(at("parameters"), "expected an object of parameter values by name")
      }
      return Instance(
        id: id, kind: kind, family: family, renderingMode: renderingMode, page: page,
        parameters: parameters)
    }
  }

  /// Decodes with the checks of ``decode(_:file:)``.
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    do throws(HomeScreenError) {
      self = try Self.decode(value, file: "")
    } catch {
      throw error.decodingError(at: decoder.codingPath)
    }
  }

  /// Reads the home-screen document `data`; `file` names it in errors.
  public static func decode(_ data: Data, file: String) throws(HomeScreenError) -> HomeScreenFile {
    let document: JSONValue
    do {
      document = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw HomeScreenError(file: file, path: "", message: "not valid JSON")
    }
    return try decode(document, file: file)
  }

  /// Reads a home-screen document already parsed; `file` names it in errors.
  public static func decode(
    _ document: JSONValue, file: String
  ) throws(HomeScreenError) -> HomeScreenFile {
    func fail(_ path: String, _ message: String) -> HomeScreenError {
      HomeScreenError(file: file, path: path, message: message)
    }
    guard case .object(let root) = document else {
      throw fail("", "expected an object with \"instances\"")
    }
    for key in root.keys.sorted() where key != "instances" {
      throw fail(key, "unknown field (a home-screen file has only \"instances\")")
    }
    guard let list = root["instances"] else { throw fail("instances", "missing required field") }
    guard case .array(let items) = list else { throw fail("instances", "expected an array") }
    var instances: [Instance] = []
    for (index, item) in items.enumerated() {
      instances.append(try Instance.decode(item, path: "instances[\(index)]", file: file))
    }
    return HomeScreenFile(instances: instances)
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

  /// An error at JSON `path` of `file`.
  public init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String {
    path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
  }

  /// The error as `JSONDecoder` reports it: the path and the message, at `codingPath`.
  func decodingError(at codingPath: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath, debugDescription: path.isEmpty ? message : "\(path): \(message)"))
  }
}
