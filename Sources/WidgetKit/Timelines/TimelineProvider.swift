import Foundation
import WidgetSchema

/// Supplies a widget's entries: a placeholder, a snapshot and timelines.
///
/// The host calls these from its own threads, possibly concurrently for different families;
/// call each completion exactly once, from any thread, now or later.
public protocol TimelineProvider {
  /// The provider's entry type.
  associatedtype Entry: TimelineEntry
  /// What the host tells the provider about the widget being asked for.
  typealias Context = TimelineProviderContext

  /// A sample entry shown (redacted) before the first timeline arrives. Return fast; no I/O.
  func placeholder(in context: Context) -> Entry

  /// One entry for galleries and previews (`context.isPreview`).
  func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)

  /// The entries to show from now on, and when to ask again.
  func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// Details about the widget a provider is asked about.
public struct TimelineProviderContext: Sendable {
  /// The family the entries are for.
  public let family: WidgetFamily
  /// The widget's size in points.
  public let displaySize: CGSize
  /// True in galleries and previews: return quickly, with sample data if need be.
  public let isPreview: Bool
  /// The instance's parameter values (configurable kinds); read by the intent configurations.
  var configurationValues: [String: JSONValue]?
  /// The parameter an `options` call asks about.
  var optionsParameter: String?
  /// How the host draws the instance, as the call's context says (nil: an older host, which
  /// does not say; the family's default then).
  var renderingMode: WidgetSchema.RenderingMode?
  /// The Live Activity an `activity` call asks to draw.
  var activity: ActivityCallContext?
  /// The configuration said `.contentMarginsDisabled()`: entries get no content margins.
  var contentMarginsDisabled = false
  /// Whether the kind's views had a container background, when last resolved.
  var backgrounds: ContainerBackgroundMemo?

  /// Creates a context (the SDK does this for each call; tests may too).
  public init(family: WidgetFamily, displaySize: CGSize? = nil, isPreview: Bool = false) {
    self.family = family
    let size = family.schemaFamily.displaySize
    self.displaySize = displaySize ?? CGSize(width: size.width, height: size.height)
    self.isPreview = isPreview
  }
}
