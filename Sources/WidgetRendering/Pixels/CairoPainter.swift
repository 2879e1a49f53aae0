@preconcurrency import CPixelLibraries
import Foundation
import WidgetSchema

/// Draws laid-out nodes with Cairo, each where the layout placed it (``LayoutNode/frame``, in
/// points; the context is scaled to the output's pixels).
struct CairoPainter {
  let c: pixel_libraries
  let cr: OpaquePointer
  /// The widget's rectangle and corner radius, for `ContainerRelativeShape`.
  let container: (rect: LayoutRect, radius: Double)
  /// How colours are drawn: as given, or in a rendering mode's groups.
  let colors: ColorMapping
  /// The render's metrics, for symbols prepared while drawing.
  let metrics: PointMetrics
  /// The foreground colour of resizable symbols.
  var foreground: ColorValue?
  /// `Link` rectangles in points.
  private(set) var links: [(url: String, frame: LayoutRect)] = []
  /// Problems found while drawing (an image that cannot be read).
  private(set) var warnings: [String] = []

  init(
    c: pixel_libraries, cr: OpaquePointer, container: (rect: LayoutRect, radius: Double),
    colors: ColorMapping, metrics: PointMetrics
  ) {
    self.metrics = metrics
    self.c = c
    self.cr = cr
    self.container = container
    self.colors = colors
  }

  private func setSource(_ color: Palette.RGBA) {
    c.cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
  }

  /// Makes `gradient`, in `frame`, the source, its colours as the rendering mode draws them.
  private func setSource(_ gradient: GradientValue, in frame: LayoutRect, accented: Bool) {
    Gradients.setSource(c, cr, gradient, in: frame) { colors.resolve($0, accented: accented) }
  }

  /// The separator colour of a `Divider`: #3C3C43 at 29 %, or #545458 at 60 % in the dark.
  var separator: Palette.RGBA {
    colors.appearance == .dark
      ? Palette.hex(0x545458, alpha: 0.6) : Palette.hex(0x3C3C43, alpha: 0.29)
  }
  /// Redacted text and images: rounded bars of the text's colour at this opacity.
  static let redactionOpacity = 0.16

