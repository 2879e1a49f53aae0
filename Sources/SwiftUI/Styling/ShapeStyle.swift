import Foundation
import WidgetSchema

/// Something text and shapes can be painted with: a colour, a hierarchical style
/// (`.secondary`), a fill (`.fill.tertiary`) or a gradient.
///
/// In the view tree a style is a colour, or a gradient with a colour that stands for it where
/// one colour is drawn (see docs/swiftui-coverage.md).
public protocol ShapeStyle: Sendable {
  /// The colour the style paints with; nil for the current foreground style; for a gradient,
  /// its representative colour. SDK detail.
  var _color: ColorValue? { get }
  /// The gradient the style paints with; nil for a colour. SDK detail.
  var _gradient: GradientValue? { get }
}

extension ShapeStyle {
  /// Not a gradient.
  public var _gradient: GradientValue? { nil }

  /// This style as a view-tree node: its gradient, its colour, or the primary colour for the
  /// foreground.
  var node: ViewNode {
    if let gradient = _gradient { return .gradient(gradient) }
    return .color(_color ?? ColorValue(name: "primary"))
  }

  /// `shape` painted with this style: its colour, and its gradient if it is one.
  func painting(_ shape: inout ShapeNode) {
    shape.fill = _color
    shape.gradient = _gradient
  }

  /// This style as a foreground (text, and shapes without a fill); nil for the current one.
  var foreground: WidgetSchema.TextStyle? {
    _color.map { WidgetSchema.TextStyle(foreground: $0, foregroundGradient: _gradient) }
  }

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
  public let _gradient: GradientValue?

  /// Wraps `style`.
  public init<S: ShapeStyle>(_ style: S) {
    _color = style._color
    _gradient = style._gradient
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

/// A gradient as a style (`Color.blue.gradient`, `AnyGradient(gradient)`): drawn, as in SwiftUI,
/// as a linear gradient from the top (0.5, 0) to the bottom (0.5, 1).
///
/// A colour's standard gradient is the colour lightened at the top (a fifth of the way to
/// white) to the colour itself at the bottom; for the label and accent colours, whose values
/// depend on where they are drawn, the colour alone.
public struct AnyGradient: ShapeStyle, Hashable, Sendable {
  let gradient: Gradient

  /// The standard gradient of `color`.
  public init(_ color: Color) {
    let top = Color(color.value.lightened(by: 0.2) ?? color.value)
    gradient = Gradient(stops: [.init(color: top, location: 0), .init(color: color, location: 1)])
  }

  /// `gradient` as a style.
  public init(_ gradient: Gradient) {
    self.gradient = gradient
  }

  public var _color: ColorValue? { _gradient?.representative }

  public var _gradient: GradientValue? {
    .linear(gradient.value, from: .init(x: 0.5, y: 0), to: .init(x: 0.5, y: 1))
  }

  public static func == (lhs: AnyGradient, rhs: AnyGradient) -> Bool {
    lhs.gradient == rhs.gradient
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(String(describing: gradient.value))
  }
}

extension Color {
  /// The colour's standard gradient: lighter at the top (see ``AnyGradient``).
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

/// Colours changing along a line from `startPoint` to `endPoint` (unit points of the frame it
/// paints), as a style and as a view that fills the space it is offered.
public struct LinearGradient: ShapeStyle, _PrimitiveView {
  let gradient: Gradient
  let startPoint: UnitPoint
  let endPoint: UnitPoint

  /// A gradient from `startPoint` to `endPoint`.
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    self.gradient = gradient
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  /// A gradient through `colors`, evenly spaced.
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
  }

  /// A gradient through `stops`.
  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
  }

  public var _color: ColorValue? { _gradient?.representative }

  public var _gradient: GradientValue? {
    .linear(gradient.value, from: startPoint.value, to: endPoint.value)
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] { [node] }
}

/// Colours changing in circles about `center` (a unit point of the frame it paints), from
/// `startRadius` to `endRadius` points; beyond them the end colours continue.
public struct RadialGradient: ShapeStyle, _PrimitiveView {
  let gradient: Gradient
  let center: UnitPoint
  let startRadius: CGFloat
  let endRadius: CGFloat

  /// A gradient about `center`.
  public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.gradient = gradient
    self.center = center
    self.startRadius = startRadius
    self.endRadius = endRadius
  }

  /// A gradient through `colors`, evenly spaced.
  public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(
      gradient: Gradient(colors: colors), center: center, startRadius: startRadius,
      endRadius: endRadius)
  }

  /// A gradient through `stops`.
  public init(
    stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
  ) {
    self.init(
      gradient: Gradient(stops: stops), center: center, startRadius: startRadius,
      endRadius: endRadius)
  }

  public var _color: ColorValue? { _gradient?.representative }

  public var _gradient: GradientValue? {
    .radial(
      gradient.value, center: center.value, startRadius: Double(startRadius),
      endRadius: Double(endRadius))
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] { [node] }
}

/// Colours changing in ellipses about `center` with the proportions of the frame it paints,
/// from `startRadiusFraction` to `endRadiusFraction` of the frame's size (0.5 reaches its
/// edges); beyond them the end colours continue.
public struct EllipticalGradient: ShapeStyle, _PrimitiveView {
  let gradient: Gradient
  let center: UnitPoint
  let startRadiusFraction: CGFloat
  let endRadiusFraction: CGFloat

  /// A gradient about `center`.
  public init(
    gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) {
    self.gradient = gradient
    self.center = center
    self.startRadiusFraction = startRadiusFraction
    self.endRadiusFraction = endRadiusFraction
  }

