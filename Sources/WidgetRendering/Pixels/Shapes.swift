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
    // From where the top edge leaves the top-left corner, as the continuous one starts.
    c.cairo_move_to(cr, left + r, top)
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
    path: PathNode? = nil, in rect: LayoutRect, container: (rect: LayoutRect, radius: Double)
  ) {
    switch shape {
    case .path:
      guard let path, path.problem == nil else {
        // A clip to a path is to its frame (`clip` carries no path).
        c.cairo_new_path(cr)
        c.cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        return
      }
      draw(path, c, cr, in: rect)
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

extension Shapes {
  /// Paints `shape` in `rect` with the current source: its inside, or its outline when it is
  /// stroked (inside `rect` for a `strokeBorder`), trimmed to the part its trim keeps.
  static func paint(
    _ c: pixel_libraries, _ cr: OpaquePointer, _ shape: ShapeNode, in rect: LayoutRect,
    container: (rect: LayoutRect, radius: Double)
  ) {
    var rect = rect
    if let amount = shape.inset, amount.isFinite, amount != 0 {
      // `inset(by:)`: never past the middle.
      let inset = min(amount, rect.width / 2, rect.height / 2)
      rect = LayoutRect(
        x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset,
        height: rect.height - 2 * inset)
    }
    if let stroke = shape.stroke, stroke.inset {
      let inset = min(stroke.lineWidth / 2, rect.width / 2, rect.height / 2)
      rect = LayoutRect(
        x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset,
        height: rect.height - 2 * inset)
    }
    path(
      c, cr, shape.shape, cornerRadius: shape.cornerRadius, path: shape.path, in: rect,
      container: container)
    if let trim = shape.trim {
      let from = min(max(trim.from, 0), 1)
      let to = min(max(trim.to, 0), 1)
      guard from < to else { return c.cairo_new_path(cr) }
      if from > 0 || to < 1 { self.trim(c, cr, from: from, to: to) }
    }
    guard let stroke = shape.stroke else { return c.cairo_fill(cr) }
    guard stroke.lineWidth > 0 else { return c.cairo_new_path(cr) }
    c.cairo_save(cr)
    c.cairo_set_line_width(cr, stroke.lineWidth)
    // cairo_line_cap_t and cairo_line_join_t.
    let cap: Int32 =
      switch stroke.lineCap {
      case .butt: 0
      case .round: 1
      case .square: 2
      }
    let join: Int32 =
      switch stroke.lineJoin {
      case .miter: 0
      case .round: 1
      case .bevel: 2
      }
    c.cairo_set_line_cap(cr, cap)
    c.cairo_set_line_join(cr, join)
    c.cairo_set_miter_limit(cr, max(1, stroke.miterLimit))
    // Cairo refuses a pattern of zeros or of negative lengths, and is then in an error state
    // for the rest of the drawing: such a pattern is a solid line, as in SwiftUI.
    if stroke.dash.contains(where: { $0 > 0 }), !stroke.dash.contains(where: { $0 < 0 }) {
      c.cairo_set_dash(cr, stroke.dash, Int32(stroke.dash.count), stroke.dashPhase)
    }
    c.cairo_stroke(cr)
    c.cairo_restore(cr)
  }

  /// Replaces the current path by its part from `from` to `to` (fractions of its length, from
  /// its start), measured on Cairo's flattened copy of it: each shape's path starts where
  /// SwiftUI's does (a circle at its right, a rectangle at its top left) and runs clockwise.
  static func trim(_ c: pixel_libraries, _ cr: OpaquePointer, from: Double, to: Double) {
    guard let copy = c.cairo_copy_path_flat(cr) else { return }
    defer { c.cairo_path_destroy(copy) }
    // The flattened path as line segments (every shape's path is one closed run).
    var segments: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []
    var current = (x: 0.0, y: 0.0)
    var start = current
    var index = 0
    let data = copy.pointee.data
    while index < Int(copy.pointee.num_data), let data {
      let header = data[index].header
      let point = header.length > 1 ? data[index + 1].point : nil
      switch header.type {
      case 0:  // CAIRO_PATH_MOVE_TO
        if let point { (current, start) = ((point.x, point.y), (point.x, point.y)) }
      case 1:  // CAIRO_PATH_LINE_TO
        if let point {
          segments.append((current, (point.x, point.y)))
          current = (point.x, point.y)
        }
      case 3:  // CAIRO_PATH_CLOSE_PATH
        segments.append((current, start))
        current = start
      default:
        break
      }
      index += max(1, Int(header.length))
    }
    let lengths = segments.map { segment in
      let (dx, dy) = (segment.to.x - segment.from.x, segment.to.y - segment.from.y)
      return (dx * dx + dy * dy).squareRoot()
    }
    let total = lengths.reduce(0, +)
    c.cairo_new_path(cr)
    guard total > 0 else { return }
    let (begin, end) = (from * total, to * total)
    var walked = 0.0
    var drawing = false
    for (segment, length) in zip(segments, lengths) {
      defer { walked += length }
      let (segmentStart, segmentEnd) = (walked, walked + length)
      guard segmentEnd > begin, segmentStart < end, length > 0 else { continue }
      func point(at distance: Double) -> (x: Double, y: Double) {
        let t = (distance - segmentStart) / length
        return (
          segment.from.x + (segment.to.x - segment.from.x) * t,
          segment.from.y + (segment.to.y - segment.from.y) * t
        )
      }
      if !drawing {
        let first = point(at: max(begin, segmentStart))
        c.cairo_move_to(cr, first.x, first.y)
        drawing = true
      }
      let last = point(at: min(end, segmentEnd))
      c.cairo_line_to(cr, last.x, last.y)
    }
  }
}

extension Shapes {
  /// `path` scaled from its box to `rect`, as Cairo's current path (quadratic curves as the
  /// cubic ones they are).
  static func draw(_ path: PathNode, _ c: pixel_libraries, _ cr: OpaquePointer, in rect: LayoutRect)
  {
    let scaleX = path.width.map { $0 > 0 ? rect.width / $0 : 0 } ?? 1
    let scaleY = path.height.map { $0 > 0 ? rect.height / $0 : 0 } ?? 1
    func x(_ value: Double) -> Double { rect.x + value * scaleX }
    func y(_ value: Double) -> Double { rect.y + value * scaleY }
    c.cairo_new_path(cr)
    var index = 0
    var current = (x: rect.x, y: rect.y)
    for command in path.commands {
      let p = path.points
      switch command {
      case "M":
        current = (x(p[index]), y(p[index + 1]))
        c.cairo_move_to(cr, current.x, current.y)
      case "L":
        current = (x(p[index]), y(p[index + 1]))
        c.cairo_line_to(cr, current.x, current.y)
      case "Q":
        let control = (x: x(p[index]), y: y(p[index + 1]))
        let end = (x: x(p[index + 2]), y: y(p[index + 3]))
        c.cairo_curve_to(
          cr, current.x + 2 / 3 * (control.x - current.x),
          current.y + 2 / 3 * (control.y - current.y), end.x + 2 / 3 * (control.x - end.x),
          end.y + 2 / 3 * (control.y - end.y), end.x, end.y)
        current = end
      case "C":
        current = (x(p[index + 4]), y(p[index + 5]))
        c.cairo_curve_to(
          cr, x(p[index]), y(p[index + 1]), x(p[index + 2]), y(p[index + 3]), current.x,
          current.y)
      case "Z":
        c.cairo_close_path(cr)
      default:
        break
      }
      index += PathNode.coordinates(of: command) ?? 0
    }
  }
}
