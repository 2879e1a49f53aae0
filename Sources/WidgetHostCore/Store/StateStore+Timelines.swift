import Foundation
import WidgetSchema

/// Each instance's last timeline, so a restarted host shows its entry before asking the bundle.
extension StateStore {
  /// A timeline as stored for an instance.
  public struct StoredTimeline: Sendable, Equatable {
    /// The instance id.
    public var instance: String
    /// The key the timeline was fetched for (bundle, kind, family, configuration, mode).
    public var key: TimelineKey
    /// The entries and reload policy, as the bundle gave them.
    public var timeline: Timeline
    /// When it arrived (host clock).
    public var fetchedAt: Date
    /// The version of the bundle that gave it.
    public var bundleVersion: String
  }

  /// Stores `timeline`, fetched at `fetchedAt` for `key` from version `bundleVersion` of its
  /// bundle, as the last timeline of each of `instances`, in one transaction: when this
  /// returns, the timeline is on disk.
  public func saveTimeline(
    _ timeline: Timeline, of key: TimelineKey, instances: [String], fetchedAt: Date,
    bundleVersion: String
  ) throws(StoreError) {
    try saveTimelines([(timeline, key, instances, bundleVersion)], fetchedAt: fetchedAt)
  }

  /// Stores each of `timelines` as ``saveTimeline(_:of:instances:fetchedAt:bundleVersion:)``
  /// does, all in one transaction: one sync of the disk for all (the scheduler keeps the
  /// timelines of a batch of results together). A timeline that cannot be encoded (a number
  /// JSON cannot hold) is left out, the others stored, and its error thrown after.
  public func saveTimelines(
    _ timelines: [(
      timeline: Timeline, key: TimelineKey, instances: [String], bundleVersion: String
    )],
    fetchedAt: Date
  ) throws(StoreError) {
    var rows: [(json: String, key: TimelineKey, instances: [String], bundleVersion: String)] = []
    var unencodable: StoreError?
    for item in timelines {
      do {
        let json = String(decoding: try item.timeline.jsonBytes(), as: UTF8.self)
        rows.append((json, item.key, item.instances, item.bundleVersion))
      } catch {
        unencodable =
          unencodable ?? .failed(path, "cannot encode the timeline of \(item.key): \(error)")
      }
    }
    if !rows.isEmpty {
      try access { connection throws(SQLiteError) in
        try connection.transaction { () throws(SQLiteError) in
          for row in rows {
            for instance in row.instances {
              try connection.run(
                "INSERT OR REPLACE INTO timelines (instance, bundle, kind, family, "
                  + "configuration, timeline, fetched, bundle_version, rendering_mode) "
                  + "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                [
                  .text(instance), .text(row.key.bundle), .text(row.key.kind),
                  .text(row.key.family.rawValue), .text(row.key.configuration), .text(row.json),
                  .real(fetchedAt.timeIntervalSince1970), .text(row.bundleVersion),
                  .text(row.key.storedRenderingMode),
                ])
            }
          }
        }
      }
    }
    if let unencodable { throw unencodable }
  }

  /// The last timeline stored for `instance`, whatever its key; nil when there is none or it
  /// can no longer be read.
  ///
  /// A stored timeline that cannot be read, or that holds a number the host cannot draw
  /// (``ViewLimits``: stored by an earlier version, or the file edited), is deleted, and
  /// `dropped` is told why: a restart never shows what it cannot draw.
  public func timeline(
    of instance: String, dropped: ((String) -> Void)? = nil
  ) -> StoredTimeline? {
    let rows =
      (try? access { connection throws(SQLiteError) in
        try connection.query(
          "SELECT bundle, kind, family, configuration, timeline, fetched, bundle_version, "
            + "rendering_mode FROM timelines WHERE instance = ?1", [.text(instance)]
        ) { row in
          (
            row.text(0), row.text(1), row.text(2), row.text(3), row.text(4), row.real(5),
            row.text(6), row.text(7)
          )
        }
      }) ?? []
    guard let (bundle, kind, familyName, configuration, json, fetched, version, mode) = rows.first
    else { return nil }
    let timeline: Timeline
    do {
      timeline = try WidgetJSON.decode(Timeline.self, from: Data(json.utf8))
      if let problem = ViewLimits.problem(in: timeline.entries, at: "entries") { throw problem }
    } catch {
      _ = try? access { connection throws(SQLiteError) in
        try connection.run("DELETE FROM timelines WHERE instance = ?1", [.text(instance)])
      }
      dropped?("\(error)")
      return nil
    }
    guard let family = WidgetFamily(rawValue: familyName) else { return nil }
    return StoredTimeline(
      instance: instance,
      key: TimelineKey(
        bundle: bundle, kind: kind, family: family, configuration: configuration,
        renderingMode: RenderingMode(rawValue: mode)),
      timeline: timeline, fetchedAt: Date(timeIntervalSince1970: fetched), bundleVersion: version)
  }
}
