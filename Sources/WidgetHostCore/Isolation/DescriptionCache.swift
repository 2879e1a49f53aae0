import Foundation
import Glibc
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

  private struct Record: Codable, Equatable {
    var key: Key
    var description: BundleDescription
  }

  private struct File: Codable {
    var version = 1
    var bundles: [Record] = []
  }

  /// The JSON file.
  let path: String
  /// The file's records.
  private let records: Mutex<[Record]>

  /// A cache in the file at `path`, read now: a host's loads all look it up at once, and would
  /// otherwise wait for one another while the first reads it.
  init(path: String) {
    self.path = path
    records = Mutex(Self.read(path))
  }

  /// The cache of the host whose state directory is `directory`: `directory/descriptions.json`.
  convenience init(inStateDirectory directory: String) {
    self.init(path: directory + "/descriptions.json")
  }

  /// The description remembered under `key`, if the library and worker are as they were.
  func description(for key: Key) -> BundleDescription? {
    records.withLock { records in records.last(where: { $0.key == key })?.description }
  }

  /// Remembers `description` under `key` (replacing what the library had, and dropping libraries
  /// that no longer exist), and writes the file when that changed anything.
  func remember(_ description: BundleDescription, for key: Key) {
    update { list in
      if list.contains(where: { $0.key == key && $0.description == description }) { return }
      list.removeAll {
        $0.key.library.path == key.library.path
          || FileFingerprint(path: $0.key.library.path) == nil
      }
      list.append(Record(key: key, description: description))
    }
  }

  /// Forgets what `library` was remembered as (its worker failed to load it).
  func forget(library: String) {
    update { list in list.removeAll { $0.key.library.path == library } }
  }

  /// Changes the records with `change`, and writes the file if they changed. The write is made
  /// under the lock, so that two bundles remembered at once cannot leave the older list last.
  private func update(_ change: (inout [Record]) -> Void) {
    records.withLock { records in
      let before = records
      change(&records)
      if records != before { write(records) }
    }
  }

  private static func read(_ path: String) -> [Record] {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1
    else { return [] }
    return file.bundles
  }

  /// Writes `records` whole, through a temporary file renamed over the old one, so that a host
  /// reading it at the same time sees the old file or the new one. Not synced to the disk: the
  /// file is a cache, and a write lost in a crash costs one slower start.
  private func write(_ records: [Record]) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(File(bundles: records)) else { return }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = "\(path).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    let written = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    close(descriptor)
    if !written || rename(temporary, path) != 0 { unlink(temporary) }
  }
}
