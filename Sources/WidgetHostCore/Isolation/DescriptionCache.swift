import Foundation
import Synchronization
import WidgetSchema

/// The descriptions of the libraries workers have loaded, kept in a small JSON file (by default
/// `$XDG_STATE_HOME/widget-host/descriptions.json`), so that a host started again knows each
/// bundle's kinds before its worker is up and shows the restored entries at once
/// (docs/isolation.md, *Start-up*).
///
/// A description holds while the library file, the `widget-worker` executable that described it
/// and the locale it was described in are unchanged: the same path, size, modification time and
/// inode for both files. Anything else is a miss, and the worker is started and asked as before.
/// The file is only a cache: one that is missing, unreadable or of another version is ignored
/// and written again.
final class DescriptionCache: Sendable {
  /// What makes a description still true: the library and the worker as they were.
  struct Key: Codable, Equatable, Sendable {
    var library: FileFingerprint
    var worker: FileFingerprint
    var locale: String
  }

  /// A file as `stat` saw it.
  struct FileFingerprint: Codable, Equatable, Sendable {
    var path: String
    var size: Int
    /// Nanoseconds since 1970.
    var modified: Int
    var inode: UInt64

    /// The file at `path` now; nil when it cannot be read.
    init?(path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      self.path = path
      size = Int(info.st_size)
      modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
      inode = UInt64(info.st_ino)
    }
  }

  private struct Record: Codable {
    var key: Key
    var description: BundleDescription
  }

  private struct File: Codable {
    var version = 1
    var bundles: [Record] = []
  }

  /// The JSON file.
  let path: String
  /// The file's records, read at the first lookup.
  private let records = Mutex<[Record]?>(nil)

  /// A cache in the file at `path`.
  init(path: String) {
    self.path = path
  }

  /// The cache of the host whose state directory is `directory`: `directory/descriptions.json`.
  convenience init(inStateDirectory directory: String) {
    self.init(path: directory + "/descriptions.json")
  }

  /// The description remembered under `key`, if the library and worker are as they were.
  func description(for key: Key) -> BundleDescription? {
    records.withLock { records in
      if records == nil { records = read() }
      return records?.last(where: { $0.key == key })?.description
    }
  }

  /// Remembers `description` under `key` (replacing what the library had), and writes the file
  /// when that changed anything.
  func remember(_ description: BundleDescription, for key: Key) {
    let changed = records.withLock { records -> [Record]? in
      var list = records ?? read()
      if list.contains(where: { $0.key == key && $0.description == description }) {
        records = list
        return nil
      }
      list.removeAll { $0.key.library.path == key.library.path }
      list.append(Record(key: key, description: description))
      records = list
      return list
    }
    if let changed { write(changed) }
  }

  /// Forgets what `library` was remembered as (its worker failed to load it).
  func forget(library: String) {
    let changed = records.withLock { records -> [Record]? in
      var list = records ?? read()
      let count = list.count
      list.removeAll { $0.key.library.path == library }
      records = list
      return list.count == count ? nil : list
    }
    if let changed { write(changed) }
  }

  private func read() -> [Record] {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1
    else { return [] }
    return file.bundles
  }

  /// Writes `records` whole, through a temporary file renamed over the old one, so that a host
  /// reading it at the same time sees the old file or the new one.
  private func write(_ records: [Record]) {
    let url = URL(fileURLWithPath: path)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(File(bundles: records)) else { return }
    try? data.write(to: url, options: .atomic)
  }
}
