import Foundation
import WidgetSchema

/// Instance configurations: which timeline key each instance id showed, so a configuration
/// changed at run time (`configure`) survives a restart.
///
/// The restart rule (docs/state.md): the command line or home-screen file decides which
/// instances exist. An instance's stored configuration is reused when the command line gives it
/// the same bundle, kind and family and the same configuration as when that configuration was
/// stored (no parameters at all, or unchanged ones); when it gives something else, the command
/// line wins and the stored configuration is forgotten.
extension StateStore {
  /// An instance as stored.
  public struct StoredInstance: Sendable, Equatable {
    /// The instance id.
    public var id: String
    /// What it shows: bundle, kind, family and its configuration now (in the family's default
    /// mode: the mode is not stored, it is the command line's).
    public var key: TimelineKey
    /// The configuration the command line (or home-screen file) gave it when the host started.
    public var startConfiguration: String
    /// When it was last written.
    public var updated: Date
  }

  /// The instance stored under `id`, if any.
  public func instance(_ id: String) -> StoredInstance? {
    (try? access { connection throws(SQLiteError) in
      try connection.query(
        "SELECT bundle, kind, family, configuration, start_configuration, updated "
          + "FROM instances WHERE id = ?1", [.text(id)]
      ) { row -> StoredInstance? in
        guard let family = WidgetFamily(rawValue: row.text(2)) else { return nil }
        return StoredInstance(
          id: id,
          key: TimelineKey(
            bundle: row.text(0), kind: row.text(1), family: family, configuration: row.text(3)),
          startConfiguration: row.text(4), updated: Date(timeIntervalSince1970: row.real(5)))
      }
    })?.first ?? nil
  }

  /// Every stored instance, by id.
  public func instances() -> [StoredInstance] {
    let ids =
      (try? access { connection throws(SQLiteError) in
        try connection.query("SELECT id FROM instances ORDER BY id") { $0.text(0) }
      }) ?? []
    return ids.compactMap(instance)
  }

  /// The instances to run, from those the command line gives (`given`), by the restart rule:
  /// each keeps its stored configuration when the command line gives it what it gave when that
  /// configuration was stored. Records the result, in one transaction, as of `date`.
  ///
  /// That transaction does not wait for the disk (``transactionNotWaitingForTheDisk(_:)``): it
  /// is on the way to the first frame, where its two `fdatasync` calls took 1 to 8 ms of a
  /// 16 ms start, and it acknowledges nothing to anyone. A power cut before the next write leaves
  /// the store as if this run had stopped before it started.
  public func startInstances(
    _ given: [WidgetInstance], at date: Date
  ) throws(StoreError) -> [WidgetInstance] {
    // A copy only when an instance keeps a stored configuration: the list is kept for the whole
    // run, and most runs have none.
    var running = given
    for (index, planned) in given.enumerated() {
      guard let stored = self.instance(planned.id), Self.reuses(stored, for: planned.key) else {
        continue
      }
      // The mode is the command line's: `configure` changes only parameters.
      running[index] = planned.showing(stored.key.inMode(planned.key.renderingMode))
    }
    try transactionNotWaitingForTheDisk { connection throws(SQLiteError) in
      for (instance, start) in zip(running, given) {
        try Self.write(
          connection, id: instance.id, key: instance.key,
          startConfiguration: start.key.configuration, at: date)
      }
    }
    return running
  }

  /// Whether an instance that the command line gives `key` keeps `stored`'s configuration.
  static func reuses(_ stored: StoredInstance, for key: TimelineKey) -> Bool {
    stored.key.bundle == key.bundle && stored.key.kind == key.kind
      && stored.key.family == key.family && stored.startConfiguration == key.configuration
  }

  /// Records that instance `id` now shows `key` (its configuration changed at run time, by a
  /// `configure` request), as of `date`. The configuration the command line gave it is kept:
  /// while the command line gives it the same, a restart shows `key` (the restart rule).
  public func saveInstance(id: String, key: TimelineKey, at date: Date) throws(StoreError) {
    try access { connection throws(SQLiteError) in
      try connection.run(
        "INSERT INTO instances (id, bundle, kind, family, configuration, start_configuration, "
          + "updated) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6) ON CONFLICT (id) DO UPDATE SET "
          + "bundle = ?2, kind = ?3, family = ?4, configuration = ?5, updated = ?6",
        [
          .text(id), .text(key.bundle), .text(key.kind), .text(key.family.rawValue),
          .text(key.configuration), .real(date.timeIntervalSince1970),
        ])
    }
  }

  private static func write(
    _ connection: Connection, id: String, key: TimelineKey, startConfiguration: String,
    at date: Date
  ) throws(SQLiteError) {
    try connection.run(
      "INSERT OR REPLACE INTO instances (id, bundle, kind, family, configuration, "
        + "start_configuration, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      [
        .text(id), .text(key.bundle), .text(key.kind), .text(key.family.rawValue),
        .text(key.configuration), .text(startConfiguration), .real(date.timeIntervalSince1970),
      ])
  }
}
