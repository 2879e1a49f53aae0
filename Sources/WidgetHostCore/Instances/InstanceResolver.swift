import Foundation
import WidgetBundleRuntime
import WidgetSchema

/// A problem with an instance that stops it from running: unknown kind, unsupported family,
/// parameters on a static kind, unknown parameter, a value of the wrong type, outside an enum's
/// cases or not among the bundle's options, a missing required value.
///
/// Printed as `instance 'left': parameter 'color': 'purple' is not one of its cases: red, green`.
public struct InstanceProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// A stable code: `unknown-kind`, `unsupported-family`, `duplicate-id`, `static-kind`,
  /// `unknown-parameter`, `invalid-value`, `unknown-option`, `missing-value`, `options-failed`.
  public var code: String
  /// The instance's id.
  public var instance: String
  /// The parameter concerned, if one is.
  public var parameter: String?
  /// What is wrong.
  public var message: String

  /// Creates a problem.
  public init(code: String, instance: String, parameter: String? = nil, message: String) {
    self.code = code
    self.instance = instance
    self.parameter = parameter
    self.message = message
  }

  public var description: String {
    "instance '\(instance)': " + (parameter.map { "parameter '\($0)': " } ?? "") + message
  }
}

/// Asks a bundle for the values a dynamic parameter may take (the `options` method), given the
/// values of the instance's other parameters.
public typealias OptionsLookup =
  @Sendable (_ parameter: String, _ configuration: [String: JSONValue]) async -> Result<
    [ParameterOption], ProviderFailure
  >

/// Turns instance specs into instances: places each on a kind and family of the given bundles,
/// names it, and resolves its configuration (values typed by the parameter schema, defaults
/// filled in, dynamic values checked against the bundle's options).
public enum InstanceResolver {
  /// A spec placed on a kind and family, with its id.
  struct Placed: Sendable {
    var id: String
    var spec: InstanceSpec
    var bundle: String
    var kind: KindManifest
    var family: WidgetFamily
  }

  /// Places every spec and gives it its id (the spec's own, else `kind/family`, then
  /// `kind/family#2`, …). Specs that cannot be placed are problems instead.
  static func place(
    _ specs: [InstanceSpec], in bundles: [InstancePlan.Bundle]
  ) -> (placed: [Placed], problems: [InstanceProblem]) {
    var taken = Set<String>()
    var problems: [InstanceProblem] = []
    var explicit = Set<String>()
    for spec in specs {
      guard let id = spec.id else { continue }
      if !explicit.insert(id).inserted {
        problems.append(
          InstanceProblem(
            code: "duplicate-id", instance: id,
            message: "more than one instance has this id"
              + (spec.origin.isEmpty ? "" : " (again in \(spec.origin))")))
      }
    }
    taken = explicit
    let kinds = bundles.flatMap { bundle in bundle.kinds.map { (bundle.id, $0) } }
    var placed: [Placed] = []
    for spec in specs {
      let found = kinds.first { $0.1.kind == spec.kind }
      let family = spec.family ?? found?.1.families.first
      var id = spec.id ?? family.map { "\(spec.kind)/\($0.rawValue)" } ?? spec.kind
      if spec.id == nil {
        let base = id
        var number = 2
        while taken.contains(id) {
          id = "\(base)#\(number)"
          number += 1
        }
        taken.insert(id)
      }
      guard let (bundle, kind) = found, let family else {
        let available = kinds.map(\.1.kind).joined(separator: ", ")
        problems.append(
          InstanceProblem(
            code: "unknown-kind", instance: id,
            message: "no widget kind '\(spec.kind)' in the given bundles (they have: \(available))"
          ))
        continue
      }
      guard kind.families.contains(family) else {
        let supported = kind.families.map(\.rawValue).joined(separator: ", ")
        problems.append(
          InstanceProblem(
            code: "unsupported-family", instance: id,
            message:
              "kind '\(kind.kind)' does not support \(family.rawValue) (it supports: \(supported))"
          ))
        continue
      }
      if kind.configuration.intent == nil, !spec.parameters.isEmpty {
        let names = spec.parameters.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        problems.append(
          InstanceProblem(
            code: "static-kind", instance: id,
            message:
              "kind '\(kind.kind)' has a static configuration and takes no parameters "
              + "(given: \(names))"))
        continue
      }
      placed.append(Placed(id: id, spec: spec, bundle: bundle, kind: kind, family: family))
    }
    return (placed, problems)
  }

