import SwiftUI
import WidgetSchema

/// The lock screen's translucent backdrop for an accessory widget: put it at the back of a
/// `ZStack` in `accessoryCircular` (and `accessoryRectangular`) views.
public struct AccessoryWidgetBackground: _PrimitiveView {
  /// Creates the backdrop.
  public init() {}

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.shape(ShapeNode(shape: .accessoryBackground))]
  }
}

/// How the system colours a widget: `@Environment(\.widgetRenderingMode)`.
public struct WidgetRenderingMode: Hashable, Sendable, CustomStringConvertible {
  private let name: String

  /// Colours as the widget gives them: home-screen widgets.
  public static let fullColor = WidgetRenderingMode(name: "fullColor")
  /// Two colour groups, the accented one marked with `widgetAccentable()`: watch faces.
  public static let accented = WidgetRenderingMode(name: "accented")
  /// Monochrome on a blurred background: the iPhone lock screen's accessory widgets.
  public static let vibrant = WidgetRenderingMode(name: "vibrant")

  public var description: String { name }

  /// The mode a family is shown in on an iPhone: vibrant for the lock screen's accessory
  /// families, full colour for the rest.
  static func mode(for family: WidgetFamily) -> WidgetRenderingMode {
    switch family {
    case .accessoryCircular, .accessoryRectangular, .accessoryInline: .vibrant
    case .accessoryCorner: .accented
    default: .fullColor
    }
  }
}

extension WidgetRenderingMode {
  /// The mode the host names in a call's context.
  init(_ mode: WidgetSchema.RenderingMode) {
    self.init(name: mode.rawValue)
  }
}

private struct WidgetRenderingModeKey: EnvironmentKey {
  static let defaultValue = WidgetRenderingMode.fullColor
}

extension EnvironmentValues {
  /// How the widget is coloured: the instance's mode, as the host draws it (`--rendering-mode`,
  /// a home-screen file's `renderingMode`). By default the family's, as an iPhone shows it:
  /// `.vibrant` for the lock screen's accessory families, `.accented` for `accessoryCorner`
  /// (a watch face), `.fullColor` for home-screen widgets.
  public var widgetRenderingMode: WidgetRenderingMode {
    get { self[WidgetRenderingModeKey.self] }
    set { self[WidgetRenderingModeKey.self] = newValue }
  }
}

/// Previews a widget view in a family:
/// `.previewContext(WidgetPreviewContext(family: .systemSmall))`.
public struct WidgetPreviewContext: PreviewContext, Sendable {
  /// The family the preview shows.
  public let family: WidgetFamily

  /// A preview in `family`.
  public init(family: WidgetFamily) {
    self.family = family
  }

  public func _configure(_ environment: inout EnvironmentValues) {
    environment.widgetFamily = family
    environment.widgetRenderingMode = .mode(for: family)
    let size = family.schemaFamily.displaySize
    environment._proposedSize = CGSize(width: size.width, height: size.height)
  }
}

extension EnvironmentValues {
  /// Whether the widget's container background is shown: true for home-screen widgets in full
  /// colour; false where the system removes it (the lock screen's accessory families, and the
  /// accented and vibrant modes), as the host draws them. Code that lays out differently
  /// without the background reads it.
  public var showsWidgetContainerBackground: Bool {
    widgetRenderingMode == .fullColor && !widgetFamily.rawValue.hasPrefix("accessory")
  }

  /// The margins iOS 17 puts around a widget's content, as on an iPhone: 16 points on each
  /// side of the home-screen families, none for the accessory families, whose content reaches
  /// their edges. WidgetKit pads the content of a widget that has a container background with
  /// them, unless its configuration says `.contentMarginsDisabled()`; such a widget pads with
  /// these where it wants them (`.padding(margins)`).
  public var widgetContentMargins: SwiftUI.EdgeInsets {
    switch widgetFamily {
    case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
      SwiftUI.EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    default:
      SwiftUI.EdgeInsets()
    }
  }

  /// Whether the widget's label (``SwiftUI/View/widgetLabel(_:)``) is shown, which watch faces
  /// do. Always false: the host shows no watch-face labels.
  public var showsWidgetLabel: Bool { false }
}

extension View {
  /// The label a watch face shows beside an `accessoryCircular` or `accessoryCorner` widget.
  /// Accepted; the host shows no watch-face labels (``EnvironmentValues/showsWidgetLabel`` is
  /// false).
  public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> some View { self }

  /// A text label for a watch face, from a localized key. Accepted, as
  /// ``widgetLabel(label:)``.
  public func widgetLabel(_ labelKey: LocalizedStringKey) -> some View { self }

  /// A text label for a watch face. Accepted, as ``widgetLabel(label:)``.
  @_disfavoredOverload
  public func widgetLabel<S: StringProtocol>(_ label: S) -> some View { self }
}
