/// How the system colours a widget (`@Environment(\.widgetRenderingMode)` in the SDK), per
/// instance: docs/rendering.md, "Rendering modes".
public enum RenderingMode: String, JSONEnum, Sendable {
  /// Colours as the widget gives them: home-screen widgets.
  case fullColor
  /// Two colour groups, the accent group marked with `widgetAccentable()`: tinted home screens,
  /// watch faces.
  case accented
  /// Monochrome, as luminance, on a blurred background: the iPhone lock screen.
  case vibrant

  /// The mode a family is shown in on an iPhone unless an instance says otherwise: vibrant for
  /// the lock screen's accessory families, accented for the watch's corner, full colour for the
  /// rest.
  public static func `default`(for family: WidgetFamily) -> RenderingMode {
    switch family {
    case .accessoryCircular, .accessoryRectangular, .accessoryInline: .vibrant
    case .accessoryCorner: .accented
    default: .fullColor
    }
  }
}
