import Foundation
import Synchronization
import WidgetSchema
import WidgetSupport

/// Why an intent could not be filled or asked for options; the message names the parameter.
package struct AppIntentParameterError: Error, CustomStringConvertible {
  /// What went wrong, naming the intent and the parameter.
  package var message: String
  package var description: String { message }
}

/// A parameter found by reflection, whatever its value type.
protocol AppIntentParameterStorage: AnyObject {
  func schema(name: String) -> ParameterSchema
  func assign(_ json: JSONValue, name: String, intent: String) async throws(AppIntentParameterError)
  func options() async throws -> [ParameterOption]?
  /// The value now held, as configurations spell it; nil when it has none.
  var currentJSON: JSONValue? { get }
}

extension IntentParameter: AppIntentParameterStorage {
  func schema(name: String) -> ParameterSchema {
    let shape = ValueShape(Value.self)
    return ParameterSchema(
      name: name, title: title.defaultValue, type: shape.type,
      required: !shape.optional && defaultValue == nil,
      default: defaultValue.flatMap { ValueShape.json(of: $0) }, cases: shape.cases,
      dynamicOptions: shape.type == .entity || optionsProvider != nil,
      entityType: shape.entityType)
  }

  func assign(_ json: JSONValue, name: String, intent: String) async throws(AppIntentParameterError)
  {
    let shape = ValueShape(Value.self)
    if json == .null {
      guard shape.optional else {
        throw AppIntentParameterError(
          message: "parameter '\(name)' of \(intent) is required and cannot be null")
      }
      wrappedValue =
        (Value.self as! any ExpressibleByNilLiteral.Type).init(nilLiteral: ()) as! Value
      return
    }
    let decoded: Any?
    do {
      decoded = try await ValueShape.decode(json, as: shape.base)
    } catch {
      throw AppIntentParameterError(
        message: "parameter '\(name)' of \(intent): looking up \(json.compactText) failed: \(error)"
      )
    }
    guard let decoded, let value = decoded as? Value else {
      throw AppIntentParameterError(
        message: "parameter '\(name)' of \(intent): expected \(shape.expected), "
          + "got \(json.compactText)")
    }
    wrappedValue = value
  }

  var currentJSON: JSONValue? {
    guard let value = currentValue else { return nil }
    if let optional = value as? any OptionalMarker, optional.isNone { return .null }
    return ValueShape.json(of: (value as? any OptionalMarker)?.unwrapped ?? value)
  }

  func options() async throws -> [ParameterOption]? {
    if let optionsProvider {
      return try await optionsProvider().compactMap { value in
        switch ValueShape.json(of: value) {
        case .object(let fields):
          guard case .string(let identifier)? = fields["identifier"],
            case .string(let display)? = fields["display"]
          else { return nil }
          return ParameterOption(identifier: identifier, display: display)
        case .string(let text):
          return ParameterOption(identifier: text, display: text)
        case .some(let json):
          return ParameterOption(identifier: json.compactText, display: json.compactText)
        case nil:
          return nil
        }
      }
    }
    return try await ValueShape.options(of: ValueShape(Value.self).base)
  }
}

/// What a parameter's Swift type means in the schema.
struct ValueShape {
  let base: Any.Type
  let optional: Bool
  let type: ParameterType
  let cases: [ParameterCase]?
  let entityType: String?

  init(_ type: Any.Type) {
    var base = type
    var optional = false
    if let wrapped = type as? any OptionalMarker.Type {
      base = wrapped.wrappedType
      optional = true
    }
    self.base = base
    self.optional = optional
    switch base {
    case is String.Type: self.type = .string
    case is Int.Type: self.type = .int
    case is Double.Type: self.type = .double
    case is Bool.Type: self.type = .bool
    case is Date.Type: self.type = .date
    case let enumeration as any AppEnum.Type:
      self.type = .enum
      cases = Self.cases(of: enumeration)
      entityType = nil
      return
    case is any AppEntity.Type:
      self.type = .entity
      cases = nil
      entityType = String(describing: base)
      return
    default: self.type = .string
    }
    cases = nil
    entityType = nil
  }

