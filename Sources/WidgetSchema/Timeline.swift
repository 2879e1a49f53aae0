import FoundationEssentials

/// One entry of a timeline: the JSON `Entry` a bundle sends for placeholder, snapshot and each
/// timeline entry. It is self-contained: the host renders it without calling the bundle again.
@JSONFields
public struct Entry: Codable, JSONObjectReadable, Sendable, Equatable {
  /// The date from which the entry is shown.
  public var date: Date
  /// How relevant the entry is (used to rotate stacks); nil when the bundle gives none.
  public var relevance: Relevance?
  /// The entry's content, already resolved for the family.
  public var view: ViewNode

  /// Creates an entry.
  public init(date: Date, relevance: Relevance? = nil, view: ViewNode) {
    self.date = date
    self.relevance = relevance
    self.view = view
  }

  public init(from decoder: any Decoder) throws { try self.init(decoder: decoder) }

  init<Source: JSONFieldSource>(fields: Source) throws(Source.Failure) {
    date = try fields.value("date", as: Date.self)
    relevance = try fields.valueIfPresent("relevance", as: Relevance.self)
    view = try fields.value("view", as: ViewNode.self)
  }
}

/// WidgetKit's `TimelineEntryRelevance`: a score and how long it holds.
///
/// JSON: `{"score": 0.8, "duration": 3600}`; `duration` may be left out (0).
@JSONFields
public struct Relevance: Codable, JSONObjectReadable, Sendable, Equatable {
  /// Relative relevance; only comparisons between entries of one bundle matter.
  public var score: Double
  /// How many seconds from the entry's date the score holds; 0 means until the next entry.
  public var duration: Double

  /// Creates a relevance.
  public init(score: Double, duration: Double = 0) {
    self.score = score
    self.duration = duration
  }

  public init(from decoder: any Decoder) throws { try self.init(decoder: decoder) }

  init<Source: JSONFieldSource>(fields: Source) throws(Source.Failure) {
    score = try fields.value("score", as: Double.self)
    duration = try fields.valueIfPresent("duration", as: Double.self) ?? 0
  }

  private enum CodingKeys: String, CodingKey {
    case score
    case duration
  }
}

/// When the host asks for the next timeline.
///
/// JSON: `{"type": "atEnd"}`, `{"type": "after", "date": "…"}` or `{"type": "never"}`.
public enum ReloadPolicy: Sendable, Equatable {
  /// After the last entry's date has passed.
  case atEnd
  /// At the given date (or soon after).
  case after(Date)
  /// Only when asked to reload (WidgetCenter, a reload request).
  case never
}

extension ReloadPolicy: Codable, JSONObjectFields, JSONObjectReadable {
  public init(from decoder: any Decoder) throws { try self.init(decoder: decoder) }

  init<Source: JSONFieldSource>(fields: Source) throws(Source.Failure) {
    let type = try fields.value("type", as: String.self)
    switch type {
    case "atEnd": self = .atEnd
    case "never": self = .never
    case "after": self = .after(try fields.value("date", as: Date.self))
    default:
      throw fields.corrupted(
        "type", "unknown reload policy '\(type)' (expected atEnd, after or never)")
    }
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    switch self {
    case .atEnd: try sink.field("type", "atEnd")
    case .never: try sink.field("type", "never")
    case .after(let date):
      try sink.field("date", date)
      try sink.field("type", "after")
    }
  }
}

/// A timeline: the JSON `Timeline` a bundle sends in reply to a timeline call.
@JSONFields
public struct Timeline: Codable, JSONObjectReadable, Sendable, Equatable {
  /// The entries, in ascending date order.
  public var entries: [Entry]
  /// When to ask for the next timeline.
  public var policy: ReloadPolicy

  /// Creates a timeline.
  public init(entries: [Entry], policy: ReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }

  public init(from decoder: any Decoder) throws { try self.init(decoder: decoder) }

  init<Source: JSONFieldSource>(fields: Source) throws(Source.Failure) {
    entries = try fields.value("entries", as: [Entry].self)
    policy = try fields.value("policy", as: ReloadPolicy.self)
  }
}
