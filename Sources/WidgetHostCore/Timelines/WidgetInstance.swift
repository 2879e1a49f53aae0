import WidgetSchema

/// What makes two instances share one provider call: the same bundle, kind, family and
/// configuration.
public struct TimelineKey: Hashable, Sendable, CustomStringConvertible {
  /// The bundle's id.
  public let bundle: String
  /// The widget kind.
  public let kind: String
  /// The family.
  public let family: WidgetFamily
  /// The instance's configuration as canonical JSON (`{}` for static widgets).
  public let configuration: String

  /// Creates a key.
  public init(bundle: String, kind: String, family: WidgetFamily, configuration: String = "{}") {
    self.bundle = bundle
    self.kind = kind
    self.family = family
    self.configuration = configuration
  }

  public var description: String { "\(kind) (\(family.rawValue))" }
}

/// One widget on the user's screen: an id and what it shows.
public struct WidgetInstance: Hashable, Sendable {
  /// Unique among the host's instances; appears in the stream.
  public let id: String
  /// What it shows.
  public let key: TimelineKey

  /// Creates an instance.
  public init(id: String, key: TimelineKey) {
    self.id = id
    self.key = key
  }
}
