import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// The configurations `widget-host validate` calls configurable kinds with, and the
/// `parameter-options` check that finds them.
struct ValidationConfigurations: Sendable {
  /// Each configurable kind's configuration: its defaults, and for a required parameter without
  /// one, its first enum case or the first option the bundle lists.
  var configurations: [String: [String: JSONValue]] = [:]
  /// Kinds that cannot be given a configuration, with the reason; the calling checks leave
  /// them out.
  var skipped: [String: String] = [:]

  /// The configuration of `kind` as canonical JSON (``TimelineKey/configuration``).
  func configurationJSON(of kind: String) -> String {
    InstanceResolver.canonicalJSON(configurations[kind] ?? [:])
  }
}

extension ValidationSession {
  /// `parameter-options`: for every configurable kind, asks the bundle for the options of each
  /// dynamic parameter (each reply must decode as `ParameterOptions`), then works out the
  /// configuration the other checks send: the defaults, and for each required parameter without
  /// one the first enum case or the first option listed. A kind left without a configuration is
  /// skipped by the calling checks, with the reason.
  func parameterOptions() async -> (ValidationCheck, ValidationConfigurations) {
    var found = ValidationConfigurations()
    let configurable = kinds.filter { $0.configuration.intent != nil }
    guard !configurable.isEmpty else {
      return (
        ValidationCheck(
          id: "parameter-options", passed: true, skipped: true,
          message: "no kind has parameters: static kinds' calls carry no configuration"),
        found
      )
    }
    var problems: [String] = []
    var lists = 0
    var notes: [String] = []
    for kind in configurable {
      guard let (provider, connection, _) = await start() else {
        problems.append("\(kind.kind): the library no longer loads")
        continue
      }
      let family = kind.families[0]
      let lookup: OptionsLookup = { parameter, configuration in
        await provider.options(
          bundle: Self.bundleKey, kind: kind.kind, family: family, parameter: parameter,
          configuration: configuration)
      }
      var (configuration, missing) = await InstanceResolver.configuration(
        of: [:], kind: kind, instance: kind.kind, options: lookup)
      for parameter in kind.configuration.parameters where parameter.dynamicOptions {
        switch await lookup(parameter.name, configuration) {
        case .success:
          lists += 1
        case .failure(let failure):
          problems.append(
            "\(kind.kind): the options of parameter '\(parameter.name)': \(failure.message)")
        }
      }
      // Required parameters without a default: the first case, or the first option listed.
      var chosen: [String: ParameterInput] = [:]
      var reasons: [String] = []
      for problem in missing {
        guard problem.code == "missing-value", let name = problem.parameter,
          let parameter = kind.configuration.parameters.first(where: { $0.name == name })
        else {
          reasons.append(problem.description)
          continue
        }
        if let first = parameter.cases?.first {
          chosen[name] = .text(first.value)
        } else if parameter.dynamicOptions,
          case .success(let options) = await lookup(name, configuration), let first = options.first
        {
          chosen[name] = .text(first.identifier)
        } else {
          reasons.append(
            "required parameter '\(name)' (\(parameter.type.rawValue)) has no default"
              + (parameter.dynamicOptions ? " and the bundle lists no option" : ""))
        }
      }
      if reasons.isEmpty, !chosen.isEmpty {
        (configuration, missing) = await InstanceResolver.configuration(
          of: chosen, kind: kind, instance: kind.kind, options: lookup)
        reasons = missing.map(\.description)
        notes.append(
          "\(kind.kind): "
            + chosen.keys.sorted().map { name in
              if case .text(let value) = chosen[name] { return "\(name)=\(value)" }
              return name
            }.joined(separator: ", "))
      }
      await connection.close()
      if reasons.isEmpty {
        found.configurations[kind.kind] = configuration
      } else {
        found.skipped[kind.kind] = reasons.joined(separator: "; ")
      }
    }
    var message =
      problems.isEmpty
      ? "\(lists) option lists decoded as ParameterOptions; \(found.configurations.count) "
        + "configurable kinds called with their default configuration"
      : problems.joined(separator: "; ")
    if !notes.isEmpty {
      message += " (required values without default: " + notes.joined(separator: "; ") + ")"
    }
    if !found.skipped.isEmpty {
      message +=
        "; left out of the calls: "
        + found.skipped.keys.sorted().map { "\($0) (\(found.skipped[$0] ?? ""))" }.joined(
          separator: "; ")
    }
    return (
      ValidationCheck(id: "parameter-options", passed: problems.isEmpty, message: message), found
    )
  }
}
