@preconcurrency import CPixelLibraries
import Synchronization

/// The pixel libraries (Cairo, Pango, GdkPixbuf, librsvg), loaded on first use
/// (`Sources/CPixelLibraries`): a host that draws no pixels never maps them.
enum PixelLibraries {
  /// The loaded functions, or why they could not be loaded.
  private static let loaded: Result<pixel_libraries, PixelRenderError> = {
    var message = [CChar](repeating: 0, count: 512)
    guard let table = pixel_libraries_load(&message, message.count) else {
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(
        PixelRenderError(
          "the pixel renderer's libraries are missing: \(reason); install Debian's "
            + "libpangocairo-1.0-0, libgdk-pixbuf-2.0-0 and librsvg2-2"))
    }
    return .success(table.pointee)
  }()

  /// The functions; throws when a library or function is missing.
  static func load() throws(PixelRenderError) -> pixel_libraries {
    try loaded.get()
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
