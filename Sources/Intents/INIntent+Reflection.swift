import Foundation
import WidgetSchema

/// Why an intent could not be filled or asked for options; the message names the parameter.
package struct IntentParameterError: Error, CustomStringConvertible {
  /// What went wrong, naming the intent and the parameter.
  package var message: String
  package var description: String { message }
}

extension INIntent {
  /// The intent's parameters as the manifest describes them, in declaration order.
  package static func _schema() -> IntentSchema {
    IntentSchema(
      intent: String(describing: self), title: _intentTitle,
      parameters: self.init()._parameters().map { $0.storage.schema(name: $0.name) })
  }

  /// A fresh intent holding `configuration`'s values (defaults where it has none).
  package static func _make(from configuration: [String: JSONValue]?) throws(IntentParameterError)
    -> Self
  {
    let intent = self.init()
    let parameters = intent._parameters()
    for (name, value) in (configuration ?? [:]).sorted(by: { $0.key < $1.key }) {
      guard let parameter = parameters.first(where: { $0.name == name }) else {
        let known = parameters.map(\.name).joined(separator: ", ")
        throw IntentParameterError(
          message: "\(self) has no parameter '\(name)' (its parameters: \(known))")
      }
      guard parameter.storage.assign(value) else {
        throw IntentParameterError(
          message: "parameter '\(name)' of \(self): expected \(parameter.storage.expected), "
            + "got \(value.compactText)")
      }
    }
    return intent
  }

  /// Asks the bundle's `IntentHandler` for the options of `parameter`.
  package func _options(
    for parameter: String?,
    completion: @escaping (Result<[ParameterOption], IntentParameterError>) -> Void
  ) {
    let intentName = String(describing: type(of: self))
    guard let parameter else {
      return completion(
        .failure(IntentParameterError(message: "the options call names no parameter")))
    }
    guard let storage = _parameters().first(where: { $0.name == parameter })?.storage else {
      return completion(
        .failure(IntentParameterError(message: "\(intentName) has no parameter '\(parameter)'")))
    }
    let schema = storage.schema(name: parameter)
    if !schema.dynamicOptions {
      guard let cases = schema.cases else {
        return completion(
          .failure(
            IntentParameterError(
              message: "parameter '\(parameter)' of \(intentName) has no dynamic options")))
      }
      return completion(
        .success(cases.map { ParameterOption(identifier: $0.value, display: $0.title) }))
    }
    let module = String(reflecting: type(of: self)).split(separator: ".").first.map(String.init)
    guard let module, let principal = INExtension.principalClass(inModule: module) else {
      return completion(
        .failure(
          IntentParameterError(
            message:
              "parameter '\(parameter)' of \(intentName) has dynamic options but the bundle has "
              + "no INExtension subclass named \(INExtension.conventionalName) in module "
              + "\(module ?? "?") to provide them")))
    }
    let handler = principal.init().handler(for: self) as Any
    let lookup = _provideOptions(forParameter: parameter, handler: handler) { items, error in
      if let error {
        return completion(
          .failure(
            IntentParameterError(
              message: "provide options for parameter '\(parameter)' failed: \(error)")))
      }
      completion(.success((items ?? []).map(Self.option)))
    }
    switch lookup {
    case .started: break
    case .noDynamicOptions:
      completion(
        .failure(
          IntentParameterError(
            message: "parameter '\(parameter)' of \(intentName) has no dynamic options")))
    case .handlerDoesNotAdopt(let name):
      completion(
        .failure(
          IntentParameterError(
            message:
              "\(String(reflecting: principal)).handler(for:) returned \(type(of: handler)), "
              + "which does not adopt \(name)")))
    }
  }

  private static func option(_ item: Any) -> ParameterOption {
    if let object = item as? INObject {
      return ParameterOption(
        identifier: object.identifier ?? object.displayString, display: object.displayString)
    }
    let text = String(describing: item)
    return ParameterOption(identifier: text, display: text)
  }

  /// Every `_INParameter` of the intent's class and its superclasses, with its name.
  private func _parameters() -> [(name: String, storage: any INParameterStorage)] {
    var found: [(name: String, storage: any INParameterStorage)] = []
    var mirror: Mirror? = Mirror(reflecting: self)
    var levels: [Mirror] = []
    while let current = mirror {
      levels.insert(current, at: 0)
      mirror = current.superclassMirror
    }
    for level in levels {
      for child in level.children {
        guard let label = child.label, let storage = child.value as? any INParameterStorage
        else { continue }
        found.append((label.hasPrefix("_") ? String(label.dropFirst()) : label, storage))
      }
    }
    return found
  }
}
