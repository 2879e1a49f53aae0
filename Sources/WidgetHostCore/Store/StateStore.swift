@preconcurrency import CSQLite
import Foundation
import WidgetSchema

/// The host's durable state, one SQLite file (`state.sqlite3`) in the state directory
/// (`--state-dir`, default `$XDG_STATE_HOME/widget-host`): each instance's configuration
/// (``saveInstance(id:key:at:)``), each instance's last timeline (``saveTimeline(_:of:instances:fetchedAt:bundleVersion:)``),
/// and the refresh-budget ledger with each instance's next reload. A restarted host shows each
/// instance's last entry at once and keeps its budgets (docs/state.md).
///
/// The file is in WAL mode with `synchronous = FULL`: a write has reached the disk when the
/// call returns, so neither a killed host nor a power cut loses it. (The exceptions, which
/// acknowledge nothing: ``startInstances(_:at:)``'s record of a start, the planned reloads and
/// the migrations.) Its
/// schema is versioned by SQLite's `user_version`; an older file is migrated when opened
/// (``migrations``).
public final class StateStore: BudgetLedger {
  let database: SQLiteDatabase
  /// The database file.
  public let path: String
  /// Whether opening read the whole file for damage (``recordIntegrity()``).
  let checkedWhenOpened: Bool

  /// The name of the database file in the state directory.
  public static let fileName = "state.sqlite3"

