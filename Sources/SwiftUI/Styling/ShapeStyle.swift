import Foundation
import WidgetSchema

/// Something text and shapes can be painted with: a colour, a hierarchical style
/// (`.secondary`), a fill (`.fill.tertiary`) or a gradient.
///
/// The view tree has colours only; every style resolves to one (see docs/swiftui-coverage.md).
public protocol ShapeStyle: Sendable {
  /// The colour the style paints with; nil for the current foreground style. SDK detail.
  var _color: ColorValue? { get }
}

extension ShapeStyle {
  /// This style as a view-tree node: its colour, or the primary colour for the foreground.
  var node: ViewNode { .color(_color ?? ColorValue(name: "primary")) }

  /// The second level of this style. Approximated: the same colour (a terminal has too few
  /// shades to tell the levels apart).
  public var secondary: some ShapeStyle { AnyShapeStyle(self) }
  /// The third level of this style. Approximated: the same colour.
  public var tertiary: some ShapeStyle { AnyShapeStyle(self) }
  /// The fourth level of this style. Approximated: the same colour.
  public var quaternary: some ShapeStyle { AnyShapeStyle(self) }
}

/// Any shape style.
public struct AnyShapeStyle: ShapeStyle {
  public let _color: ColorValue?

  /// Wraps `style`.
  public init<S: ShapeStyle>(_ style: S) {
    _color = style._color
  }
}

/// The levels of the foreground style: `.foregroundStyle(.secondary)`.
public struct HierarchicalShapeStyle: ShapeStyle {
  public let _color: ColorValue?

  private init(_ name: String) {
    _color = ColorValue(name: name)
  }

  /// The foreground colour.
  public static let primary = HierarchicalShapeStyle("primary")
  /// Secondary content: dimmed.
  public static let secondary = HierarchicalShapeStyle("secondary")
  /// Tertiary content. Approximated: as secondary.
  public static let tertiary = HierarchicalShapeStyle("secondary")
  /// Quaternary content. Approximated: as secondary.
  public static let quaternary = HierarchicalShapeStyle("secondary")
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  /// The foreground colour.
  public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
  /// Secondary content: dimmed.
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
  /// Tertiary content. Approximated: as secondary.
  public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
  /// Quaternary content. Approximated: as secondary.
  public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
}

/// The current foreground style: `.fill(.foreground)`.
public struct ForegroundStyle: ShapeStyle {
  public var _color: ColorValue? { nil }

  /// Creates the style.
  public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
  /// The current foreground style.
  public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// The widget's accent colour as a style: `.foregroundStyle(.tint)`.
public struct TintShapeStyle: ShapeStyle {
  public var _color: ColorValue? { ColorValue(name: "accentColor") }

  /// Creates the style.
  public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
  /// The accent colour.
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// The system background: `.background()`, `.background(.background)`,
/// `.containerBackground(.background, for: .widget)`. White in the light appearance the
/// pictures are drawn in; on the terminal grid, the terminal's own background (blank cells).
public struct BackgroundStyle: ShapeStyle {
  public var _color: ColorValue? { ColorValue(name: "background") }

  /// Creates the style.
  public init() {}
}

extension ShapeStyle where Self == BackgroundStyle {
  /// The system background.
  public static var background: BackgroundStyle { BackgroundStyle() }
}

/// A colour's standard gradient, `Color.blue.gradient`: a light-to-dark wash of the colour.
/// Approximated everywhere as the colour itself, as gradients are.
public struct AnyGradient: ShapeStyle, Hashable, Sendable {
  let color: Color

  /// The gradient of `color`.
  public init(_ color: Color) {
    self.color = color
  }

  public var _color: ColorValue? { color.value }

  public static func == (lhs: AnyGradient, rhs: AnyGradient) -> Bool {
    lhs.color == rhs.color
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(String(describing: color.value))
  }
}

extension Color {
  /// The colour's standard gradient (approximated as the colour).
  public var gradient: AnyGradient { AnyGradient(self) }
}

/// The system's fill for shapes and backgrounds: `.containerBackground(.fill.tertiary, …)`.
/// Approximated: a faint grey (grey at opacity 0.2).
public struct FillShapeStyle: ShapeStyle {
  public var _color: ColorValue? { ColorValue(name: "gray", opacity: 0.2) }

  /// Creates the style.
  public init() {}
}

extension ShapeStyle where Self == FillShapeStyle {
  /// The system fill.
  public static var fill: FillShapeStyle { FillShapeStyle() }
}

/// Colours changing along a line. Approximated everywhere as its first colour.
public struct LinearGradient: ShapeStyle, _PrimitiveView {
  let gradient: Gradient

  /// A gradient from `startPoint` to `endPoint`.
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    self.gradient = gradient
  }

  /// A gradient through `colors`, evenly spaced.
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
  }

  /// A gradient through `stops`.
  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
  }

  public var _color: ColorValue? { gradient.stops.first?.color.value ?? Color.clear.value }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] { [node] }
}

/// The colours of a gradient.
public struct Gradient: Equatable, Sendable {
  /// A colour and where it sits, 0…1.
  public struct Stop: Equatable, Sendable {
    /// The colour.
    public var color: Color
    /// Where the colour sits, 0…1.
    public var location: CGFloat

    /// Creates a stop.
    public init(color: Color, location: CGFloat) {
      self.color = color
      self.location = location
    }
  }

  /// The stops, in order.
  public var stops: [Stop]

  /// A gradient through `stops`.
  public init(stops: [Stop]) {
    self.stops = stops
  }

  /// A gradient through `colors`, evenly spaced.
  public init(colors: [Color]) {
    let step = colors.count > 1 ? 1 / CGFloat(colors.count - 1) : 0
    stops = colors.enumerated().map { Stop(color: $1, location: CGFloat($0) * step) }
  }
}
