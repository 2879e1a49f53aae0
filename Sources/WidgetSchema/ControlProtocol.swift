import FoundationEssentials

/// One control request: a line of JSON sent to a host's control socket (docs/control.md).
///
/// JSON: `{"id": 1, "request": "tap", "instance": "wishesWidget/systemMedium", "region": "link-0"}`.
public struct ControlRequest: Codable, Sendable, Equatable {
  /// Any JSON value; echoed in the reply.
  public var id: JSONValue?
  /// `reload`, `tap`, `list`, `subscribe`, `configure`, `auth`, or one of the Live Activity
  /// requests: `activity-start`, `activity-update`, `activity-end`, `activity-list`.
  public var request: String
  /// `reload`: the kind to reload (every kind when absent).
  public var kind: String?
  /// `subscribe`: only instances of these kinds.
  public var kinds: [String]?
  /// `subscribe`: only these instances.
  public var instances: [String]?
  /// `subscribe`: only events of these types (`entry`, `activity`, …: ``EventPayload/types``).
  public var types: [String]?
  /// `tap`, `configure`: the instance.
  public var instance: String?
  /// `tap`: the region id of a `Link`, a button or a toggle.
  public var region: String?
  /// `tap`: the cell column.
  public var x: Int?
  /// `tap`: the cell row.
  public var y: Int?
  /// `auth`: the host's token (`--token-file` or `$WIDGET_HOST_TOKEN`).
  public var token: String?
  /// `configure`: the parameters to change, by name, as JSON of the parameter's type (`null`
  /// goes back to the default).
  public var parameters: [String: JSONValue]?
  /// `configure`: parameters to change given as text (`"count": "3"`), typed by the host from
  /// the parameter's schema exactly as `--instance` values are (`widget-host configure`).
  public var values: [String: String]?
  /// `activity-update`, `activity-end`: the activity's id.
  public var activity: String?
  /// `activity-start`: the attributes type, as a bundle's manifest lists it.
  public var attributesType: String?
  /// `activity-start`: the attributes, as JSON.
  public var attributes: JSONValue?
  /// `activity-start`, `activity-update`; optional for `activity-end` (the final content).
  public var content: ActivityContentState?
  /// `activity-end`: how long the ended activity stays shown (`default` when absent).
  public var dismissalPolicy: ActivityDismissalPolicy?

  /// Creates a request.
  public init(
    id: JSONValue? = nil, request: String, kind: String? = nil, kinds: [String]? = nil,
    instances: [String]? = nil, types: [String]? = nil, instance: String? = nil,
    region: String? = nil, x: Int? = nil,
    y: Int? = nil, token: String? = nil, parameters: [String: JSONValue]? = nil,
    values: [String: String]? = nil, activity: String? = nil, attributesType: String? = nil,
    attributes: JSONValue? = nil, content: ActivityContentState? = nil,
    dismissalPolicy: ActivityDismissalPolicy? = nil
  ) {
    self.activity = activity
    self.attributesType = attributesType
    self.attributes = attributes
    self.content = content
    self.dismissalPolicy = dismissalPolicy
    self.parameters = parameters
    self.values = values
    self.id = id
    self.request = request
    self.kind = kind
    self.kinds = kinds
    self.instances = instances
    self.types = types
    self.instance = instance
    self.region = region
    self.x = x
    self.y = y
    self.token = token
  }
}

extension ControlRequest {
  private enum CodingKeys: String, CodingKey {
    case id, request, kind, kinds, instances, types, instance, region, x, y, token, parameters
    case values
    case activity, attributesType, attributes, content, dismissalPolicy
  }

  /// The largest cell column or row of a `tap`: more than any widget has.
  public static let maximumCell = 10_000

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // A cell as a number, checked here: Foundation's decoder calls a number that is no Int
    // (`1e308`, `1.5`) "not valid JSON", naming no field.
    func cell(_ key: CodingKeys) throws -> Int? {
      guard let value = try container.decodeIfPresent(Double.self, forKey: key) else {
        return nil
      }
      guard value == value.rounded(), (0...Double(Self.maximumCell)).contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "\(value) is not a cell (an integer 0…\(Self.maximumCell))")
      }
      return Int(value)
    }
    self.init(
      id: try container.decodeIfPresent(JSONValue.self, forKey: .id),
      request: try container.decode(String.self, forKey: .request),
      kind: try container.decodeIfPresent(String.self, forKey: .kind),
      kinds: try container.decodeIfPresent([String].self, forKey: .kinds),
      instances: try container.decodeIfPresent([String].self, forKey: .instances),
      types: try container.decodeIfPresent([String].self, forKey: .types),
      instance: try container.decodeIfPresent(String.self, forKey: .instance),
      region: try container.decodeIfPresent(String.self, forKey: .region),
      x: try cell(.x), y: try cell(.y),
      token: try container.decodeIfPresent(String.self, forKey: .token),
      parameters: try container.decodeIfPresent([String: JSONValue].self, forKey: .parameters),
      values: try container.decodeIfPresent([String: String].self, forKey: .values),
      activity: try container.decodeIfPresent(String.self, forKey: .activity),
      attributesType: try container.decodeIfPresent(String.self, forKey: .attributesType),
      attributes: try container.decodeIfPresent(JSONValue.self, forKey: .attributes),
      content: try container.decodeIfPresent(ActivityContentState.self, forKey: .content),
      dismissalPolicy: try container.decodeIfPresent(
        ActivityDismissalPolicy.self, forKey: .dismissalPolicy))
  }
}

