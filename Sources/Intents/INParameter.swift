import Foundation
import WidgetSchema
import WidgetSupport

/// The storage of one parameter of a generated ``INIntent`` subclass: its value and what the
/// definition says about it. SDK detail: generated code declares parameters with it
/// (`@_INParameter(title: "Animal", dynamicOptions: true) public var animal: Animal?`), and the
/// SDK finds them by reflection to describe and fill the intent.
@propertyWrapper
public final class _INParameter<Value> {
  /// The parameter's value.
  public var wrappedValue: Value

  let title: String
  let type: ParameterType
  let defaultValue: JSONValue?
  let cases: [ParameterCase]?
  let dynamicOptions: Bool
  let entityType: String?
  let decode: (JSONValue) -> Value?
  let expected: String

  init(
    value: Value, title: String, type: ParameterType, default: JSONValue?,
    cases: [ParameterCase]? = nil, dynamicOptions: Bool = false, entityType: String? = nil,
    expected: String, decode: @escaping (JSONValue) -> Value?
  ) {
    self.wrappedValue = value
    self.title = title
    self.type = type
    self.defaultValue = `default`
    self.cases = cases
    self.dynamicOptions = dynamicOptions
    self.entityType = entityType
    self.expected = expected
    self.decode = decode
  }
}

extension _INParameter where Value == String? {
  /// A `String` parameter.
  public convenience init(title: String, default: String? = nil, dynamicOptions: Bool = false) {
    self.init(
      value: `default`, title: title, type: .string, default: `default`.map(JSONValue.string),
      dynamicOptions: dynamicOptions, expected: "a string"
    ) {
      if case .string(let text) = $0 { return .some(text) }
      return nil
    }
  }
}

extension _INParameter where Value == NSNumber? {
  /// An `Integer`, `Decimal` or `Boolean` parameter (`NSNumber?`, as Xcode generates them).
  public convenience init(title: String, type: _INNumberType, default: NSNumber? = nil) {
    switch type {
    case .integer:
      self.init(
        value: `default`, title: title, type: .int,
        default: `default`.map { .number(Double($0.intValue)) }, expected: "a whole number"
      ) {
        guard case .number(let number) = $0, number.rounded() == number, abs(number) < 9e15
        else { return nil }
        return .some(NSNumber(value: Int(number)))
      }
    case .decimal:
      self.init(
        value: `default`, title: title, type: .double,
        default: `default`.map { .number($0.doubleValue) }, expected: "a number"
      ) {
        guard case .number(let number) = $0 else { return nil }
        return .some(NSNumber(value: number))
      }
    case .boolean:
      self.init(
        value: `default`, title: title, type: .bool,
        default: `default`.map { .bool($0.boolValue) }, expected: "true or false"
      ) {
        guard case .bool(let flag) = $0 else { return nil }
        return .some(NSNumber(value: flag))
      }
    }
  }
}

extension _INParameter where Value == DateComponents? {
  /// A `DateComponents` parameter; configurations give it as an RFC 3339 date.
  public convenience init(title: String, default: DateComponents? = nil) {
    let calendar = Calendar(identifier: .gregorian)
    let json = `default`.flatMap { calendar.date(from: $0) }.map {
      JSONValue.string(RFC3339.string(from: $0))
    }
    self.init(
      value: `default`, title: title, type: .date, default: json,
      expected: "an RFC 3339 date (like 2026-11-30T09:00:00Z)"
    ) {
      guard case .string(let text) = $0, let date = RFC3339.date(from: text) else { return nil }
      var utc = calendar
      utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
      return .some(
        utc.dateComponents(
          [.calendar, .timeZone, .year, .month, .day, .hour, .minute, .second], from: date))
    }
  }
}

extension _INParameter where Value: _INCodableEnum {
  /// An enum parameter; `default` is `.unknown` when the definition gives none.
  public convenience init(title: String, default: Value) {
    let cases = Value._definitionCases
    let defaultName = cases.first { $0.value.rawValue == `default`.rawValue }?.name
    self.init(
      value: `default`, title: title, type: .enum, default: defaultName.map(JSONValue.string),
      cases: cases.map { ParameterCase(value: $0.name, title: $0.title) },
      expected: "one of " + cases.map(\.name).joined(separator: ", ")
    ) { json in
      guard case .string(let name) = json else { return nil }
      return cases.first { $0.name == name }?.value
    }
  }
}

extension _INParameter {
  /// A custom-type parameter (`INTypes`), given as `{"identifier": …, "display": …}`.
  public convenience init<Object: INObject>(title: String, dynamicOptions: Bool)
  where Value == Object? {
    self.init(
      value: nil, title: title, type: .entity, default: nil, dynamicOptions: dynamicOptions,
      entityType: String(describing: Object.self),
      expected: #"an object {"identifier": …, "display": …}"#
    ) { json in
      guard case .object(let fields) = json, case .string(let identifier)? = fields["identifier"]
      else { return nil }
      var display = identifier
      if case .string(let text)? = fields["display"] { display = text }
      return .some(Object(identifier: identifier, display: display, pronunciationHint: nil))
    }
  }
}

/// A parameter found by reflection, whatever its value type.
protocol INParameterStorage: AnyObject {
  func schema(name: String) -> ParameterSchema
  func assign(_ json: JSONValue) -> Bool
  var expected: String { get }
  var nilValue: Bool { get }
}

extension _INParameter: INParameterStorage {
  func schema(name: String) -> ParameterSchema {
    ParameterSchema(
      name: name, title: title, type: type, required: false, default: defaultValue, cases: cases,
      dynamicOptions: dynamicOptions, entityType: entityType)
  }

  func assign(_ json: JSONValue) -> Bool {
    if json == .null, let none = (Value.self as? any ExpressibleByNilLiteral.Type) {
      wrappedValue = none.init(nilLiteral: ()) as! Value
      return true
    }
    guard let value = decode(json) else { return false }
    wrappedValue = value
    return true
  }

  var nilValue: Bool { Value.self is any ExpressibleByNilLiteral.Type }
}