  mutating func draw(_ node: LayoutNode<PointMetrics>, accented: Bool = false) {
    let frame = node.frame
    switch node.kind {
    case .empty, .spacer:
      return
    case .text(let text):
      draw(text, in: frame, accented: accented)
    case .symbol(.glyph(let text)):
      draw(text, in: frame, accented: accented)
    case .symbol(.image(let image, _, let redacted)):
      drawImage(image, in: frame, redacted: redacted, accented: accented)
    case .resizableImage(let image, let redacted, let foreground):
      self.foreground = foreground
      drawImage(image, in: frame, redacted: redacted, accented: accented)
    case .shape(let shape, let fill):
      if let gradient = shape.gradient {
        setSource(gradient, in: frame, accented: accented)
      } else {
        setSource(
          colors.resolve(
            fill
              ?? (shape.shape == .accessoryBackground
                ? ColorValue(name: "gray", opacity: 0.3) : ColorValue(name: "primary")),
            accented: accented))
      }
      Shapes.paint(c, cr, shape, in: frame, container: container)
    case .color(let color, let gradient):
      c.cairo_new_path(cr)
      c.cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
      if let gradient {
        setSource(gradient, in: frame, accented: accented)
      } else {
        setSource(colors.resolve(color, accented: accented))
      }
      c.cairo_fill(cr)
    case .gauge(let gauge):
      drawGauge(gauge, in: frame, accented: accented)
    case .toggle(let toggle):
      drawToggle(toggle, in: frame, accented: accented)
    case .divider:
      c.cairo_new_path(cr)
      c.cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
      setSource(colors.map(separator, accented: accented))
      c.cairo_fill(cr)
    case .stack(_, _, _, let children):
      for child in children { draw(child, accented: accented) }
    case .frame(_, let child), .padding(_, _, _, _, let child), .aspect(_, _, let child),
      .fixed(_, _, let child), .position(_, _, let child):
      draw(child, accented: accented)
    case .background(let layer, _, let child):
      draw(layer, accented: accented)
      draw(child, accented: accented)
    case .overlay(let layer, _, let child):
      draw(child, accented: accented)
      draw(layer, accented: accented)
    case .effect(let effect, let child):
      switch effect {
      case .opacity(let value):
        let opacity = value.isNaN ? 1 : min(max(value, 0), 1)
        guard opacity > 0 else { return }
        guard opacity < 1 else { return draw(child, accented: accented) }
        c.cairo_push_group(cr)
        draw(child, accented: accented)
        c.cairo_pop_group_to_source(cr)
        c.cairo_paint_with_alpha(cr, opacity)
      case .clip(let shape, let cornerRadius):
        c.cairo_save(cr)
        Shapes.path(c, cr, shape, cornerRadius: cornerRadius, in: frame, container: container)
        c.cairo_clip(cr)
        draw(child, accented: accented)
        c.cairo_restore(cr)
      case .link(let url):
        links.append((url, frame))
        draw(child, accented: accented)
      case .action:
        draw(child, accented: accented)
      case .accent(let on):
        draw(child, accented: on)
      case .transform(let transform):
        // A scale of zero leaves nothing to see, and Cairo cannot invert such a matrix: it
        // would stop drawing altogether.
        guard abs(transform.scaleX) > 1e-9, abs(transform.scaleY) > 1e-9 else { return }
        let anchorX = frame.x + frame.width * transform.anchorX
        let anchorY = frame.y + frame.height * transform.anchorY
        c.cairo_save(cr)
        c.cairo_translate(cr, anchorX + transform.offsetX, anchorY + transform.offsetY)
        c.cairo_rotate(cr, transform.rotation.truncatingRemainder(dividingBy: 360) * .pi / 180)
        c.cairo_scale(cr, transform.scaleX, transform.scaleY)
        c.cairo_translate(cr, -anchorX, -anchorY)
        draw(child, accented: accented)
        c.cairo_restore(cr)
      }
    }
  }

  /// A switch as iOS draws one: a capsule track, in its tint when on and a light grey when
  /// off, and a white knob at the end it is switched to.
  private func drawToggle(_ toggle: ToggleNode, in frame: LayoutRect, accented: Bool) {
    let track =
      toggle.isOn
      ? colors.resolve(toggle.tint ?? ColorValue(name: "green"), accented: accented)
      : colors.resolve(ColorValue(name: "gray", opacity: 0.3), accented: accented)
    let height = min(frame.height, frame.width * 31 / 51)
    let width = height * 51 / 31
    let x = frame.x + (frame.width - width) / 2
    let y = frame.y + (frame.height - height) / 2
    setSource(track)
    Shapes.paint(
      c, cr, ShapeNode(shape: .capsule),
      in: LayoutRect(x: x, y: y, width: width, height: height), container: container)
    // The knob: a circle 2 points inside the track, at the end the switch is on.
    let inset = height * 2 / 31
    let side = height - 2 * inset
    guard side > 0 else { return }
    setSource(colors.resolve(ColorValue(name: "white"), accented: accented))
    Shapes.paint(
      c, cr, ShapeNode(shape: .circle),
      in: LayoutRect(
        x: toggle.isOn ? x + width - inset - side : x + inset, y: y + inset, width: side,
        height: side), container: container)
  }