  var expected: String {
    switch type {
    case .string: "a string"
    case .int: "a whole number"
    case .double: "a number"
    case .bool: "true or false"
    case .date: "an RFC 3339 date (like 2026-11-30T09:00:00Z)"
    case .enum: "one of " + (cases ?? []).map(\.value).joined(separator: ", ")
    case .entity:
      #"an object {"identifier": …, "display": …} naming an existing "# + (entityType ?? "entity")
    }
  }

  private static func cases<E: AppEnum>(of type: E.Type) -> [ParameterCase] {
    E.allCases.map { value in
      ParameterCase(
        value: value.rawValue,
        title: E.caseDisplayRepresentations[value]?.title.defaultValue ?? value.rawValue)
    }
  }

  /// The value of `json` as `type`; nil when it is not one.
  static func decode(_ json: JSONValue, as type: Any.Type) async throws -> Any? {
    switch (json, type) {
    case (.string(let text), is String.Type): return text
    case (.number(let number), is Int.Type):
      guard number.rounded() == number, abs(number) < 9e15 else { return nil }
      return Int(number)
    case (.number(let number), is Double.Type): return number
    case (.bool(let flag), is Bool.Type): return flag
    case (.string(let text), is Date.Type): return RFC3339.date(from: text)
    case (.string(let text), let enumeration as any AppEnum.Type):
      return Self.enumCase(text, of: enumeration)
    case (.object(let fields), let entity as any AppEntity.Type):
      guard case .string(let identifier)? = fields["identifier"] else { return nil }
      return try await Self.entity(identifier, of: entity)
    default: return nil
    }
  }

  private static func enumCase<E: AppEnum>(_ rawValue: String, of type: E.Type) -> Any? {
    E(rawValue: rawValue)
  }

  private static func entity<E: AppEntity>(_ identifier: String, of type: E.Type) async throws
    -> Any?
  {
    guard let id = E.ID.entityIdentifier(for: identifier) else { return nil }
    return try await E.defaultQuery.entities(for: [id]).first { $0.id == id }
  }

  /// `value` as configurations spell it.
  static func json(of value: Any) -> JSONValue? {
    switch value {
    case let text as String: return .string(text)
    case let number as Int: return .number(Double(number))
    case let number as Double: return .number(number)
    case let flag as Bool: return .bool(flag)
    case let date as Date: return .string(RFC3339.string(from: date))
    case let enumeration as any AppEnum: return .string(enumeration.rawValue)
    case let entity as any AppEntity:
      let option = Self.option(entity)
      return .object(["identifier": .string(option.identifier), "display": .string(option.display)])
    default: return nil
    }
  }

  private static func option<E: AppEntity>(_ entity: E) -> ParameterOption {
    ParameterOption(
      identifier: entity.id.entityIdentifierString,
      display: entity.displayRepresentation.title.defaultValue)
  }

  /// The values a person picks from: an entity's suggested entities or an enum's cases.
  static func options(of type: Any.Type) async throws -> [ParameterOption]? {
    if let entity = type as? any AppEntity.Type { return try await suggested(entity) }
    if let enumeration = type as? any AppEnum.Type {
      return cases(of: enumeration).map { ParameterOption(identifier: $0.value, display: $0.title) }
    }
    return nil
  }

  private static func suggested<E: AppEntity>(_ type: E.Type) async throws -> [ParameterOption] {
    try await E.defaultQuery.suggestedEntities().map(option)
  }
}

/// Lets reflection see through `Optional`.
protocol OptionalMarker {
  static var wrappedType: Any.Type { get }
  var isNone: Bool { get }
  var unwrapped: Any? { get }
}

extension Optional: OptionalMarker {
  static var wrappedType: Any.Type { Wrapped.self }
  var isNone: Bool { self == nil }
  var unwrapped: Any? { self.map { $0 as Any } }
}

