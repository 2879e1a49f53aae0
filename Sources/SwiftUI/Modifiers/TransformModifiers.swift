import Foundation
import WidgetSchema

/// An angle, in degrees or radians.
public struct Angle: Hashable, Comparable, Sendable {
  /// The angle in radians.
  public var radians: Double
  /// The angle in degrees.
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  /// No turn.
  public init() { radians = 0 }
  /// An angle of `radians`.
  public init(radians: Double) { self.radians = radians }
  /// An angle of `degrees`.
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }

  /// An angle of `radians`.
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
  /// An angle of `degrees`.
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  /// No turn.
  public static let zero = Angle()

  public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
  public static func + (lhs: Angle, rhs: Angle) -> Angle {
    Angle(radians: lhs.radians + rhs.radians)
  }
  public static func - (lhs: Angle, rhs: Angle) -> Angle {
    Angle(radians: lhs.radians - rhs.radians)
  }
  public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
  public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
  public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
}

extension View {
  /// Draws this view turned clockwise by `angle` about `anchor`, after layout (its frame does
  /// not change): `.rotationEffect(.degrees(-90))` starts a progress ring at the top.
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    transformed(Transform(rotation: angle.degrees), anchor: anchor)
  }

  /// Draws this view turned by `angle` about `axis` as a flat picture of the turn: about the
  /// z axis a turn (``rotationEffect(_:anchor:)``); about the x or y axis the view squeezed to
  /// the cosine of the angle, without perspective (mirrored past a quarter turn).
  public func rotation3DEffect(
    _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
    anchorZ: CGFloat = 0, perspective: CGFloat = 1
  ) -> some View {
    let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
    guard length > 0 else { return transformed(Transform(), anchor: anchor) }
    let (x, y, z) = (Double(axis.x / length), Double(axis.y / length), Double(axis.z / length))
    let cosine = cos(angle.radians)
    // A turn about the y axis squeezes x, about the x axis squeezes y; about z it is a turn.
    let transform = Transform(
      rotation: angle.degrees * z, scaleX: 1 - abs(y) * (1 - cosine),
      scaleY: 1 - abs(x) * (1 - cosine))
    return transformed(transform, anchor: anchor)
  }

  /// Draws this view scaled by `scale` about `anchor`, after layout.
  public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
    scaleEffect(x: scale, y: scale, anchor: anchor)
  }

  /// Draws this view scaled by `scale`'s width and height about `anchor`, after layout.
  public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
    scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
  }

  /// Draws this view scaled by `x` and `y` about `anchor`, after layout.
  public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center)
    -> some View
  {
    transformed(Transform(scaleX: Double(x), scaleY: Double(y)), anchor: anchor)
  }

  /// Draws this view moved by `offset`, after layout: the views around it stay where they are.
  public func offset(_ offset: CGSize) -> some View {
    self.offset(x: offset.width, y: offset.height)
  }

  /// Draws this view moved `x` points right and `y` down, after layout.
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
    transformed(Transform(offsetX: Double(x), offsetY: Double(y)), anchor: .center)
  }

  private func transformed(_ transform: Transform, anchor: UnitPoint) -> some View {
    var transform = transform
    transform.anchorX = Double(anchor.x)
    transform.anchorY = Double(anchor.y)
    return wrapped(in: .transform(transform))
  }
}
