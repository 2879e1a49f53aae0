@preconcurrency import CPixelLibraries

/// A PNG file's pixels, decoded by Cairo: for comparing a drawing with a golden one.
public struct PNGImage: Sendable, Equatable {
  public var width: Int
  public var height: Int
  /// Each pixel's red, green, blue and alpha (not premultiplied), row by row.
  public var rgba: [UInt8]

  /// Decodes `data`; throws when it is not a PNG.
  public init(decoding data: [UInt8]) throws(PixelRenderError) {
    let c = try PixelLibraries.load()
    var reader = (bytes: data, offset: 0)
    let read: pixel_read_func = { closure, buffer, length in
      guard let closure, let buffer else { return 1 }
      let state = closure.assumingMemoryBound(to: (bytes: [UInt8], offset: Int).self)
      let count = Int(length)
      // CAIRO_STATUS_READ_ERROR.
      guard state.pointee.offset + count <= state.pointee.bytes.count else { return 10 }
      for index in 0..<count { buffer[index] = state.pointee.bytes[state.pointee.offset + index] }
      state.pointee.offset += count
      return 0
    }
    let surface = withUnsafeMutablePointer(to: &reader) {
      c.cairo_image_surface_create_from_png_stream(read, $0)
    }
    guard let surface, c.cairo_surface_status(surface) == 0 else {
      if let surface { c.cairo_surface_destroy(surface) }
      throw PixelRenderError("not a PNG file")
    }
    defer { c.cairo_surface_destroy(surface) }
    c.cairo_surface_flush(surface)
    width = Int(c.cairo_image_surface_get_width(surface))
    height = Int(c.cairo_image_surface_get_height(surface))
    let stride = Int(c.cairo_image_surface_get_stride(surface))
    let pixels = c.cairo_image_surface_get_data(surface)!
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    for y in 0..<height {
      let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let pixel = row[x]
        let alpha = pixel >> 24
        func unpremultiplied(_ value: UInt32) -> UInt8 {
          alpha == 0 ? 0 : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
        }
        rgba += [
          unpremultiplied((pixel >> 16) & 0xFF), unpremultiplied((pixel >> 8) & 0xFF),
          unpremultiplied(pixel & 0xFF), UInt8(alpha),
        ]
      }
    }
    self.rgba = rgba
  }

  /// The pixel at column `x`, row `y`: red, green, blue, alpha.
  public func pixel(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let index = (y * width + x) * 4
    return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
  }
}
