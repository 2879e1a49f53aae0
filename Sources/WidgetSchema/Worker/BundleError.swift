/// Why a bundle could not be opened, loaded or registered. Every case names the file (and,
/// for manifests, the JSON path) so the message alone tells the user what to fix.
///
/// A wire format: a worker process sends it to the host in a `load-failed` frame
/// (``WorkerFrame/loadError``), so the message is the same in both modes (docs/isolation.md).
public enum BundleError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
  /// The path does not exist or is neither a `.widgetbundle` folder nor a shared library.
  case notABundle(path: String, reason: String)
  /// `manifest.json` could not be read.
  case manifestUnreadable(file: String, reason: String)
  /// `manifest.json` does not match the schema or breaks a rule; one problem per entry.
  case manifestInvalid(file: String, problems: [SchemaError])
  /// `dlopen` failed.
  case libraryLoadFailed(path: String, reason: String)
  /// The library does not export `wk_bundle_entry`.
  case missingEntryPoint(path: String)
  /// The library's ABI is not one this host speaks (major version, struct size, refusal).
  case abiRefused(path: String, reason: String)
  /// `describe` failed or returned something that is not a valid description.
  case descriptionInvalid(path: String, problems: [SchemaError])
  /// The library and its manifest disagree; one line per disagreement.
  case manifestMismatch(path: String, differences: [String])
  /// Two bundles declare the same kind.
  case duplicateKind(kind: String, first: String, second: String)
  /// The bundle's worker process failed while loading the library (it crashed, or broke the
  /// worker protocol).
  case workerFailed(path: String, reason: String)
  /// The bundle crashed repeatedly and is quarantined (docs/isolation.md).
  case quarantined(path: String, reason: String)
  /// A C action the manifest declares cannot be called: the library does not export it, or
  /// libffi cannot prepare a call of its types.
  case actionUnavailable(path: String, action: String, reason: String)

  public var description: String {
    switch self {
    case .notABundle(let path, let reason):
      return "\(path): \(reason)"
    case .manifestUnreadable(let file, let reason):
      return "\(file): \(reason)"
    case .manifestInvalid(let file, let problems):
      return problems.map { "\(file): \($0)" }.joined(separator: "\n")
    case .libraryLoadFailed(let path, let reason):
      return "\(path): cannot load the library: \(reason)"
    case .missingEntryPoint(let path):
      return "\(path): the library does not export wk_bundle_entry (see docs/abi.md)"
    case .abiRefused(let path, let reason):
      return "\(path): \(reason)"
    case .descriptionInvalid(let path, let problems):
      return problems.map { "\(path): describe: \($0)" }.joined(separator: "\n")
    case .manifestMismatch(let path, let differences):
      return differences.map { "\(path): library and manifest.json disagree: \($0)" }
        .joined(separator: "\n")
    case .duplicateKind(let kind, let first, let second):
      return "kind '\(kind)' is declared by two bundles: \(first) and \(second)"
    case .workerFailed(let path, let reason):
      return "\(path): the worker process failed: \(reason)"
    case .quarantined(let path, let reason):
      return "\(path): quarantined: \(reason)"
    case .actionUnavailable(let path, let action, let reason):
      return "\(path): action '\(action)': \(reason)"
    }
  }
}
