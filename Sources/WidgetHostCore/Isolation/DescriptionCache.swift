import Foundation
import Glibc
import Synchronization
import WidgetBundleRuntime
import WidgetSchema
import WidgetSupport

/// The descriptions of the libraries workers, or the host itself in-process, have loaded, kept
/// in a small file (by default `$XDG_STATE_HOME/widget-host/descriptions`), so that a host
/// started again knows each bundle's kinds before the library is loaded and shows the restored
/// entries at once (docs/isolation.md, *Start-up*).
///
/// A description holds while the library file, the executable that described it
/// (`widget-worker`, or `widget-host` in-process) and the locale it was described in are
/// unchanged: the same path, size, modification time and inode for both files. Anything else is
/// a miss, and the library is loaded and asked as before. A library has a description for each
/// executable that describes it, so a host run in one mode and then the other keeps both.
/// The file is only a cache: one that is missing, unreadable or of another version is ignored
/// and written again.
///
/// It is read on the way to a restarted host's first frame, so it is read without a JSON
/// decoder: after a header line, one line per library, its key (``Key/text``, a JSON array of
/// strings) and its description (JSON, which the reply reader reads by hand) separated by a tab,
/// which JSON text never holds unescaped.
final class DescriptionCache: Sendable {
  /// What makes a description still true: the library and the executable that described it,
  /// as they were.
  struct Key: Equatable, Sendable {
    var library: FileFingerprint
    var describer: FileFingerprint
    var locale: String

    /// The key of the library at `library` as the executable at `describer` describes it in
    /// `locale`, as the two files are now; nil when either cannot be read.
    init?(library: String, describer: String, locale: String) {
      guard let library = FileFingerprint(path: library),
        let describer = FileFingerprint(path: describer)
      else { return nil }
      self.init(library: library, describer: describer, locale: locale)
    }

    init(library: FileFingerprint, describer: FileFingerprint, locale: String) {
      self.library = library
      self.describer = describer
      self.locale = locale
    }

    /// The key as the file holds it: a JSON array of its fields as strings, the library's path
    /// first and the describer's second.
    var text: String {
      var writer = JSONByteWriter(capacity: 256)
      writer.strings(
        [library.path, describer.path] + library.fields + describer.fields + [locale])
      return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// How every key of the library at `path` begins (``text`` up to its second field), or,
    /// with `describer`, every key of that library described by that executable.
    static func prefix(ofLibrary path: String, describer: String? = nil) -> String {
      var writer = JSONByteWriter(capacity: 128)
      writer.strings([path] + (describer.map { [$0] } ?? []))
      return String(decoding: writer.bytes.dropLast(), as: UTF8.self) + ","
    }
  }

  /// A file as `stat` saw it.
  struct FileFingerprint: Equatable, Sendable {
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

    fileprivate var fields: [String] { [String(size), String(modified), String(inode)] }
  }

  /// One library's line: its key's text and its description's JSON.
  private struct Record: Equatable {
    var key: String
    var description: [UInt8]

    /// The path of the library (the key's first field); nil if the key cannot be read.
    var library: String? {
      (try? WidgetJSON.decode([String].self, from: Data(key.utf8)))?.first
    }
  }

  /// The first line of the file.
  private static let header = "widget-host descriptions 2"

  /// The file.
  let path: String
  /// The file's records.
  private let records: Mutex<[Record]>

  /// A cache in the file at `path`, read now: a host's loads all look it up at once, and would
  /// otherwise wait for one another while the first reads it.
  init(path: String) {
    self.path = path
    records = Mutex(Self.read(path))
  }

  /// The cache of the host whose state directory is `directory`: `directory/descriptions`.
  convenience init(inStateDirectory directory: String) {
    self.init(path: directory + "/descriptions")
  }

  /// The bundle made by `deferred` from the description remembered under `key`; or, with none,
  /// the one `load` makes by loading the library, whose description is remembered under `key`
  /// then. `key` is taken before the library loads: a library replaced while it loads is then a
  /// miss next time, never a stale description under the new file's fingerprint.
  func bundle(
    for key: Key?, deferred: (BundleDescription) -> any BundleConnection,
    load: () async throws(BundleError) -> any BundleConnection
  ) async throws(BundleError) -> any BundleConnection {
    if let key, let description = description(for: key) { return deferred(description) }
    let loaded = try await load()
    if let key { remember(loaded.description, for: key) }
    return loaded
  }

  /// The description remembered under `key`, if the library and its describer are as they were.
  func description(for key: Key) -> BundleDescription? {
    let text = key.text
    guard let json = records.withLock({ $0.last(where: { $0.key == text })?.description }) else {
      return nil
    }
    return try? WidgetJSON.decode(BundleDescription.self, from: Data(json))
  }

  /// Remembers `description` under `key` (replacing what the library had from the same
  /// describer, and dropping libraries that no longer exist), and writes the file when that
  /// changed anything.
  func remember(_ description: BundleDescription, for key: Key) {
    guard let json = try? WidgetJSON.encode(description) else { return }
    let record = Record(key: key.text, description: Array(json))
    let prefix = Key.prefix(ofLibrary: key.library.path, describer: key.describer.path)
    update { list in
      if list.contains(record) { return }
      list.removeAll { other in
        other.key.hasPrefix(prefix)
          || other.library.flatMap { FileFingerprint(path: $0) } == nil
      }
      list.append(record)
    }
  }

  /// Forgets what `library` was remembered as, by every describer (it failed to load).
  func forget(library: String) {
    let prefix = Key.prefix(ofLibrary: library)
    update { list in list.removeAll { $0.key.hasPrefix(prefix) } }
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
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    // Through the bytes: `Data`'s own `split` calls a closure, with an exclusivity check, per
    // byte (3 ms for a file holding a thousand kinds).
    let all = [UInt8](data)
    var lines: [ArraySlice<UInt8>] = []
    var start = all.startIndex
    while start < all.endIndex {
      let end = all[start...].firstIndex(of: UInt8(ascii: "\n")) ?? all.endIndex
      if end > start { lines.append(all[start..<end]) }
      start = end + 1
    }
    guard let first = lines.first, first.elementsEqual(header.utf8) else { return [] }
    return lines.dropFirst().compactMap { line in
      guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
      return Record(
        key: String(decoding: line[..<tab], as: UTF8.self),
        description: Array(line[line.index(after: tab)...]))
    }
  }

  /// Writes `records` whole, through a temporary file renamed over the old one, so that a host
  /// reading it at the same time sees the old file or the new one. Not synced to the disk: the
  /// file is a cache, and a write lost in a crash costs one slower start.
  private func write(_ records: [Record]) {
    var text = Array((Self.header + "\n").utf8)
    for record in records {
      text += record.key.utf8
      text.append(UInt8(ascii: "\t"))
      text += record.description
      text.append(UInt8(ascii: "\n"))
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = "\(path).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let written = writeAll(descriptor, text)
    close(descriptor)
    if !written || rename(temporary, path) != 0 { unlink(temporary) }
  }
}

/// A loader that puts off loading a library whose description it remembers: the worker loader,
/// and in-process ``DeferredInProcessLoader``. `executable` is what describes the libraries.
protocol DescribingLoader {
  var executable: String { get }
}

extension DescribingLoader {
  /// What a description of `source`'s library holds for: the library, ``executable`` and the
  /// locale the bundle is given. Nil when either file cannot be read.
  func descriptionKey(
    _ source: BundleSource, _ services: any BundleServices
  ) -> DescriptionCache.Key? {
    DescriptionCache.Key(
      library: source.libraryPath, describer: executable, locale: services.localeIdentifier)
  }
}
