import Foundation
import WidgetBundleRuntime
import WidgetSchema

/// What `widget-host options` prints: the values one parameter of a kind may take.
///
/// JSON: `{"bundle": "local.fixture", "kind": "Configurable", "parameter": "animal",
/// "type": "entity", "options": [{"identifier": "cat", "display": "Cat"}]}`.
public struct ParameterOptionsListing: Codable, Sendable, Equatable {
  /// The bundle's id.
  public var bundle: String
  /// The kind.
  public var kind: String
  /// The parameter.
  public var parameter: String
  /// The parameter's type.
  public var type: ParameterType
  /// The values, in the bundle's order: an enum's cases (value and title) or the bundle's
  /// dynamic options.
  public var options: [ParameterOption]
}

extension WidgetHost {
  /// The values `parameter` of `kind` may take, from the first bundle of the options: an enum's
  /// cases, or for a dynamic parameter the bundle's answer to the `options` method (for an
  /// instance in `family`, default the kind's first, whose other values are `values`).
  ///
  /// Unknown kinds and parameters, static kinds and parameters with no list of values are
  /// ``HostError/selection(_:)``; a failed call is ``HostError/provider(_:)``.
  public func parameterOptions(
    kind name: String, parameter: String, family: WidgetFamily? = nil,
    values: [String: ParameterInput] = [:]
  ) async throws(HostError) -> ParameterOptionsListing {
    guard let path = options.bundlePaths.first else { throw .selection("give a bundle") }
    let source: BundleSource
    do { source = try BundleSource.open(path) } catch { throw .bundle(error) }
    var connection: (any BundleConnection)?
    let manifest: BundleManifest
    if let declared = source.manifest {
      manifest = declared
    } else {
      let loaded = try await load(source)
      connection = loaded.0
      manifest = loaded.1
    }
    func closing(_ error: HostError) async -> HostError {
      await connection?.close()
      return error
    }
    guard let kind = manifest.kinds.first(where: { $0.kind == name }) else {
      let kinds = manifest.kinds.map(\.kind).joined(separator: ", ")
      throw await closing(.selection("no widget kind '\(name)' in \(path) (it has: \(kinds))"))
    }
    guard kind.configuration.intent != nil else {
      throw await closing(
        .selection("kind '\(name)' has a static configuration: it has no parameters"))
    }
    let schema = kind.configuration.parameters
    guard let declared = schema.first(where: { $0.name == parameter }) else {
      let names = schema.map(\.name).joined(separator: ", ")
      throw await closing(
        .selection("kind '\(name)' has no parameter '\(parameter)' (it has: \(names))"))
    }
    let family = family ?? kind.families.first ?? .systemSmall
    guard kind.families.contains(family) else {
      let supported = kind.families.map(\.rawValue).joined(separator: ", ")
      throw await closing(
        .selection(
          "kind '\(name)' does not support \(family.rawValue) (it supports: \(supported))"))
    }
    let listing = { (options: [ParameterOption]) in
      ParameterOptionsListing(
        bundle: manifest.id, kind: name, parameter: parameter, type: declared.type,
        options: options)
    }
    guard declared.dynamicOptions else {
      await connection?.close()
      if let cases = declared.cases {
        return listing(cases.map { ParameterOption(identifier: $0.value, display: $0.title) })
      }
      throw .selection(
        "parameter '\(parameter)' of kind '\(name)' is of type \(declared.type.rawValue): it has "
          + "no list of values (only enum and dynamic parameters have one)")
    }
    var configuration: [String: JSONValue] = [:]
    for (other, input) in values.sorted(by: { $0.key < $1.key }) {
      guard let schema = schema.first(where: { $0.name == other }) else {
        let names = schema.map(\.name).joined(separator: ", ")
        throw await closing(
          .selection("kind '\(name)' has no parameter '\(other)' (it has: \(names))"))
      }
      switch InstanceResolver.typed(input, schema) {
      case .success(let value): configuration[other] = value
      case .failure(let problem):
        throw await closing(.selection("parameter '\(other)': \(problem.message)"))
      }
    }
    let live: any BundleConnection
    if let connection {
      live = connection
    } else {
      (live, _) = try await load(source)
    }
    let provider = BundleTimelineProvider(deadlines: options.deadlines) { _, _ in }
    provider.add(live, for: manifest.id)
    let result = await provider.options(
      bundle: manifest.id, kind: name, family: family, parameter: parameter,
      configuration: configuration)
    await live.close()
    switch result {
    case .success(let options): return listing(options)
    case .failure(let failure): throw .provider(failure.message)
    }
  }
}