  /// A gauge: a bar with rounded ends, or a ring (open at the bottom, or closed and filled
  /// from the top), its track in a faint grey and the part done in its tint.
  private func drawGauge(_ gauge: GaugeNode, in frame: LayoutRect, accented: Bool) {
    let track = colors.resolve(ColorValue(name: "gray", opacity: 0.3), accented: accented)
    let tint = colors.resolve(gauge.tint ?? ColorValue(name: "accentColor"), accented: accented)
    let fraction = gauge.value.map { $0.isNaN ? 0 : min(max($0, 0), 1) }
    c.cairo_save(cr)
    defer { c.cairo_restore(cr) }
    c.cairo_set_line_cap(cr, 1)  // CAIRO_LINE_CAP_ROUND
    if gauge.style == .linear {
      let thickness = min(frame.height, 4)
      let (y, radius) = (frame.y + frame.height / 2, thickness / 2)
      let (start, end) = (frame.x + radius, frame.x + frame.width - radius)
      guard end >= start else { return }
      c.cairo_set_line_width(cr, thickness)
      c.cairo_new_path(cr)
      c.cairo_move_to(cr, start, y)
      c.cairo_line_to(cr, end, y)
      setSource(track)
      c.cairo_stroke(cr)
      // A progress of unknown length: a third of the bar.
      let done = fraction ?? 0.33
      guard done > 0 else { return }
      c.cairo_move_to(cr, start, y)
      c.cairo_line_to(cr, start + (end - start) * done, y)
      setSource(tint)
      c.cairo_stroke(cr)
      return
    }
    let side = min(frame.width, frame.height)
    let width = max(2, side * 0.1)
    let radius = (side - width) / 2
    guard radius > 0 else { return }
    let (x, y) = (frame.x + frame.width / 2, frame.y + frame.height / 2)
    // Angles clockwise from three o'clock: the open ring from the lower left round the top to
    // the lower right; the closed one from the top.
    let (from, sweep) =
      gauge.style == .circular
      ? (0.75 * Double.pi, 1.5 * Double.pi) : (-0.5 * Double.pi, 2 * Double.pi)
    c.cairo_set_line_width(cr, width)
    c.cairo_new_path(cr)
    c.cairo_arc(cr, x, y, radius, from, from + sweep)
    setSource(track)
    c.cairo_stroke(cr)
    let done = fraction ?? 0.25
    guard done > 0 else { return }
    c.cairo_new_path(cr)
    c.cairo_arc(cr, x, y, radius, from, from + sweep * done)
    setSource(tint)
    c.cairo_stroke(cr)
  }

  /// A text, or its redaction bars: one rounded bar over each line's text.
  private func draw(
    _ text: PointText, in frame: LayoutRect, configure: Bool = true, accented: Bool
  ) {
    if configure { text.configure(width: frame.width, height: frame.height) }
    if text.redacted {
      let color = colors.resolve(text.foreground ?? ColorValue(name: "primary"), accented: accented)
      setSource(color.faded(Self.redactionOpacity))
      for line in text.lines() where line.logical.width > 0 {
        let height = line.logical.height * 0.75
        let bar = LayoutRect(
          x: frame.x + line.logical.x,
          y: frame.y + line.logical.y + (line.logical.height - height) / 2,
          width: line.logical.width, height: height)
        Shapes.circularRoundedRectangle(c, cr, bar, radius: min(4, height / 2))
        c.cairo_fill(cr)
      }
      return
    }
    c.cairo_save(cr)
    if let gradient = text.gradient {
      // Text painted with a gradient: the text's shape as a mask over the gradient, which
      // spans the text's frame.
      c.cairo_push_group(cr)
      c.cairo_move_to(cr, frame.x, frame.y)
      c.pango_cairo_show_layout(cr, text.layout)
      let mask = c.cairo_pop_group(cr)
      setSource(gradient, in: frame, accented: accented)
      c.cairo_mask(cr, mask)
      c.cairo_pattern_destroy(mask)
    } else if colors.recolorsText {
      // A rendering mode draws text in its group's colour: the text's shape as a mask.
      c.cairo_push_group(cr)
      c.cairo_move_to(cr, frame.x, frame.y)
      c.pango_cairo_show_layout(cr, text.layout)
      let mask = c.cairo_pop_group(cr)
      setSource(colors.resolve(text.foreground ?? ColorValue(name: "primary"), accented: accented))
      c.cairo_mask(cr, mask)
      c.cairo_pattern_destroy(mask)
    } else {
      c.cairo_move_to(cr, frame.x, frame.y)
      c.pango_cairo_show_layout(cr, text.layout)
    }
    c.cairo_restore(cr)
  }

