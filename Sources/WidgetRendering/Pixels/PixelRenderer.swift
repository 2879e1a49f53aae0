@preconcurrency import CPixelLibraries
import Foundation
import WidgetSchema

/// The file formats the pixel renderer writes.
public enum PixelFormat: String, Sendable, CaseIterable {
  case png
  case svg
}

/// An entry drawn as pixels.
public struct PixelImage: Sendable {
  /// The encoded file (PNG or SVG).
  public var data: [UInt8]
  /// The image's size in pixels (points × scale).
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// Where each node of the view was drawn.
  public var geometry: EntryGeometry
  /// Where its links, buttons and toggles were drawn, in points.
  public var regions: [PointRegion]
  /// Problems worth telling the bundle's author: a symbol without a glyph, an image that cannot
  /// be read, a `Link` in systemSmall.
  public var warnings: [String]
}

/// Draws entries as iOS draws them: the layout engine with Pango's metrics (``PointMetrics``),
/// then Cairo, on the family's container (a continuous rounded rectangle of
/// ``cornerRadius(of:)``; accessory families have none), at 1×, 2× or 3×.
public struct PixelRenderer: Sendable {
  /// How dates in text are formatted.
  public var dates: DateText

  /// Creates a renderer.
  public init(dates: DateText) {
    self.dates = dates
  }

  /// The scales a renderer draws at.
  public static let scales = 1...3

  /// The corner radius of a family's container: iOS's home-screen widgets are continuous
  /// rounded rectangles of about 22 points; accessory families have no container.
  public static func cornerRadius(of family: WidgetFamily) -> Double {
    switch family {
    case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: 22
    default: 0
    }
  }

  /// Whether the family draws a container background: home-screen families do; accessory
  /// families, and any family in the accented and vibrant modes, show what is behind them.
  static func hasContainer(_ family: WidgetFamily, mode: RenderingMode) -> Bool {
    hasContainer(.family(family), mode: mode)
  }

  static func hasContainer(_ canvas: PixelCanvas, mode: RenderingMode) -> Bool {
    canvas.cornerRadius > 0 && mode == .fullColor
  }

  /// Throws unless the pixel libraries can be loaded.
  public static func checkLibraries() throws(PixelRenderError) {
    _ = try PixelLibraries.load()
  }

