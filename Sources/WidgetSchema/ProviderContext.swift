/// What the host tells a provider about the instance it is asked about: the JSON `Context` passed
/// with every placeholder, snapshot and timeline call.
@JSONFields
public struct ProviderContext: Codable, Sendable, Hashable {
  /// The family the entry will be shown in.
  public var family: WidgetFamily
  /// The size of the widget in points (the family's size).
  public var displaySize: Size
  /// True when the entry is for a gallery or a preview rather than the live widget.
  public var isPreview: Bool
  /// The instance's parameter values by name, defaults filled in; absent for static kinds.
  /// Entity values are `{"identifier": …, "display": …}` objects (``ParameterOption``).
  public var configuration: [String: JSONValue]?
  /// The `options` method: the parameter whose options are asked for.
  public var parameter: String?
  /// The `perform` method (ABI 1.2): the action to run, as the pressed view named it.
  public var action: WidgetAction?
  /// How the instance is drawn (`@Environment(\.widgetRenderingMode)` in the SDK). The host
  /// always sends it; absent (an older host) means the family's ``RenderingMode/default(for:)``.
  public var renderingMode: RenderingMode?
  /// The `activity` method (ABI 1.3): the Live Activity to draw.
  public var activity: ActivityCallContext?

  /// Creates a context; `displaySize` defaults to the family's size.
  public init(
    family: WidgetFamily, displaySize: Size? = nil, isPreview: Bool = false,
    configuration: [String: JSONValue]? = nil, parameter: String? = nil,
    action: WidgetAction? = nil, renderingMode: RenderingMode? = nil,
    activity: ActivityCallContext? = nil
  ) {
    self.activity = activity
    self.action = action
    self.renderingMode = renderingMode
    self.family = family
    self.displaySize = displaySize ?? family.displaySize
    self.isPreview = isPreview
    self.configuration = configuration
    self.parameter = parameter
  }
}
