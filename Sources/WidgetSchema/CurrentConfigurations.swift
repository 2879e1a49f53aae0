import FoundationEssentials

/// A running widget as `WidgetCenter.getCurrentConfigurations` reports it: the host's `list`
/// request gives these fields per instance, and the host extension `wk.widget-center` replies
/// with ``CurrentConfigurations``.
public struct ConfiguredWidget: Codable, Sendable, Equatable {
  /// The instance's id on the host.
  public var instance: String
  /// The widget kind.
  public var kind: String
  /// The family it is shown in.
  public var family: WidgetFamily
  /// Its parameter values (defaults filled in); empty for static widgets.
  public var configuration: [String: JSONValue]

  /// Creates a description of one running widget.
  public init(
    instance: String, kind: String, family: WidgetFamily,
    configuration: [String: JSONValue] = [:]
  ) {
    self.instance = instance
    self.kind = kind
    self.family = family
    self.configuration = configuration
  }
}

/// The reply of the `wk.widget-center` host extension's `current_configurations`:
/// `{"widgets": [{"instance", "kind", "family", "configuration"}]}`.
public struct CurrentConfigurations: Codable, Sendable, Equatable {
  /// The running widgets of the asking bundle's kinds.
  public var widgets: [ConfiguredWidget]

  /// Creates a reply.
  public init(widgets: [ConfiguredWidget]) {
    self.widgets = widgets
  }
}
