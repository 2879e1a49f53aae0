import Foundation
import WidgetRendering
import WidgetSchema
import WidgetSupport

/// What `widget-host state` shows: each instance the durable state knows, its configuration, and
/// the last timeline a restarted host would start it from.
public struct StateReport: Sendable, Equatable, Codable {
  /// One instance.
  public struct Row: Sendable, Equatable, Codable {
    /// The instance id.
    public var instance: String
    public var bundle: String
    public var kind: String
    public var family: WidgetFamily
    /// The configuration it shows (`{}` for a static widget).
    public var configuration: JSONValue
    /// Its last timeline, if one was stored.
    public var timeline: TimelineSummary?
  }

  /// An instance's stored timeline, in brief.
  public struct TimelineSummary: Sendable, Equatable, Codable {
    /// How many entries it has.
    public var entries: Int
    /// Its reload policy.
    public var policy: ReloadPolicy
    /// When it arrived.
    public var fetched: Date
    /// The version of the bundle that gave it.
    public var bundleVersion: String
    /// Whether it was fetched for the configuration the instance shows: only then is it
    /// restored at start.
    public var current: Bool
  }

  /// The state file.
  public var file: String
  /// Its schema version.
  public var schemaVersion: Int
  /// The instances, by id.
  public var rows: [Row]

  /// The report of `store`.
  public init(store: StateStore) {
    file = store.path
    schemaVersion = store.schemaVersion
    rows = store.instances().map { instance in
      let configuration =
        (try? WidgetJSON.decode(JSONValue.self, from: Data(instance.key.configuration.utf8)))
        ?? .string(instance.key.configuration)
      let timeline = store.timeline(of: instance.id).map { stored in
        TimelineSummary(
          entries: stored.timeline.entries.count, policy: stored.timeline.policy,
          fetched: stored.fetchedAt, bundleVersion: stored.bundleVersion,
          current: stored.key == instance.key)
      }
      return Row(
        instance: instance.id, bundle: instance.key.bundle, kind: instance.key.kind,
        family: instance.key.family, configuration: configuration, timeline: timeline)
    }
  }

  /// The report as an aligned table.
  public func table() -> String {
    guard !rows.isEmpty else { return "no instances recorded yet\n" }
    let header = ["INSTANCE", "BUNDLE", "CONFIGURATION", "LAST TIMELINE"]
    let lines = rows.map { row in
      [
        row.instance, row.bundle, Self.compact(row.configuration),
        row.timeline.map(Self.describe) ?? "none",
      ]
    }
    let widths = header.indices.map { column in
      ([header] + lines).map { TextWidth.of($0[column]) }.max() ?? 0
    }
    return ([header] + lines).map { cells in
      zip(cells, widths).map { cell, width in
        cell + String(repeating: " ", count: max(0, width - TextWidth.of(cell)))
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n") + "\n"
  }

  private static func compact(_ value: JSONValue) -> String {
    (try? WidgetJSON.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }

  private static func describe(_ timeline: TimelineSummary) -> String {
    let policy =
      switch timeline.policy {
      case .atEnd: "atEnd"
      case .never: "never"
      case .after(let date): "after \(RFC3339.string(from: date))"
      }
    let entries = timeline.entries == 1 ? "1 entry" : "\(timeline.entries) entries"
    return "\(entries), \(policy), fetched \(RFC3339.string(from: timeline.fetched)) "
      + "(version \(timeline.bundleVersion))"
      + (timeline.current ? "" : ", for another configuration: not restored")
  }
}
