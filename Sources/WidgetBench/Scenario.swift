import Foundation

/// One benchmark scenario: it measures the host and, in the same run, its peer or floor.
public protocol Scenario: Sendable {
  /// The name given on the command line (`update`, `idle`, …).
  var name: String { get }
  /// One line saying what is measured.
  var title: String { get }
  /// Runs the scenario at the sizes `environment` asks for.
  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult
}

/// What a scenario measured.
public struct ScenarioResult: Codable, Sendable {
  /// The scenario's name.
  public var scenario: String
  /// Its one-line title.
  public var title: String
  /// The figures, each against its peer where it has one.
  public var figures: [Figure]
  /// Counts worth reporting beside the figures (provider calls, entries, deferrals, …).
  public var counts: [String: Double]

  /// Creates a result.
  public init(scenario: String, title: String, figures: [Figure], counts: [String: Double] = [:]) {
    self.scenario = scenario
    self.title = title
    self.figures = figures
    self.counts = counts
  }
}

/// One measured figure, its peer's figure and how they compare with the target.
public struct Figure: Codable, Sendable {
  /// What was measured (`in-process CPU per update`).
  public var label: String
  /// The host's figure.
  public var value: Double
  /// The figure's unit (`µs`, `wakeups/min`, …).
  public var unit: String
  /// What the figure is compared with (`fork+exec of a shell script`), if anything.
  public var peer: String?
  /// The peer's figure, in `unit`.
  public var peerValue: Double?
  /// The comparison: how many times better the host is than its peer (peer ÷ host for costs,
  /// host ÷ peer for throughputs), or the figure itself against an absolute target.
  public var ratio: Double?
  /// The target, for people (`≥ 100×`); nil for a figure that is only reported.
  public var target: String?
  /// Whether the target is met; nil when there is none.
  public var met: Bool?

  /// Creates a figure with a target (`target`, `met`), or one only reported (both nil).
  public init(
    label: String, value: Double, unit: String, peer: String? = nil, peerValue: Double? = nil,
    ratio: Double? = nil, target: String?, met: Bool?
  ) {
    self.label = label
    self.value = value
    self.unit = unit
    self.peer = peer
    self.peerValue = peerValue
    self.ratio = ratio
    self.target = target
    self.met = met
  }
}

/// Why a scenario could not run.
public struct BenchError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, naming the file, program or step.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}

/// Every scenario, in the order the issue lists them.
public enum Scenarios {
  /// All scenarios.
  public static let all: [any Scenario] = [
    UpdateCostScenario(), IdleScenario(), ScaleScenario(), StartupScenario(),
    SinkThroughputScenario(), MemoryScenario(), SocketFanOutScenario(), WebFanOutScenario(),
    DrawScenario(),
  ]
}