/// What a request failed with: a stable code and a message for people.
public struct ControlFailure: Codable, Sendable, Equatable, Error, CustomStringConvertible {
  /// A stable, machine-readable code (`bad-request`, `unknown-kind`, …).
  public var code: String
  /// What went wrong.
  public var message: String

  /// Creates a failure.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}

/// The result of a successful request. Absent fields do not apply to the request.
public struct ControlResult: Codable, Sendable, Equatable {
  /// `list`: every instance and what it shows.
  public var instances: [InstanceState]?
  /// `reload`: how many instances the reload concerns.
  public var reloaded: Int?
  /// `tap`: the URL opened, when the tap opened a `Link` or the `widgetURL`.
  public var url: String?
  /// `tap`: the action run, when the tap pressed a button or a toggle.
  public var performed: WidgetAction?
  /// `subscribe`: true; the stream follows.
  public var subscribed: Bool?
  /// `auth`: true.
  public var authenticated: Bool?
  /// `configure`: the instance configured.
  public var configured: String?
  /// `activity-start`, `activity-update`, `activity-end`: the activity after the request.
  public var activity: ActivityInfo?
  /// `activity-list`: every activity shown, in the order they started.
  public var activities: [ActivityInfo]?

  /// Creates a result.
  public init(
    instances: [InstanceState]? = nil, reloaded: Int? = nil, url: String? = nil,
    subscribed: Bool? = nil, authenticated: Bool? = nil, configured: String? = nil,
    performed: WidgetAction? = nil, activity: ActivityInfo? = nil,
    activities: [ActivityInfo]? = nil
  ) {
    self.activity = activity
    self.activities = activities
    self.performed = performed
    self.configured = configured
    self.instances = instances
    self.reloaded = reloaded
    self.url = url
    self.subscribed = subscribed
    self.authenticated = authenticated
  }
}

/// The reply to one request: `{"id": …, "result": {…}}` or `{"id": …, "error": {…}}`.
public struct ControlReply: Codable, Sendable, Equatable {
  /// The request's `id`, when it had one.
  public var id: JSONValue?
  /// What the request did.
  public var result: ControlResult?
  /// Why it failed.
  public var error: ControlFailure?

  /// A successful reply.
  public init(id: JSONValue?, result: ControlResult) {
    self.id = id
    self.result = result
  }

  /// A failed reply.
  public init(id: JSONValue?, error: ControlFailure) {
    self.id = id
    self.error = error
  }
}

/// Sent to a subscriber whose queue overflowed, before it is resynchronized with the header and
/// the current state again: `{"type": "lagged", "dropped": 1024}`.
public struct LaggedNotice: Codable, Sendable, Equatable {
  /// Always `"lagged"`.
  public var type = "lagged"
  /// How many lines were dropped.
  public var dropped: Int

  /// Creates a notice.
  public init(dropped: Int) {
    self.dropped = dropped
  }
}

/// An instance and what it shows, as `list` reports it.
public struct InstanceState: Codable, Sendable, Equatable {
  public var instance: String
  public var bundle: String
  public var kind: String
  public var family: WidgetFamily
  /// The home-screen page it is on, from 1.
  public var page: Int?
  /// The entry shown now, if any.
  public var entry: EntryEvent?
  /// The instance's parameter values, defaults filled in; absent when it has none.
  public var configuration: [String: JSONValue]?
  /// The App Groups its bundle declares: `WidgetCenter` in an app flushes these before asking
  /// for a reload.
  public var appGroups: [String]?

  /// Creates an instance's state.
  public init(
    instance: String, bundle: String, kind: String, family: WidgetFamily, page: Int? = nil,
    entry: EntryEvent? = nil, configuration: [String: JSONValue]? = nil,
    appGroups: [String]? = nil
  ) {
    self.instance = instance
    self.bundle = bundle
    self.kind = kind
    self.family = family
    self.page = page
    self.entry = entry
    self.configuration = configuration
    self.appGroups = appGroups
  }
}
