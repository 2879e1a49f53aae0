import Foundation
import WidgetSchema

/// Live Activities, kept until they are dismissed: a restarted host shows them again
/// (docs/activities.md). Each write waits for the disk before the request that made it is
/// answered, as a timeline's does.
extension StateStore {
  /// Records `activity` as it is now (started, updated or ended).
  public func saveActivity(_ activity: ActivityInfo) throws(StoreError) {
    let json: String
    do {
      json = String(decoding: try WidgetJSON.encode(activity), as: UTF8.self)
    } catch {
      throw .failed(path, "activity \(activity.id) could not be encoded: \(error)")
    }
    try access { connection throws(SQLiteError) in
      try connection.run(
        "INSERT OR REPLACE INTO activities (id, started, activity) VALUES (?1, ?2, ?3)",
        [.text(activity.id), .real(activity.started.timeIntervalSince1970), .text(json)])
    }
  }

  /// Forgets a dismissed activity.
  public func removeActivity(id: String) throws(StoreError) {
    try access { connection throws(SQLiteError) in
      try connection.run("DELETE FROM activities WHERE id = ?1", [.text(id)])
    }
  }

  /// Every kept activity, in the order they started. A row that no longer decodes is skipped.
  public func activities() -> [ActivityInfo] {
    let rows =
      (try? access { connection throws(SQLiteError) in
        try connection.query("SELECT activity FROM activities ORDER BY started, id") {
          $0.text(0)
        }
      }) ?? []
    return rows.compactMap { try? WidgetJSON.decode(ActivityInfo.self, from: Data($0.utf8)) }
  }
}
