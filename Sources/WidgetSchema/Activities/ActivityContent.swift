import FoundationEssentials

/// An activity's content as it crosses the control socket and the ABI: the attributes type's
/// `ContentState` as JSON, with when it goes stale and how relevant it is (ActivityKit's
/// `ActivityContent`).
///
/// JSON: `{"state": {"stopsAway": 3}, "staleDate": "2026-12-07T12:00:00Z", "relevanceScore": 50}`.
public struct ActivityContentState: Codable, JSONObjectFields, Sendable, Equatable {
  /// The `ContentState`, encoded as JSON by the app.
  public var state: JSONValue
  /// When the content is out of date, if ever: the host then shows it stale.
  public var staleDate: Date?
  /// Which of several activities matters most (higher first); 0 when not given.
  public var relevanceScore: Double

  /// Creates content.
  public init(state: JSONValue, staleDate: Date? = nil, relevanceScore: Double = 0) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }

  private enum CodingKeys: String, CodingKey {
    case state, staleDate, relevanceScore
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    state = try container.decode(JSONValue.self, forKey: .state)
    staleDate = try container.decodeIfPresent(Date.self, forKey: .staleDate)
    relevanceScore = try container.decodeIfPresent(Double.self, forKey: .relevanceScore) ?? 0
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try sink.field("relevanceScore", relevanceScore)
    try sink.fieldIfPresent("staleDate", staleDate)
    try sink.field("state", state)
  }
}

/// How long an ended activity stays shown (ActivityKit's `ActivityUIDismissalPolicy`).
///
/// JSON: `"default"`, `"immediate"`, or `{"after": "2026-12-07T12:00:00Z"}`.
public enum ActivityDismissalPolicy: Codable, Sendable, Equatable {
  /// Shown for ``ActivityLimits/defaultDismissal`` after it ends (iOS: up to four hours).
  case `default`
  /// Removed as soon as it ends.
  case immediate
  /// Shown until this date, at most ``ActivityLimits/defaultDismissal`` after it ends.
  case after(Date)

  private enum CodingKeys: String, CodingKey {
    case after
  }

  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self)
    {
      switch name {
      case "default": self = .default
      case "immediate": self = .immediate
      default:
        throw DecodingError.dataCorruptedError(
          in: single,
          debugDescription:
            "unknown dismissal policy '\(name)' (expected \"default\", \"immediate\" or "
            + "{\"after\": date})")
      }
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self = .after(try container.decode(Date.self, forKey: .after))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .default:
      var single = encoder.singleValueContainer()
      try single.encode("default")
    case .immediate:
      var single = encoder.singleValueContainer()
      try single.encode("immediate")
    case .after(let date):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(date, forKey: .after)
    }
  }
}

/// Where an activity is in its life (ActivityKit's `ActivityState`).
public enum ActivityStatus: String, JSONEnum, Sendable {
  /// Started and shown, its content current.
  case active
  /// Shown, but its content's stale date has passed.
  case stale
  /// Ended: shown with its final content until its dismissal policy removes it.
  case ended
  /// No longer shown.
  case dismissed
}

/// One live activity as the host keeps it: what `activity-list` reports and every `activity`
/// event carries.
@JSONFields
public struct ActivityInfo: Codable, Sendable, Equatable {
  /// The host-assigned id (a UUID string): `Activity.id`.
  public var id: String
  /// The bundle whose `ActivityConfiguration` draws it.
  public var bundle: String
  /// The attributes type's name (`DeliveryAttributes`), as the bundle's manifest lists it.
  public var attributesType: String
  /// The attributes, encoded as JSON by the app: fixed for the activity's life.
  public var attributes: JSONValue
  /// The content shown now.
  public var content: ActivityContentState
  /// Where it is in its life.
  public var status: ActivityStatus
  /// When it was started (host clock).
  public var started: Date
  /// When it ended, once it has.
  public var ended: Date?
  /// When an ended activity is removed.
  public var dismissAt: Date?

  /// Creates the record.
  public init(
    id: String, bundle: String, attributesType: String, attributes: JSONValue,
    content: ActivityContentState, status: ActivityStatus, started: Date, ended: Date? = nil,
    dismissAt: Date? = nil
  ) {
    self.id = id
    self.bundle = bundle
    self.attributesType = attributesType
    self.attributes = attributes
    self.content = content
    self.status = status
    self.started = started
    self.ended = ended
    self.dismissAt = dismissAt
  }
}

/// A Live Activity type a bundle draws (`ActivityConfiguration(for:)`), as its manifest lists it.
public struct ActivityManifest: Codable, Sendable, Equatable {
  /// The attributes type's name: what an app's `Activity<Attributes>.request` names.
  public var attributesType: String

  /// Creates the entry.
  public init(attributesType: String) {
    self.attributesType = attributesType
  }
}

/// What the host tells a bundle with the `activity` method (ABI 1.3): the activity to draw.
@JSONFields
public struct ActivityCallContext: Codable, Sendable, Hashable {
  /// The activity's id.
  public var id: String
  /// The attributes, as the app encoded them.
  public var attributes: JSONValue
  /// The `ContentState`, as the app encoded it.
  public var state: JSONValue
  /// True once the content's stale date has passed (`ActivityViewContext.isStale`).
  public var isStale: Bool

  /// Creates the context.
  public init(id: String, attributes: JSONValue, state: JSONValue, isStale: Bool) {
    self.id = id
    self.attributes = attributes
    self.state = state
    self.isStale = isStale
  }
}

/// The limits the host enforces on activities (docs/activities.md).
public enum ActivityLimits {
  /// The largest attributes and content state, each, in bytes of JSON: 4 KB, as on iOS.
  public static let maximumPayloadBytes = 4096
  /// Updates one activity may make in a burst.
  public static let updateBurst = 10
  /// Seconds in which one more update is allowed after a burst: at most one a second, on
  /// average.
  public static let updateInterval = 1.0
  /// Activities of one bundle that may be shown (active or stale) at once.
  public static let maximumActivePerBundle = 5
  /// How long an ended activity stays shown under the `default` policy, and at most under
  /// `after(_:)`: four hours, as on iOS.
  public static let defaultDismissal: Double = 4 * 3600
}
