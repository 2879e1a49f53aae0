import FoundationEssentials

/// The places a Live Activity is drawn, each with its size in points as on an iPhone with a
/// Dynamic Island. The lock-screen banner is also what the terminal shows; the compact
/// presentation (leading and trailing together) is what a status bar shows.
public enum ActivityPresentation: String, JSONEnum, Sendable {
  /// The Lock Screen banner (and the notification banner of a device without an island).
  case lockScreen
  /// The expanded Dynamic Island: its leading, trailing, center and bottom regions.
  case expanded
  /// Left of the camera in the compact island.
  case compactLeading
  /// Right of the camera in the compact island.
  case compactTrailing
  /// The island when several activities share it.
  case minimal

  /// The presentation's size in points.
  public var displaySize: Size {
    switch self {
    case .lockScreen, .expanded: Size(width: 364, height: 160)
    case .compactLeading, .compactTrailing: Size(width: 52, height: 36)
    case .minimal: Size(width: 36, height: 36)
    }
  }
}

/// What a bundle answers to the `activity` method (ABI 1.3): the views of every presentation of
/// one activity's content, built by its `ActivityConfiguration`.
///
/// JSON: `{"lockScreen": view, "expanded": {"leading": view, …}, "compactLeading": view,
/// "compactTrailing": view, "minimal": view, "keylineTint": color, …}`.
@JSONFields
public struct ActivityViews: Codable, Sendable, Equatable {
  /// The Dynamic Island's expanded regions; a region the bundle leaves out is empty.
  @JSONFields
  public struct Expanded: Codable, Sendable, Equatable {
    public var leading: ViewNode?
    public var trailing: ViewNode?
    public var center: ViewNode?
    public var bottom: ViewNode?

    /// Creates the regions.
    public init(
      leading: ViewNode? = nil, trailing: ViewNode? = nil, center: ViewNode? = nil,
      bottom: ViewNode? = nil
    ) {
      self.leading = leading
      self.trailing = trailing
      self.center = center
      self.bottom = bottom
    }

    /// The regions as one view, as the island lays them out: leading, center and trailing
    /// side by side along the top, the bottom region under them across the whole width.
    public var combined: ViewNode {
      var top: [ViewNode] = []
      if let leading { top.append(leading) }
      top.append(.spacer(minLength: 0))
      if let center { top.append(center) }
      top.append(.spacer(minLength: 0))
      if let trailing { top.append(trailing) }
      var rows: [ViewNode] = [
        .stack(StackNode(axis: .horizontal, alignment: .top, children: top))
      ]
      if let bottom { rows.append(bottom) }
      return .stack(StackNode(axis: .vertical, alignment: .leading, spacing: 4, children: rows))
    }
  }

  /// The Lock Screen banner.
  public var lockScreen: ViewNode
  /// The expanded island.
  public var expanded: Expanded
  /// The compact island's leading view.
  public var compactLeading: ViewNode
  /// The compact island's trailing view.
  public var compactTrailing: ViewNode
  /// The minimal island.
  public var minimal: ViewNode
  /// `keylineTint(_:)`: the island's outline colour.
  public var keylineTint: ColorValue?
  /// `activityBackgroundTint(_:)`: the banner's background.
  public var backgroundTint: ColorValue?
  /// `activitySystemActionForegroundColor(_:)`: the colour of the system's buttons over it.
  public var systemActionForegroundColor: ColorValue?
  /// The island's `widgetURL`, if any.
  public var url: String?

  /// Creates the views.
  public init(
    lockScreen: ViewNode, expanded: Expanded = Expanded(), compactLeading: ViewNode = .empty,
    compactTrailing: ViewNode = .empty, minimal: ViewNode = .empty,
    keylineTint: ColorValue? = nil, backgroundTint: ColorValue? = nil,
    systemActionForegroundColor: ColorValue? = nil, url: String? = nil
  ) {
    self.lockScreen = lockScreen
    self.expanded = expanded
    self.compactLeading = compactLeading
    self.compactTrailing = compactTrailing
    self.minimal = minimal
    self.keylineTint = keylineTint
    self.backgroundTint = backgroundTint
    self.systemActionForegroundColor = systemActionForegroundColor
    self.url = url
  }

  private enum CodingKeys: String, CodingKey {
    case lockScreen, expanded, compactLeading, compactTrailing, minimal, keylineTint
    case backgroundTint, systemActionForegroundColor, url
  }

