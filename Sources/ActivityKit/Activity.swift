import Foundation
import WidgetControl
import WidgetSchema
import WidgetSupport

/// The data of a Live Activity: fixed attributes, and a `ContentState` that changes.
///
/// The bundle that draws it declares `ActivityConfiguration(for: Self.self)`; the host matches
/// the two by the type's name.
public protocol ActivityAttributes: Decodable, Encodable {
  /// What changes over the activity's life.
  associatedtype ContentState: Decodable, Encodable, Hashable
}

/// An activity's content: its state, when it goes stale and how relevant it is.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Equatable, Hashable {
  /// The content state.
  public var state: State
  /// When the content is out of date; the host then shows it stale.
  public var staleDate: Date?
  /// Which of several activities matters most (higher first).
  public var relevanceScore: Double

  /// Creates content.
  public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
    self.state = state
    self.staleDate = staleDate
    self.relevanceScore = relevanceScore
  }
}

extension ActivityContent: Sendable where State: Sendable {}

/// Where an activity is in its life.
public enum ActivityState: Equatable, Hashable, Sendable {
  /// Shown, content current.
  case active
  /// Ended, still shown until its dismissal policy removes it.
  case ended
  /// No longer shown.
  case dismissed
  /// Shown, its stale date passed.
  case stale
  /// Requested, not shown yet (never reported by this host: a request returns once shown).
  case pending

  init(_ status: ActivityStatus) {
    switch status {
    case .active: self = .active
    case .stale: self = .stale
    case .ended: self = .ended
    case .dismissed: self = .dismissed
    }
  }
}

/// How long an ended activity stays shown.
public struct ActivityUIDismissalPolicy: Hashable, Sendable {
  let value: ActivityDismissalPolicy

  /// Up to four hours after it ends.
  public static let `default` = ActivityUIDismissalPolicy(value: .default)
  /// At once.
  public static let immediate = ActivityUIDismissalPolicy(value: .immediate)
  /// Until `date`, at most four hours after it ends.
  public static func after(_ date: Date) -> ActivityUIDismissalPolicy {
    ActivityUIDismissalPolicy(value: .after(date))
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) {
    switch value {
    case .default: hasher.combine(0)
    case .immediate: hasher.combine(1)
    case .after(let date): hasher.combine(date)
    }
  }
}

/// How a server would update the activity by push: accepted; this host has no push service,
/// so ``Activity/pushToken`` stays nil and apps update over the control socket.
public struct PushType: Equatable, Sendable {
  private let name: String
  /// Updates by the activity's own push token.
  public static let token = PushType(name: "token")
  /// Updates by a broadcast channel.
  public static func channel(_ channelId: String) -> PushType { PushType(name: channelId) }
}

/// An alert shown with an update: accepted and ignored (the host shows no alerts).
public struct AlertConfiguration: Sendable {
  /// Creates an alert.
  public init(title: String, body: String, sound: AlertSound) {}

  /// An alert's sound.
  public struct AlertSound: Sendable {
    /// The default sound.
    public static let `default` = AlertSound()
    /// A sound from the app's bundle.
    public static func named(_ name: String) -> AlertSound { AlertSound() }
  }
}

/// Why the host refused to start an activity.
public enum ActivityAuthorizationError: Error, Equatable, Sendable {
  /// The attributes or the content state is larger than 4 KB of JSON.
  case attributesTooLarge
  /// The app already shows as many activities as it may.
  case targetMaximumExceeded
  /// No bundle the host loaded draws activities of this attributes type.
  case unsupportedTarget
  /// Activities are turned off.
  case denied
}

/// What went wrong talking to the host: none runs, or it refused the request (`code` is the
/// host's, docs/activities.md).
public struct ActivityHostError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The host's code (`unknown-activity`, `rate-limited`, …), or `no-host`.
  public var code: String
  /// What happened.
  public var message: String
  public var description: String { message }
}

/// Whether the app may start activities.
public struct ActivityAuthorizationInfo: Sendable {
  /// Creates the info.
  public init() {}

