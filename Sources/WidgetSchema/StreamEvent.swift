import FoundationEssentials

/// The first line of every JSON stream: names the protocol and its version.
///
/// JSON: `{"type": "header", "stream": "widget-host", "version": 1, "host": "0.1.0", "started": …}`.
@JSONFields
public struct StreamHeader: Codable, Sendable, Equatable {
  /// Always `"header"`.
  public var type: String = "header"
  /// Always `"widget-host"`.
  public var stream: String = "widget-host"
  /// The stream protocol version; only additive changes happen within a version.
  public var version: Int
  /// The widget-host version that wrote the stream.
  public var host: String
  /// When the stream started (host clock).
  public var started: Date

  /// The stream protocol version this build writes.
  public static let currentVersion = 1

  /// Creates a header for the current version.
  public init(host: String, started: Date, version: Int = StreamHeader.currentVersion) {
    self.version = version
    self.host = host
    self.started = started
  }
}

/// One event of the stream: a type, a sequence number, the time, the instance it concerns (if
/// any) and its data.
///
/// JSON: `{"type": "entry", "seq": 7, "time": …, "instance": "Clock/systemSmall", "data": {…}}`.
public struct StreamEvent: Sendable, Equatable {
  /// Position in the stream: 1, 2, 3, … with no gaps.
  public var seq: UInt64
  /// When the event happened (host clock: virtual under simulation).
  public var time: Date
  /// The instance the event concerns, if any.
  public var instance: String?
  /// The event itself.
  public var payload: EventPayload

  /// Creates an event.
  public init(seq: UInt64, time: Date, instance: String? = nil, payload: EventPayload) {
    self.seq = seq
    self.time = time
    self.instance = instance
    self.payload = payload
  }
}

/// The kinds of event and their data.
public enum EventPayload: Sendable, Equatable {
  /// A bundle was loaded or unloaded, or failed to load.
  case bundle(BundleEvent)
  /// An instance asked its provider for a timeline (and why).
  case reload(ReloadEvent)
  /// A timeline arrived.
  case timeline(TimelineEvent)
  /// An entry is now shown.
  case entry(EntryEvent)
  /// Something went wrong but the host carries on.
  case warning(ProblemEvent)
  /// Something failed.
  case error(ProblemEvent)
  /// A tap opened a URL (`widgetURL` or a `Link`).
  case openURL(OpenURLEvent)
  /// An instance was added to or removed from a running host (`run` reading its configuration
  /// again on SIGHUP).
  case instance(InstanceEvent)
  /// A press of a button or a toggle ran an action of the instance's bundle.
  case action(ActionEvent)
  /// A Live Activity started, changed or went away (docs/activities.md).
  case activity(ActivityEvent)

  /// Every event's `type` string, as ``type`` names it.
  public static let types = [
    "bundle", "reload", "timeline", "entry", "warning", "error", "open-url", "instance",
    "action", "activity",
  ]

  /// The event's `type` string.
  public var type: String {
    switch self {
    case .bundle: "bundle"
    case .reload: "reload"
    case .timeline: "timeline"
    case .entry: "entry"
    case .warning: "warning"
    case .error: "error"
    case .openURL: "open-url"
    case .instance: "instance"
    case .action: "action"
    case .activity: "activity"
    }
  }
}

/// Data of an `instance` event: the instance was added to or removed from the running host.
@JSONFields
public struct InstanceEvent: Codable, Sendable, Equatable {
  /// What happened.
  public enum Change: String, JSONEnum, Sendable {
    /// The instance is new: its entries follow.
    case added
    /// The instance is gone: no more events name it, and what it showed is no longer shown.
    case removed
  }

  /// What happened.
  public var event: Change
  /// The instance's bundle id.
  public var bundle: String
  /// The instance's kind.
  public var kind: String
  /// The instance's family.
  public var family: WidgetFamily

  /// Creates the data.
  public init(event: Change, bundle: String, kind: String, family: WidgetFamily) {
    self.event = event
    self.bundle = bundle
    self.kind = kind
    self.family = family
  }
}

/// Data of an `open-url` event: a tap resolved to a URL.
@JSONFields
public struct OpenURLEvent: Codable, Sendable, Equatable {
  /// The URL to open.
  public var url: String
  /// The tapped `Link`'s region id; absent when the tap opened the `widgetURL`.
  public var region: String?

  /// Creates the data.
  public init(url: String, region: String? = nil) {
    self.url = url
    self.region = region
  }
}

