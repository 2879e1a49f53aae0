@preconcurrency import CSQLite
import Foundation
import Synchronization
import WidgetSchema

/// The host's durable state in one SQLite file: the refresh-budget ledger and each instance's
/// next reload, so a restarted host keeps its budgets and `widget-host budget` can report them.
///
/// Default location: `$XDG_STATE_HOME/widget-host/state.sqlite3` (`~/.local/state/…`).
public final class StateStore: BudgetLedger {
  private let database: Mutex<OpaquePointer?>
  /// The database file.
  public let path: String

  /// The default location of the state file.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let base =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    return base + "/widget-host/state.sqlite3"
  }

  /// Opens (creating if needed) the store at `path`.
  public init(path: String = StateStore.defaultPath()) throws(StoreError) {
    self.path = path
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(handle)
      throw .cannotOpen(path, message)
    }
    database = Mutex(handle)
    try execute(
      """
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
      PRAGMA busy_timeout = 2000;
      CREATE TABLE IF NOT EXISTS budget_ledger (
        bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
        configuration TEXT NOT NULL, at REAL NOT NULL);
      CREATE INDEX IF NOT EXISTS budget_ledger_key
        ON budget_ledger (bundle, kind, family, configuration, at);
      CREATE TABLE IF NOT EXISTS next_reload (
        bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
        configuration TEXT NOT NULL, at REAL, reason TEXT NOT NULL,
        PRIMARY KEY (bundle, kind, family, configuration));
      """)
  }

  deinit {
    _ = database.withLock { sqlite3_close($0) }
  }

  /// One instance's budget as stored.
  public struct BudgetRow: Sendable, Equatable {
    public var key: TimelineKey
    /// Budgeted reloads in the window, oldest first.
    public var reloads: [Date]
    /// The next reload the host planned, if any, and why.
    public var nextReload: Date?
    public var reason: String?
  }

  /// Budgeted reloads of `key` made after `since`, oldest first.
  public func reloads(of key: TimelineKey, since: Date) -> [Date] {
    (try? query(
      "SELECT at FROM budget_ledger WHERE bundle = ?1 AND kind = ?2 AND family = ?3 "
        + "AND configuration = ?4 AND at > ?5 ORDER BY at",
      [
        .text(key.bundle), .text(key.kind), .text(key.family.rawValue), .text(key.configuration),
        .real(since.timeIntervalSince1970),
      ]
    ) { statement in Date(timeIntervalSince1970: sqlite3_column_double(statement, 0)) }) ?? []
  }

  /// Records a budgeted reload of `key` at `date`, forgetting entries older than `window`.
  public func recordReload(of key: TimelineKey, at date: Date, window: TimeInterval) {
    let values: [Value] = [
      .text(key.bundle), .text(key.kind), .text(key.family.rawValue), .text(key.configuration),
    ]
    try? run(
      "INSERT INTO budget_ledger (bundle, kind, family, configuration, at) VALUES (?1, ?2, ?3, ?4, ?5)",
      values + [.real(date.timeIntervalSince1970)])
    try? run(
      "DELETE FROM budget_ledger WHERE bundle = ?1 AND kind = ?2 AND family = ?3 "
        + "AND configuration = ?4 AND at <= ?5",
      values + [.real(date.addingTimeInterval(-window).timeIntervalSince1970)])
  }

  /// Notes when the host plans to reload `key` next (nil: only on request) and why.
  public func noteNextReload(of key: TimelineKey, at date: Date?, reason: String) {
    try? run(
      "INSERT OR REPLACE INTO next_reload (bundle, kind, family, configuration, at, reason) "
        + "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
      [
        .text(key.bundle), .text(key.kind), .text(key.family.rawValue), .text(key.configuration),
        date.map { .real($0.timeIntervalSince1970) } ?? .null, .text(reason),
      ])
  }

  /// Every instance the store knows, with its reloads since `since`.
  public func budgets(since: Date) -> [BudgetRow] {
    let keys =
      (try? query(
        "SELECT bundle, kind, family, configuration FROM budget_ledger "
          + "UNION SELECT bundle, kind, family, configuration FROM next_reload "
          + "ORDER BY 1, 2, 3, 4", []
      ) { statement -> TimelineKey? in
        guard let family = WidgetFamily(rawValue: Self.text(statement, 2)) else { return nil }
        return TimelineKey(
          bundle: Self.text(statement, 0), kind: Self.text(statement, 1), family: family,
          configuration: Self.text(statement, 3))
      }) ?? []
    return keys.compactMap { $0 }.map { key in
      let next =
        (try? query(
          "SELECT at, reason FROM next_reload WHERE bundle = ?1 AND kind = ?2 AND family = ?3 "
            + "AND configuration = ?4",
          [
            .text(key.bundle), .text(key.kind), .text(key.family.rawValue),
            .text(key.configuration),
          ]
        ) { statement -> (Date?, String) in
          let at =
            sqlite3_column_type(statement, 0) == SQLITE_NULL
            ? nil : Date(timeIntervalSince1970: sqlite3_column_double(statement, 0))
          return (at, Self.text(statement, 1))
        })?.first
      return BudgetRow(
        key: key, reloads: reloads(of: key, since: since), nextReload: next?.0, reason: next?.1)
    }
  }

  // MARK: SQLite

  enum Value {
    case text(String)
    case real(Double)
    case null
  }

  private func execute(_ sql: String) throws(StoreError) {
    let failure: String? = database.withLock { database in
      var error: UnsafeMutablePointer<CChar>?
      guard sqlite3_exec(database, sql, nil, nil, &error) == SQLITE_OK else {
        defer { sqlite3_free(error) }
        return error.map { String(cString: $0) } ?? "unknown error"
      }
      return nil
    }
    if let failure { throw .failed(path, failure) }
  }

  private func run(_ sql: String, _ values: [Value]) throws(StoreError) {
    _ = try query(sql, values) { _ in () }
  }

  private func query<T>(
    _ sql: String, _ values: [Value], row: (OpaquePointer) -> T
  ) throws(StoreError) -> [T] {
    let outcome: Result<[T], StoreError> = database.withLock { database in
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement
      else {
        return .failure(.failed(path, String(cString: sqlite3_errmsg(database))))
      }
      defer { sqlite3_finalize(statement) }
      let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
      for (index, value) in values.enumerated() {
        let position = Int32(index + 1)
        switch value {
        case .text(let text): sqlite3_bind_text(statement, position, text, -1, transient)
        case .real(let number): sqlite3_bind_double(statement, position, number)
        case .null: sqlite3_bind_null(statement, position)
        }
      }
      var rows: [T] = []
      while true {
        let step = sqlite3_step(statement)
        if step == SQLITE_ROW {
          rows.append(row(statement))
        } else if step == SQLITE_DONE {
          return .success(rows)
        } else {
          return .failure(.failed(path, String(cString: sqlite3_errmsg(database))))
        }
      }
    }
    return try outcome.get()
  }

  private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
  }
}

/// Why the state store failed.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
  case cannotOpen(String, String)
  case failed(String, String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let message): "\(path): cannot open the state store: \(message)"
    case .failed(let path, let message): "\(path): \(message)"
    }
  }
}
