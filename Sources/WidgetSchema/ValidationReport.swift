import FoundationEssentials

/// The result of one conformance check of `widget-host validate` (docs/cli.md#validate).
public struct ValidationCheck: Codable, Sendable, Equatable {
  /// The check's stable id (`loads`, `timeline-once`, …).
  public var id: String
  /// True when the check passed (or was skipped).
  public var passed: Bool
  /// True when the check did not apply or could not run; `message` says why.
  public var skipped: Bool
  /// A one-line result; on failure, what was wrong.
  public var message: String
  /// How long the check took, in seconds.
  public var seconds: Double

  /// Creates a result.
  public init(id: String, passed: Bool, skipped: Bool = false, message: String, seconds: Double = 0)
  {
    self.id = id
    self.passed = passed
    self.skipped = skipped
    self.message = message
    self.seconds = seconds
  }
}

/// Everything `widget-host validate` found out about one bundle.
public struct ValidationReport: Codable, Sendable, Equatable {
  /// The bundle's path as given.
  public var bundle: String
  /// The checks, in the order they ran.
  public var checks: [ValidationCheck]
  /// How many checks passed (skipped ones not included).
  public var passed: Int { checks.filter { $0.passed && !$0.skipped }.count }
  /// How many checks failed.
  public var failed: Int { checks.filter { !$0.passed }.count }
  /// How many checks were skipped.
  public var skipped: Int { checks.filter(\.skipped).count }

  private enum CodingKeys: String, CodingKey { case bundle, checks, passed, failed, skipped }

  /// Creates a report.
  public init(bundle: String, checks: [ValidationCheck]) {
    self.bundle = bundle
    self.checks = checks
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    bundle = try container.decode(String.self, forKey: .bundle)
    checks = try container.decode([ValidationCheck].self, forKey: .checks)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bundle, forKey: .bundle)
    try container.encode(checks, forKey: .checks)
    try container.encode(passed, forKey: .passed)
    try container.encode(failed, forKey: .failed)
    try container.encode(skipped, forKey: .skipped)
  }
}