/// Data of a `bundle` event.
@JSONFields
public struct BundleEvent: Codable, Sendable, Equatable {
  /// What happened.
  public enum Change: String, JSONEnum, Sendable {
    case loaded
    case unloaded
    /// A library whose load was put off at a restart did not load after all
    /// (``BundleEvent/reason`` says why): it takes no calls.
    case failed
    /// Crashed too often: it takes no more calls until its library changes or it is
    /// unquarantined.
    case quarantined
    /// `run --watch`: a rebuilt version was loaded in place of the running one
    /// (``BundleEvent/previousVersion`` is the version it replaced).
    case reloaded
    /// `run --watch`: a rebuilt version could not be used (``BundleEvent/reason`` says why); the
    /// previous version keeps running.
    case reloadFailed = "reload-failed"
  }

  /// What happened.
  public var event: Change
  /// The bundle's id.
  public var bundle: String
  /// The bundle's version.
  public var version: String
  /// Where the bundle was loaded from.
  public var path: String
  /// The kinds it registered.
  public var kinds: [String]
  /// For `reloaded`: the version that was running before.
  public var previousVersion: String?
  /// For `reload-failed`: why the rebuilt version was not used; for `failed`: why the library
  /// did not load.
  public var reason: String?

  /// Creates the data.
  public init(
    event: Change, bundle: String, version: String, path: String, kinds: [String],
    previousVersion: String? = nil, reason: String? = nil
  ) {
    self.event = event
    self.bundle = bundle
    self.version = version
    self.path = path
    self.kinds = kinds
    self.previousVersion = previousVersion
    self.reason = reason
  }
}

/// Why a timeline was requested.
public enum ReloadReason: String, JSONEnum, Sendable {
  /// The instance was just created.
  case initial
  /// The previous timeline's policy (`atEnd`, `after`) came due.
  case policy
  /// A reload was asked for (WidgetCenter, a bundle's `reload_kind`/`reload_all`, a control
  /// request).
  case request
  /// The previous attempt failed and is being retried.
  case retry
  /// The user tapped the widget (free, like WidgetKit's reloads after an interaction).
  case interaction
  /// `run --watch` loaded a rebuilt version of the bundle (free).
  case bundleUpdated = "bundle-updated"
}

/// Data of a `reload` event.
@JSONFields
public struct ReloadEvent: Codable, Sendable, Equatable {
  /// The instance's kind.
  public var kind: String
  /// The instance's family.
  public var family: WidgetFamily
  /// Why.
  public var reason: ReloadReason

  /// Creates the data.
  public init(kind: String, family: WidgetFamily, reason: ReloadReason) {
    self.kind = kind
    self.family = family
    self.reason = reason
  }
}

/// Data of a `timeline` event.
@JSONFields
public struct TimelineEvent: Codable, Sendable, Equatable {
  /// The instance's kind.
  public var kind: String
  /// The instance's family.
  public var family: WidgetFamily
  /// How many entries the timeline has.
  public var entries: Int
  /// The timeline's reload policy, as the bundle gave it.
  public var policy: ReloadPolicy
  /// When the host will ask for the next timeline; absent for `never`.
  public var nextReload: Date?
  /// Reloads the instance may still make on its own in the sliding 24 h window; absent when
  /// the budget is unlimited.
  public var budgetLeft: Int?

  /// Creates the data.
  public init(
    kind: String, family: WidgetFamily, entries: Int, policy: ReloadPolicy, nextReload: Date?,
    budgetLeft: Int? = nil
  ) {
    self.kind = kind
    self.family = family
    self.entries = entries
    self.policy = policy
    self.nextReload = nextReload
    self.budgetLeft = budgetLeft
  }
}

/// Where a shown entry came from.
public enum EntrySource: String, JSONEnum, Sendable {
  /// The provider's placeholder (shown redacted until the first timeline arrives).
  case placeholder
  /// The provider's snapshot.
  case snapshot
  /// The current timeline.
  case timeline
}

