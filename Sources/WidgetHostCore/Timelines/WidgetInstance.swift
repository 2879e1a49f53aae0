import WidgetSchema

/// What makes two instances share one provider call: the same bundle, kind, family,
/// configuration and rendering mode (the bundle builds its view for the mode it is told).
public struct TimelineKey: Hashable, Sendable, CustomStringConvertible {
  /// The five fields, in one allocation that every copy of the key shares: a key is held by its
  /// instance, the scheduler's group and the group's dictionary, and carried by every event, so
  /// a copy costs a reference instead of 56 bytes.
  private final class Fields: Sendable {
    let bundle: String
    let kind: String
    let family: WidgetFamily
    let configuration: String
    let renderingMode: RenderingMode

    init(
      bundle: String, kind: String, family: WidgetFamily, configuration: String,
      renderingMode: RenderingMode
    ) {
      self.bundle = bundle
      self.kind = kind
      self.family = family
      self.configuration = configuration
      self.renderingMode = renderingMode
    }
  }

  private let fields: Fields

  /// The bundle's id.
  public var bundle: String { fields.bundle }
  /// The widget kind.
  public var kind: String { fields.kind }
  /// The family.
  public var family: WidgetFamily { fields.family }
  /// The instance's configuration as canonical JSON (`{}` for static widgets).
  public var configuration: String { fields.configuration }
  /// How the instance is drawn, and what its provider is told (docs/rendering.md#rendering-modes).
  public var renderingMode: RenderingMode { fields.renderingMode }

  /// Creates a key; `renderingMode` defaults to the family's (``RenderingMode/default(for:)``).
  public init(
    bundle: String, kind: String, family: WidgetFamily, configuration: String = "{}",
    renderingMode: RenderingMode? = nil
  ) {
    fields = Fields(
      bundle: bundle, kind: kind, family: family, configuration: configuration,
      renderingMode: renderingMode ?? .default(for: family))
  }

  /// The same key in another rendering mode (nil: the family's).
  public func inMode(_ mode: RenderingMode?) -> TimelineKey {
    TimelineKey(
      bundle: bundle, kind: kind, family: family, configuration: configuration,
      renderingMode: mode)
  }

  /// The rendering mode as the state file stores it: empty for the family's default, so that
  /// keys stored before modes existed still match.
  var storedRenderingMode: String {
    renderingMode == .default(for: family) ? "" : renderingMode.rawValue
  }

  public static func == (left: TimelineKey, right: TimelineKey) -> Bool {
    left.fields === right.fields
      || (left.bundle == right.bundle && left.kind == right.kind && left.family == right.family
        && left.configuration == right.configuration && left.renderingMode == right.renderingMode)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(bundle)
    hasher.combine(kind)
    hasher.combine(family)
    hasher.combine(configuration)
    hasher.combine(renderingMode)
  }

  public var description: String { "\(kind) (\(family.rawValue))" }
}

/// One widget on the user's screen: an id and what it shows.
public struct WidgetInstance: Hashable, Sendable {
  /// Unique among the host's instances; appears in the stream.
  public let id: String
  /// What it shows.
  public let key: TimelineKey
  /// The home-screen page it is on, from 1 (a home-screen file's `page`): where the web page
  /// shows it. It changes nothing else.
  public let page: Int

  /// Creates an instance.
  public init(id: String, key: TimelineKey, page: Int = 1) {
    self.id = id
    self.key = key
    self.page = page
  }

  /// The same instance showing `key`: a configuration changed.
  public func showing(_ key: TimelineKey) -> WidgetInstance {
    WidgetInstance(id: id, key: key, page: page)
  }
}
