@preconcurrency import CPixelLibraries
import Synchronization

/// The pixel libraries (Cairo, Pango, GdkPixbuf, librsvg), loaded on first use
/// (`Sources/CPixelLibraries`): a host that draws no pixels never maps them, and one that
/// decodes no JPEG, GIF or SVG never maps GdkPixbuf or librsvg.
enum PixelLibraries {
  /// The drawing functions (Cairo's, Pango's, GLib's), or why they could not be loaded; the
  /// image functions in this table are nil.
  private static let drawing = table(pixel_libraries_load)

  /// Every function, the image libraries' (GdkPixbuf's, librsvg's) too, or why not.
  private static let images = table(pixel_libraries_load_images)

  private static func table(
    _ load: (UnsafeMutablePointer<CChar>?, Int) -> UnsafePointer<pixel_libraries>?
  ) -> Result<pixel_libraries, PixelRenderError> {
    var message = [CChar](repeating: 0, count: 512)
    guard let table = load(&message, message.count) else {
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(
        PixelRenderError(
          "the pixel renderer's libraries are missing: \(reason); install Debian's "
            + "libpangocairo-1.0-0, libgdk-pixbuf-2.0-0 and librsvg2-2"))
    }
    return .success(table.pointee)
  }

  /// The drawing functions; throws when a library or function is missing. Their image
  /// functions are nil: decoding a JPEG, GIF or SVG goes through ``loadImages()``.
  static func load() throws(PixelRenderError) -> pixel_libraries {
    try drawing.get()
  }

  /// Every function, GdkPixbuf's and librsvg's included; loads those two libraries (and the
  /// libxml2, ICU and C++ libraries they bring) on first use.
  static func loadImages() throws(PixelRenderError) -> pixel_libraries {
    try images.get()
  }

  /// Pango and its font map are not safe to use from two threads at once: every layout and
  /// drawing of text holds this lock.
  static let lock = Mutex(())
}

/// Why an entry could not be drawn as pixels: one line naming what was wrong.
public struct PixelRenderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message.
  public var message: String

  /// An error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