/// Data of an `entry` event: the entry now shown, with its rendering.
public struct EntryEvent: Sendable, Equatable {
  /// The instance's kind.
  public var kind: String
  /// The instance's family.
  public var family: WidgetFamily
  /// Where the entry came from.
  public var source: EntrySource
  /// The entry's date.
  public var date: Date
  /// Until when it is shown, if another entry follows in the timeline.
  public var validUntil: Date?
  /// Its relevance, if given.
  public var relevance: Relevance?
  /// The view tree.
  public var view: ViewNode
  /// The rendering on the family's character grid, one string per row.
  public var lines: [String]
  /// Styled runs of cells in `lines` (bold, colours, redacted, …); unstyled cells have none.
  public var spans: [Span]
  /// Rectangles of `lines` that open a URL when tapped (`Link`).
  public var regions: [TapRegion]
  /// The URL the whole widget opens when tapped (`widgetURL`), if any.
  public var url: String?
  /// True when the last timeline request failed and this entry comes from an older timeline.
  public var stale: Bool
  /// True when the entry comes from the timeline an earlier run of the host stored (shown at
  /// start, before any provider call), until a fresh timeline replaces it. Written only when
  /// true.
  public var restored: Bool
  /// True between a press of one of the entry's buttons or toggles and the next entry: the
  /// entry is drawn with its `.invalidatableContent()` as placeholders (the `.invalidated`
  /// redaction reason), as iOS shows a widget whose action runs. Written only when true.
  public var invalidated: Bool
  /// The instance's parameter values (defaults filled in), as its provider received them;
  /// nil for instances without any (static kinds).
  public var configuration: [String: JSONValue]?
  /// Where each node of `view` was laid out in points, with text baselines, when the stream
  /// carries geometry (the JSON and socket sinks: docs/stream.md#geometry).
  public var geometry: EntryGeometry?
  /// How the instance is drawn (docs/rendering.md#rendering-modes), as its provider was told.
  /// Written only when it is not the family's ``RenderingMode/default(for:)``.
  public var renderingMode: RenderingMode
  /// From when the entry is shown: its `date` (with `validUntil`, the span it covers).
  public var validFrom: Date { date }

  /// Creates the data.
  public init(
    kind: String, family: WidgetFamily, source: EntrySource, date: Date, validUntil: Date?,
    relevance: Relevance?, view: ViewNode, lines: [String], spans: [Span] = [],
    regions: [TapRegion] = [], url: String? = nil, stale: Bool = false, restored: Bool = false,
    invalidated: Bool = false, configuration: [String: JSONValue]? = nil,
    geometry: EntryGeometry? = nil,
    renderingMode: RenderingMode? = nil
  ) {
    self.renderingMode = renderingMode ?? .default(for: family)
    self.configuration = configuration
    self.geometry = geometry
    self.kind = kind
    self.family = family
    self.source = source
    self.date = date
    self.validUntil = validUntil
    self.relevance = relevance
    self.view = view
    self.lines = lines
    self.spans = spans
    self.regions = regions
    self.url = url
    self.stale = stale
    self.restored = restored
    self.invalidated = invalidated
  }
}

/// A run of equally styled cells on one row of an entry's `lines`.
///
/// `column` and `length` count terminal columns (a wide character is two).
public struct Span: Sendable, Equatable {
  public var row: Int
  public var column: Int
  public var length: Int
  public var bold: Bool?
  public var italic: Bool?
  public var underline: Bool?
  public var strikethrough: Bool?
  /// Drawn faint (opacity below one half, dividers).
  public var dim: Bool?
  /// Placeholder text drawn as blocks.
  public var redacted: Bool?
  public var foreground: ColorValue? {
    get { colors?.foreground }
    set { setColors(foreground: newValue, background: background) }
  }
  public var background: ColorValue? {
    get { colors?.background }
    set { setColors(foreground: foreground, background: newValue) }
  }
  /// The colours, boxed: two optional `ColorValue`s inline made a span 176 bytes, and most spans
  /// have none (bold or dim text); spans are kept with the latest entry of every instance.
  private var colors: SpanColors?

  private mutating func setColors(foreground: ColorValue?, background: ColorValue?) {
    colors =
      foreground == nil && background == nil
      ? nil : SpanColors(foreground: foreground, background: background)
  }

  /// Creates a span; flags that are false are left out of the JSON.
  public init(
    row: Int, column: Int, length: Int, bold: Bool = false, italic: Bool = false,
    underline: Bool = false, strikethrough: Bool = false, dim: Bool = false,
    redacted: Bool = false, foreground: ColorValue? = nil, background: ColorValue? = nil
  ) {
    self.row = row
    self.column = column
    self.length = length
    self.bold = bold ? true : nil
    self.italic = italic ? true : nil
    self.underline = underline ? true : nil
    self.strikethrough = strikethrough ? true : nil
    self.dim = dim ? true : nil
    self.redacted = redacted ? true : nil
    setColors(foreground: foreground, background: background)
  }