  /// True: a host takes activities from any app of the user.
  public var areActivitiesEnabled: Bool { true }
  /// False: the host has no push service.
  public var frequentPushesEnabled: Bool { false }
}

/// A Live Activity an app started: over the control socket of the running host
/// (``HostPaths/socket(environment:)``), which draws it with the bundle whose
/// `ActivityConfiguration` names `Attributes`.
public final class Activity<Attributes: ActivityAttributes>: Identifiable, @unchecked Sendable {
  // Unchecked: `info` and `decodedContent` are only read and written under `lock`.
  private let lock = NSLock()
  private var info: ActivityInfo
  private var decodedContent: ActivityContent<Attributes.ContentState>

  /// The activity's id, assigned by the host.
  public let id: String
  /// The attributes it was started with.
  public let attributes: Attributes

  private init(
    info: ActivityInfo, attributes: Attributes, content: ActivityContent<Attributes.ContentState>
  ) {
    self.info = info
    self.decodedContent = content
    self.id = info.id
    self.attributes = attributes
  }

  /// The activity `info` describes; nil when its attributes or its content do not decode as
  /// `Attributes` (another app's type of the same name).
  convenience init?(info: ActivityInfo) {
    guard let attributes = try? Self.decode(Attributes.self, info.attributes),
      let content = try? Self.content(of: info.content)
    else { return nil }
    self.init(info: info, attributes: attributes, content: content)
  }

  /// The content shown now. A content the host reports that does not decode (the app itself
  /// never sends one) leaves the last that did.
  public var content: ActivityContent<Attributes.ContentState> {
    lock.withLock { decodedContent }
  }

  /// The content as the host last reported it.
  var wiredContent: ActivityContentState { lock.withLock { info.content } }

  /// Takes what the host now reports of the activity.
  func receive(_ reported: ActivityInfo) {
    let decoded = try? Self.content(of: reported.content)
    lock.withLock {
      info = reported
      if let decoded { decodedContent = decoded }
    }
  }

  static func content(of wired: ActivityContentState) throws
    -> ActivityContent<Attributes.ContentState>
  {
    ActivityContent(
      state: try decode(Attributes.ContentState.self, wired.state), staleDate: wired.staleDate,
      relevanceScore: wired.relevanceScore)
  }

  /// The content state shown now (iOS 16.1's name).
  public var contentState: Attributes.ContentState { content.state }

  /// Where it is in its life, as last heard from the host.
  public var activityState: ActivityState { ActivityState(lock.withLock { info.status }) }

  /// Always nil: the host has no push service.
  public var pushToken: Data? { nil }

  /// The activities of this type the running host shows; none when no host runs.
  public static var activities: [Activity<Attributes>] {
    guard
      let all = try? HostConnection.request(ControlRequest(request: "activity-list")).activities
    else { return [] }
    return all.filter { $0.attributesType == typeName }.compactMap { Activity(info: $0) }
  }

  /// Starts an activity: the host draws it and shows it before this returns.
  public static func request(
    attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
    pushType: PushType? = nil
  ) throws -> Activity<Attributes> {
    let request = ControlRequest(
      request: "activity-start", attributesType: typeName, attributes: try encode(attributes),
      content: try wire(content))
    do {
      guard let info = try HostConnection.request(request).activity else {
        throw ActivityHostError(code: "bad-reply", message: "the host's reply has no activity")
      }
      return Activity(info: info, attributes: attributes, content: content)
    } catch let error as ActivityHostError {
      switch error.code {
      case "payload-too-large": throw ActivityAuthorizationError.attributesTooLarge
      case "too-many-activities": throw ActivityAuthorizationError.targetMaximumExceeded
      case "unknown-activity-type": throw ActivityAuthorizationError.unsupportedTarget
      default: throw error
      }
    }
  }

