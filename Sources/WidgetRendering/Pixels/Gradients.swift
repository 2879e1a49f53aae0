@preconcurrency import CPixelLibraries
import Foundation
import WidgetSchema

/// Gradients as Cairo patterns, mapped into the frame of what they paint (docs/rendering.md,
/// "Gradients"): linear and radial ones are Cairo's own (`cairo_pattern_create_linear`,
/// `cairo_pattern_create_radial`, extended past their ends with their end colours, as SwiftUI
/// does); an angular one is a mesh pattern, a fan of thin wedges about the centre, each shading
/// from the colour at one edge to the colour at the other.
enum Gradients {
  /// A stop as drawn: where (clamped to 0…1) and its colour in the rendering mode.
  struct Stop {
    var location: Double
    var color: Palette.RGBA
  }

  /// The widest wedge of an angular gradient, in degrees: its outer edge is a chord of a circle
  /// well outside the frame, and a colour changes linearly across it.
  static let widestWedge = 3.0

  /// `gradient`'s stops, sorted by location (stably: stops at one location make a hard edge, in
  /// the order given), locations clamped to 0…1, colours as `resolve` draws them.
  static func stops(
    _ gradient: GradientValue, _ resolve: (ColorValue) -> Palette.RGBA
  ) -> [Stop] {
    gradient.stops.enumerated()
      .map { (index: $0, stop: $1) }
      .sorted { ($0.stop.location, $0.index) < ($1.stop.location, $1.index) }
      .map {
        Stop(
          location: $0.stop.location.isNaN ? 0 : min(max($0.stop.location, 0), 1),
          color: resolve($0.stop.color))
      }
  }

  /// The colour at `t` (0…1) between the stops, linearly between the two around it; the end
  /// colours before the first stop and after the last.
  static func color(at t: Double, _ stops: [Stop]) -> Palette.RGBA {
    guard let first = stops.first, let last = stops.last else {
      return Palette.RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    }
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
    for (lower, upper) in zip(stops, stops.dropFirst()) where t <= upper.location {
      let span = upper.location - lower.location
      guard span > 0 else { return upper.color }
      let f = (t - lower.location) / span
      func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
      return Palette.RGBA(
        red: mix(lower.color.red, upper.color.red),
        green: mix(lower.color.green, upper.color.green),
        blue: mix(lower.color.blue, upper.color.blue),
        alpha: mix(lower.color.alpha, upper.color.alpha))
    }
    return last.color
  }

  /// The angular gradient's sweep in degrees, as SwiftUI draws it: equal angles sweep a whole
  /// turn from the start; a sweep of more than a turn draws its last turn; a negative one is
  /// drawn as a whole turn too.
  static func sweep(_ gradient: GradientValue) -> (start: Double, span: Double) {
    let span = gradient.endAngle - gradient.startAngle
    if span <= 0 { return (gradient.startAngle, 360) }
    if span > 360 { return (gradient.endAngle - 360, 360) }
    return (gradient.startAngle, span)
  }