  public static func == (lhs: Span, rhs: Span) -> Bool {
    lhs.row == rhs.row && lhs.column == rhs.column && lhs.length == rhs.length
      && lhs.bold == rhs.bold && lhs.italic == rhs.italic && lhs.underline == rhs.underline
      && lhs.strikethrough == rhs.strikethrough && lhs.dim == rhs.dim
      && lhs.redacted == rhs.redacted && lhs.foreground == rhs.foreground
      && lhs.background == rhs.background
  }
}

extension Span: Codable, JSONObjectFields {
  private enum CodingKeys: String, CodingKey {
    case row, column, length, bold, italic, underline, strikethrough, dim, redacted, foreground
    case background
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    row = try container.decode(Int.self, forKey: .row)
    column = try container.decode(Int.self, forKey: .column)
    length = try container.decode(Int.self, forKey: .length)
    bold = try container.decodeIfPresent(Bool.self, forKey: .bold)
    italic = try container.decodeIfPresent(Bool.self, forKey: .italic)
    underline = try container.decodeIfPresent(Bool.self, forKey: .underline)
    strikethrough = try container.decodeIfPresent(Bool.self, forKey: .strikethrough)
    dim = try container.decodeIfPresent(Bool.self, forKey: .dim)
    redacted = try container.decodeIfPresent(Bool.self, forKey: .redacted)
    setColors(
      foreground: try container.decodeIfPresent(ColorValue.self, forKey: .foreground),
      background: try container.decodeIfPresent(ColorValue.self, forKey: .background))
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try sink.fieldIfPresent("background", background)
    try sink.fieldIfPresent("bold", bold)
    try sink.field("column", column)
    try sink.fieldIfPresent("dim", dim)
    try sink.fieldIfPresent("foreground", foreground)
    try sink.fieldIfPresent("italic", italic)
    try sink.field("length", length)
    try sink.fieldIfPresent("redacted", redacted)
    try sink.field("row", row)
    try sink.fieldIfPresent("strikethrough", strikethrough)
    try sink.fieldIfPresent("underline", underline)
  }

}

/// A span's colours (``Span/foreground``, ``Span/background``); never mutated, so shared safely.
private final class SpanColors: Sendable {
  let foreground: ColorValue?
  let background: ColorValue?

  init(foreground: ColorValue?, background: ColorValue?) {
    self.foreground = foreground
    self.background = background
  }
}

/// A rectangle of an entry's `lines`, in cells from the top-left, that does something when
/// tapped: opens `url` (a `Link`) or runs `action` (a button or a toggle).
@JSONFields
public struct TapRegion: Codable, Sendable, Equatable {
  /// Stable within the entry, in drawing order: `link-0`, `link-1`, … for links, `action-0`,
  /// `action-1`, … for buttons and toggles.
  public var id: String
  /// What a `Link` opens; nil for a button or a toggle.
  public var url: String?
  /// What a button or a toggle runs; nil for a `Link`.
  public var action: WidgetAction?
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  /// Creates a `Link`'s region.
  public init(id: String, url: String, x: Int, y: Int, width: Int, height: Int) {
    self.init(id: id, url: url, action: nil, x: x, y: y, width: width, height: height)
  }

  /// Creates a button's or a toggle's region.
  public init(id: String, action: WidgetAction, x: Int, y: Int, width: Int, height: Int) {
    self.init(id: id, url: nil, action: action, x: x, y: y, width: width, height: height)
  }

  private init(
    id: String, url: String?, action: WidgetAction?, x: Int, y: Int, width: Int, height: Int
  ) {
    self.id = id
    self.url = url
    self.action = action
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// Data of `warning` and `error` events.
@JSONFields
public struct ProblemEvent: Codable, Sendable, Equatable {
  /// A stable, machine-readable code (see docs/stream.md), e.g. `provider-failed`.
  public var code: String
  /// A one-line explanation for people.
  public var message: String
  /// The bundle concerned, if any.
  public var bundle: String?
  /// The kind concerned, if any.
  public var kind: String?

  /// Creates the data.
  public init(code: String, message: String, bundle: String? = nil, kind: String? = nil) {
    self.code = code
    self.message = message
    self.bundle = bundle
    self.kind = kind
  }
}

extension StreamEvent: Codable, JSONObjectFields {
  private enum CodingKeys: String, CodingKey {
    case type
    case seq
    case time
    case instance
    case data
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    seq = try container.decode(UInt64.self, forKey: .seq)
    time = try container.decode(Date.self, forKey: .time)
    instance = try container.decodeIfPresent(String.self, forKey: .instance)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "bundle": payload = .bundle(try container.decode(BundleEvent.self, forKey: .data))
    case "reload": payload = .reload(try container.decode(ReloadEvent.self, forKey: .data))
    case "timeline": payload = .timeline(try container.decode(TimelineEvent.self, forKey: .data))
    case "entry": payload = .entry(try container.decode(EntryEvent.self, forKey: .data))
    case "warning": payload = .warning(try container.decode(ProblemEvent.self, forKey: .data))
    case "error": payload = .error(try container.decode(ProblemEvent.self, forKey: .data))
    case "open-url": payload = .openURL(try container.decode(OpenURLEvent.self, forKey: .data))
    case "instance": payload = .instance(try container.decode(InstanceEvent.self, forKey: .data))
    case "action": payload = .action(try container.decode(ActionEvent.self, forKey: .data))
    case "activity":
      payload = .activity(try container.decode(ActivityEvent.self, forKey: .data))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container, debugDescription: "unknown event type '\(type)'")
    }
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try Self.data(payload, into: &sink)
    try sink.fieldIfPresent("instance", instance)
    try sink.field("seq", seq)
    try sink.field("time", time)
    try sink.field("type", payload.type)
  }

}

