import Foundation
import WidgetSchema

/// An outline of lines and curves: drawn as a view in its own coordinates (`Path { path in … }
/// .stroke(…)`), or returned by a custom ``Shape``'s `path(in:)`.
public struct Path: Shape, Equatable {
  enum Element: Equatable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, control: CGPoint)
    case curve(CGPoint, control1: CGPoint, control2: CGPoint)
    case close
  }

  private(set) var elements: [Element] = []

  /// An empty path.
  public init() {}

  /// The path `callback` builds.
  public init(_ callback: (inout Path) -> Void) {
    callback(&self)
  }

  /// A rectangle.
  public init(_ rect: CGRect) {
    addRect(rect)
  }

  /// A rectangle with rounded corners.
  public init(
    roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous
  ) {
    addRoundedRect(
      in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
  }

  /// A rectangle with rounded corners of `cornerSize`.
  public init(
    roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous
  ) {
    addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
  }

  /// An ellipse filling `rect`.
  public init(ellipseIn rect: CGRect) {
    addEllipse(in: rect)
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { elements.isEmpty }

  /// Where the last element ends; nil for an empty path.
  public var currentPoint: CGPoint? {
    var start: CGPoint?
    var current: CGPoint?
    for element in elements {
      switch element {
      case .move(let point):
        (start, current) = (point, point)
      case .line(let point), .quad(let point, _), .curve(let point, _, _):
        current = point
      case .close:
        current = start
      }
    }
    return current
  }

  /// The smallest rectangle holding every point of the path, control points included.
  public var boundingRect: CGRect {
    let points = elements.flatMap { element -> [CGPoint] in
      switch element {
      case .move(let point), .line(let point): [point]
      case .quad(let point, let control): [point, control]
      case .curve(let point, let first, let second): [point, first, second]
      case .close: []
      }
    }
    guard let first = points.first else { return .null }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for point in points {
      (minX, minY) = (min(minX, point.x), min(minY, point.y))
      (maxX, maxY) = (max(maxX, point.x), max(maxY, point.y))
    }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Starts a new subpath at `point`.
  public mutating func move(to point: CGPoint) { elements.append(.move(point)) }

  /// A line to `point`.
  public mutating func addLine(to point: CGPoint) {
    if elements.isEmpty { move(to: point) }
    elements.append(.line(point))
  }

  /// Lines through `points`, the first a move.
  public mutating func addLines(_ points: [CGPoint]) {
    guard let first = points.first else { return }
    move(to: first)
    for point in points.dropFirst() { addLine(to: point) }
  }

  /// A quadratic curve to `end`.
  public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
    elements.append(.quad(end, control: control))
  }

  /// A cubic curve to `end`.
  public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    elements.append(.curve(end, control1: control1, control2: control2))
  }

  /// An arc of the circle at `center` from `startAngle` to `endAngle` (from the positive x
  /// axis, y pointing down); `clockwise` as SwiftUI means it, which on the screen's flipped
  /// coordinates turns the other way. A line joins it to the current point.
  public mutating func addArc(
    center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool
  ) {
    var sweep = endAngle.radians - startAngle.radians
    if clockwise {
      while sweep > 0 { sweep -= 2 * .pi }
    } else {
      while sweep < 0 { sweep += 2 * .pi }
    }
    let radius = Double(radius)
    func point(_ angle: Double) -> CGPoint {
      CGPoint(x: Double(center.x) + radius * cos(angle), y: Double(center.y) + radius * sin(angle))
    }
    let start = point(startAngle.radians)
    if elements.isEmpty || currentPoint == nil { move(to: start) } else { addLine(to: start) }
    // Cubic curves of at most a quarter turn each.
    let parts = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
    let step = sweep / Double(parts)
    let handle = 4 / 3 * tan(step / 4) * radius
    var angle = startAngle.radians
    for _ in 0..<parts {
      let next = angle + step
      let (from, to) = (point(angle), point(next))
      addCurve(
        to: to,
        control1: CGPoint(
          x: Double(from.x) - handle * sin(angle), y: Double(from.y) + handle * cos(angle)),
        control2: CGPoint(
          x: Double(to.x) + handle * sin(next), y: Double(to.y) - handle * cos(next)))
      angle = next
    }
  }

  /// A rectangle, as its own subpath.
  public mutating func addRect(_ rect: CGRect) {
    move(to: CGPoint(x: rect.minX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
    addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
    addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
    closeSubpath()
  }

  /// Rectangles, each its own subpath.
  public mutating func addRects(_ rects: [CGRect]) {
    for rect in rects { addRect(rect) }
  }

  /// A rectangle with corners of `cornerSize` (its width as the radius), as its own subpath,
  /// from where its top edge leaves the top-left corner.
  public mutating func addRoundedRect(
    in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous
  ) {
    let radius = min(max(0, cornerSize.width), min(rect.width, rect.height) / 2)
    guard radius > 0 else { return addRect(rect) }
    move(to: CGPoint(x: rect.minX + radius, y: rect.minY))
    addArc(
      center: CGPoint(x: rect.maxX - radius, y: rect.minY + radius), radius: radius,
      startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
    addArc(
      center: CGPoint(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius,
      startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
    addArc(
      center: CGPoint(x: rect.minX + radius, y: rect.maxY - radius), radius: radius,
      startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
    addArc(
      center: CGPoint(x: rect.minX + radius, y: rect.minY + radius), radius: radius,
      startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
    closeSubpath()
  }

  /// An ellipse filling `rect`, as its own subpath, from its right, clockwise on the screen.
  public mutating func addEllipse(in rect: CGRect) {
    let (x, y) = (Double(rect.midX), Double(rect.midY))
    let (rx, ry) = (Double(rect.width) / 2, Double(rect.height) / 2)
    // A circle's four quarter curves, stretched.
    let k = 0.5522847498
    move(to: CGPoint(x: x + rx, y: y))
    addCurve(
      to: CGPoint(x: x, y: y + ry), control1: CGPoint(x: x + rx, y: y + k * ry),
      control2: CGPoint(x: x + k * rx, y: y + ry))
    addCurve(
      to: CGPoint(x: x - rx, y: y), control1: CGPoint(x: x - k * rx, y: y + ry),
      control2: CGPoint(x: x - rx, y: y + k * ry))
    addCurve(
      to: CGPoint(x: x, y: y - ry), control1: CGPoint(x: x - rx, y: y - k * ry),
      control2: CGPoint(x: x - k * rx, y: y - ry))
    addCurve(
      to: CGPoint(x: x + rx, y: y), control1: CGPoint(x: x + k * rx, y: y - ry),
      control2: CGPoint(x: x + rx, y: y - k * ry))
    closeSubpath()
  }

  /// Another path's elements, appended.
  public mutating func addPath(_ path: Path) {
    elements += path.elements
  }

  /// Closes the current subpath with a line to its start.
  public mutating func closeSubpath() { elements.append(.close) }

  /// A path is its own outline, in its own coordinates.
  public func path(in rect: CGRect) -> Path { self }

  /// A path drawn as a view is in the view's own points, not scaled to its frame.
  public var _shape: ShapeNode { ShapeNode(shape: .path, path: node(scaledFrom: nil)) }

  /// The view tree's path; `box` is the size its points are in, scaled to the frame the host
  /// gives the shape (nil: the frame's own points).
  func node(scaledFrom box: CGSize?) -> PathNode {
    var commands = ""
    var points: [Double] = []
    func add(_ point: CGPoint) { points += [Double(point.x), Double(point.y)] }
    for element in elements {
      switch element {
      case .move(let point):
        commands.append("M")
        add(point)
      case .line(let point):
        commands.append("L")
        add(point)
      case .quad(let point, let control):
        commands.append("Q")
        add(control)
        add(point)
      case .curve(let point, let first, let second):
        commands.append("C")
        add(first)
        add(second)
        add(point)
      case .close:
        commands.append("Z")
      }
    }
    return PathNode(
      width: box.map { Double($0.width) }, height: box.map { Double($0.height) },
      commands: commands, points: points)
  }
}
