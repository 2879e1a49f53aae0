import Foundation
import WidgetSchema

/// The refresh-budget ledger: each budgeted reload of a timeline key, and when the key reloads
/// next and why (what `widget-host budget` reports).
extension StateStore {
  /// One instance's budget as stored.
  public struct BudgetRow: Sendable, Equatable {
    public var key: TimelineKey
    /// Budgeted reloads in the window, oldest first.
    public var reloads: [Date]
    /// The next reload the host planned, if any, and why.
    public var nextReload: Date?
    public var reason: String?
  }

  private static func values(_ key: TimelineKey) -> [SQLiteValue] {
    [
      .text(key.bundle), .text(key.kind), .text(key.family.rawValue), .text(key.configuration),
      .text(key.storedRenderingMode),
    ]
  }

  /// Budgeted reloads of `key` made after `since`, oldest first.
  public func reloads(of key: TimelineKey, since: Date) -> [Date] {
    (try? access { connection throws(SQLiteError) in
      try connection.query(
        "SELECT at FROM budget_ledger WHERE bundle = ?1 AND kind = ?2 AND family = ?3 "
          + "AND configuration = ?4 AND rendering_mode = ?5 AND at > ?6 ORDER BY at",
        Self.values(key) + [.real(since.timeIntervalSince1970)]
      ) { Date(timeIntervalSince1970: $0.real(0)) }
    }) ?? []
  }

  /// Records a budgeted reload of `key` at `date`, forgetting entries older than `window`.
  public func recordReload(of key: TimelineKey, at date: Date, window: TimeInterval) {
    try? access { connection throws(SQLiteError) in
      try connection.transaction { () throws(SQLiteError) in
        try connection.run(
          "INSERT INTO budget_ledger (bundle, kind, family, configuration, rendering_mode, at) "
            + "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
          Self.values(key) + [.real(date.timeIntervalSince1970)])
        try connection.run(
          "DELETE FROM budget_ledger WHERE bundle = ?1 AND kind = ?2 AND family = ?3 "
            + "AND configuration = ?4 AND rendering_mode = ?5 AND at <= ?6",
          Self.values(key) + [.real(date.addingTimeInterval(-window).timeIntervalSince1970)])
      }
    }
  }

  /// Notes each of `plans`, in one transaction: when the host plans to reload each key next
  /// and why; a later plan for a key replaces the one before.
  ///
  /// The transaction does not wait for the disk (``transactionNotWaitingForTheDisk(_:)``):
  /// a plan is a report (`widget-host budget`), made again by the next host, and a first start
  /// of 10,000 instances made one sync for each.
  public func notePlannedReloads(_ plans: [PlannedReload]) {
    guard !plans.isEmpty else { return }
    try? transactionNotWaitingForTheDisk { connection throws(SQLiteError) in
      for plan in plans {
        try connection.run(
          "INSERT OR REPLACE INTO next_reload (bundle, kind, family, configuration, "
            + "rendering_mode, at, reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
          Self.values(plan.key) + [
            plan.date.map { .real($0.timeIntervalSince1970) } ?? .null, .text(plan.reason),
          ])
      }
    }
  }

  /// Every instance the store knows, with its reloads since `since`.
  public func budgets(since: Date) -> [BudgetRow] {
    let keys =
      (try? access { connection throws(SQLiteError) in
        try connection.query(
          "SELECT bundle, kind, family, configuration, rendering_mode FROM budget_ledger "
            + "UNION SELECT bundle, kind, family, configuration, rendering_mode FROM next_reload "
            + "ORDER BY 1, 2, 3, 4, 5"
        ) { row -> TimelineKey? in
          guard let family = WidgetFamily(rawValue: row.text(2)) else { return nil }
          return TimelineKey(
            bundle: row.text(0), kind: row.text(1), family: family, configuration: row.text(3),
            renderingMode: RenderingMode(rawValue: row.text(4)))
        }
      }) ?? []
    return keys.compactMap { $0 }.map { key in
      let next =
        (try? access { connection throws(SQLiteError) in
          try connection.query(
            "SELECT at, reason FROM next_reload WHERE bundle = ?1 AND kind = ?2 AND family = ?3 "
              + "AND configuration = ?4 AND rendering_mode = ?5", Self.values(key)
          ) { row -> (Date?, String) in
            (row.isNull(0) ? nil : Date(timeIntervalSince1970: row.real(0)), row.text(1))
          }
        })?.first
      return BudgetRow(
        key: key, reloads: reloads(of: key, since: since), nextReload: next?.0, reason: next?.1)
    }
  }
}
