import Foundation

/// The parts of an Xcode intent definition (`.intentdefinition`, a property list) that widgets
/// use: the intents with their parameters, the enums and the custom types.
public struct IntentDefinition: Equatable, Sendable {
  /// One intent (`INIntents`); the generated class is `<name>Intent`.
  public struct Intent: Equatable, Sendable {
    /// `INIntentName` (`MyCustomIntents`).
    public var name: String
    /// `INIntentTitle`.
    public var title: String?
    /// `INIntentDescription`.
    public var description: String?
    /// `INIntentParameters`, in definition order.
    public var parameters: [Parameter]

    /// The generated class's name.
    public var className: String { name + "Intent" }
  }

  /// One parameter of an intent.
  public struct Parameter: Equatable, Sendable {
    /// `INIntentParameterName`.
    public var name: String
    /// `INIntentParameterDisplayName` (the name when absent).
    public var title: String
    /// The parameter's type.
    public var type: ParameterType
    /// `INIntentParameterSupportsDynamicEnumeration`: options come from the handler.
    public var dynamicOptions: Bool
    /// `INIntentParameterSupportsSearch`: the handler's options method takes a search term.
    public var searchable = false
    /// `INIntentParameterMetadata.INIntentParameterMetadataDefaultValue`, as written.
    public var defaultValue: DefaultValue?
  }

  /// The type of a parameter.
  public enum ParameterType: Equatable, Sendable {
    case string
    case integer
    case decimal
    case boolean
    case dateComponents
    /// `Integer` with `INIntentParameterEnumType`.
    case enumeration(String)
    /// `Object` with `INIntentParameterObjectType`.
    case object(String)
  }

  /// A default value as the property list holds it.
  public enum DefaultValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
  }

  /// One enum (`INEnums`).
  public struct Enum: Equatable, Sendable {
    /// `INEnumName` (`Choose`).
    public var name: String
    /// The cases other than `unknown`, in order.
    public var cases: [EnumCase]
  }

  /// One case of an enum.
  public struct EnumCase: Equatable, Sendable {
    /// `INEnumValueName` (`a`).
    public var name: String
    /// `INEnumValueDisplayName`.
    public var title: String
    /// The raw value: `INEnumValueIndex` when the definition has an `unknown` case at 0,
    /// otherwise the position counted from 1 (0 is the generated `.unknown`).
    public var rawValue: Int
  }

  /// One custom type (`INTypes`), generated as an `INObject` subclass.
  public struct CustomType: Equatable, Sendable {
    /// `INTypeName` (`Animal`).
    public var name: String
    /// `INTypeDisplayName`.
    public var title: String?
    /// The properties beyond INObject's own (`identifier`, `displayString`, …).
    public var properties: [Property]
  }

  /// A property of a custom type.
  public struct Property: Equatable, Sendable {
    /// `INTypePropertyName`.
    public var name: String
    /// Its Swift type (`String?`, `NSNumber?`, `DateComponents?`, another custom type).
    public var swiftType: String
  }

  /// The intents, in definition order.
  public var intents: [Intent]
  /// The enums.
  public var enums: [Enum]
  /// The custom types.
  public var types: [CustomType]

  /// Creates a definition.
  public init(intents: [Intent], enums: [Enum], types: [CustomType]) {
    self.intents = intents
    self.enums = enums
    self.types = types
  }
}

/// A definition that cannot be read or generated; the message names the file and the entry.
public struct IntentDefinitionError: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}

