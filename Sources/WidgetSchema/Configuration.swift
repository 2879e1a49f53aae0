/// How a kind's instances are configured: JSON `{"type": "static"}`, or
/// `{"type": "intent" | "appIntent", "intent": "ConfigurationIntent", "parameters": [...]}`.
public enum ConfigurationManifest: Sendable, Equatable {
  /// No per-instance parameters (`StaticConfiguration`).
  case `static`
  /// Parameters from an intent definition (`IntentConfiguration`, an `INIntent` subclass).
  case intent(IntentSchema)
  /// Parameters of a `WidgetConfigurationIntent` (`AppIntentConfiguration`).
  case appIntent(IntentSchema)

  /// The parameters instances set; empty for a static configuration.
  public var parameters: [ParameterSchema] {
    switch self {
    case .static: []
    case .intent(let schema), .appIntent(let schema): schema.parameters
    }
  }

  /// The intent's schema, nil for a static configuration.
  public var intent: IntentSchema? {
    switch self {
    case .static: nil
    case .intent(let schema), .appIntent(let schema): schema
    }
  }
}

/// The configuration intent of a kind: its type name and its parameters, in display order.
public struct IntentSchema: Codable, Sendable, Equatable {
  /// The intent's type name (`ConfigurationIntent`, `SelectAnimalIntent`).
  public var intent: String
  /// The intent's title, shown when editing an instance.
  public var title: String?
  /// The parameters, in the order an editor shows them.
  public var parameters: [ParameterSchema]

  /// Creates a schema.
  public init(intent: String, title: String? = nil, parameters: [ParameterSchema]) {
    self.intent = intent
    self.title = title
    self.parameters = parameters
  }
}

/// The value type of a parameter.
public enum ParameterType: String, Codable, Sendable, CaseIterable {
  /// A JSON string.
  case string
  /// A JSON number without a fraction.
  case int
  /// A JSON number.
  case double
  /// `true` or `false`.
  case bool
  /// An RFC 3339 date string.
  case date
  /// One of `cases` (a JSON string: the case's `value`).
  case `enum`
  /// An object the bundle lists at run time through the `options` method:
  /// `{"identifier": "cat", "display": "Cat"}`.
  case entity
}

/// One case of an enum parameter.
public struct ParameterCase: Codable, Sendable, Equatable {
  /// The value stored in configurations and passed to the provider (`red`).
  public var value: String
  /// What a person sees (`Red`).
  public var title: String

  /// Creates a case; `title` defaults to `value`.
  public init(value: String, title: String? = nil) {
    self.value = value
    self.title = title ?? value
  }
}

/// One parameter of a configuration intent.
///
/// JSON: `{"name": "color", "title": "Color", "type": "enum", "cases": [{"value": "red",
/// "title": "Red"}], "default": "red"}`.
public struct ParameterSchema: Codable, Sendable, Equatable {
  /// The parameter's name, as configurations spell it (`animal`).
  public var name: String
  /// What a person sees; defaults to `name`.
  public var title: String
  /// The value's type.
  public var type: ParameterType
  /// True when an instance must give a value (no default, no optional).
  public var required: Bool
  /// The value when an instance gives none; nil when it has no default.
  public var `default`: JSONValue?
  /// Enum parameters: the cases, in display order.
  public var cases: [ParameterCase]?
  /// True when the bundle serves the allowed values through the `options` method
  /// (`provide<Name>OptionsCollection`, an `EntityQuery`); always true for `entity`.
  public var dynamicOptions: Bool
  /// Entity parameters: the entity's type name (`Animal`).
  public var entityType: String?

  /// Creates a parameter.
  public init(
    name: String, title: String? = nil, type: ParameterType, required: Bool = false,
    default: JSONValue? = nil, cases: [ParameterCase]? = nil, dynamicOptions: Bool? = nil,
    entityType: String? = nil
  ) {
    self.name = name
    self.title = title ?? name
    self.type = type
    self.required = required
    self.default = `default`
    self.cases = cases
    self.dynamicOptions = dynamicOptions ?? (type == .entity)
    self.entityType = entityType
  }

  private enum CodingKeys: String, CodingKey {
    case name, title, type, required, `default`, cases, dynamicOptions, entityType
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    title = try container.decodeIfPresent(String.self, forKey: .title) ?? name
    type = try container.decode(ParameterType.self, forKey: .type)
    required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
    `default` = try container.decodeIfPresent(JSONValue.self, forKey: .default)
    cases = try container.decodeIfPresent([ParameterCase].self, forKey: .cases)
    dynamicOptions =
      try container.decodeIfPresent(Bool.self, forKey: .dynamicOptions) ?? (type == .entity)
    entityType = try container.decodeIfPresent(String.self, forKey: .entityType)
    if type == .enum && (cases ?? []).isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: .cases, in: container,
        debugDescription: "enum parameter '\(name)' needs at least one case")
    }
  }
}

/// One value a parameter may take, as the bundle lists it through the `options` method, and as
/// an entity value is stored in a configuration: `{"identifier": "cat", "display": "Cat"}`.
public struct ParameterOption: Codable, Sendable, Hashable {
  /// The stable identifier stored in configurations.
  public var identifier: String
  /// What a person sees.
  public var display: String

  /// Creates an option; `display` defaults to `identifier`.
  public init(identifier: String, display: String? = nil) {
    self.identifier = identifier
    self.display = display ?? identifier
  }
}

/// The reply to the `options` method: the values a dynamic parameter may take, in order.
///
/// JSON: `{"options": [{"identifier": "cat", "display": "Cat"}]}`.
public struct ParameterOptions: Codable, Sendable, Equatable {
  /// The options.
  public var options: [ParameterOption]

  /// Creates a reply.
  public init(options: [ParameterOption]) {
    self.options = options
  }
}

extension ConfigurationManifest: Codable {
  private enum CodingKeys: String, CodingKey {
    case type
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "static": self = .static
    case "intent": self = .intent(try IntentSchema(from: decoder))
    case "appIntent": self = .appIntent(try IntentSchema(from: decoder))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription:
          "unknown configuration type '\(type)' (expected static, intent or appIntent)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .static:
      try container.encode("static", forKey: .type)
    case .intent(let schema):
      try container.encode("intent", forKey: .type)
      try schema.encode(to: encoder)
    case .appIntent(let schema):
      try container.encode("appIntent", forKey: .type)
      try schema.encode(to: encoder)
    }
  }
}