  /// The configuration of instance `instance` of `kind` from the values given: every value
  /// typed by its parameter, defaults filled in, dynamic values checked against `options` (and
  /// entity values given their `display`). Unset optional parameters without a default are
  /// left out.
  public static func configuration(
    of values: [String: ParameterInput], kind: KindManifest, instance: String,
    options: OptionsLookup
  ) async -> (configuration: [String: JSONValue], problems: [InstanceProblem]) {
    let schema = kind.configuration.parameters
    var problems: [InstanceProblem] = []
    let names = Set(schema.map(\.name))
    for name in values.keys.sorted() where !names.contains(name) {
      let known = schema.map(\.name).joined(separator: ", ")
      problems.append(
        InstanceProblem(
          code: "unknown-parameter", instance: instance, parameter: name,
          message: "kind '\(kind.kind)' has no such parameter (it has: \(known))"))
    }
    var resolved: [String: JSONValue] = [:]
    var dynamic: [(parameter: ParameterSchema, value: JSONValue, given: Bool)] = []
    var missing: [ParameterSchema] = []
    for parameter in schema {
      let value: JSONValue
      let given: Bool
      if let input = values[parameter.name], input != .json(.null) {
        switch typed(input, parameter) {
        case .success(let typed):
          value = typed
        case .failure(let problem):
          problems.append(
            InstanceProblem(
              code: "invalid-value", instance: instance, parameter: parameter.name,
              message: problem.message))
          continue
        }
        given = true
      } else if let fallback = parameter.default, fallback != .null {
        value = normalizedDefault(fallback, parameter)
        given = false
      } else {
        if parameter.required { missing.append(parameter) }
        continue
      }
      if parameter.dynamicOptions && parameter.type != .enum
        && (parameter.type == .entity || parameter.type == .string)
      {
        dynamic.append((parameter, value, given))
      } else {
        resolved[parameter.name] = value
      }
    }
    for (parameter, value, given) in dynamic {
      let identifier = Self.identifier(of: value)
      switch await options(parameter.name, resolved) {
      case .success(let list):
        if let option = list.first(where: { $0.identifier == identifier }) {
          resolved[parameter.name] =
            parameter.type == .entity
            ? .object([
              "identifier": .string(option.identifier), "display": .string(option.display),
            ])
            : .string(option.identifier)
        } else if given {
          problems.append(
            InstanceProblem(
              code: "unknown-option", instance: instance, parameter: parameter.name,
              message:
                "'\(identifier)' is not among the options the bundle lists: "
                + describe(list)))
        } else {
          resolved[parameter.name] = value
        }
      case .failure(let failure):
        if given {
          problems.append(
            InstanceProblem(
              code: "options-failed", instance: instance, parameter: parameter.name,
              message: "cannot check '\(identifier)': the bundle could not list the options: "
                + failure.message))
        } else {
          resolved[parameter.name] = value
        }
      }
    }
    for parameter in missing {
      var hint = ""
      if let cases = parameter.cases, !cases.isEmpty {
        hint = " (one of: " + cases.map(\.value).joined(separator: ", ") + ")"
      } else if parameter.dynamicOptions,
        case .success(let list) = await options(
          parameter.name, resolved), !list.isEmpty
      {
        hint = " (one of: " + describe(list) + ")"
      }
      problems.append(
        InstanceProblem(
          code: "missing-value", instance: instance, parameter: parameter.name,
          message: "missing required value of type \(parameter.type.rawValue)\(hint)"))
    }
    return (resolved, problems)
  }

  /// The canonical JSON of a configuration: keys sorted, no spaces (`{}` when empty). Equal
  /// configurations have equal text: it is ``TimelineKey/configuration``.
  public static func canonicalJSON(_ configuration: [String: JSONValue]) -> String {
    guard !configuration.isEmpty,
      let data = try? WidgetJSON.encode(JSONValue.object(configuration))
    else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  typealias TypeProblem = ParameterTypeProblem

  /// `value` as the JSON the parameter's type stores, or why it is not one.
  static func typed(
    _ input: ParameterInput, _ parameter: ParameterSchema
  ) -> Result<JSONValue, TypeProblem> {
    parameter.typed(input)
  }

  /// A schema's default as a configuration stores it: entity defaults as
  /// `{"identifier", "display"}` objects.
  private static func normalizedDefault(_ value: JSONValue, _ parameter: ParameterSchema)
    -> JSONValue
  {
    guard parameter.type == .entity else { return value }
    switch value {
    case .string(let identifier):
      return .object(["identifier": .string(identifier), "display": .string(identifier)])
    case .object(let fields):
      guard case .string(let identifier)? = fields["identifier"] else { return value }
      let display = fields["display"] ?? .string(identifier)
      return .object(["identifier": .string(identifier), "display": display])
    default:
      return value
    }
  }

  /// The identifier of a string or entity value.
  static func identifier(of value: JSONValue) -> String {
    switch value {
    case .string(let text): return text
    case .object(let fields):
      if case .string(let identifier)? = fields["identifier"] { return identifier }
      return canonicalJSON(fields)
    default: return canonicalJSON(["value": value])
    }
  }

  /// Options as a person reads them: `cat (Cat), dog (Dog)`; `none` for an empty list.
  static func describe(_ options: [ParameterOption]) -> String {
    guard !options.isEmpty else { return "none" }
    return options.map {
      $0.display == $0.identifier ? $0.identifier : "\($0.identifier) (\($0.display))"
    }
    .joined(separator: ", ")
  }

}

extension TimelineKey {
  /// The configuration's values (decoded from ``configuration``); nil when it has none.
  var configurationValues: [String: JSONValue]? {
    guard configuration != "{}",
      case .object(let values)? = try? WidgetJSON.decode(
        JSONValue.self, from: Data(configuration.utf8))
    else { return nil }
    return values
  }
}