extension StreamEvent {
  /// Gives the payload's data as the field `data`. The payload is a parameter of its own:
  /// switched on in place (`self.payload`), the case's data was copied out first, every string,
  /// array and view of an entry retained, then released.
  private static func data<Sink: JSONFieldSink & ~Copyable>(
    _ payload: EventPayload, into sink: inout Sink
  ) throws(Sink.Failure) {
    switch payload {
    case .bundle(let data): try sink.field("data", data)
    case .reload(let data): try sink.field("data", data)
    case .timeline(let data): try sink.field("data", data)
    case .entry(let data): try sink.field("data", data)
    case .warning(let data), .error(let data): try sink.field("data", data)
    case .openURL(let data): try sink.field("data", data)
    case .instance(let data): try sink.field("data", data)
    case .action(let data): try sink.field("data", data)
    case .activity(let data): try sink.field("data", data)
    }
  }
}

extension EntryEvent: Codable, JSONObjectFields {
  private enum CodingKeys: String, CodingKey {
    case kind
    case family
    case source
    case date
    case validUntil
    case relevance
    case view
    case lines
    case spans
    case regions
    case url
    case stale
    case restored
    case invalidated
    case validFrom
    case configuration
    case geometry
    case renderingMode
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(String.self, forKey: .kind)
    family = try container.decode(WidgetFamily.self, forKey: .family)
    source = try container.decode(EntrySource.self, forKey: .source)
    date = try container.decode(Date.self, forKey: .date)
    validUntil = try container.decodeIfPresent(Date.self, forKey: .validUntil)
    relevance = try container.decodeIfPresent(Relevance.self, forKey: .relevance)
    view = try container.decode(ViewNode.self, forKey: .view)
    lines = try container.decode([String].self, forKey: .lines)
    spans = try container.decodeIfPresent([Span].self, forKey: .spans) ?? []
    regions = try container.decodeIfPresent([TapRegion].self, forKey: .regions) ?? []
    url = try container.decodeIfPresent(String.self, forKey: .url)
    stale = try container.decodeIfPresent(Bool.self, forKey: .stale) ?? false
    restored = try container.decodeIfPresent(Bool.self, forKey: .restored) ?? false
    invalidated = try container.decodeIfPresent(Bool.self, forKey: .invalidated) ?? false
    configuration = try container.decodeIfPresent(
      [String: JSONValue].self, forKey: .configuration)
    geometry = try container.decodeIfPresent(EntryGeometry.self, forKey: .geometry)
    renderingMode =
      try container.decodeIfPresent(RenderingMode.self, forKey: .renderingMode)
      ?? .default(for: family)
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try sink.fieldIfPresent("configuration", configuration)
    try sink.field("date", date)
    try sink.field("family", family)
    try sink.fieldIfPresent("geometry", geometry)
    if invalidated { try sink.field("invalidated", true) }
    try sink.field("kind", kind)
    try sink.field("lines", lines)
    try sink.field("regions", regions)
    try sink.fieldIfPresent("relevance", relevance)
    if renderingMode != .default(for: family) {
      try sink.field("renderingMode", renderingMode)
    }
    if restored { try sink.field("restored", true) }
    try sink.field("source", source)
    try sink.field("spans", spans)
    try sink.field("stale", stale)
    try sink.fieldIfPresent("url", url)
    try sink.field("validFrom", date)
    try sink.fieldIfPresent("validUntil", validUntil)
    try sink.field("view", view)
  }
}