  /// Reads the views; only `lockScreen` is required (a C bundle may draw nothing else).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      lockScreen: try container.decode(ViewNode.self, forKey: .lockScreen),
      expanded: try container.decodeIfPresent(Expanded.self, forKey: .expanded) ?? Expanded(),
      compactLeading: try container.decodeIfPresent(ViewNode.self, forKey: .compactLeading)
        ?? .empty,
      compactTrailing: try container.decodeIfPresent(ViewNode.self, forKey: .compactTrailing)
        ?? .empty,
      minimal: try container.decodeIfPresent(ViewNode.self, forKey: .minimal) ?? .empty,
      keylineTint: try container.decodeIfPresent(ColorValue.self, forKey: .keylineTint),
      backgroundTint: try container.decodeIfPresent(ColorValue.self, forKey: .backgroundTint),
      systemActionForegroundColor: try container.decodeIfPresent(
        ColorValue.self, forKey: .systemActionForegroundColor),
      url: try container.decodeIfPresent(String.self, forKey: .url))
  }

  /// The view drawn for `presentation`.
  public func view(for presentation: ActivityPresentation) -> ViewNode {
    switch presentation {
    case .lockScreen: lockScreen
    case .expanded: expanded.combined
    case .compactLeading: compactLeading
    case .compactTrailing: compactTrailing
    case .minimal: minimal
    }
  }
}

/// One presentation as the host drew it: its view and its rendering on the character grid.
@JSONFields
public struct DrawnPresentation: Codable, Sendable, Equatable {
  /// The view tree (for `expanded`, the regions combined as ``ActivityViews/Expanded/combined``).
  public var view: ViewNode
  /// The rendering on the presentation's grid, one string per row.
  public var lines: [String]
  /// Styled runs of cells in `lines`.
  public var spans: [Span]

  /// Creates a drawn presentation.
  public init(view: ViewNode, lines: [String], spans: [Span] = []) {
    self.view = view
    self.lines = lines
    self.spans = spans
  }
}

/// Every presentation of an activity, drawn, with the bundle's tints.
@JSONFields
public struct ActivityPresentations: Codable, Sendable, Equatable {
  public var lockScreen: DrawnPresentation
  public var expanded: DrawnPresentation
  public var compactLeading: DrawnPresentation
  public var compactTrailing: DrawnPresentation
  public var minimal: DrawnPresentation
  /// The compact island as a status bar shows it: the texts of the leading and the trailing
  /// view, one space apart.
  public var compactText: String
  public var keylineTint: ColorValue?
  public var backgroundTint: ColorValue?
  public var systemActionForegroundColor: ColorValue?
  public var url: String?

  /// Creates the presentations.
  public init(
    lockScreen: DrawnPresentation, expanded: DrawnPresentation,
    compactLeading: DrawnPresentation, compactTrailing: DrawnPresentation,
    minimal: DrawnPresentation, compactText: String, keylineTint: ColorValue? = nil,
    backgroundTint: ColorValue? = nil, systemActionForegroundColor: ColorValue? = nil,
    url: String? = nil
  ) {
    self.lockScreen = lockScreen
    self.expanded = expanded
    self.compactLeading = compactLeading
    self.compactTrailing = compactTrailing
    self.minimal = minimal
    self.compactText = compactText
    self.keylineTint = keylineTint
    self.backgroundTint = backgroundTint
    self.systemActionForegroundColor = systemActionForegroundColor
    self.url = url
  }
}

/// Data of an `activity` event: a Live Activity started, changed or went away.
public struct ActivityEvent: Codable, JSONObjectFields, Sendable, Equatable {
  /// What happened.
  public enum Change: String, JSONEnum, Sendable {
    /// An app started it (or, with ``ActivityEvent/restored``, a restarted host shows it again).
    case started
    /// Its content changed.
    case updated
    /// Its content's stale date passed.
    case stale
    /// The app ended it; it stays shown until its dismissal policy removes it.
    case ended
    /// It is no longer shown.
    case dismissed
  }

  /// What happened.
  public var event: Change
  /// The activity, as it is after the change.
  public var activity: ActivityInfo
  /// Its presentations, drawn; absent for `dismissed`, and when the bundle could not draw it
  /// (an `error` event says why).
  public var presentations: ActivityPresentations?
  /// True when a host restarted from its durable state shows the activity again. Written only
  /// when true.
  public var restored: Bool

  /// Creates the data.
  public init(
    event: Change, activity: ActivityInfo, presentations: ActivityPresentations? = nil,
    restored: Bool = false
  ) {
    self.event = event
    self.activity = activity
    self.presentations = presentations
    self.restored = restored
  }

  private enum CodingKeys: String, CodingKey {
    case event, activity, presentations, restored
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    event = try container.decode(Change.self, forKey: .event)
    activity = try container.decode(ActivityInfo.self, forKey: .activity)
    presentations = try container.decodeIfPresent(
      ActivityPresentations.self, forKey: .presentations)
    restored = try container.decodeIfPresent(Bool.self, forKey: .restored) ?? false
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try sink.field("activity", activity)
    try sink.field("event", event)
    try sink.fieldIfPresent("presentations", presentations)
    if restored { try sink.field("restored", true) }
  }
}
