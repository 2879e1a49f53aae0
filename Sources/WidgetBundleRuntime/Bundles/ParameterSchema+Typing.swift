import FoundationEssentials
import WidgetSchema
import WidgetSupport

/// A parameter value as given, before it is typed by the parameter's schema.
public enum ParameterInput: Sendable, Equatable {
  /// Text from the command line (`count=3`): read as the parameter's type says.
  case text(String)
  /// A JSON value from a home-screen file or a control request: must have the parameter's type.
  case json(JSONValue)
}

/// Why a value does not have its parameter's type.
package struct ParameterTypeProblem: Error, Sendable {
  package var message: String

  package init(message: String) {
    self.message = message
  }
}

extension ParameterSchema {
  /// `input` as the JSON the parameter's type stores, or why it is not one.
  package func typed(_ input: ParameterInput) -> Result<JSONValue, ParameterTypeProblem> {
    let parameter = self
    func wrong(_ expected: String) -> Result<JSONValue, ParameterTypeProblem> {
      .failure(ParameterTypeProblem(message: "expects \(expected), got \(Self.shown(input))"))
    }
    switch (parameter.type, input) {
    case (.string, .text(let text)), (.string, .json(.string(let text))):
      return .success(.string(text))
    case (.string, _):
      return wrong("a string")
    case (.int, .text(let text)):
      guard let number = Int(text) else { return wrong("a whole number (int)") }
      return .success(.number(Double(number)))
    case (.int, .json(.number(let number))):
      guard number.isFinite, number == number.rounded(), abs(number) < 9e15 else {
        return wrong("a whole number (int)")
      }
      return .success(.number(number))
    case (.int, _):
      return wrong("a whole number (int)")
    case (.double, .text(let text)):
      guard let number = Double(text), number.isFinite else { return wrong("a number (double)") }
      return .success(.number(number))
    case (.double, .json(.number(let number))):
      return .success(.number(number))
    case (.double, _):
      return wrong("a number (double)")
    case (.bool, .text("true")), (.bool, .json(.bool(true))):
      return .success(.bool(true))
    case (.bool, .text("false")), (.bool, .json(.bool(false))):
      return .success(.bool(false))
    case (.bool, _):
      return wrong("true or false")
    case (.date, .text(let text)), (.date, .json(.string(let text))):
      guard let date = RFC3339.date(from: text) else {
        return wrong("an RFC 3339 date such as 2026-01-01T09:00:00Z")
      }
      return .success(.string(RFC3339.string(from: date)))
    case (.date, _):
      return wrong("an RFC 3339 date such as 2026-01-01T09:00:00Z")
    case (.enum, .text(let text)), (.enum, .json(.string(let text))):
      let cases = parameter.cases ?? []
      guard cases.contains(where: { $0.value == text }) else {
        return .failure(
          ParameterTypeProblem(
            message: "'\(text)' is not one of its cases: "
              + cases.map(\.value).joined(separator: ", ")))
      }
      return .success(.string(text))
    case (.enum, _):
      return wrong(
        "one of its cases (" + (parameter.cases ?? []).map(\.value).joined(separator: ", ") + ")")
    case (.entity, .text(let text)), (.entity, .json(.string(let text))):
      return .success(.object(["identifier": .string(text), "display": .string(text)]))
    case (.entity, .json(.object(let fields))):
      guard case .string(let identifier)? = fields["identifier"] else {
        return wrong("an identifier (a string, or an object with \"identifier\")")
      }
      return .success(.object(["identifier": .string(identifier), "display": .string(identifier)]))
    case (.entity, _):
      return wrong("an identifier (a string, or an object with \"identifier\")")
    }
  }

  /// The value as an error message shows it.
  private static func shown(_ input: ParameterInput) -> String {
    switch input {
    case .text(let text): return "'\(text)'"
    case .json(let value):
      guard let data = try? WidgetJSON.encode(value) else { return "a value" }
      return String(decoding: data, as: UTF8.self)
    }
  }
}
