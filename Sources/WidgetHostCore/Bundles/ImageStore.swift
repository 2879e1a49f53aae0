import Foundation
import Synchronization
import WidgetSchema
import WidgetSupport

/// Keeps the images bundles send as bytes (`UIImage(data:)`, `UIImage(contentsOfFile:)`) in
/// files, so that an entry's view names a file for every image, as it does for the bundle's own
/// resources, and the stream carries no image bytes.
///
/// A file is named by its content (a 64-bit FNV-1a hash and the byte count; a file of that name
/// with other bytes is never reused), so the same image sent again, by any bundle or any run,
/// is one file. The folder is a cache (``HostPaths/imageCache(environment:)``): a file no run
/// has used for ``retention`` is deleted when a host first keeps an image.
final class ImageStore: Sendable {
  /// The store in the user's cache folder.
  static let shared = ImageStore(directory: HostPaths.imageCache())

  /// How long an unused file stays.
  static let retention: TimeInterval = 30 * 24 * 3600

  let directory: String
  /// The files this process has written or checked, by content key.
  private let kept = Mutex<[String: BundleImages.Found]>([:])
  private let pruned = Mutex(false)

  init(directory: String) {
    self.directory = directory
  }

  /// Why an image's bytes could not be kept.
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// The file holding `data` (written when no file has it yet), with its pixel size.
  func keep(_ data: Data) -> Result<BundleImages.Found, Failure> {
    guard let format = ImageFormat(of: data) else {
      return .failure(Failure(reason: "the bytes are not a PNG, JPEG, GIF or SVG image"))
    }
    let key = "\(Self.hash(data))-\(data.count)"
    if let found = kept.withLock({ $0[key] }) { return .success(found) }
    pruneOnce()
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      return .failure(Failure(reason: "cannot create \(directory): \(Self.describe(error))"))
    }
    var attempt = 0
    while true {
      let name = attempt == 0 ? key : "\(key)-\(attempt)"
      let path = (directory as NSString).appendingPathComponent(
        "\(name).\(format.fileExtension)")
      if let existing = fileManager.contents(atPath: path) {
        guard existing == data else {
          attempt += 1
          continue
        }
        // In use again: it stays another `retention`.
        try? fileManager.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
      } else {
        do {
          try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          return .failure(Failure(reason: "cannot write \(path): \(Self.describe(error))"))
        }
      }
      let found = BundleImages.measure(path)
      kept.withLock { $0[key] = found }
      return .success(found)
    }
  }

  /// Deletes the files unused for longer than ``retention``, once per process.
  private func pruneOnce() {
    guard
      pruned.withLock({ done in
        defer { done = true }
        return !done
      })
    else { return }
    let fileManager = FileManager.default
    let cutoff = Date().addingTimeInterval(-Self.retention)
    for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? [] {
      let path = (directory as NSString).appendingPathComponent(name)
      if let modified = try? fileManager.attributesOfItem(atPath: path)[.modificationDate]
        as? Date, modified < cutoff
      {
        try? fileManager.removeItem(atPath: path)
      }
    }
  }

  /// The 64-bit FNV-1a hash of `data`, as 16 hexadecimal digits.
  static func hash(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  private static func describe(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }
}