  /// A gradient through `colors`, evenly spaced.
  public init(
    colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) {
    self.init(
      gradient: Gradient(colors: colors), center: center,
      startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
  }

  /// A gradient through `stops`.
  public init(
    stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) {
    self.init(
      gradient: Gradient(stops: stops), center: center,
      startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
  }

  public var _color: ColorValue? { _gradient?.representative }

  public var _gradient: GradientValue? {
    .elliptical(
      gradient.value, center: center.value, startRadiusFraction: Double(startRadiusFraction),
      endRadiusFraction: Double(endRadiusFraction))
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] { [node] }
}

extension ShapeStyle where Self == EllipticalGradient {
  /// An elliptical gradient.
  public static func ellipticalGradient(
    _ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) -> EllipticalGradient {
    EllipticalGradient(
      gradient: gradient, center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }

  /// An elliptical gradient through `colors`.
  public static func ellipticalGradient(
    colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) -> EllipticalGradient {
    EllipticalGradient(
      colors: colors, center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }

  /// An elliptical gradient through `stops`.
  public static func ellipticalGradient(
    stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) -> EllipticalGradient {
    EllipticalGradient(
      stops: stops, center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }
}

/// Colours changing round `center` (a conic gradient), from `startAngle` to `endAngle`
/// (clockwise from the trailing side). As in SwiftUI, a sweep of more than a turn draws its
/// last turn, and the part of the turn a shorter sweep leaves is filled half with the last
/// colour and half with the first; equal angles (the default) sweep a whole turn.
public struct AngularGradient: ShapeStyle, _PrimitiveView {
  let gradient: Gradient
  let center: UnitPoint
  let startAngle: Angle
  let endAngle: Angle

  /// A gradient about `center` from `startAngle` to `endAngle`.
  public init(
    gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero
  ) {
    self.gradient = gradient
    self.center = center
    self.startAngle = startAngle
    self.endAngle = endAngle
  }

  /// A gradient through `colors`, evenly spaced.
  public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(
      gradient: Gradient(colors: colors), center: center, startAngle: startAngle,
      endAngle: endAngle)
  }

  /// A gradient through `stops`.
  public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(
      gradient: Gradient(stops: stops), center: center, startAngle: startAngle,
      endAngle: endAngle)
  }

  /// A conic gradient: a whole turn from `angle`.
  public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
    self.init(
      gradient: gradient, center: center, startAngle: angle,
      endAngle: angle + .degrees(360))
  }

  /// A conic gradient through `colors`, evenly spaced.
  public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
  }

  /// A conic gradient through `stops`.
  public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
  }

  public var _color: ColorValue? { _gradient?.representative }

  public var _gradient: GradientValue? {
    .angular(
      gradient.value, center: center.value, startAngle: startAngle.degrees,
      endAngle: endAngle.degrees)
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] { [node] }
}

extension ShapeStyle where Self == LinearGradient {
  /// A linear gradient.
  public static func linearGradient(
    _ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
  ) -> LinearGradient {
    LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
  }

  /// A linear gradient through `colors`.
  public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint)
    -> LinearGradient
  {
    LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
  }

  /// A linear gradient through `stops`.
  public static func linearGradient(
    stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint
  ) -> LinearGradient {
    LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
  }
}

extension ShapeStyle where Self == RadialGradient {
  /// A radial gradient.
  public static func radialGradient(
    _ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
  ) -> RadialGradient {
    RadialGradient(
      gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
  }

  /// A radial gradient through `colors`.
  public static func radialGradient(
    colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
  ) -> RadialGradient {
    RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
  }

  /// A radial gradient through `stops`.
  public static func radialGradient(
    stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
  ) -> RadialGradient {
    RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
  }
}

extension ShapeStyle where Self == AngularGradient {
  /// An angular gradient from `startAngle` to `endAngle`.
  public static func angularGradient(
    _ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
  ) -> AngularGradient {
    AngularGradient(
      gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// An angular gradient through `colors`.
  public static func angularGradient(
    colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle
  ) -> AngularGradient {
    AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// An angular gradient through `stops`.
  public static func angularGradient(
    stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle
  ) -> AngularGradient {
    AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// A conic gradient: a whole turn from `angle`.
  public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero)
    -> AngularGradient
  {
    AngularGradient(gradient: gradient, center: center, angle: angle)
  }

  /// A conic gradient through `colors`.
  public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero)
    -> AngularGradient
  {
    AngularGradient(colors: colors, center: center, angle: angle)
  }

  /// A conic gradient through `stops`.
  public static func conicGradient(
    stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero
  ) -> AngularGradient {
    AngularGradient(stops: stops, center: center, angle: angle)
  }
}

/// The colours of a gradient; as a style, a linear gradient from the top to the bottom (as
/// ``AnyGradient``).
public struct Gradient: ShapeStyle, Hashable, Sendable {
  /// A colour and where it sits, 0…1.
  public struct Stop: Hashable, Sendable {
    /// The colour.
    public var color: Color
    /// Where the colour sits, 0…1.
    public var location: CGFloat

    /// Creates a stop.
    public init(color: Color, location: CGFloat) {
      self.color = color
      self.location = location
    }

    public static func == (lhs: Stop, rhs: Stop) -> Bool {
      lhs.color == rhs.color && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(String(describing: color.value))
      hasher.combine(location)
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

  /// The stops as the view tree has them.
  var value: [GradientValue.Stop] {
    stops.map { GradientValue.Stop(color: $0.color.value, location: Double($0.location)) }
  }

  public var _color: ColorValue? { AnyGradient(self)._color }
  public var _gradient: GradientValue? { AnyGradient(self)._gradient }
}

extension UnitPoint {
  /// The point as the view tree has it.
  var value: GradientValue.Point { GradientValue.Point(x: Double(x), y: Double(y)) }
}
