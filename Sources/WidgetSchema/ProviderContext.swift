/// What the host tells a provider about the instance it is asked about: the JSON `Context` passed
/// with every placeholder, snapshot and timeline call.
public struct ProviderContext: Codable, Sendable, Hashable {
  /// The family the entry will be shown in.
  public var family: WidgetFamily
  /// The size of the widget in points (the family's size).
  public var displaySize: Size
  /// True when the entry is for a gallery or a preview rather than the live widget.
  public var isPreview: Bool

  /// Creates a context; `displaySize` defaults to the family's size.
  public init(family: WidgetFamily, displaySize: Size? = nil, isPreview: Bool = false) {
    self.family = family
    self.displaySize = displaySize ?? family.displaySize
    self.isPreview = isPreview
  }
}
