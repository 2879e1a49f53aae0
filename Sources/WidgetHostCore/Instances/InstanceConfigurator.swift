import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetSchema

/// Resolves the configurations of a host's instances, at start and when a client reconfigures
/// one (`configure`): knows every kind's parameter schema, asks the bundles for dynamic options,
/// and remembers the values each instance was given.
final class InstanceConfigurator: Sendable {
  private let known: Mutex<[String: (bundle: String, manifest: KindManifest)]>
  private let provider: BundleTimelineProvider
  private let given = Mutex<[String: [String: ParameterInput]]>([:])

  init(bundles: [InstancePlan.Bundle], provider: BundleTimelineProvider) {
    known = Mutex(Self.kinds(of: bundles))
    self.provider = provider
  }

  /// The kinds of `bundles` by name (the first bundle that declares one wins).
  private static func kinds(
    of bundles: [InstancePlan.Bundle]
  ) -> [String: (bundle: String, manifest: KindManifest)] {
    var kinds: [String: (bundle: String, manifest: KindManifest)] = [:]
    for bundle in bundles {
      for kind in bundle.kinds where kinds[kind.kind] == nil {
        kinds[kind.kind] = (bundle.id, kind)
      }
    }
    return kinds
  }

  /// The kinds known from now on: those of `bundles` (a running host's new set of bundles).
  func register(_ bundles: [InstancePlan.Bundle]) {
    let kinds = Self.kinds(of: bundles)
    known.withLock { $0 = kinds }
  }

  private var kinds: [String: (bundle: String, manifest: KindManifest)] {
    known.withLock { $0 }
  }

  /// Whether `kind` takes parameters.
  func isConfigurable(_ kind: String) -> Bool {
    kinds[kind]?.manifest.configuration.intent != nil
  }

  /// The instance a placed spec becomes, or the problems with its values.
  func resolve(
    _ placed: InstanceResolver.Placed
  ) async -> (instance: WidgetInstance?, problems: [InstanceProblem]) {
    let (configuration, problems) = await resolve(
      placed.spec.parameters, kind: placed.kind, bundle: placed.bundle, family: placed.family,
      instance: placed.id)
    guard problems.isEmpty else { return (nil, problems) }
    record(placed.id, values: placed.spec.parameters)
    return (
      WidgetInstance(
        id: placed.id,
        key: TimelineKey(
          bundle: placed.bundle, kind: placed.kind.kind, family: placed.family,
          configuration: InstanceResolver.canonicalJSON(configuration),
          renderingMode: placed.spec.renderingMode),
        page: placed.spec.page ?? 1),
      []
    )
  }

  /// `instance` with `changes` applied to the values it was given (a `null` value removes one,
  /// so its default applies again), or the problems with them. Nothing changes until
  /// ``record(_:values:)``.
  ///
  /// `texts` are values given as text (`configure NAME=VALUE` on the command line), typed by
  /// the parameter's schema exactly as `--instance` values are.
  func reconfigure(
    _ instance: WidgetInstance, changes: [String: JSONValue], texts: [String: String] = [:]
  ) async -> Result<(instance: WidgetInstance, values: [String: ParameterInput]), ControlError> {
    guard let (bundle, kind) = kinds[instance.key.kind] else {
      return .failure(.unknownInstance(instance.id, known: instance.id))
    }
    if kind.configuration.intent == nil {
      if let name = (Array(changes.keys) + Array(texts.keys)).sorted().first {
        return .failure(.unknownParameter(name, instance: instance.id, kind: kind.kind))
      }
      return .success((instance, [:]))
    }
    // A value set is checked by resolving it; one removed must name a parameter too.
    let names = Set(kind.configuration.parameters.map(\.name))
    if let name = changes.filter({ $0.value == .null && !names.contains($0.key) }).keys.sorted()
      .first
    {
      return .failure(.unknownParameter(name, instance: instance.id, kind: kind.kind))
    }
    var values = given.withLock { $0[instance.id] } ?? [:]
    for (name, value) in changes {
      values[name] = value == .null ? nil : .json(value)
    }
    for (name, text) in texts {
      values[name] = .text(text)
    }
    let (configuration, problems) = await resolve(
      values, kind: kind, bundle: bundle, family: instance.key.family, instance: instance.id)
    if let first = problems.first {
      let code =
        problems.allSatisfy { $0.code == first.code } ? first.code : "invalid-configuration"
      return .failure(
        .invalidConfiguration(
          code: code, message: problems.map(\.description).joined(separator: "; ")))
    }
    let key = TimelineKey(
      bundle: bundle, kind: kind.kind, family: instance.key.family,
      configuration: InstanceResolver.canonicalJSON(configuration),
      renderingMode: instance.key.renderingMode)
    return .success((instance.showing(key), values))
  }

  /// `instance` (a restarted host's, with the configuration an earlier `configure` stored)
  /// checked against the kind's parameters now, as command-line values are: the bundle may have
  /// changed since (a parameter removed, an enum case or an option gone). Nil with the problems
  /// when the stored configuration no longer fits; else the instance with its configuration
  /// resolved anew (defaults of parameters added since filled in).
  func revalidate(
    _ instance: WidgetInstance
  ) async -> (instance: WidgetInstance?, problems: [InstanceProblem]) {
    guard let (bundle, kind) = kinds[instance.key.kind] else {
      return (
        nil,
        [
          InstanceProblem(
            code: "unknown-kind", instance: instance.id,
            message: "no widget kind '\(instance.key.kind)' in the given bundles")
        ]
      )
    }
    let values = (instance.key.configurationValues ?? [:]).mapValues { ParameterInput.json($0) }
    if kind.configuration.intent == nil {
      guard values.isEmpty else {
        let names = values.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return (
          nil,
          [
            InstanceProblem(
              code: "static-kind", instance: instance.id,
              message:
                "kind '\(kind.kind)' has a static configuration and takes no parameters "
                + "(stored: \(names))")
          ]
        )
      }
      return (instance, [])
    }
    let (configuration, problems) = await resolve(
      values, kind: kind, bundle: bundle, family: instance.key.family, instance: instance.id)
    guard problems.isEmpty else { return (nil, problems) }
    let key = TimelineKey(
      bundle: bundle, kind: kind.kind, family: instance.key.family,
      configuration: InstanceResolver.canonicalJSON(configuration),
      renderingMode: instance.key.renderingMode)
    return (instance.showing(key), [])
  }

  /// Takes the resolved configuration `instance` shows as the values it was given: when a
  /// restarted host reuses a configuration an earlier `configure` stored (the restart rule), a
  /// later `configure` merges into that configuration, not into the command line's.
  func adopt(_ instance: WidgetInstance) {
    guard let values = instance.key.configurationValues else { return }
    given.withLock { $0[instance.id] = values.mapValues { .json($0) } }
  }

  /// Remembers the values `instance` was given, for later changes. None is remembered as
  /// nothing: most instances are given none, and each is kept for the whole run.
  func record(_ instance: String, values: [String: ParameterInput]) {
    given.withLock { $0[instance] = values.isEmpty ? nil : values }
  }

  private func resolve(
    _ values: [String: ParameterInput], kind: KindManifest, bundle: String,
    family: WidgetFamily, instance: String
  ) async -> (configuration: [String: JSONValue], problems: [InstanceProblem]) {
    let provider = self.provider
    return await InstanceResolver.configuration(
      of: values, kind: kind, instance: instance
    ) { parameter, configuration in
      await provider.options(
        bundle: bundle, kind: kind.kind, family: family, parameter: parameter,
        configuration: configuration)
    }
  }
}
