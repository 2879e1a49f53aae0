import Foundation

extension StateStore {
  /// Opens the store in `directory` for a run of the host. A corrupt file (not a database, or
  /// damaged) is moved aside, with its `-wal` and `-shm` files, to
  /// `state.sqlite3.corrupt-<time>` in the same directory, and a fresh store is created in its
  /// place: the host starts, and the old file stays for inspection. Returns the store and, when
  /// that happened, a message for a warning naming both files. Any other problem (the directory
  /// cannot be created, the file cannot be written, a newer schema) is thrown.
  public static func openRecovering(
    directory: String, now: Date = Date()
  ) throws(StoreError) -> (store: StateStore, warning: String?) {
    do {
      return (try StateStore(directory: directory), nil)
    } catch .corrupt(let path, let message) {
      let stamp = ISO8601DateFormatter.string(
        from: now, timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
      let aside = "\(path).corrupt-\(stamp.replacingOccurrences(of: ":", with: ""))Z"
      let manager = FileManager.default
      do {
        try manager.moveItem(atPath: path, toPath: aside)
      } catch {
        throw .corrupt(path, "\(message); it cannot be moved aside: \(error.localizedDescription)")
      }
      for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
        try? manager.moveItem(atPath: path + suffix, toPath: aside + suffix)
      }
      let store = try StateStore(directory: directory)
      return (
        store,
        "\(path) is corrupt (\(message)); moved it to \(aside) and started a new state store "
          + "(instance configurations, last timelines and refresh budgets start empty)"
      )
    }
  }
}
