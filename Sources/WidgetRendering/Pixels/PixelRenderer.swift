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
    cornerRadius(of: family) > 0 && mode == .fullColor
  }

  /// Throws unless the pixel libraries can be loaded.
  public static func checkLibraries() throws(PixelRenderError) {
    _ = try PixelLibraries.load()
  }

  /// The Pango context every render lays out in: 72 dpi, so that a Pango pixel is a point;
  /// metrics not hinted and glyphs not rounded, so that a layout is the same at every scale.
  nonisolated(unsafe) private static var sharedContext: OpaquePointer?

  private static func context(_ c: pixel_libraries) -> OpaquePointer {
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
    let c = try PixelLibraries.load()
    return PixelLibraries.lock.withLock { _ in
      let laidOut = layOut(view, family: family, now: now, c: c)
      return laidOut.geometry
    }
  }

  /// `view` drawn for `family` at `now`, at `scale`, encoded as `format`, in `mode` (by default
  /// the family's, ``RenderingMode/default(for:)``).
  public func render(
    _ view: ViewNode, family: WidgetFamily, now: Date, scale: Int = 2, format: PixelFormat = .png,
    mode: RenderingMode? = nil
  ) throws(PixelRenderError) -> PixelImage {
    guard Self.scales.contains(scale) else {
      throw PixelRenderError("scale \(scale) is not one of 1, 2, 3")
    }
    let c = try PixelLibraries.load()
    let mode = mode ?? .default(for: family)
    return try PixelLibraries.lock.withLock { _ throws(PixelRenderError) in
      let laidOut = layOut(view, family: family, now: now, c: c)
      return try draw(laidOut, family: family, scale: scale, format: format, mode: mode, c: c)
    }
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

  func layOut(_ view: ViewNode, family: WidgetFamily, now: Date, c: pixel_libraries) -> LaidOut {
    let context = Self.context(c)
    var builder = LayoutBuilder(
      metrics: PointMetrics(libraries: c, context: context), dates: dates, now: now,
      recordsViewNodes: true)
    let root = builder.build(view)
    let layout = Layout(metrics: builder.metrics)
    let size = LayoutSize(width: family.displaySize.width, height: family.displaySize.height)
    layout.placeWidget(root, backgrounds: builder.containerBackgrounds, size: size)
    return LaidOut(
      root: root, backgrounds: builder.containerBackgrounds, metrics: builder.metrics,
      viewNodes: builder.viewNodes, size: size)
  }

  private func draw(
    _ laidOut: LaidOut, family: WidgetFamily, scale: Int, format: PixelFormat,
    mode: RenderingMode, c: pixel_libraries
  ) throws(PixelRenderError) -> PixelImage {
    let width = Int(laidOut.size.width.rounded(.up)) * scale
    let height = Int(laidOut.size.height.rounded(.up)) * scale
    var bytes: [UInt8] = []
    let write: pixel_write_func = { closure, data, length in
      guard let closure, let data else { return 0 }
      closure.assumingMemoryBound(to: [UInt8].self).pointee.append(
        contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return 0
    }
    var warnings = laidOut.metrics.warnings
    try withUnsafeMutablePointer(to: &bytes) { (output) throws(PixelRenderError) in
      let surface: OpaquePointer? =
        switch format {
        case .png: c.cairo_image_surface_create(0, Int32(width), Int32(height))
        case .svg:
          c.cairo_svg_surface_create_for_stream(write, output, Double(width), Double(height))
        }
      guard let surface, c.cairo_surface_status(surface) == 0 else {
        throw PixelRenderError("Cairo cannot make a \(width)×\(height) surface")
      }
      defer { c.cairo_surface_destroy(surface) }
      let cr = c.cairo_create(surface)!
      c.cairo_scale(cr, Double(scale), Double(scale))
      let full = LayoutRect(x: 0, y: 0, width: laidOut.size.width, height: laidOut.size.height)
      let radius = Self.cornerRadius(of: family)
      var painter = CairoPainter(
        c: c, cr: cr, container: (full, radius), colors: ColorMapping(mode: mode),
        metrics: laidOut.metrics)
      if radius > 0 {
        Shapes.continuousRoundedRectangle(c, cr, full, radius: radius)
        c.cairo_clip(cr)
      }
      if Self.hasContainer(family, mode: mode) {
        // The system background, then the widget's own container backgrounds over it.
        c.cairo_set_source_rgba(cr, 1, 1, 1, 1)
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
      if family == .systemSmall {
        for link in painter.links {
          warnings.append(
            "Link to \(link.url) ignored: systemSmall widgets open only their widgetURL, as on iOS")
        }
      }
      switch format {
      case .png:
        c.cairo_surface_flush(surface)
        guard c.cairo_surface_write_to_png_stream(surface, write, output) == 0 else {
          throw PixelRenderError("Cairo cannot encode the PNG")
        }
      case .svg:
        c.cairo_surface_finish(surface)
        guard c.cairo_surface_status(surface) == 0 else {
          throw PixelRenderError("Cairo cannot write the SVG")
        }
      }
    }
    return PixelImage(
      data: bytes, pixelWidth: width, pixelHeight: height, geometry: laidOut.geometry,
      warnings: warnings)
  }
}
