@preconcurrency import CPixelLibraries
import Foundation
import Synchronization

/// Bundle images as the character grid shows them: one colour per cell, the mean of the pixels
/// the cell covers (docs/rendering.md, "Images"). The image is decoded as the pixel renderer
/// decodes it (``ImageCache``), so the grid and the pixels show the same picture. Only the cells
/// a canvas shows are sampled, ``samples``² pixels each, so the cost is bounded by the canvas
/// whatever the image's frame; the last ``capacity`` mosaics are kept.
enum ImageMosaic {
  /// One cell: the mean colour of the pixels it covers (not premultiplied), and their mean
  /// opacity.
  typealias Cell = Palette.RGBA

  /// Which cells of an image to sample: the image stretched to `size` cells, of which the
  /// `visible` ones (relative to the image's top left).
  struct Request: Hashable {
    var path: String
    var width: Int
    var height: Int
    var visible: CellRect
  }

  static let capacity = 64
  /// Pixels sampled per cell, on each axis.
  static let samples = 8
  /// The longest side, in pixels, an SVG is drawn at to be sampled.
  static let svgSide = 2048

  private static let cache = Mutex<
    (mosaics: [Request: Result<[Cell], PixelRenderError>], order: [Request])
  >(
    ([:], []))

  /// The cells of `request.visible`, row by row, or why the image cannot be drawn.
  static func cells(_ request: Request) -> Result<[Cell], PixelRenderError> {
    if let known = cache.withLock({ $0.mosaics[request] }) { return known }
    let sampled = sample(request)
    cache.withLock { cache in
      if cache.order.count >= capacity {
        cache.mosaics.removeValue(forKey: cache.order.removeFirst())
      }
      cache.mosaics[request] = sampled
      cache.order.append(request)
    }
    return sampled
  }

  private static func sample(_ request: Request) -> Result<[Cell], PixelRenderError> {
    let visible = request.visible
    guard visible.width > 0, visible.height > 0, request.width > 0, request.height > 0 else {
      return .success([])
    }
    let c: pixel_libraries
    do { c = try PixelLibraries.load() } catch { return .failure(error) }
    return PixelLibraries.lock.withLock { _ -> Result<[Cell], PixelRenderError> in
      let image: ImageCache.Image
      switch ImageCache.shared.image(at: request.path, c) {
      case .failure(let error): return .failure(error)
      case .success(let decoded): image = decoded
      }
      // The picture as pixels: a raster image as decoded; an SVG fitted in the frame's
      // shape, as the pixel renderer draws it, at most ``svgSide`` pixels a side.
      let raster: (surface: OpaquePointer, width: Int, height: Int)
      var rendered: OpaquePointer?
      defer { if let rendered { c.cairo_surface_destroy(rendered) } }
      switch image {
      case .surface(let surface, let width, let height):
        raster = (surface, width, height)
      case .svg(let handle, _, _):
        // A cell is 8 × 16 points.
        let frame = (width: Double(request.width) * 8, height: Double(request.height) * 16)
        let factor = min(1, Double(svgSide) / max(frame.width, frame.height))
        let width = max(1, Int(frame.width * factor))
        let height = max(1, Int(frame.height * factor))
        guard let images = try? PixelLibraries.loadImages(),
          let surface = c.cairo_image_surface_create(0, Int32(width), Int32(height)),
          c.cairo_surface_status(surface) == 0
        else {
          return .failure(PixelRenderError("image \(request.path) cannot be drawn (no memory)"))
        }
        rendered = surface
        if let cr = c.cairo_create(surface) {
          var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
          var error: UnsafeMutablePointer<GError>?
          if images.rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
            if let error { images.g_error_free(error) }
          }
          c.cairo_destroy(cr)
        }
        c.cairo_surface_flush(surface)
        raster = (surface, width, height)
      }
      guard let data = c.cairo_image_surface_get_data(raster.surface) else {
        return .success([])
      }
      let stride = Int(c.cairo_image_surface_get_stride(raster.surface))
      // Each cell: the mean of `samples` × `samples` pixels spread over the part of the picture
      // it covers (the picture stretched to the frame), so the cost is bounded per cell.
      var cells: [Cell] = []
      cells.reserveCapacity(visible.width * visible.height)
      let scale = (
        x: Double(raster.width) / Double(request.width),
        y: Double(raster.height) / Double(request.height)
      )
      for row in visible.y..<visible.y + visible.height {
        for column in visible.x..<visible.x + visible.width {
          var sum = (a: 0, r: 0, g: 0, b: 0)
          for j in 0..<samples {
            let y = (Double(row) + (Double(j) + 0.5) / Double(samples)) * scale.y
            let line = UnsafeRawPointer(data + min(raster.height - 1, max(0, Int(y))) * stride)
              .assumingMemoryBound(to: UInt32.self)
            for i in 0..<samples {
              let x = (Double(column) + (Double(i) + 0.5) / Double(samples)) * scale.x
              // Cairo's premultiplied ARGB words.
              let word = line[min(raster.width - 1, max(0, Int(x)))]
              sum.a += Int(word >> 24)
              sum.r += Int((word >> 16) & 0xFF)
              sum.g += Int((word >> 8) & 0xFF)
              sum.b += Int(word & 0xFF)
            }
          }
          func channel(_ value: Int) -> Double {
            sum.a == 0 ? 0 : min(1, Double(value) / Double(sum.a))
          }
          cells.append(
            Cell(
              red: channel(sum.r), green: channel(sum.g), blue: channel(sum.b),
              alpha: Double(sum.a) / 255 / Double(samples * samples)))
        }
      }
      return .success(cells)
    }
  }
}