extension IntentDefinition {
  /// Reads a definition from its property list (XML or binary).
  ///
  /// `file` names the definition in error messages.
  public init(propertyList data: Data, file: String) throws(IntentDefinitionError) {
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw IntentDefinitionError("\(file): not a property list: \(error.localizedDescription)")
    }
    guard let root = root as? [String: Any] else {
      throw IntentDefinitionError("\(file): the top level is not a dictionary")
    }
    let reader = Reader(file: file)
    var enums: [Enum] = []
    for (index, entry) in try reader.array(root, "INEnums", at: "").enumerated() {
      enums.append(try reader.enumeration(entry, at: "INEnums[\(index)]"))
    }
    var types: [CustomType] = []
    for (index, entry) in try reader.array(root, "INTypes", at: "").enumerated() {
      types.append(try reader.customType(entry, at: "INTypes[\(index)]"))
    }
    var intents: [Intent] = []
    let enumNames = Set(enums.map(\.name))
    let typeNames = Set(types.map(\.name))
    for (index, entry) in try reader.array(root, "INIntents", at: "").enumerated() {
      intents.append(
        try reader.intent(entry, at: "INIntents[\(index)]", enums: enumNames, types: typeNames))
    }
    self.init(intents: intents, enums: enums, types: types)
  }
}

/// Reads entries, naming the file and the path of whatever is wrong.
private struct Reader {
  let file: String

  func fail(_ path: String, _ message: String) -> IntentDefinitionError {
    IntentDefinitionError("\(file): \(path.isEmpty ? "" : path + ": ")\(message)")
  }

  func array(_ dictionary: [String: Any], _ key: String, at path: String)
    throws(IntentDefinitionError) -> [[String: Any]]
  {
    guard let value = dictionary[key] else { return [] }
    guard let array = value as? [[String: Any]] else {
      throw fail(path.isEmpty ? key : "\(path).\(key)", "expected an array of dictionaries")
    }
    return array
  }

