import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The whole-file check (`PRAGMA quick_check`) that finds a damaged store reads every page: about
/// 0.6 ms per MB, at every start, for the instances of every run the directory ever kept. A host
/// that stops runs it then instead and notes what the files were (`state.sqlite3-checked`); the
/// next open skips it while they are still so (docs/state.md, "Corrupt").
extension StateStore {
  /// The note beside the database file: its files as the last host to check them left them.
  static let checkedSuffix = "-checked"

  /// What identifies the contents of the store's files: the inode, size and modification time
  /// (to the nanosecond) of the database and of its write-ahead log. Any write changes it.
  static func fileIdentity(of path: String) -> String {
    func describe(_ file: String) -> String {
      var status = stat()
      guard stat(file, &status) == 0 else { return "none" }
      return "\(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }
    return "\(describe(path)) \(describe(path + "-wal"))\n"
  }

  /// Whether the files at `path` are as a host left them after finding them intact.
  static func isUnchangedSinceChecked(_ path: String) -> Bool {
    let descriptor = open(path + checkedSuffix, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, count < bytes.count else { return false }
    return String(decoding: bytes[..<count], as: UTF8.self) == fileIdentity(of: path)
  }

  /// Checks the whole file as the host stops and, when it is intact and no other host wrote to
  /// it meanwhile, notes its files' identity so that the next open need not check it again.
  /// A damaged file loses the note: the next open checks it, and `run` moves it aside.
  func recordIntegrity() {
    let note = path + Self.checkedSuffix
    let before = Self.fileIdentity(of: path)
    let intact =
      (try? database.withConnection { (connection) throws(SQLiteError) in
        try connection.query("PRAGMA quick_check") { $0.text(0) }
      }) == ["ok"]
    guard intact, Self.fileIdentity(of: path) == before else {
      unlink(note)
      return
    }
    // Written whole under another name, then renamed: a note is never half written.
    let partial = note + ".partial"
    let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let bytes = Array(before.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    if written == bytes.count { rename(partial, note) } else { unlink(partial) }
  }

  /// Forgets that the file was found intact (a statement met a damaged page).
  func forgetIntegrity() {
    unlink(path + Self.checkedSuffix)
  }
}
