import Foundation
import WidgetSchema

/// Entries to show over time, and when to ask for the next timeline.
public struct Timeline<EntryType: TimelineEntry> {
  /// The entries, in date order.
  public let entries: [EntryType]
  /// When the host asks for the next timeline.
  public let policy: TimelineReloadPolicy

  /// Creates a timeline.
  public init(entries: [EntryType], policy: TimelineReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }
}

/// When the host asks a provider for a new timeline.
public struct TimelineReloadPolicy: Equatable, Sendable {
  let value: ReloadPolicy

  /// After the last entry's date has passed.
  public static let atEnd = TimelineReloadPolicy(value: .atEnd)
  /// Only when reloaded through `WidgetCenter` (or a host reload request).
  public static let never = TimelineReloadPolicy(value: .never)

  /// At `date`, or soon after.
  public static func after(_ date: Date) -> TimelineReloadPolicy {
    TimelineReloadPolicy(value: .after(date))
  }
}
