import Foundation
import WidgetRendering
import WidgetSchema
import WidgetSupport

/// What `widget-host budget` shows: per instance, the reloads used and left in the sliding
/// 24 h window, and the next reload with its reason, from the durable state.
public struct BudgetReport: Sendable, Equatable, Codable {
  /// One instance (one kind, family and configuration of a bundle).
  public struct Row: Sendable, Equatable, Codable {
    public var bundle: String
    public var kind: String
    public var family: WidgetFamily
    /// Budgeted reloads in the window.
    public var used: Int
    /// Reloads left; nil when the budget is unlimited.
    public var left: Int?
    /// The next reload the host planned; nil when it reloads only on request.
    public var nextReload: Date?
    /// Why: `policy`, `retry`, `request`, `initial`, or `deferred: budget spent`.
    public var reason: String?
  }

  /// The rows, by bundle, kind and family.
  public var rows: [Row]

  /// The report of `store` at `now` for a budget of `budget` reloads per `window`.
  public init(store: StateStore, budget: Int?, now: Date, window: TimeInterval = 86_400) {
    rows = store.budgets(since: now.addingTimeInterval(-window)).map { stored in
      Row(
        bundle: stored.key.bundle, kind: stored.key.kind, family: stored.key.family,
        used: stored.reloads.count, left: budget.map { max(0, $0 - stored.reloads.count) },
        nextReload: stored.nextReload, reason: stored.reason)
    }
  }

  /// The report as an aligned table, times in `dates`' locale and time zone.
  public func table(dates: DateText) -> String {
    guard !rows.isEmpty else { return "no refresh budgets recorded yet\n" }
    let header = ["INSTANCE", "BUNDLE", "USED", "LEFT", "NEXT RELOAD", "WHY"]
    let lines = rows.map { row in
      [
        "\(row.kind)/\(row.family.rawValue)", row.bundle, String(row.used),
        row.left.map(String.init) ?? "unlimited",
        row.nextReload.map { RFC3339.string(from: $0) } ?? "on request", row.reason ?? "",
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
}
