import FoundationEssentials

/// The reply to the `previews` method (ABI 1.2): the previews a bundle declares for a kind, as
/// Swift's `#Preview(as:widget:timeline:)` does, each its family and the entries it shows.
///
/// JSON: `{"previews": [{"name": "Morning", "family": "systemSmall", "entries": [Entry]}]}`.
public struct Previews: Codable, Sendable, Equatable {
  /// One declared preview.
  public struct Declared: Codable, Sendable, Equatable {
    /// Its name, if it was given one.
    public var name: String?
    /// The family it is shown at.
    public var family: WidgetFamily
    /// The entries it shows, in order.
    public var entries: [Entry]

    /// Creates a preview.
    public init(name: String?, family: WidgetFamily, entries: [Entry]) {
      self.name = name
      self.family = family
      self.entries = entries
    }
  }

  /// The previews, in the order the bundle declares them.
  public var previews: [Declared]

  /// Creates a reply.
  public init(previews: [Declared]) {
    self.previews = previews
  }
}