  /// A named image (or a resizable symbol) stretched to `frame`; a placeholder's image is a
  /// rounded grey rectangle; a missing or unreadable one a crossed box.
  private mutating func drawImage(
    _ image: ImageNode, in frame: LayoutRect, redacted: Bool, accented: Bool
  ) {
    guard frame.width > 0, frame.height > 0 else { return }
    if redacted {
      Shapes.continuousRoundedRectangle(
        c, cr, frame, radius: min(8, min(frame.width, frame.height) / 4))
      setSource(
        colors.map(
          Palette.primary(colors.appearance).faded(Self.redactionOpacity), accented: accented))
      c.cairo_fill(cr)
      return
    }
    if let systemName = image.systemName {
      drawResizableSymbol(systemName, in: frame, accented: accented)
      return
    }
    guard let path = image.path, !image.missing else {
      return drawMissing(frame, accented: accented)
    }
    switch ImageCache.shared.image(at: path, c) {
    case .failure(let error):
      warnings.append(error.message)
      drawMissing(frame, accented: accented)
    case .success(.surface(let surface, let width, let height)):
      c.cairo_save(cr)
      c.cairo_new_path(cr)
      c.cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
      c.cairo_clip(cr)
      c.cairo_translate(cr, frame.x, frame.y)
      c.cairo_scale(cr, frame.width / Double(max(1, width)), frame.height / Double(max(1, height)))
      c.cairo_set_source_surface(cr, surface, 0, 0)
      c.cairo_pattern_set_filter(c.cairo_get_source(cr), 1)  // CAIRO_FILTER_GOOD
      c.cairo_paint(cr)
      c.cairo_restore(cr)
    case .success(.svg(let handle, _, _)):
      var viewport = RsvgRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
      var error: UnsafeMutablePointer<GError>?
      // An SVG was decoded, so the image functions are loaded.
      guard let c = try? PixelLibraries.loadImages() else { return }
      if c.rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
        if let error { c.g_error_free(error) }
        warnings.append("image \(image.name ?? "") cannot be drawn (the SVG failed to render)")
      }
    }
  }

  /// A symbol made resizable: its glyph scaled to fit `frame`, keeping its aspect.
  private mutating func drawResizableSymbol(
    _ systemName: String, in frame: LayoutRect, accented: Bool
  ) {
    var metrics = metrics
    let style = TextStyle(font: Font(size: 100), foreground: foreground)
    guard
      case .glyph(let text) = metrics.symbol(systemName, style: style, resolved: PointFont(style))
    else { return }
    warnings += metrics.warnings
    text.configure(width: nil, height: nil)
    let ink = text.extents().ink
    guard ink.width > 0, ink.height > 0 else { return }
    let factor = min(frame.width / ink.width, frame.height / ink.height)
    c.cairo_save(cr)
    c.cairo_translate(
      cr, frame.x + (frame.width - ink.width * factor) / 2 - ink.x * factor,
      frame.y + (frame.height - ink.height * factor) / 2 - ink.y * factor)
    c.cairo_scale(cr, factor, factor)
    draw(
      text, in: LayoutRect(x: 0, y: 0, width: 0, height: 0), configure: false, accented: accented)
    c.cairo_restore(cr)
  }

  /// What a missing image shows: a grey box, crossed.
  private func drawMissing(_ frame: LayoutRect, accented: Bool) {
    c.cairo_new_path(cr)
    c.cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
    setSource(colors.map(Palette.hex(0x8E8E93, alpha: 0.25), accented: accented))
    c.cairo_fill(cr)
    setSource(colors.map(Palette.hex(0x8E8E93), accented: accented))
    c.cairo_set_line_width(cr, 1)
    c.cairo_move_to(cr, frame.x, frame.y)
    c.cairo_line_to(cr, frame.x + frame.width, frame.y + frame.height)
    c.cairo_move_to(cr, frame.x + frame.width, frame.y)
    c.cairo_line_to(cr, frame.x, frame.y + frame.height)
    c.cairo_stroke(cr)
  }
}
