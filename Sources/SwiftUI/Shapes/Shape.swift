import Foundation
import WidgetSchema

/// A shape: as a view it fills the space it is offered with the foreground style, or with the
/// style given to `fill(_:)`; it can also clip views (`clipShape(_:)`) and back them
/// (`background(_:in:)`).
///
/// Only the SDK's shapes are offered, stroked (`stroke`, `strokeBorder`) and trimmed (`trim`) as
/// SwiftUI's are: custom shapes need `Path`, which the view tree cannot carry.
public protocol Shape: _PrimitiveView, Sendable {
  /// The shape's kind and corner radius. SDK detail.
  var _shape: ShapeNode { get }
}

extension Shape {
  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.shape(_shape)]
  }

  /// This shape filled with `style`.
  public func fill<S: ShapeStyle>(_ style: S, style fillStyle: FillStyle = FillStyle())
    -> some View
  {
    var shape = _shape
    shape.fill = style._color
    return FilledShape(shape: shape)
  }

  /// This shape filled with the foreground style.
  public func fill(style fillStyle: FillStyle = FillStyle()) -> some View {
    FilledShape(shape: _shape)
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

/// What `Shape.fill(_:)` returns.
struct FilledShape: _PrimitiveView {
  let shape: ShapeNode

  func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.shape(shape)]
  }
}

/// A rectangle.
public struct Rectangle: InsettableShape {
  /// Creates a rectangle.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .rectangle) }
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
}

/// An ellipse filling its frame.
public struct Ellipse: InsettableShape {
  /// Creates an ellipse.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .ellipse) }
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
}

/// The shape of the widget's own corners, inset to where the view sits.
public struct ContainerRelativeShape: InsettableShape {
  /// Creates the shape.
  public init() {}

  public var _shape: ShapeNode { ShapeNode(shape: .containerRelative) }
}
