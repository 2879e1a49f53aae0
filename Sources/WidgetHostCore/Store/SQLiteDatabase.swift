@preconcurrency import CSQLite
import Foundation
import Synchronization

/// One SQLite connection, used by one thread at a time: every use goes through
/// ``withConnection(_:)``, which holds the connection's lock for the whole closure, so a
/// transaction's statements are never interleaved with another caller's.
final class SQLiteDatabase: Sendable {
  private let handle: Mutex<OpaquePointer?>
  /// The database file, for messages.
  let path: String

  /// Opens (creating if needed) the database file at `path`, read-write.
  init(path: String) throws(SQLiteError) {
    self.path = path
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(
      path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
    guard status == SQLITE_OK, let opened = handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(handle)
      throw SQLiteError(code: status, message: message)
    }
    // SQLite falls back to read-only when the file is write-protected; the host must write.
    if sqlite3_db_readonly(opened, "main") == 1 {
      sqlite3_close(opened)
      throw SQLiteError(code: SQLITE_READONLY, message: "the file is read-only")
    }
    self.handle = Mutex(opened)
  }

  deinit {
    _ = handle.withLock { sqlite3_close($0) }
  }

  /// Runs `body` with the connection, exclusively.
  func withConnection<T, E: Error>(
    _ body: (Connection) throws(E) -> T
  ) throws(E) -> T {
    var outcome: Result<T, E>?
    handle.withLock { pointer in
      // `pointer` is only nil after deinit, which cannot run while `self` is in use.
      let connection = Connection(pointer: pointer!)
      do throws(E) {
        outcome = .success(try body(connection))
      } catch {
        outcome = .failure(error)
      }
    }
    return try outcome!.get()
  }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
  case text(String)
  case real(Double)
  case integer(Int64)
  case null
}

/// What SQLite said went wrong: its result code and message.
struct SQLiteError: Error, Sendable, Equatable {
  /// The primary result code (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, …).
  var code: Int32
  var message: String

  /// The file is not a database, or its content is damaged.
  var isCorruption: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
  }
}

/// The connection, lent for the duration of ``SQLiteDatabase/withConnection(_:)``: not to be
/// kept beyond it. (Unchecked: it is only used under the database's lock, which is what makes
/// sharing the pointer safe.)
struct Connection: @unchecked Sendable {
  let pointer: OpaquePointer

  /// Runs one or more statements without parameters or results.
  func execute(_ sql: String) throws(SQLiteError) {
    var error: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(pointer, sql, nil, nil, &error)
    guard status == SQLITE_OK else {
      defer { sqlite3_free(error) }
      throw SQLiteError(
        code: status, message: error.map { String(cString: $0) } ?? lastMessage)
    }
  }

  /// Runs one statement with `values` bound to `?1`, `?2`, …; returns `row` of every result row.
  func query<T>(
    _ sql: String, _ values: [SQLiteValue] = [], row: (Row) -> T
  ) throws(SQLiteError) -> [T] {
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(pointer, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK, let statement else {
      throw SQLiteError(code: prepared, message: lastMessage)
    }
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      switch value {
      case .text(let text): sqlite3_bind_text(statement, position, text, -1, transient)
      case .real(let number): sqlite3_bind_double(statement, position, number)
      case .integer(let number): sqlite3_bind_int64(statement, position, number)
      case .null: sqlite3_bind_null(statement, position)
      }
    }
    var rows: [T] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_ROW {
        rows.append(row(Row(statement: statement)))
      } else if step == SQLITE_DONE {
        return rows
      } else {
        throw SQLiteError(code: step, message: lastMessage)
      }
    }
  }

  /// Runs one statement that returns no rows.
  func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    _ = try query(sql, values) { _ in () }
  }

  /// Runs `body` in one transaction (`BEGIN IMMEDIATE`: it takes the write lock at once),
  /// committed when `body` returns and rolled back when it throws.
  func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  private var lastMessage: String { String(cString: sqlite3_errmsg(pointer)) }
}

/// One result row, valid inside the `row` closure of ``Connection/query(_:_:row:)``.
struct Row {
  let statement: OpaquePointer

  func text(_ column: Int32) -> String {
    sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
  }

  func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
}
