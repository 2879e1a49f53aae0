import FoundationEssentials

/// The `summary` line of `widget-host simulate --format json`: the last line, after the stream,
/// and not an event (no `seq`, no `time`): what each instance did during the simulated span
/// (docs/stream.md#summary, schema docs/schemas/stream/summary.schema.json).
public struct SimulationSummary: Codable, Sendable, Equatable {
  /// Always `"summary"`.
  public var type = "summary"
  /// The simulated span's start.
  public var start: Date
  /// Its end.
  public var end: Date
  /// One entry per instance, in stream order.
  public var instances: [Instance]

  /// The summary of the span from `start` to `end`.
  public init(start: Date, end: Date, instances: [Instance]) {
    self.start = start
    self.end = end
    self.instances = instances
  }

  /// What one instance did during the simulation.
  public struct Instance: Codable, Sendable, Equatable {
    /// The instance id (`kind/family`).
    public var instance: String
    /// Placeholder, snapshot and timeline calls made for it.
    public var providerCalls: Int
    /// Entries shown (placeholders included).
    public var entries: Int
    /// Timeline requests by reason.
    public var reloads: [String: Int]
    /// Reloads put off because the refresh budget was spent (`budget-exhausted` warnings).
    public var deferred: Int
    /// Failed provider calls (`error` events).
    public var errors: Int

    /// The counts of instance `instance`.
    public init(
      instance: String, providerCalls: Int, entries: Int, reloads: [String: Int], deferred: Int,
      errors: Int
    ) {
      self.instance = instance
      self.providerCalls = providerCalls
      self.entries = entries
      self.reloads = reloads
      self.deferred = deferred
      self.errors = errors
    }
  }
}