  /// Starts an activity with `contentState` and no stale date (iOS 16.1's form).
  public static func request(
    attributes: Attributes, contentState: Attributes.ContentState, pushType: PushType? = nil
  ) throws -> Activity<Attributes> {
    try request(
      attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil),
      pushType: pushType)
  }

  /// Shows new content. A refused update (the activity ended, too many updates) is reported on
  /// standard error, as iOS logs it; the content shown stays.
  public func update(_ content: ActivityContent<Attributes.ContentState>) async {
    await update(content, alertConfiguration: nil)
  }

  /// Shows new content; the alert is ignored.
  public func update(
    _ content: ActivityContent<Attributes.ContentState>, alertConfiguration: AlertConfiguration?
  ) async {
    send("update") {
      ControlRequest(request: "activity-update", activity: id, content: try Self.wire(content))
    }
  }

  /// Shows a new content state (iOS 16.1's form).
  public func update(using contentState: Attributes.ContentState) async {
    await update(ActivityContent(state: contentState, staleDate: nil))
  }

  /// Ends the activity, showing `content` if given, then removes it as `dismissalPolicy` says.
  public func end(
    _ content: ActivityContent<Attributes.ContentState>?,
    dismissalPolicy: ActivityUIDismissalPolicy = .default
  ) async {
    send("end") {
      var wired: ActivityContentState?
      if let content { wired = try Self.wire(content) }
      return ControlRequest(
        request: "activity-end", activity: id, content: wired,
        dismissalPolicy: dismissalPolicy.value)
    }
  }

  /// Ends the activity with `contentState` (iOS 16.1's form).
  public func end(
    using contentState: Attributes.ContentState? = nil,
    dismissalPolicy: ActivityUIDismissalPolicy = .default
  ) async {
    await end(
      contentState.map { ActivityContent(state: $0, staleDate: nil) },
      dismissalPolicy: dismissalPolicy)
  }

  private func send(_ what: String, _ request: () throws -> ControlRequest) {
    do {
      let result = try HostConnection.request(try request())
      if let updated = result.activity { receive(updated) }
    } catch {
      FileHandle.standardError.write(Data("Activity \(id): \(what): \(error)\n".utf8))
    }
  }

  // MARK: JSON

  /// The attributes type's name, as `ActivityConfiguration(for:)` registers it.
  static var typeName: String { String(describing: Attributes.self) }

  private static func encode(_ value: some Encodable) throws -> JSONValue {
    try WidgetJSON.decode(JSONValue.self, from: try WidgetJSON.encode(value))
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws -> T {
    try WidgetJSON.decode(type, from: try WidgetJSON.encode(value))
  }

  private static func wire(_ content: ActivityContent<Attributes.ContentState>) throws
    -> ActivityContentState
  {
    ActivityContentState(
      state: try encode(content.state), staleDate: content.staleDate,
      relevanceScore: content.relevanceScore)
  }
}

/// One exchange with the running host's control socket.
enum HostConnection {
  /// How long an exchange may take: the host answers once the bundle has drawn the activity.
  static let timeout = 10.0

  static func request(_ request: ControlRequest) throws -> ControlResult {
    do throws(ControlClient.Failure) {
      let client = try ControlClient(
        endpoint: .unix(HostPaths.socket()), token: HostPaths.token(), replyTimeout: timeout)
      return try client.request(request)
    } catch {
      switch error {
      case .socket(.noHost(let path)):
        throw ActivityHostError(
          code: "no-host",
          message:
            "no widget-host is listening on \(path) (start one with widget-host run … --sink "
            + "socket, or set \(HostPaths.socketVariable))")
      case .refused(let failure) where failure.code == "unauthorized":
        throw ActivityHostError(
          code: failure.code,
          message:
            "the widget-host on \(HostPaths.socket()) has a token and this app's "
            + "\(HostPaths.tokenVariable) is "
            + (HostPaths.token() == nil ? "not set" : "not it") + " (\(failure.message))")
      case .refused(let failure):
        throw ActivityHostError(code: failure.code, message: failure.message)
      default:
        throw ActivityHostError(code: "no-host", message: error.description)
      }
    }
  }
}
