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

  /// A Live Activity preview (`#Preview("name", as: .content, using: attributes) { … }
  /// contentStates: { … }`): for a call whose kind is an attributes type (ABI 1.3), the views of
  /// each content state.
  public struct Activity: Codable, Sendable, Equatable {
    /// Its name, if it was given one.
    public var name: String?
    /// The presentation it shows.
    public var viewKind: ActivityPreviewKind
    /// The views of each content state, in order.
    public var states: [ActivityViews]

    /// Creates a preview.
    public init(name: String?, viewKind: ActivityPreviewKind, states: [ActivityViews]) {
      self.name = name
      self.viewKind = viewKind
      self.states = states
    }
  }

  /// The previews, in the order the bundle declares them.
  public var previews: [Declared]
  /// The Live Activity previews, for an attributes type; absent for a widget kind.
  public var activities: [Activity]?

  /// Creates a reply.
  public init(previews: [Declared], activities: [Activity]? = nil) {
    self.previews = previews
    self.activities = activities
  }
}

/// What a Live Activity preview shows (`ActivityPreviewViewKind`).
public enum ActivityPreviewKind: String, JSONEnum, Sendable {
  /// The Lock Screen banner.
  case content
  /// The compact island (leading and trailing).
  case compact
  /// The expanded island.
  case expanded
  /// The minimal island.
  case minimal
}
