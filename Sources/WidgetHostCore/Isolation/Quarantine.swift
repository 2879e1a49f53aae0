import Foundation
import Synchronization

/// Bundles that crashed too often, kept in a small JSON file (by default
/// `$XDG_STATE_HOME/widget-host/quarantine.json`). An entry holds while the library file is
/// unchanged (same size and modification time); `widget-host unquarantine` removes entries.
public struct QuarantineStore: Sendable {
  /// One quarantined library.
  public struct Entry: Codable, Sendable, Equatable {
    /// The library file's absolute path.
    public var library: String
    /// The bundle's id.
    public var bundle: String
    /// The library's size when it was quarantined.
    public var size: Int
    /// The library's modification time (seconds since 1970) when it was quarantined.
    public var modified: Double
    /// When it was quarantined.
    public var since: Date
    /// Why (the crashes).
    public var reason: String
  }

  private struct File: Codable {
    var version = 1
    var quarantined: [Entry] = []
  }

  /// The JSON file.
  public let path: String

  /// A store in the file at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The store of the host whose state directory is `directory`: `directory/quarantine.json`.
  public init(inStateDirectory directory: String) {
    self.init(path: directory + "/quarantine.json")
  }

  /// The store in the default state directory: `$XDG_STATE_HOME/widget-host/quarantine.json`
  /// (`~/.local/state` when unset).
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> QuarantineStore {
    QuarantineStore(inStateDirectory: StateStore.defaultDirectory(environment: environment))
  }

  /// Every entry, including those whose library changed since.
  public func entries() -> [Entry] {
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? JSONDecoder.quarantine.decode(File.self, from: data)
    else { return [] }
    return file.quarantined
  }

  /// The entry that still holds for `library`, if any: one whose size and modification time
  /// match the file now.
  public func entry(for library: String) -> Entry? {
    guard let (size, modified) = Self.fingerprint(library) else { return nil }
    return entries().first {
      $0.library == library && $0.size == size && $0.modified == modified
    }
  }

  /// Quarantines `library` of bundle `bundle`.
  func add(library: String, bundle: String, reason: String, now: Date = Date()) {
    guard let (size, modified) = Self.fingerprint(library) else { return }
    var list = entries().filter { $0.library != library }
    list.append(
      Entry(
        library: library, bundle: bundle, size: size, modified: modified, since: now,
        reason: reason))
    save(list)
  }

  /// Removes the entries of `library` (every entry if nil); returns the removed entries.
  @discardableResult
  public func remove(library: String?) -> [Entry] {
    let list = entries()
    let removed = list.filter { library == nil || $0.library == library }
    if !removed.isEmpty { save(list.filter { library != nil && $0.library != library }) }
    return removed
  }

  private func save(_ list: [Entry]) {
    let url = URL(fileURLWithPath: path)
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(File(quarantined: list)) else { return }
    try? data.write(to: url, options: .atomic)
    chmod(path, 0o600)
  }

  private static func fingerprint(_ library: String) -> (Int, Double)? {
    var info = stat()
    guard stat(library, &info) == 0 else { return nil }
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    return (Int(info.st_size), modified)
  }
}

extension JSONDecoder {
  fileprivate static var quarantine: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

/// When to restart a crashed worker, and when to give up: restarts wait 1 s, 2 s, 4 s… (at
/// most 60 s) after consecutive crashes; the third crash within 60 s quarantines the bundle.
/// A worker that ran 10 minutes without crashing starts the backoff over.
struct CrashPolicy: Sendable, Equatable {
  /// Crashes within ``window`` that quarantine the bundle.
  var limit = 3
  /// The window for ``limit``, in seconds.
  var window: TimeInterval = 60
  /// The first restart delay, in seconds.
  var firstDelay: TimeInterval = 1
  /// The longest restart delay, in seconds.
  var maximumDelay: TimeInterval = 60
  /// A worker alive this long resets the backoff.
  var healthyAfter: TimeInterval = 600

  /// What to do after a crash.
  enum Decision: Equatable {
    case restart(after: TimeInterval)
    case quarantine
  }

  /// The crash times so far, and how many crashed in a row.
  struct History: Sendable, Equatable {
    var crashes: [Date] = []
    var consecutive = 0
  }

  /// Records a crash at `now` of a worker started at `started` and decides.
  func crashed(
    _ history: inout History, at now: Date, startedAt started: Date
  ) -> Decision {
    if now.timeIntervalSince(started) >= healthyAfter { history.consecutive = 0 }
    history.consecutive += 1
    history.crashes = history.crashes.filter { now.timeIntervalSince($0) < window } + [now]
    if history.crashes.count >= limit { return .quarantine }
    return .restart(
      after: min(firstDelay * pow(2, Double(history.consecutive - 1)), maximumDelay))
  }
}
