import Foundation
import Glibc
import WidgetSchema

/// One version of a file on disk: device, inode, size and modification time. A rebuild that
/// replaces the file (a new inode) or rewrites it in place (a new size or time) changes it.
struct FileSignature: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var seconds: Int
  var nanoseconds: Int

  /// The signature of the file at `path`; nil if there is none.
  static func of(_ path: String) -> FileSignature? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileSignature(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
  }
}

/// Watches the files bundles are loaded from, for `run --watch`: a bundle folder's
/// `manifest.json` and the library it names, or a bare library. It polls their signatures
/// (``FileSignature``) every `interval` seconds and reports a bundle as changed once its files
/// have changed and then stayed the same for `settle` seconds, so that a file still being written
/// is not loaded half-way.
final class BundleWatcher: Sendable {
  /// The signatures of one bundle's files, by path (nil: missing).
  struct Snapshot: Equatable, Sendable {
    var files: [String: FileSignature?]
  }

  private let paths: [String]
  private let interval: Double
  private let settle: Double
  private let initial: [Snapshot]

  /// Watches the bundles at `paths`, from their state now.
  init(paths: [String], interval: Double, settle: Double) {
    self.paths = paths
    self.interval = interval
    self.settle = settle
    self.initial = paths.map(Self.snapshot)
  }

  /// The files that make up the bundle at `path` and their signatures now.
  static func snapshot(_ path: String) -> Snapshot {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      return Snapshot(files: [path: FileSignature.of(path)])
    }
    let folder = URL(fileURLWithPath: path)
    let manifest = folder.appendingPathComponent("manifest.json").path
    var files: [String: FileSignature?] = [manifest: FileSignature.of(manifest)]
    // The library the manifest names. A manifest that cannot be read or decoded names none: the
    // host refuses to load it whatever its library, and fixing it is a change of its own.
    if let data = FileManager.default.contents(atPath: manifest),
      let decoded = try? WidgetJSON.decode(BundleManifest.self, from: data)
    {
      let libraryPath = folder.appendingPathComponent(decoded.library).path
      files[libraryPath] = FileSignature.of(libraryPath)
    }
    return Snapshot(files: files)
  }

  /// Polls until the calling task is cancelled; calls `changed` with the index of each bundle
  /// whose files changed and settled, one at a time.
  func run(_ changed: @Sendable (Int) async -> Void) async {
    var seen = initial
    var pending: [Int: (snapshot: Snapshot, since: Date)] = [:]
    while !Task.isCancelled {
      do { try await Task.sleep(for: .seconds(interval)) } catch { return }
      for (index, path) in paths.enumerated() {
        let now = Self.snapshot(path)
        guard now != seen[index] else {
          pending[index] = nil
          continue
        }
        if let waiting = pending[index], waiting.snapshot == now {
          guard Date().timeIntervalSince(waiting.since) >= settle else { continue }
          seen[index] = now
          pending[index] = nil
          await changed(index)
        } else {
          pending[index] = (now, Date())
        }
      }
    }
  }
}
