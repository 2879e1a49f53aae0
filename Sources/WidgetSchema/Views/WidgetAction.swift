import FoundationEssentials

/// What pressing a button or a toggle of a widget runs: an action of the bundle and the argument
/// values to run it with (`Button(intent:)`, `Toggle(isOn:intent:)`, or a C bundle's `action`
/// node).
///
/// The host runs it in the process that holds the bundle's library: a C function the manifest
/// declares under this name (``ActionDeclaration``, called through libffi), or else the bundle's
/// `perform` method (ABI 1.2), which gets the whole action in its context.
///
/// JSON: `{"name": "todo_toggle", "arguments": {"id": "milk", "done": true}}`.
public struct WidgetAction: Codable, JSONObjectFields, Sendable, Hashable {
  /// The action: a declared C function's name, or the intent's type name (Swift SDK).
  public var name: String
  /// The values the action runs with, by parameter name: the complete call a press makes (a
  /// toggle's carry the value it is switched to).
  public var arguments: [String: JSONValue]
  /// What the bundle needs to find the action's code again, opaque to the host (the Swift SDK:
  /// the intent type's mangled name); nil when ``name`` is enough.
  public var reference: String?

  /// Creates an action.
  public init(name: String, arguments: [String: JSONValue] = [:], reference: String? = nil) {
    self.name = name
    self.arguments = arguments
    self.reference = reference
  }

  private enum CodingKeys: String, CodingKey {
    case name, arguments, reference
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    arguments = try container.decodeIfPresent([String: JSONValue].self, forKey: .arguments) ?? [:]
    reference = try container.decodeIfPresent(String.self, forKey: .reference)
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try sink.field("arguments", arguments)
    try sink.field("name", name)
    try sink.fieldIfPresent("reference", reference)
  }
}

/// A toggle's switch (`Toggle(isOn:intent:)`): drawn on or off; pressing it is the ``WidgetAction``
/// of the `action` node around the toggle.
public struct ToggleNode: Codable, Sendable, Equatable {
  /// Whether the switch is on.
  public var isOn: Bool
  /// The colour of the track when on; nil for the accent colour (`.tint(_:)`).
  public var tint: ColorValue?

  /// Creates a switch.
  public init(isOn: Bool, tint: ColorValue? = nil) {
    self.isOn = isOn
    self.tint = tint
  }
}

/// An action a C bundle's library exports as a plain function, as its manifest (or
/// description) declares it: `int32_t todo_toggle(const char *id, bool done)` is
/// `{"name": "todo_toggle", "parameters": [{"name": "id", "type": "string"}, {"name": "done",
/// "type": "bool"}]}`.
public struct ActionDeclaration: Codable, Sendable, Equatable {
  /// The exported symbol, and the name view nodes give the action.
  public var name: String
  /// The function's parameters, in order.
  public var parameters: [ActionParameter]
  /// What the function returns.
  public var returns: ActionReturn

  /// Creates a declaration.
  public init(name: String, parameters: [ActionParameter] = [], returns: ActionReturn = .status) {
    self.name = name
    self.parameters = parameters
    self.returns = returns
  }

  private enum CodingKeys: String, CodingKey {
    case name, parameters, returns
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    parameters = try container.decodeIfPresent([ActionParameter].self, forKey: .parameters) ?? []
    returns = try container.decodeIfPresent(ActionReturn.self, forKey: .returns) ?? .status
  }
}

/// One parameter of a declared C action.
public struct ActionParameter: Codable, Sendable, Equatable {
  /// The name the action's arguments give its value under.
  public var name: String
  /// Its C type.
  public var type: ActionValueType

  /// Creates a parameter.
  public init(name: String, type: ActionValueType) {
    self.name = name
    self.type = type
  }
}

/// The C types a declared action's parameters may have, and the JSON each takes.
public enum ActionValueType: String, JSONEnum, Sendable {
  /// `const char *`, NUL terminated, UTF-8; a JSON string (without NUL characters).
  case string
  /// `int64_t`; a JSON integer.
  case int64
  /// `double`; a JSON number.
  case double
  /// `bool`; `true` or `false`.
  case bool
}

/// What a declared C action returns.
public enum ActionReturn: String, JSONEnum, Sendable {
  /// `int32_t`: `WK_STATUS_OK` (0) for success, any other value for failure.
  case status
  /// `void`: the action cannot fail.
  case void
}

/// Data of an `action` event: a press ran an action of the instance's bundle, which succeeded.
/// One reload of the instance (reason `interaction`) follows.
@JSONFields
public struct ActionEvent: Codable, Sendable, Equatable {
  /// The action's name.
  public var name: String
  /// The values it ran with.
  public var arguments: [String: JSONValue]
  /// The pressed region's id (`action-0`, …); absent when the press named no region (a bar
  /// click on a control).
  public var region: String?

  /// Creates the data.
  public init(name: String, arguments: [String: JSONValue], region: String? = nil) {
    self.name = name
    self.arguments = arguments
    self.region = region
  }
}

extension ViewNode {
  /// Whether the tree has `.invalidatableContent()` anywhere.
  public var hasInvalidatableContent: Bool {
    switch self {
    case .empty, .text, .image, .shape, .color, .gradient, .divider, .gauge, .toggle, .spacer:
      false
    case .stack(let stack): stack.children.contains { $0.hasInvalidatableContent }
    case .modified(_, .invalidatable): true
    case .modified(let child, let modifier):
      switch modifier {
      case .background(let layer, _), .overlay(let layer, _), .containerBackground(let layer):
        layer.hasInvalidatableContent || child.hasInvalidatableContent
      default: child.hasInvalidatableContent
      }
    }
  }

  /// The tree as it is drawn between a press and the next entry (``EntryEvent/invalidated``):
  /// each `.invalidatableContent()` subtree redacted (its text as placeholder blocks) and
  /// dimmed, as iOS marks content an action is about to change.
  public var invalidatedLook: ViewNode {
    switch self {
    case .empty, .text, .image, .shape, .color, .gradient, .divider, .gauge, .toggle, .spacer:
      return self
    case .stack(var stack):
      stack.children = stack.children.map(\.invalidatedLook)
      return .stack(stack)
    case .modified(let child, .invalidatable):
      return .modified(
        .modified(.modified(child, .style(TextStyle(redacted: true))), .opacity(0.5)),
        .invalidatable)
    case .modified(let child, let modifier):
      switch modifier {
      case .background(let layer, let alignment):
        return .modified(
          child.invalidatedLook, .background(layer.invalidatedLook, alignment: alignment))
      case .overlay(let layer, let alignment):
        return .modified(
          child.invalidatedLook, .overlay(layer.invalidatedLook, alignment: alignment))
      case .containerBackground(let layer):
        return .modified(child.invalidatedLook, .containerBackground(layer.invalidatedLook))
      default:
        return .modified(child.invalidatedLook, modifier)
      }
    }
  }
}
