import Foundation
import WidgetSchema

/// WidgetKit's timeline rules as pure functions of a timeline and the time.
public enum TimelineMath {
  /// The index of the entry shown at `now`: the latest whose date has passed (of several with
  /// the same date, the last), or the first when none has. Nil for an empty timeline.
  public static func currentIndex(of entries: [Entry], at now: Date) -> Int? {
    guard !entries.isEmpty else { return nil }
    // Entries are sorted by date; find the last one with date <= now.
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].date <= now { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }

  /// When the entry shown changes next after `now`, if it does.
  public static func nextTransition(of entries: [Entry], after now: Date) -> Date? {
    guard let current = currentIndex(of: entries, at: now), current + 1 < entries.count else {
      return nil
    }
    return entries[current + 1].date
  }

  /// When to ask for the next timeline, given a timeline fetched at `fetchedAt`.
  ///
  /// `.atEnd` means at the last entry's date, `.after(d)` at `d`, `.never` never. No reload is
  /// ever scheduled sooner than `minimumInterval` after the previous fetch, so a policy in the
  /// past (or an empty `.atEnd` timeline) cannot make the host spin.
  public static func nextReload(
    policy: ReloadPolicy, entries: [Entry], fetchedAt: Date, minimumInterval: TimeInterval
  ) -> Date? {
    let earliest = fetchedAt.addingTimeInterval(minimumInterval)
    switch policy {
    case .never:
      return nil
    case .atEnd:
      return max(entries.last?.date ?? earliest, earliest)
    case .after(let date):
      return max(date, earliest)
    }
  }

  /// Entries sorted by date, keeping the bundle's order among equal dates.
  public static func sorted(_ entries: [Entry]) -> (entries: [Entry], wasSorted: Bool) {
    let wasSorted = zip(entries, entries.dropFirst()).allSatisfy { $0.date <= $1.date }
    guard !wasSorted else { return (entries, true) }
    let sorted = entries.enumerated().sorted {
      ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
    }
    return (sorted.map(\.element), false)
  }
}