  /// Loads the pixel libraries and the default font on a thread of its own, so that the first
  /// render or geometry does not wait for them (a host whose stream carries geometry starts it
  /// at once). Does nothing when the libraries are missing: the first render reports that.
  public static func prepareInBackground() {
    Thread.detachNewThread {
      // Laying out a text makes fontconfig load its configuration and match the default font.
      let renderer = PixelRenderer(
        dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone.current))
      _ = try? renderer.geometry(
        .text(TextNode(runs: [.verbatim("Ag")])), family: .systemSmall, now: Date())
    }
  }

  /// The Pango context every render lays out in: 72 dpi, so that a Pango pixel is a point;
  /// metrics not hinted and glyphs not rounded, so that a layout is the same at every scale.
  nonisolated(unsafe) private static var sharedContext: OpaquePointer?

  static func context(_ c: pixel_libraries) -> OpaquePointer {
    if let sharedContext { return sharedContext }
    let fontMap = c.pango_cairo_font_map_new()!
    let context = c.pango_font_map_create_context(fontMap)!
    c.pango_cairo_context_set_resolution(context, 72)
    let options = c.cairo_font_options_create()!
    c.cairo_font_options_set_hint_metrics(options, 1)  // CAIRO_HINT_METRICS_OFF
    c.cairo_font_options_set_hint_style(options, 1)  // CAIRO_HINT_STYLE_NONE
    c.cairo_font_options_set_antialias(options, 2)  // CAIRO_ANTIALIAS_GRAY
    c.pango_cairo_context_set_font_options(context, options)
    c.cairo_font_options_destroy(options)
    c.pango_context_set_round_glyph_positions(context, 0)
    sharedContext = context
    return context
  }

  /// `view` laid out for `family` at `now`: each node's frame and each text's baselines.
  public func geometry(_ view: ViewNode, family: WidgetFamily, now: Date) throws(PixelRenderError)
    -> EntryGeometry
  {
    try geometry(view, canvas: .family(family), now: now)
  }

  /// Where the links, buttons and toggles of `view` are drawn for `family` at `now`, in points.
  public func regions(_ view: ViewNode, family: WidgetFamily, now: Date) throws(PixelRenderError)
    -> [PointRegion]
  {
    try regions(view, canvas: .family(family), now: now)
  }

  /// `view` drawn for `family` at `now`, at `scale`, encoded as `format`, in `mode` (by default
  /// the family's, ``RenderingMode/default(for:)``) and `appearance`.
  public func render(
    _ view: ViewNode, family: WidgetFamily, now: Date, scale: Int = 2, format: PixelFormat = .png,
    mode: RenderingMode? = nil, appearance: Appearance = .light
  ) throws(PixelRenderError) -> PixelImage {
    try render(
      view, canvas: .family(family), now: now, scale: scale, format: format, mode: mode,
      appearance: appearance)
  }

  /// `view` drawn for `family` at `now`, as pixels not yet encoded.
  public func draw(
    _ view: ViewNode, family: WidgetFamily, now: Date, scale: Int = 2, mode: RenderingMode? = nil,
    appearance: Appearance = .light
  ) throws(PixelRenderError) -> PixelBitmap {
    try draw(
      view, canvas: .family(family), now: now, scale: scale, mode: mode, appearance: appearance)
  }

  func layOut(
    _ view: ViewNode, family: WidgetFamily, now: Date, appearance: Appearance = .light,
    c: pixel_libraries
  ) -> LaidOut {
    layOut(view, canvas: .family(family), now: now, appearance: appearance, c: c)
  }

  /// `view` laid out on `canvas` at `now`: each node's frame and each text's baselines.
  public func geometry(_ view: ViewNode, canvas: PixelCanvas, now: Date) throws(PixelRenderError)
    -> EntryGeometry
  {
    let c = try PixelLibraries.load()
    return PixelLibraries.lock.withLock { _ in
      let laidOut = layOut(view, canvas: canvas, now: now, c: c)
      return laidOut.geometry
    }
  }

  /// Where the links, buttons and toggles of `view` are drawn on `canvas` at `now`, in points.
  public func regions(_ view: ViewNode, canvas: PixelCanvas, now: Date) throws(PixelRenderError)
    -> [PointRegion]
  {
    let c = try PixelLibraries.load()
    return PixelLibraries.lock.withLock { _ in
      layOut(view, canvas: canvas, now: now, c: c).root.tapRegions(family: canvas.family)
    }
  }

  /// `view` drawn on `canvas` at `now`, at `scale`, encoded as `format`, in `mode` (by default
  /// the family's, ``RenderingMode/default(for:)``) and `appearance`.
  public func render(
    _ view: ViewNode, canvas: PixelCanvas, now: Date, scale: Int = 2, format: PixelFormat = .png,
    mode: RenderingMode? = nil, appearance: Appearance = .light
  ) throws(PixelRenderError) -> PixelImage {
    switch format {
    case .png:
      let bitmap = try draw(
        view, canvas: canvas, now: now, scale: scale, mode: mode, appearance: appearance)
      return PixelImage(
        data: try bitmap.png(), pixelWidth: bitmap.pixelWidth, pixelHeight: bitmap.pixelHeight,
        geometry: bitmap.geometry, regions: bitmap.regions, warnings: bitmap.warnings)
    case .svg:
      try Self.check(scale)
      let c = try PixelLibraries.load()
      let mode = mode ?? canvas.defaultMode
      return try PixelLibraries.lock.withLock { _ throws(PixelRenderError) in
        let laidOut = layOut(view, canvas: canvas, now: now, appearance: appearance, c: c)
        return try svg(
          laidOut, canvas: canvas, scale: scale, mode: mode, appearance: appearance, c: c)
      }
    }
  }

  /// `view` drawn on `canvas` at `now`, at `scale`, in `mode` (by default the family's) and
  /// `appearance`, as pixels not yet encoded: ``render(_:family:now:scale:format:mode:appearance:)``
  /// without the encoding.
  public func draw(
    _ view: ViewNode, canvas: PixelCanvas, now: Date, scale: Int = 2, mode: RenderingMode? = nil,
    appearance: Appearance = .light
  ) throws(PixelRenderError) -> PixelBitmap {
    try Self.check(scale)
    let c = try PixelLibraries.load()
    let mode = mode ?? canvas.defaultMode
    return try PixelLibraries.lock.withLock { _ throws(PixelRenderError) in
      let laidOut = layOut(view, canvas: canvas, now: now, appearance: appearance, c: c)
      let (width, height) = Self.pixels(laidOut, scale: scale)
      guard let surface = c.cairo_image_surface_create(0, Int32(width), Int32(height)),
        c.cairo_surface_status(surface) == 0
      else {
        throw PixelRenderError("Cairo cannot make a \(width)×\(height) surface")
      }
      let warnings = paint(
        laidOut, on: surface, canvas: canvas, scale: scale, mode: mode, appearance: appearance,
        c: c)
      c.cairo_surface_flush(surface)
      return PixelBitmap(
        surface: surface, c: c, pixelWidth: width, pixelHeight: height,
        geometry: laidOut.geometry, regions: laidOut.root.tapRegions(family: canvas.family),
        warnings: warnings)
    }
  }

  private static func check(_ scale: Int) throws(PixelRenderError) {
    guard scales.contains(scale) else {
      throw PixelRenderError("scale \(scale) is not one of 1, 2, 3")
    }
  }

  private static func pixels(_ laidOut: LaidOut, scale: Int) -> (width: Int, height: Int) {
    (
      Int(laidOut.size.width.rounded(.up)) * scale,
      Int(laidOut.size.height.rounded(.up)) * scale
    )
  }

  /// A laid-out view: its nodes placed, with what drawing needs.
  struct LaidOut {
    var root: LayoutNode<PointMetrics>
    var backgrounds: [LayoutNode<PointMetrics>]
    var metrics: PointMetrics
    var viewNodes: [LayoutNode<PointMetrics>?]
    var size: LayoutSize

    /// The frames of the view's nodes.
    var geometry: EntryGeometry {
      EntryGeometry(
        width: size.width, height: size.height,
        nodes: viewNodes.map { node in
          guard let node else { return NodeGeometry(x: 0, y: 0, width: 0, height: 0) }
          let frame = node.frame
          var baselines: [Double]?
          if case .text(let text) = node.kind {
            let lines = metrics.lines(
              of: text, width: frame.width, height: frame.height, node: node)
            baselines = lines.lines.map { frame.y + $0.baseline }
          }
          return NodeGeometry(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height,
            baselines: baselines)
        })
    }
  }

  func layOut(
    _ view: ViewNode, canvas: PixelCanvas, now: Date, appearance: Appearance = .light,
    c: pixel_libraries
  ) -> LaidOut {
    let context = Self.context(c)
    var builder = LayoutBuilder(
      metrics: PointMetrics(libraries: c, context: context, appearance: appearance), dates: dates,
      now: now,
      recordsViewNodes: true)
    let root = builder.build(view)
    let layout = Layout(metrics: builder.metrics)
    let size = LayoutSize(width: canvas.size.width, height: canvas.size.height)
    layout.placeWidget(root, backgrounds: builder.containerBackgrounds, size: size)
    return LaidOut(
      root: root, backgrounds: builder.containerBackgrounds, metrics: builder.metrics,
      viewNodes: builder.viewNodes, size: size)
  }

  /// `laidOut` as an SVG document.
  private func svg(
    _ laidOut: LaidOut, canvas: PixelCanvas, scale: Int, mode: RenderingMode,
    appearance: Appearance, c: pixel_libraries
  ) throws(PixelRenderError) -> PixelImage {
    let (width, height) = Self.pixels(laidOut, scale: scale)
    var bytes: [UInt8] = []
    let warnings = try withUnsafeMutablePointer(to: &bytes) {
      (output) throws(PixelRenderError) -> [String] in
      guard
        let surface = c.cairo_svg_surface_create_for_stream(
          PixelBitmap.append, output, Double(width), Double(height)),
        c.cairo_surface_status(surface) == 0
      else {
        throw PixelRenderError("Cairo cannot make a \(width)×\(height) surface")
      }
      defer { c.cairo_surface_destroy(surface) }
      let warnings = paint(
        laidOut, on: surface, canvas: canvas, scale: scale, mode: mode, appearance: appearance,
        c: c)
      c.cairo_surface_finish(surface)
      guard c.cairo_surface_status(surface) == 0 else {
        throw PixelRenderError("Cairo cannot write the SVG")
      }
      return warnings
    }
    return PixelImage(
      data: bytes, pixelWidth: width, pixelHeight: height, geometry: laidOut.geometry,
      regions: laidOut.root.tapRegions(family: canvas.family), warnings: warnings)
  }

  /// Draws `laidOut` on `surface`: the family's container, its backgrounds and the view. The
  /// problems found while drawing.
  private func paint(
    _ laidOut: LaidOut, on surface: OpaquePointer, canvas: PixelCanvas, scale: Int,
    mode: RenderingMode, appearance: Appearance, c: pixel_libraries
  ) -> [String] {
    var warnings = laidOut.metrics.warnings
    let cr = c.cairo_create(surface)!
    c.cairo_scale(cr, Double(scale), Double(scale))
    let full = LayoutRect(x: 0, y: 0, width: laidOut.size.width, height: laidOut.size.height)
    let radius = canvas.cornerRadius
    var painter = CairoPainter(
      c: c, cr: cr, container: (full, radius),
      colors: ColorMapping(mode: mode, appearance: appearance),
      metrics: laidOut.metrics)
    if radius > 0 {
      Shapes.continuousRoundedRectangle(c, cr, full, radius: radius)
      c.cairo_clip(cr)
    }
    if Self.hasContainer(canvas, mode: mode) {
      // The system background, then the widget's own container backgrounds over it.
      let background = Palette.background(appearance)
      c.cairo_set_source_rgba(cr, background.red, background.green, background.blue, 1)
      c.cairo_paint(cr)
      for background in laidOut.backgrounds { painter.draw(background) }
    } else if radius > 0 {
      // Tinted and vibrant home screens remove the container background: a dark glass.
      c.cairo_set_source_rgba(cr, 0.11, 0.11, 0.12, 1)
      c.cairo_paint(cr)
    }
    painter.draw(laidOut.root)
    c.cairo_destroy(cr)
    warnings += painter.warnings
    if canvas.family == .systemSmall {
      for link in painter.links {
        warnings.append(
          "Link to \(link.url) ignored: systemSmall widgets open only their widgetURL, as on iOS")
      }
    }
    return warnings
  }
}

