import Foundation
import WidgetSchema

/// The ends of stroked lines (CoreGraphics' `CGLineCap`, which SwiftUI re-exports).
public enum CGLineCap: Int32, Sendable {
  case butt
  case round
  case square

  var node: LineCap {
    switch self {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
  }
}

/// The corners of stroked lines (CoreGraphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
  case miter
  case round
  case bevel

  var node: LineJoin {
    switch self {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}

/// How a shape's outline is stroked: its width, ends, corners and dashes.
public struct StrokeStyle: Equatable, Sendable {
  /// The line's width in points.
  public var lineWidth: CGFloat
  /// The ends of open lines.
  public var lineCap: CGLineCap
  /// The corners.
  public var lineJoin: CGLineJoin
  /// How far a mitered corner may reach, as a multiple of the line's width.
  public var miterLimit: CGFloat
  /// Lengths of dashes and gaps, in points, alternating.
  public var dash: [CGFloat]
  /// How far into the dash pattern the line starts.
  public var dashPhase: CGFloat

  /// Creates a stroke style.
  public init(
    lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
    miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
  }

  /// The view tree's stroke; `inset` for `strokeBorder`.
  func node(inset: Bool = false) -> ShapeStroke {
    ShapeStroke(
      lineWidth: Double(lineWidth),
      lineCap: lineCap.node, lineJoin: lineJoin.node,
      miterLimit: Double(miterLimit), dash: dash.map(Double.init), dashPhase: Double(dashPhase),
      inset: inset)
  }
}

/// A shape made from another: stroked, trimmed or filled. SDK detail.
///
/// Its node is made when the view is resolved, not when the modifier is applied, so that a
/// custom shape's path is made for the space the shape itself is offered.
public struct _DerivedShape: InsettableShape {
  let change: @Sendable (inout ShapeNode) -> Void
  let base: any Shape

  init<S: Shape>(_ base: S, _ change: @escaping @Sendable (inout ShapeNode) -> Void) {
    self.base = base
    self.change = change
  }

  public var _shape: ShapeNode {
    var shape = base._shape
    change(&shape)
    return shape
  }

  /// The path of the shape it was made from (strokes and trims are drawn by the host).
  public func path(in rect: CGRect) -> Path { base.path(in: rect) }
}

extension Shape {
  /// This shape's outline, `lineWidth` wide, as a shape: fill it to choose its colour.
  public func stroke(lineWidth: CGFloat = 1) -> some Shape {
    stroke(style: StrokeStyle(lineWidth: lineWidth))
  }

  /// This shape's outline, stroked with `style`, as a shape.
  public func stroke(style: StrokeStyle) -> some Shape {
    _DerivedShape(self) { $0.stroke = style.node() }
  }

  /// This shape's outline, `lineWidth` wide, painted with `content`.
  public func stroke<S: ShapeStyle>(
    _ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true
  ) -> some View {
    stroke(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
  }

  /// This shape's outline, stroked with `style`, painted with `content`.
  public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
    -> some View
  {
    _DerivedShape(self) {
      $0.stroke = style.node()
      content.painting(&$0)
    }
  }

  /// The part of this shape's outline from `from` to `to`, fractions of its length from where
  /// it starts (a circle's at its right, going clockwise): `Circle().trim(from: 0, to: 0.75)`.
  public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
    let trim = ShapeTrim(from: Double(startFraction), to: Double(endFraction))
    return _DerivedShape(self) { $0.trim = trim }
  }
}

/// A shape that can be inset (`inset(by:)`) and whose outline can be drawn inside its frame
/// (`strokeBorder`).
public protocol InsettableShape: Shape {
  /// The type of this shape inset.
  associatedtype InsetShape: InsettableShape

  /// This shape inset by `amount` points on every edge of its frame (negative: outset): a
  /// rounded rectangle's corners shrink by as much, a circle stays the largest that fits.
  func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
  /// This shape inset by `amount` points on every edge of its frame (negative: outset).
  public func inset(by amount: CGFloat) -> _InsetShape<Self> {
    _InsetShape(base: self, amount: Double(amount))
  }
}

/// A shape inset in its frame (`inset(by:)`). SDK detail: the view tree's shape with its
/// `inset` (the amounts of nested insets added), and a rounded rectangle's radius less the
/// amount, as SwiftUI insets it.
public struct _InsetShape<Base: InsettableShape>: InsettableShape {
  let base: Base
  let amount: Double

  public var _shape: ShapeNode {
    var shape = base._shape
    shape.inset = (shape.inset ?? 0) + amount
    if shape.shape == .roundedRectangle, let radius = shape.cornerRadius {
      shape.cornerRadius = max(0, radius - amount)
    }
    return shape
  }

  /// The base shape's path in `rect` inset by the amount.
  public func path(in rect: CGRect) -> Path {
    base.path(in: rect.insetBy(dx: CGFloat(amount), dy: CGFloat(amount)))
  }

  /// This inset shape inset further.
  public func inset(by amount: CGFloat) -> _InsetShape<Base> {
    _InsetShape(base: base, amount: self.amount + Double(amount))
  }
}

extension InsettableShape {
  /// This shape's outline, `lineWidth` wide and inside its frame, painted with `content`.
  public func strokeBorder<S: ShapeStyle>(
    _ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true
  ) -> some View {
    strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
  }

  /// This shape's outline, stroked with `style` inside its frame, painted with `content`.
  public func strokeBorder<S: ShapeStyle>(
    _ content: S, style: StrokeStyle, antialiased: Bool = true
  ) -> some View {
    _DerivedShape(self) {
      $0.stroke = style.node(inset: true)
      content.painting(&$0)
    }
  }

  /// This shape's outline, `lineWidth` wide and inside its frame, in the foreground style.
  public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
    strokeBorder(style: StrokeStyle(lineWidth: lineWidth), antialiased: antialiased)
  }

  /// This shape's outline, stroked with `style` inside its frame, in the foreground style.
  public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> some View {
    _DerivedShape(self) { $0.stroke = style.node(inset: true) }
  }
}

extension View {
  /// Draws a border of `content`, `width` wide, inside this view's edges.
  public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
    overlay(Rectangle().strokeBorder(content, lineWidth: width))
  }
}
