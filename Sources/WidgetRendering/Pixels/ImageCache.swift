@preconcurrency import CPixelLibraries
import Foundation

/// The bundle images the pixel renderer has decoded, by path: a PNG through Cairo, a JPEG or a
/// GIF (its first frame) through GdkPixbuf, an SVG through librsvg. Bounded: at most
/// ``capacity`` images, none larger than ``largestSide`` pixels a side. Used under
/// ``PixelLibraries/lock``.
final class ImageCache: @unchecked Sendable {
  /// A decoded image.
  enum Image {
    /// Pixels, as a Cairo surface (owned by the cache).
    case surface(OpaquePointer, width: Int, height: Int)
    /// A vector image, drawn at any size (owned by the cache).
    case svg(OpaquePointer, width: Double, height: Double)
  }

  static let shared = ImageCache()
  static let capacity = 64
  static let largestSide = 8192

  private var images: [String: Result<Image, PixelRenderError>] = [:]
  private var order: [String] = []

  /// The image at `path`, decoded on first use.
  func image(at path: String, _ c: pixel_libraries) -> Result<Image, PixelRenderError> {
    if let known = images[path] { return known }
    let decoded = Self.decode(path, c)
    if order.count >= Self.capacity {
      let oldest = order.removeFirst()
      if case .success(let image)? = images.removeValue(forKey: oldest) { Self.free(image, c) }
    }
    images[path] = decoded
    order.append(path)
    return decoded
  }

  private static func free(_ image: Image, _ c: pixel_libraries) {
    switch image {
    case .surface(let surface, _, _): c.cairo_surface_destroy(surface)
    case .svg(let handle, _, _): c.g_object_unref(UnsafeMutableRawPointer(handle))
    }
  }

  private static func decode(_ path: String, _ c: pixel_libraries) -> Result<
    Image, PixelRenderError
  > {
    let name = (path as NSString).lastPathComponent
    let lower = path.lowercased()
    var error: UnsafeMutablePointer<GError>?
    func failure(_ what: String) -> Result<Image, PixelRenderError> {
      var reason = what
      if let error {
        if let message = error.pointee.message { reason += ": " + String(cString: message) }
        c.g_error_free(error)
      }
      return .failure(PixelRenderError("image \(name) cannot be drawn (\(reason))"))
    }
    if lower.hasSuffix(".svg") {
      let c: pixel_libraries
      do { c = try PixelLibraries.loadImages() } catch { return .failure(error) }
      guard let handle = c.rsvg_handle_new_from_file(path, &error) else {
        return failure("not a readable SVG")
      }
      var width = 0.0
      var height = 0.0
      if c.rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
        // No intrinsic size (only a viewBox): drawn at the size it is given.
        width = 0
        height = 0
      }
      return .success(.svg(handle, width: width, height: height))
    }
    if lower.hasSuffix(".png") {
      guard let surface = c.cairo_image_surface_create_from_png(path),
        c.cairo_surface_status(surface) == 0
      else { return failure("not a readable PNG") }
      let width = Int(c.cairo_image_surface_get_width(surface))
      let height = Int(c.cairo_image_surface_get_height(surface))
      guard width <= largestSide, height <= largestSide else {
        c.cairo_surface_destroy(surface)
        return failure("\(width)×\(height) pixels, more than \(largestSide) a side")
      }
      return .success(.surface(surface, width: width, height: height))
    }
    let c: pixel_libraries
    do { c = try PixelLibraries.loadImages() } catch { return .failure(error) }
    guard let pixbuf = c.gdk_pixbuf_new_from_file(path, &error) else {
      return failure("not a readable image")
    }
    defer { c.g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    let width = Int(c.gdk_pixbuf_get_width(pixbuf))
    let height = Int(c.gdk_pixbuf_get_height(pixbuf))
    guard width > 0, height > 0, width <= largestSide, height <= largestSide else {
      return failure("\(width)×\(height) pixels, more than \(largestSide) a side")
    }
    let channels = Int(c.gdk_pixbuf_get_n_channels(pixbuf))
    let alpha = c.gdk_pixbuf_get_has_alpha(pixbuf) != 0
    let rowstride = Int(c.gdk_pixbuf_get_rowstride(pixbuf))
    guard let source = c.gdk_pixbuf_get_pixels(pixbuf), channels >= 3,
      let surface = c.cairo_image_surface_create(0, Int32(width), Int32(height)),
      c.cairo_surface_status(surface) == 0
    else { return failure("an unsupported pixel format") }
    c.cairo_surface_flush(surface)
    let stride = Int(c.cairo_image_surface_get_stride(surface))
    let target = c.cairo_image_surface_get_data(surface)!
    // GdkPixbuf's RGB(A) bytes, not premultiplied, become Cairo's premultiplied ARGB words.
    for y in 0..<height {
      let row = source + y * rowstride
      let out = UnsafeMutableRawPointer(target + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let pixel = row + x * channels
        let a = alpha ? UInt32(pixel[3]) : 255
        func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * a + 127) / 255 }
        out[x] =
          (a << 24) | (premultiplied(pixel[0]) << 16) | (premultiplied(pixel[1]) << 8)
          | premultiplied(pixel[2])
      }
    }
    c.cairo_surface_mark_dirty(surface)
    return .success(.surface(surface, width: width, height: height))
  }
}
