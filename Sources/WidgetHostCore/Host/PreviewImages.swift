import Foundation
import WidgetRendering
import WidgetSchema
import WidgetSupport

/// The widget gallery as picture files (`widget-host preview --format png|svg --output DIR`):
/// for every item, its placeholder (redacted) and its snapshot, each drawn by the pixel renderer
/// into `DIR/<kind>.<family>.placeholder.<format>` and `….snapshot.<format>`.
public enum PreviewImages {
  /// What was written: the files, and the warnings met drawing them.
  public struct Written: Sendable {
    public var files: [String]
    public var warnings: [String]
  }

  /// Writes the pictures of `items` into `directory` (made if missing). Throws, naming the
  /// file, when the folder or a file cannot be written, or the pixel libraries are missing.
  public static func write(
    _ items: [PreviewItem], to directory: String, format: PixelFormat, scale: Int,
    dates: DateText, now: Date
  ) throws(PixelRenderError) -> Written {
    try PixelRenderer.checkLibraries()
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw PixelRenderError("cannot make the folder \(directory): \(error.localizedDescription)")
    }
    let renderer = PixelRenderer(dates: dates)
    var written = Written(files: [], warnings: [])
    for item in items {
      var drawn: [(label: String, entry: EntryEvent?, source: EntrySource)] = [
        ("placeholder", item.placeholder.entry, .placeholder),
        ("snapshot", item.snapshot.entry, .snapshot),
      ]
      // Each declared preview's entries: KIND.FAMILY.preview-P-E, counted from 1.
      for (number, preview) in (item.previews ?? []).enumerated() {
        for (index, entry) in preview.entries.enumerated() {
          drawn.append(("preview-\(number + 1)-\(index + 1)", entry, .snapshot))
        }
      }
      for (label, entry, source) in drawn {
        guard let entry else { continue }
        let view = EventRouter.displayedView(of: entry.view, source: source)
        let image = try renderer.render(
          view, family: item.family, now: now, scale: scale, format: format,
          mode: entry.renderingMode)
        let name = "\(item.kind).\(item.family.rawValue).\(label).\(format.rawValue)"
        let path = (directory as NSString).appendingPathComponent(name)
        try AtomicFile.write(image.data, to: path)
        written.files.append(path)
        written.warnings += image.warnings.map { "\(item.kind) · \(item.family.rawValue): \($0)" }
      }
    }
    return written
  }
}

/// Files replaced atomically: written to a temporary file in the same folder, then renamed over
/// the old one, so that a reader sees the old file or the new one, never a part.
enum AtomicFile {
  static func write(_ bytes: [UInt8], to path: String) throws(PixelRenderError) {
    let directory = (path as NSString).deletingLastPathComponent
    let temporary = (directory as NSString).appendingPathComponent(
      ".\((path as NSString).lastPathComponent).\(getpid()).tmp")
    let written = bytes.withUnsafeBytes { buffer -> Bool in
      let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard fd >= 0 else { return false }
      defer { close(fd) }
      return writeAll(fd, buffer)
    }
    guard written, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw PixelRenderError("cannot write \(path): \(reason)")
    }
  }
}
