import Foundation
import WidgetSchema

/// A shape: as a view it fills the space it is offered with the foreground style, or with the
/// style given to `fill(_:)`; it can also clip views (`clipShape(_:)`) and back them
/// (`background(_:in:)`).
///
/// Shapes are stroked (`stroke`, `strokeBorder`) and trimmed (`trim`) as SwiftUI's are. A custom
/// shape's `path(in:)` is called for the space the SDK estimates it is offered (as a
/// ``GeometryReader``'s content is built), and the host scales that path to the frame it gives
/// the shape.
public protocol Shape: _PrimitiveView, Sendable {
  /// The outline of the shape in `rect`.
  func path(in rect: CGRect) -> Path
  /// The shape as the view tree carries it. SDK detail: the SDK's shapes are kinds the host
  /// knows; a custom shape is its path.
  var _shape: ShapeNode { get }
}

extension Shape {
  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [EnvironmentValues.$current.withValue(environment) { .shape(_shape) }]
  }

  /// A custom shape: its path in the space the view is estimated to be offered.
  public var _shape: ShapeNode {
    let offered = EnvironmentValues.current._proposedSize
    let box = CGSize(width: max(1, offered.width), height: max(1, offered.height))
    return ShapeNode(
      shape: .path, path: path(in: CGRect(origin: .zero, size: box)).node(scaledFrom: box))
  }

  /// This shape filled with `style`.
  public func fill<S: ShapeStyle>(_ style: S, style fillStyle: FillStyle = FillStyle())
    -> some View
  {
    _DerivedShape(self) { style.painting(&$0) }
  }

  /// This shape filled with the foreground style.
  public func fill(style fillStyle: FillStyle = FillStyle()) -> some View {
    _DerivedShape(self) { _ in }
  }
}

/// How shapes are filled. Every fill is even-odd and antialiased on a grid, so this changes
/// nothing.
public struct FillStyle: Equatable, Sendable {
  /// Whether the even-odd rule is used.
  public var isEOFilled: Bool
  /// Whether edges are smoothed.
  public var isAntialiased: Bool

  /// Creates a fill style.
  public init(eoFill: Bool = false, antialiased: Bool = true) {
    isEOFilled = eoFill
    isAntialiased = antialiased
  }
}

/// A rectangle.
public struct Rectangle: InsettableShape {
  /// Creates a rectangle.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .rectangle) }
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: InsettableShape {
  /// The corner radius in points.
  public var cornerSize: CGSize
  /// The corners' curve; every style draws alike on a grid.
  public var style: RoundedCornerStyle

  /// A rectangle whose corners have `cornerRadius`.
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
    self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
  }

  /// A rectangle whose corners are `cornerSize` (its width is used as the radius).
  public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
    self.cornerSize = cornerSize
    self.style = style
  }

  public var _shape: ShapeNode {
    ShapeNode(shape: .roundedRectangle, cornerRadius: max(0, Double(cornerSize.width)))
  }
  public func path(in rect: CGRect) -> Path {
    Path(roundedRect: rect, cornerSize: cornerSize, style: style)
  }
}

/// The curve of rounded corners.
public enum RoundedCornerStyle: Hashable, Sendable {
  case circular
  case continuous
}

/// A circle, as large as fits.
public struct Circle: InsettableShape {
  /// Creates a circle.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .circle) }
  public func path(in rect: CGRect) -> Path {
    let side = min(rect.width, rect.height)
    return Path(
      ellipseIn: CGRect(
        x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
  }
}

/// An ellipse filling its frame.
public struct Ellipse: InsettableShape {
  /// Creates an ellipse.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .ellipse) }
  public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle whose short sides are half circles.
public struct Capsule: InsettableShape {
  /// The corners' curve; every style draws alike on a grid.
  public var style: RoundedCornerStyle

  /// Creates a capsule.
  public init(style: RoundedCornerStyle = .circular) {
    self.style = style
  }

  public var _shape: ShapeNode { ShapeNode(shape: .capsule) }
  public func path(in rect: CGRect) -> Path {
    Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2, style: .circular)
  }
}

/// The shape of the widget's own corners, inset to where the view sits.
public struct ContainerRelativeShape: InsettableShape {
  /// Creates the shape.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .containerRelative) }
  /// The widget's corner radius is the host's: the path is the rectangle.
  public func path(in rect: CGRect) -> Path { Path(rect) }
}