  /// Makes `gradient`, mapped into `frame`, the source of `cr`.
  static func setSource(
    _ c: pixel_libraries, _ cr: OpaquePointer, _ gradient: GradientValue, in frame: LayoutRect,
    resolve: (ColorValue) -> Palette.RGBA
  ) {
    let stops = stops(gradient, resolve)
    func point(_ unit: GradientValue.Point) -> (x: Double, y: Double) {
      (frame.x + frame.width * unit.x, frame.y + frame.height * unit.y)
    }
    let pattern: OpaquePointer?
    switch gradient.kind {
    case .linear:
      let start = point(gradient.startPoint)
      let end = point(gradient.endPoint)
      pattern = c.cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
    case .radial:
      let center = point(gradient.center)
      pattern = c.cairo_pattern_create_radial(
        center.x, center.y, max(0, gradient.startRadius), center.x, center.y,
        max(0, gradient.endRadius))
    case .elliptical:
      // A radial gradient in the frame's unit square, stretched to the frame by the pattern's
      // matrix (which maps user space to pattern space).
      pattern = c.cairo_pattern_create_radial(
        gradient.center.x, gradient.center.y, max(0, gradient.startRadius), gradient.center.x,
        gradient.center.y, max(0, gradient.endRadius))
      if let pattern, frame.width > 0, frame.height > 0 {
        var matrix = cairo_matrix_t(
          xx: 1 / frame.width, yx: 0, xy: 0, yy: 1 / frame.height, x0: -frame.x / frame.width,
          y0: -frame.y / frame.height)
        c.cairo_pattern_set_matrix(pattern, &matrix)
      }
    case .angular:
      pattern = mesh(c, gradient, stops, center: point(gradient.center), frame: frame)
    }
    guard let pattern else { return }
    if gradient.kind != .angular {
      for stop in stops {
        c.cairo_pattern_add_color_stop_rgba(
          pattern, stop.location, stop.color.red, stop.color.green, stop.color.blue,
          stop.color.alpha)
      }
      if stops.isEmpty {
        c.cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 0)
      }
      c.cairo_pattern_set_extend(pattern, 3)  // CAIRO_EXTEND_PAD
    }
    c.cairo_set_source(cr, pattern)
    c.cairo_pattern_destroy(pattern)
  }

  /// An angular gradient as a mesh of wedges about `center`, reaching past the frame's
  /// farthest corner. The part of the turn a sweep leaves out is half the last colour, then
  /// half the first, as SwiftUI fills it.
  private static func mesh(
    _ c: pixel_libraries, _ gradient: GradientValue, _ stops: [Stop],
    center: (x: Double, y: Double), frame: LayoutRect
  ) -> OpaquePointer? {
    guard let pattern = c.cairo_pattern_create_mesh() else { return nil }
    let corners = [
      (frame.x, frame.y), (frame.x + frame.width, frame.y), (frame.x, frame.y + frame.height),
      (frame.x + frame.width, frame.y + frame.height),
    ]
    let reach = corners.map { hypot($0.0 - center.x, $0.1 - center.y) }.max() ?? 0
    // Far enough that a wedge's straight outer edge stays outside the frame.
    let radius = max(1, reach) * 1.1 + 1
    func wedge(from a0: Double, to a1: Double, _ c0: Palette.RGBA, _ c1: Palette.RGBA) {
      let r0 = a0 * .pi / 180
      let r1 = a1 * .pi / 180
      c.cairo_mesh_pattern_begin_patch(pattern)
      c.cairo_mesh_pattern_move_to(pattern, center.x, center.y)
      c.cairo_mesh_pattern_line_to(
        pattern, center.x + radius * cos(r0), center.y + radius * sin(r0))
      c.cairo_mesh_pattern_line_to(
        pattern, center.x + radius * cos(r1), center.y + radius * sin(r1))
      c.cairo_mesh_pattern_line_to(pattern, center.x, center.y)
      for (corner, color) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
        c.cairo_mesh_pattern_set_corner_color_rgba(
          pattern, UInt32(corner), color.red, color.green, color.blue, color.alpha)
      }
      c.cairo_mesh_pattern_end_patch(pattern)
    }
    /// Wedges from `a0` to `a1`, none wider than ``widestWedge``, coloured by `color(at:)`.
    func fan(from a0: Double, to a1: Double, _ color: (Double) -> Palette.RGBA) {
      guard a1 > a0 else { return }
      let count = max(1, Int(((a1 - a0) / widestWedge).rounded(.up)))
      let step = (a1 - a0) / Double(count)
      for index in 0..<count {
        let from = a0 + step * Double(index)
        let to = index == count - 1 ? a1 : from + step
        wedge(from: from, to: to, color(from), color(to))
      }
    }
    let (start, span) = sweep(gradient)
    // Each stretch between two stops is a fan of its own, so that each stop's colour is met
    // exactly at its angle (and stops at one location make a hard edge).
    let edges = [0.0] + stops.map(\.location) + [1.0]
    for (lower, upper) in zip(edges, edges.dropFirst()) where upper > lower {
      fan(from: start + span * lower, to: start + span * upper) { angle in
        // Just inside the stretch, so that a hard edge at either end takes this side's colour.
        let t = min(max((angle - start) / span, lower + 1e-9), upper - 1e-9)
        return color(at: t, stops)
      }
    }
    if span < 360, let first = stops.first?.color, let last = stops.last?.color {
      let missing = 360 - span
      fan(from: start + span, to: start + span + missing / 2) { _ in last }
      fan(from: start + span + missing / 2, to: start + 360) { _ in first }
    }
    if stops.isEmpty {
      let clear = Palette.RGBA(red: 0, green: 0, blue: 0, alpha: 0)
      fan(from: start, to: start + 360) { _ in clear }
    }
    return pattern
  }
}
