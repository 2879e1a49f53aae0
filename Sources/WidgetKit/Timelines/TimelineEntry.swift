import Foundation

/// A value shown by a widget from its `date` on: your entry type conforms to this.
public protocol TimelineEntry {
  /// The date from which the entry is shown.
  var date: Date { get }
  /// How relevant the entry is; nil (the default) when it does not matter.
  var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
  /// No relevance.
  public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is compared with the bundle's other entries, and for how long.
public struct TimelineEntryRelevance: Equatable, Sendable {
  /// The relative score; only comparisons matter.
  public let score: Float
  /// How long the score holds from the entry's date; 0 means until the next entry.
  public let duration: TimeInterval

  /// Creates a relevance.
  public init(score: Float, duration: TimeInterval = 0) {
    self.score = score
    self.duration = duration
  }
}