  func string(_ dictionary: [String: Any], _ key: String, at path: String)
    throws(IntentDefinitionError) -> String
  {
    guard let value = dictionary[key] as? String, !value.isEmpty else {
      throw fail(path, "\(key) is missing")
    }
    guard Self.isIdentifier(value) else {
      throw fail(path, "\(key) '\(value)' is not a valid Swift identifier")
    }
    return value
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first,
      first == "_" || CharacterSet.letters.contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || CharacterSet.alphanumerics.contains($0)
    }
  }

  func enumeration(_ entry: [String: Any], at path: String) throws(IntentDefinitionError)
    -> IntentDefinition.Enum
  {
    let name = try string(entry, "INEnumName", at: path)
    let values = try array(entry, "INEnumValues", at: path)
    var named: [(name: String, title: String, index: Int?)] = []
    for (position, value) in values.enumerated() {
      let valuePath = "\(path).INEnumValues[\(position)]"
      let caseName = try string(value, "INEnumValueName", at: valuePath)
      named.append(
        (
          caseName, value["INEnumValueDisplayName"] as? String ?? caseName,
          Self.int(value["INEnumValueIndex"])
        ))
    }
    let hasUnknown = named.contains { $0.name == "unknown" && ($0.index ?? 0) == 0 }
    let cases = named.filter { $0.name != "unknown" }
    guard !cases.isEmpty else { throw fail(path, "enum \(name) has no values") }
    return IntentDefinition.Enum(
      name: name,
      cases: cases.enumerated().map { position, value in
        IntentDefinition.EnumCase(
          name: value.name, title: value.title,
          rawValue: hasUnknown ? (value.index ?? position + 1) : position + 1)
      })
  }

  func customType(_ entry: [String: Any], at path: String) throws(IntentDefinitionError)
    -> IntentDefinition.CustomType
  {
    let name = try string(entry, "INTypeName", at: path)
    var properties: [IntentDefinition.Property] = []
    for (index, property) in try array(entry, "INTypeProperties", at: path).enumerated() {
      let propertyPath = "\(path).INTypeProperties[\(index)]"
      // INObject's own properties (identifier, displayString, pronunciationHint, …).
      if property["INTypePropertyDefault"] as? Bool == true { continue }
      let propertyName = try string(property, "INTypePropertyName", at: propertyPath)
      let type = property["INTypePropertyType"] as? String ?? ""
      let swiftType: String
      switch type {
      case "String": swiftType = "String?"
      case "Integer", "Decimal", "Boolean": swiftType = "NSNumber?"
      case "DateComponents": swiftType = "DateComponents?"
      case "Object":
        swiftType =
          (property["INTypePropertyObjectType"] as? String).map { $0 + "?" } ?? "INObject?"
      default:
        // Types the SDK has no Swift type for (File, Location, …) are left out of the class.
        continue
      }
      let multiple = property["INTypePropertySupportsMultipleValues"] as? Bool == true
      properties.append(
        IntentDefinition.Property(
          name: propertyName,
          swiftType: multiple ? "[\(swiftType.dropLast())]?" : swiftType))
    }
    return IntentDefinition.CustomType(
      name: name, title: entry["INTypeDisplayName"] as? String, properties: properties)
  }

  func intent(
    _ entry: [String: Any], at path: String, enums: Set<String>, types: Set<String>
  ) throws(IntentDefinitionError) -> IntentDefinition.Intent {
    let name = try string(entry, "INIntentName", at: path)
    var parameters: [IntentDefinition.Parameter] = []
    for (index, parameter) in try array(entry, "INIntentParameters", at: path).enumerated() {
      let parameterPath = "\(path) (\(name)).INIntentParameters[\(index)]"
      let parameterName = try string(parameter, "INIntentParameterName", at: parameterPath)
      let location = "\(path) (\(name)) parameter '\(parameterName)'"
      if parameter["INIntentParameterSupportsMultipleValues"] as? Bool == true {
        throw fail(location, "parameters with multiple values are not supported")
      }
      let typeName = parameter["INIntentParameterType"] as? String ?? ""
      let type: IntentDefinition.ParameterType
      if let enumName = parameter["INIntentParameterEnumType"] as? String {
        guard enums.contains(enumName) else {
          throw fail(location, "enum type '\(enumName)' is not defined in INEnums")
        }
        type = .enumeration(enumName)
      } else {
        switch typeName {
        case "String": type = .string
        case "Integer": type = .integer
        case "Decimal": type = .decimal
        case "Boolean": type = .boolean
        case "DateComponents": type = .dateComponents
        case "Object":
          guard let objectType = parameter["INIntentParameterObjectType"] as? String else {
            throw fail(location, "type Object without INIntentParameterObjectType")
          }
          guard types.contains(objectType) else {
            throw fail(location, "object type '\(objectType)' is not defined in INTypes")
          }
          type = .object(objectType)
        default:
          throw fail(
            location,
            "type '\(typeName)' is not supported (supported: String, Integer, Decimal, "
              + "Boolean, DateComponents, an enum, a custom type)")
        }
      }
      let metadata = parameter["INIntentParameterMetadata"] as? [String: Any] ?? [:]
      let rawDefault = metadata["INIntentParameterMetadataDefaultValue"]
      parameters.append(
        IntentDefinition.Parameter(
          name: parameterName,
          title: parameter["INIntentParameterDisplayName"] as? String ?? parameterName,
          type: type,
          dynamicOptions: parameter["INIntentParameterSupportsDynamicEnumeration"] as? Bool
            == true,
          searchable: parameter["INIntentParameterSupportsSearch"] as? Bool == true,
          defaultValue: rawDefault.flatMap { Self.defaultValue($0, of: type) }))
    }
    return IntentDefinition.Intent(
      name: name, title: entry["INIntentTitle"] as? String,
      description: entry["INIntentDescription"] as? String, parameters: parameters)
  }

  static func defaultValue(_ value: Any, of type: IntentDefinition.ParameterType)
    -> IntentDefinition.DefaultValue?
  {
    switch type {
    case .string: return (value as? String).map { .string($0) }
    case .integer: return int(value).map { .integer($0) }
    case .decimal:
      if let number = value as? Double { return .real(number) }
      return int(value).map { .real(Double($0)) }
    case .boolean:
      if let flag = value as? Bool { return .boolean(flag) }
      return int(value).map { .boolean($0 != 0) }
    case .enumeration:
      if let name = value as? String, Int(name) == nil { return .string(name) }
      return int(value).map { .integer($0) }
    case .dateComponents, .object: return nil
    }
  }

  static func int(_ value: Any?) -> Int? {
    switch value {
    case let number as Int: return number
    case let number as NSNumber: return number.intValue
    case let text as String: return Int(text)
    default: return nil
    }
  }
}
