@preconcurrency import CPixelLibraries
import WidgetSchema

/// Paths of SwiftUI's shapes on a Cairo context.
enum Shapes {
  /// How far a continuous corner reaches along each edge, in corner radii: iOS's continuous
  /// rounded rectangles start curving about 1.528 radii from the corner, and so look smoother
  /// than a quarter circle.
  static let continuousReach = 1.528
  /// Where the corner's cubic Bézier puts its control points, in radii from the corner: so that
  /// the curve passes where a quarter circle of the radius does, at its middle.
  static let continuousControl = 0.272

  /// A rectangle with continuous corners of `radius` (smaller when the rectangle is too small
  /// for it).
  static func continuousRoundedRectangle(
    _ c: pixel_libraries, _ cr: OpaquePointer, _ rect: LayoutRect, radius: Double
  ) {
    let limit = min(rect.width, rect.height) / 2
    let reach = min(max(0, radius.isNaN ? 0 : radius) * continuousReach, limit)
    guard reach > 0 else {
      c.cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
      return
    }
    let control = reach / continuousReach * continuousControl
    let (left, top) = (rect.x, rect.y)
    let (right, bottom) = (rect.x + rect.width, rect.y + rect.height)
    c.cairo_new_path(cr)
    c.cairo_move_to(cr, left + reach, top)
    c.cairo_line_to(cr, right - reach, top)
    c.cairo_curve_to(cr, right - control, top, right, top + control, right, top + reach)
    c.cairo_line_to(cr, right, bottom - reach)
    c.cairo_curve_to(cr, right, bottom - control, right - control, bottom, right - reach, bottom)
    c.cairo_line_to(cr, left + reach, bottom)
    c.cairo_curve_to(cr, left + control, bottom, left, bottom - control, left, bottom - reach)
    c.cairo_line_to(cr, left, top + reach)
    c.cairo_curve_to(cr, left, top + control, left + control, top, left + reach, top)
    c.cairo_close_path(cr)
  }

  /// A rectangle with circular corners of `radius`.
  static func circularRoundedRectangle(
    _ c: pixel_libraries, _ cr: OpaquePointer, _ rect: LayoutRect, radius: Double
  ) {
    let r = min(max(0, radius.isNaN ? 0 : radius), min(rect.width, rect.height) / 2)
    guard r > 0 else {
      c.cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
      return
    }
    let (left, top) = (rect.x, rect.y)
    let (right, bottom) = (rect.x + rect.width, rect.y + rect.height)
    c.cairo_new_path(cr)
    c.cairo_arc(cr, right - r, top + r, r, -.pi / 2, 0)
    c.cairo_arc(cr, right - r, bottom - r, r, 0, .pi / 2)
    c.cairo_arc(cr, left + r, bottom - r, r, .pi / 2, .pi)
    c.cairo_arc(cr, left + r, top + r, r, .pi, 3 * .pi / 2)
    c.cairo_close_path(cr)
  }

  /// An ellipse filling `rect`.
  static func ellipse(_ c: pixel_libraries, _ cr: OpaquePointer, _ rect: LayoutRect) {
    guard rect.width > 0, rect.height > 0 else { return }
    c.cairo_save(cr)
    c.cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
    c.cairo_scale(cr, rect.width / 2, rect.height / 2)
    c.cairo_new_path(cr)
    c.cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
    c.cairo_restore(cr)
  }

  /// `shape`'s path in `rect`; `container` is the widget's corner radius and rectangle, for
  /// `ContainerRelativeShape`.
  static func path(
    _ c: pixel_libraries, _ cr: OpaquePointer, _ shape: ShapeKind, cornerRadius: Double?,
    in rect: LayoutRect, container: (rect: LayoutRect, radius: Double)
  ) {
    switch shape {
    case .rectangle:
      c.cairo_new_path(cr)
      c.cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    case .accessoryBackground:
      // A circle in the circular family, a rounded rectangle elsewhere, as the lock screen
      // draws it.
      if abs(rect.width - rect.height) < 1 {
        ellipse(c, cr, rect)
      } else {
        continuousRoundedRectangle(c, cr, rect, radius: 12)
      }
    case .roundedRectangle:
      continuousRoundedRectangle(c, cr, rect, radius: cornerRadius ?? 0)
    case .circle:
      let side = min(rect.width, rect.height)
      ellipse(
        c, cr,
        LayoutRect(
          x: rect.x + (rect.width - side) / 2, y: rect.y + (rect.height - side) / 2, width: side,
          height: side))
    case .ellipse:
      ellipse(c, cr, rect)
    case .capsule:
      circularRoundedRectangle(c, cr, rect, radius: min(rect.width, rect.height) / 2)
    case .containerRelative:
      // The container's corner, less the distance to the container's nearest edge.
      let outer = container.rect
      let inset = max(
        0,
        min(
          rect.x - outer.x, rect.y - outer.y, outer.x + outer.width - rect.x - rect.width,
          outer.y + outer.height - rect.y - rect.height))
      continuousRoundedRectangle(c, cr, rect, radius: max(0, container.radius - inset))
    }
  }
}
