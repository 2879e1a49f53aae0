extension StateStore {
  /// The schema, as the steps from one version to the next: step `n` (counting from 1) turns a
  /// version `n - 1` file into a version `n` one, and the file's `user_version` says how many
  /// steps it has had. Steps are only ever appended; a released step never changes.
  ///
  /// - 1: the refresh-budget ledger and each instance's next reload. Files written before
  ///   versioning have these tables and `user_version` 0; the step's `IF NOT EXISTS` keeps them.
  /// - 2: instances (id → bundle, kind, family, configuration) and each instance's last timeline.
  /// - 3: the rendering mode, part of a timeline key, in the ledger, the planned reloads and the
  ///   stored timelines (empty for the family's default mode, which every earlier row is in).
  /// - 4: Live Activities that have not been dismissed, each as its `ActivityInfo` JSON.
  static let migrations: [String] = [
    """
    CREATE TABLE IF NOT EXISTS budget_ledger (
      bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
      configuration TEXT NOT NULL, at REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS budget_ledger_key
      ON budget_ledger (bundle, kind, family, configuration, at);
    CREATE TABLE IF NOT EXISTS next_reload (
      bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
      configuration TEXT NOT NULL, at REAL, reason TEXT NOT NULL,
      PRIMARY KEY (bundle, kind, family, configuration));
    """,
    """
    CREATE TABLE instances (
      id TEXT PRIMARY KEY, bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
      configuration TEXT NOT NULL, start_configuration TEXT NOT NULL, updated REAL NOT NULL);
    CREATE TABLE timelines (
      instance TEXT PRIMARY KEY, bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
      configuration TEXT NOT NULL, timeline TEXT NOT NULL, fetched REAL NOT NULL,
      bundle_version TEXT NOT NULL);
    """,
    """
    ALTER TABLE budget_ledger ADD COLUMN rendering_mode TEXT NOT NULL DEFAULT '';
    DROP INDEX IF EXISTS budget_ledger_key;
    CREATE INDEX budget_ledger_key
      ON budget_ledger (bundle, kind, family, configuration, rendering_mode, at);
    CREATE TABLE next_reload_3 (
      bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
      configuration TEXT NOT NULL, rendering_mode TEXT NOT NULL DEFAULT '', at REAL,
      reason TEXT NOT NULL, PRIMARY KEY (bundle, kind, family, configuration, rendering_mode));
    INSERT INTO next_reload_3 (bundle, kind, family, configuration, at, reason)
      SELECT bundle, kind, family, configuration, at, reason FROM next_reload;
    DROP TABLE next_reload;
    ALTER TABLE next_reload_3 RENAME TO next_reload;
    ALTER TABLE timelines ADD COLUMN rendering_mode TEXT NOT NULL DEFAULT '';
    """,
    """
    CREATE TABLE activities (
      id TEXT PRIMARY KEY, started REAL NOT NULL, activity TEXT NOT NULL);
    """,
  ]

  /// Brings the file to the latest schema, each step in its own transaction with the
  /// `user_version` it reaches: a step happens completely or not at all, and a second host
  /// migrating the same file at the same time waits and then finds the step done.
  static func migrate(_ connection: Connection) throws(SQLiteError) {
    // Up to date (the usual case): no write lock taken.
    guard try userVersion(connection) < migrations.count else { return }
    while true {
      let done = try connection.transaction { () throws(SQLiteError) -> Bool in
        let current = try userVersion(connection)
        guard current < migrations.count else { return true }
        try connection.execute(migrations[current])
        try connection.execute("PRAGMA user_version = \(current + 1)")
        return false
      }
      if done { return }
    }
  }
}
