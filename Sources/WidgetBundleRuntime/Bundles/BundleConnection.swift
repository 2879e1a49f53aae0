import FoundationEssentials
import WidgetSchema

/// The host's whole interface to a loaded bundle: one narrow, asynchronous protocol.
///
/// The in-process implementation calls the library directly; a worker-process implementation
/// carries the same calls over a socket. Nothing else in the host knows which one it has.
public protocol BundleConnection: AnyObject, Sendable {
  /// What the library says it implements (from `describe`).
  var description: BundleDescription { get }

  /// Calls `method` for widget `kind` with `context` and returns the bundle's JSON reply.
  func call(
    _ method: ProviderMethod, kind: String, context: ProviderContext
  ) async throws(ProviderError) -> Data

  /// Starts what the connection put off, if anything: a worker whose start was left until the
  /// host had shown its first frames (docs/isolation.md, *Start-up*). The first call starts it
  /// too, so this only brings the start forward; it returns at once.
  func start()

  /// Releases the bundle. Calls still outstanding fail with ``ProviderError/closed``.
  func close() async

  /// Whether the bundle's calls are known to return promptly: its recent calls were answered
  /// within ``CallRouting/promptLimit``, so a caller may make several one after another
  /// without holding the later ones up for long.
  var callsPromptly: Bool { get }
  /// The host refused a reply of the bundle it could not draw (a number out of range:
  /// `ViewLimits`), described by `problem`. A worker counts it toward the bundle's quarantine
  /// like a crash (docs/isolation.md); in the host's own process nothing is quarantined.
  func replyCannotBeDrawn(_ problem: String)
}

extension BundleConnection {
  /// Most connections are ready when they are made: nothing to start.
  public func start() {}

  /// Nothing is known of the calls' speed.
  public var callsPromptly: Bool { false }
  /// Nothing is quarantined.
  public func replyCannotBeDrawn(_ problem: String) {}
}

/// Loads bundles: turns a ``BundleSource`` into a live ``BundleConnection``.
public protocol BundleLoader: Sendable {
  /// Loads the library of `source` and negotiates the ABI. `services` is what the bundle may
  /// ask of the host.
  func load(
    _ source: BundleSource, services: any BundleServices
  ) async throws(BundleError) -> any BundleConnection

  /// Whether several bundles may be loaded at once: true when each load waits on something
  /// outside this process (a worker starting), so that loading them together saves time.
  var loadsConcurrently: Bool { get }
}

extension BundleLoader {
  /// By default bundles are loaded one after another.
  public var loadsConcurrently: Bool { false }
}

/// The provider calls of the ABI (`wk_method`).
public enum ProviderMethod: Int32, Sendable, CustomStringConvertible {
  case placeholder = 1
  case snapshot = 2
  case timeline = 3
  /// The values of a dynamic parameter (ABI 1.1).
  case options = 4
  /// The previews a bundle declares for a kind (ABI 1.2).
  case previews = 5
  /// Runs an action of an instance: a press of a button or a toggle (ABI 1.2).
  case perform = 6
  /// Draws a Live Activity (ABI 1.3).
  case activity = 7

  public var description: String {
    switch self {
    case .placeholder: "placeholder"
    case .snapshot: "snapshot"
    case .timeline: "timeline"
    case .options: "options"
    case .previews: "previews"
    case .perform: "perform"
    case .activity: "activity"
    }
  }
}

/// What a bundle may ask of the host through its host table. Called from any thread.
public protocol BundleServices: Sendable {
  /// A log line from bundle `bundle`.
  func log(bundle: String, level: BundleLogLevel, message: String)
  /// The host's clock.
  func now() -> Date
  /// True when ``now()`` is the system's real-time clock (`Date()`): a worker process then
  /// reads that clock itself instead of asking the host on every `now()`, and, as nothing the
  /// bundle's `call` may wait for then needs its socket thread, runs `call` there
  /// (docs/isolation.md). False (the default) for any other clock, such as the virtual clock of
  /// tests and simulations.
  var clockIsSystemClock: Bool { get }
  /// A reload request for `kind` (nil: every kind) of bundle `bundle`.
  func reload(bundle: String, kind: String?)
  /// The user's locale, as a BCP 47 tag.
  var localeIdentifier: String { get }
  /// Something that happened to a bundle as a whole (its worker crashed, it was quarantined),
  /// for the stream.
  func report(_ incident: BundleIncident)
  /// The running instances of bundle `bundle` (`WidgetCenter.getCurrentConfigurations`); nil
  /// when no host runs instances (`inspect`, `assemble`, a host still starting).
  func currentConfigurations(bundle: String) async -> CurrentConfigurations?
}

extension BundleServices {
  /// Unless said otherwise, the clock is the host's own (asked for, never assumed).
  public var clockIsSystemClock: Bool { false }

  /// Without a stream, an incident is an error log line.
  public func report(_ incident: BundleIncident) {
    log(bundle: incident.bundle, level: .error, message: incident.message)
  }

  /// Without running instances there is nothing to report.
  public func currentConfigurations(bundle: String) async -> CurrentConfigurations? { nil }
}

/// Something that happened to a bundle as a whole rather than to one call: an `error` event
/// with ``code``, and, when the bundle stopped for good, a `bundle` event (`failed`).
public struct BundleIncident: Sendable, Equatable {
  /// The error code: `bundle-crashed`, `bundle-quarantined` or `bundle-load-failed`
  /// (docs/stream.md).
  public var code: String
  /// A one-line explanation.
  public var message: String
  /// The bundle's id.
  public var bundle: String
  /// Set when the bundle will take no more calls: the `bundle` event to emit.
  public var failed: BundleEvent?

  /// Creates an incident.
  public init(code: String, message: String, bundle: String, failed: BundleEvent? = nil) {
    self.code = code
    self.message = message
    self.bundle = bundle
    self.failed = failed
  }
}

/// Levels of bundle log lines (`wk_log_level`).
public enum BundleLogLevel: Int32, Sendable, Comparable, CustomStringConvertible {
  case debug = 0
  case info = 1
  case warning = 2
  case error = 3

  public static func < (lhs: BundleLogLevel, rhs: BundleLogLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public var description: String {
    switch self {
    case .debug: "debug"
    case .info: "info"
    case .warning: "warning"
    case .error: "error"
    }
  }
}