/// The reflection the SDK's `AppIntentConfiguration` uses.
package enum AppIntentReflection {
  /// The intent's parameters as the manifest describes them, in declaration order.
  package static func schema<I: AppIntent>(of type: I.Type) -> IntentSchema {
    IntentSchema(
      intent: String(describing: type), title: I.title.defaultValue,
      parameters: parameters(of: I()).map { $0.storage.schema(name: $0.name) })
  }

  /// A fresh intent holding `configuration`'s values (defaults where it has none).
  package static func make<I: AppIntent>(_ type: I.Type, from configuration: [String: JSONValue]?)
    async throws(AppIntentParameterError) -> I
  {
    let intent = I()
    let found = parameters(of: intent)
    let intentName = String(describing: type)
    for (name, value) in (configuration ?? [:]).sorted(by: { $0.key < $1.key }) {
      guard let parameter = found.first(where: { $0.name == name }) else {
        let known = found.map(\.name).joined(separator: ", ")
        throw AppIntentParameterError(
          message: "\(intentName) has no parameter '\(name)' (its parameters: \(known))")
      }
      try await parameter.storage.assign(value, name: name, intent: intentName)
    }
    return intent
  }

  /// The options of `parameter`: an entity's suggested entities or an enum's cases.
  package static func options<I: AppIntent>(of type: I.Type, parameter: String?)
    async throws(AppIntentParameterError) -> [ParameterOption]
  {
    let intentName = String(describing: type)
    guard let parameter else {
      throw AppIntentParameterError(message: "the options call names no parameter")
    }
    guard let storage = parameters(of: I()).first(where: { $0.name == parameter })?.storage else {
      throw AppIntentParameterError(message: "\(intentName) has no parameter '\(parameter)'")
    }
    let options: [ParameterOption]?
    do {
      options = try await storage.options()
    } catch {
      throw AppIntentParameterError(
        message: "listing the options of parameter '\(parameter)' of \(intentName) failed: \(error)"
      )
    }
    guard let options else {
      throw AppIntentParameterError(
        message: "parameter '\(parameter)' of \(intentName) has no options to list "
          + "(only entity and enum parameters have)")
    }
    return options
  }

  /// The values `intent`'s parameters hold now, by name, as configurations spell them (a
  /// required parameter without a value is left out): what a button carries to run it later.
  package static func arguments(of intent: some AppIntent) -> [String: JSONValue] {
    var arguments: [String: JSONValue] = [:]
    for (name, storage) in parameters(of: intent) {
      if let value = storage.currentJSON { arguments[name] = value }
    }
    return arguments
  }

  /// The intent types views of this process have made buttons and toggles for, by reference.
  private static let made = Mutex<[String: any AppIntent.Type]>([:])

  /// The reference by which ``perform(name:reference:arguments:)`` finds `type` again: its
  /// mangled name. Noted, so that a type the runtime cannot look up by name (a `private` one)
  /// is found too in the process that made the view.
  package static func reference<I: AppIntent>(to type: I.Type) -> String {
    let reference = _mangledTypeName(type) ?? String(reflecting: type)
    made.withLock { $0[reference] = type }
    return reference
  }

  /// Runs the intent a button or a toggle carried: the type `reference` names (one this process
  /// made a view with, or one the runtime finds by its mangled name: a worker started since the
  /// view was made), filled with `arguments`, performed.
  package static func perform(
    name: String, reference: String?, arguments: [String: JSONValue]
  ) async throws {
    guard let reference,
      let type = made.withLock({ $0[reference] }) ?? _typeByName(reference)
    else {
      throw AppIntentParameterError(
        message: "no intent type '\(name)' is in the bundle (reference \(reference ?? "none"); "
          + "a private type is found only by the process that drew its button)")
    }
    guard let intentType = type as? any AppIntent.Type else {
      throw AppIntentParameterError(message: "\(name) is not an AppIntent")
    }
    try await run(intentType, arguments: arguments)
  }

  private static func run<I: AppIntent>(_ type: I.Type, arguments: [String: JSONValue])
    async throws
  {
    let intent = try await make(type, from: arguments)
    _ = try await intent.perform()
  }

  private static func parameters(of intent: some AppIntent)
    -> [(name: String, storage: any AppIntentParameterStorage)]
  {
    Mirror(reflecting: intent).children.compactMap { child in
      guard let label = child.label, let storage = child.value as? any AppIntentParameterStorage
      else { return nil }
      return (label.hasPrefix("_") ? String(label.dropFirst()) : label, storage)
    }
  }
}