/// An entry drawn as pixels and not yet encoded (``PixelRenderer/draw(_:family:now:scale:mode:)``):
/// a Cairo image surface, freed with the bitmap.
public final class PixelBitmap: @unchecked Sendable {
  private let surface: OpaquePointer
  private let c: pixel_libraries
  /// The size in pixels (points × scale).
  public let pixelWidth: Int
  public let pixelHeight: Int
  /// Where each node of the view was drawn.
  public let geometry: EntryGeometry
  /// Where its links, buttons and toggles were drawn, in points.
  public let regions: [PointRegion]
  /// Problems worth telling the bundle's author (as ``PixelImage/warnings``).
  public let warnings: [String]

  init(
    surface: OpaquePointer, c: pixel_libraries, pixelWidth: Int, pixelHeight: Int,
    geometry: EntryGeometry, regions: [PointRegion], warnings: [String]
  ) {
    self.regions = regions
    self.surface = surface
    self.c = c
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.geometry = geometry
    self.warnings = warnings
  }

  deinit {
    PixelLibraries.lock.withLock { _ in c.cairo_surface_destroy(surface) }
  }

  /// Cairo's stream callback that appends to the `[UInt8]` its closure points to.
  static let append: pixel_write_func = { closure, data, length in
    guard let closure, let data else { return 0 }
    closure.assumingMemoryBound(to: [UInt8].self).pointee.append(
      contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return 0
  }

  /// The pixels encoded as a PNG file (by Cairo, through libpng).
  public func png() throws(PixelRenderError) -> [UInt8] {
    var bytes: [UInt8] = []
    let status = PixelLibraries.lock.withLock { _ in
      withUnsafeMutablePointer(to: &bytes) {
        c.cairo_surface_write_to_png_stream(surface, Self.append, $0)
      }
    }
    guard status == 0 else { throw PixelRenderError("Cairo cannot encode the PNG") }
    return bytes
  }
}

/// What a view is drawn on: a family's container, or a Live Activity's presentation.
public struct PixelCanvas: Sendable, Equatable {
  /// The size in points.
  public var size: Size
  /// The container's corner radius (0: none, nothing drawn behind the view).
  public var cornerRadius: Double
  /// The family, for a widget: its rules (a systemSmall widget opens only its widgetURL).
  public var family: WidgetFamily?
  /// The rendering mode when none is given.
  public var defaultMode: RenderingMode

  /// A widget of `family`.
  public static func family(_ family: WidgetFamily) -> PixelCanvas {
    PixelCanvas(
      size: family.displaySize, cornerRadius: PixelRenderer.cornerRadius(of: family),
      family: family, defaultMode: .default(for: family))
  }

  /// A Live Activity's `presentation`: the banner a rounded rectangle like a widget's, the
  /// island's views on black, as the island is.
  public static func activity(_ presentation: ActivityPresentation) -> PixelCanvas {
    PixelCanvas(
      size: presentation.displaySize,
      cornerRadius: presentation == .lockScreen ? 22 : presentation.displaySize.height / 2,
      family: nil, defaultMode: .fullColor)
  }
}