  /// The default state directory: `$XDG_STATE_HOME/widget-host`, or
  /// `~/.local/state/widget-host` when `XDG_STATE_HOME` is unset or not absolute.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory())
      + "/.local/state"
    return base + "/widget-host"
  }

  /// The database file in `directory`.
  public static func path(inDirectory directory: String) -> String {
    (directory as NSString).appendingPathComponent(fileName)
  }

  /// Opens the store in `directory`, creating the directory and the file if needed.
  public convenience init(directory: String) throws(StoreError) {
    do {
      // Private to the user: entries, configurations and containers are the user's data.
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotOpen(
        Self.path(inDirectory: directory), "cannot create the directory \(directory)")
    }
    try self.init(path: Self.path(inDirectory: directory))
  }

  /// Opens (creating if needed) the store file at `path` and migrates it to the current schema.
  /// Its directory must exist.
  public init(path: String) throws(StoreError) {
    self.path = path
    // Before SQLite opens the files (opening can create the log).
    let checks = !Self.isUnchangedSinceChecked(path)
    checkedWhenOpened = checks
    // A new file is created 0600 before SQLite opens it: SQLite gives its log and shared-memory
    // files the database file's mode.
    let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if created >= 0 { close(created) }
    do {
      database = try SQLiteDatabase(path: path)
    } catch {
      throw .cannotOpen(path, error.message)
    }
    let version: Int
    do {
      version = try database.withConnection { (connection) throws(SQLiteError) -> Int in
        try connection.execute("PRAGMA busy_timeout = 5000")
        // The host writes the store far more than it reads it (reads are the restore at start),
        // so a page cache of 256 KiB instead of SQLite's 2 MB: the difference is resident memory
        // of a host with thousands of instances.
        try connection.execute("PRAGMA cache_size = -256")
        // The first read of the file: a file that is not a database fails here.
        let version = try Self.userVersion(connection)
        // Every page, unless a host found the files intact as it stopped and they are unchanged
        // since (StateStore+IntegrityCheck.swift).
        guard checks else { return version }
        let check = try connection.query("PRAGMA quick_check") { $0.text(0) }
        guard check == ["ok"] else {
          throw SQLiteError(
            code: SQLITE_CORRUPT, message: "damaged: " + check.prefix(3).joined(separator: "; "))
        }
        return version
      }
    } catch {
      throw error.isCorruption ? .corrupt(path, error.message) : .failed(path, error.message)
    }
    guard version <= Self.migrations.count else {
      throw .newerSchema(path, found: version, supported: Self.migrations.count)
    }
    do {
      try database.withConnection { (connection) throws(SQLiteError) in
        // Switching a new file to WAL and migrating it acknowledge nothing, so they do not wait
        // for the disk (on a new file, four of a first start's ten `fdatasync` calls): a power
        // cut before the next durable write loses whole steps, which the next start runs again.
        try connection.execute("PRAGMA synchronous = NORMAL; PRAGMA journal_mode = WAL")
        try Self.migrate(connection)
        try connection.execute("PRAGMA synchronous = FULL")
      }
    } catch {
      throw error.isCorruption ? .corrupt(path, error.message) : .failed(path, error.message)
    }
    boundWriteAheadLog()
  }

  /// The size past which the write-ahead log is emptied when the store is opened.
  static let writeAheadLogLimit = 256 << 10

  /// Empties the write-ahead log (`state.sqlite3-wal`) into the database file when it has grown
  /// past ``writeAheadLogLimit``. A host does not close the store when it exits, so SQLite never
  /// empties the log then, and the first write of the next host appends to it: it only grew
  /// (4 MB after a few hundred `run --once`), and every open reads all of it again to rebuild
  /// its index, about 1 ms of CPU per MB. Emptying it costs a checkpoint (four `fdatasync`) once
  /// every few dozen starts. Never waits for another process: a host that finds the log in use
  /// leaves it for the next start.
  private func boundWriteAheadLog() {
    var status = stat()
    guard stat(path + "-wal", &status) == 0, Int(status.st_size) > Self.writeAheadLogLimit
    else { return }
    try? database.withConnection { (connection) throws(SQLiteError) in
      try connection.execute("PRAGMA busy_timeout = 0")
      defer { try? connection.execute("PRAGMA busy_timeout = 5000") }
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
  }

  /// The schema version of the file (`PRAGMA user_version`).
  public var schemaVersion: Int {
    (try? database.withConnection(Self.userVersion)) ?? 0
  }

  static func userVersion(_ connection: Connection) throws(SQLiteError) -> Int {
    Int(try connection.query("PRAGMA user_version") { $0.integer(0) }.first ?? 0)
  }

  /// Runs `body` with the connection, turning SQLite's errors into ``StoreError/failed(_:_:)``.
  func access<T>(_ body: (Connection) throws(SQLiteError) -> T) throws(StoreError) -> T {
    do {
      return try database.withConnection(body)
    } catch {
      if error.isCorruption { forgetIntegrity() }
      throw .failed(path, error.message)
    }
  }

  /// Runs `body` in one transaction that does not wait for the disk (`synchronous = NORMAL`
  /// for it alone), for writes that acknowledge nothing to anyone. They survive a killed host
  /// (they are in the operating system's hands when this returns); the next write that waits
  /// for the disk makes them durable with its own. Only a power cut before then can lose them.
  func transactionNotWaitingForTheDisk(
    _ body: (Connection) throws(SQLiteError) -> Void
  ) throws(StoreError) {
    try access { connection throws(SQLiteError) in
      try connection.execute("PRAGMA synchronous = NORMAL")
      // Every other write waits for the disk again, even when this one fails.
      defer { try? connection.execute("PRAGMA synchronous = FULL") }
      try connection.transaction { () throws(SQLiteError) in try body(connection) }
    }
  }
}

/// Why the state store cannot be used.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file or its directory cannot be opened or created for writing.
  case cannotOpen(String, String)
  /// The file is not a SQLite database or is damaged (`widget-host run` moves it aside).
  case corrupt(String, String)
  /// The file was written by a newer widget-host, with a schema this build does not know.
  case newerSchema(String, found: Int, supported: Int)
  /// A statement failed.
  case failed(String, String)

  /// The file concerned.
  public var path: String {
    switch self {
    case .cannotOpen(let path, _), .corrupt(let path, _), .failed(let path, _): path
    case .newerSchema(let path, _, _): path
    }
  }

  public var description: String {
    switch self {
    case .cannotOpen(let path, let message): "\(path): cannot open the state store: \(message)"
    case .corrupt(let path, let message):
      "\(path): the state store is corrupt (\(message))"
    case .newerSchema(let path, let found, let supported):
      "\(path): the state store has schema version \(found), written by a newer widget-host; "
        + "this one reads versions up to \(supported) (use another --state-dir, or a newer "
        + "widget-host)"
    case .failed(let path, let message): "\(path): \(message)"
    }
  }
}
