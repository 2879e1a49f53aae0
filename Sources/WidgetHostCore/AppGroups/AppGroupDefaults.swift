import Foundation
import Glibc
import WidgetSchema
import WidgetSupport

/// `widget-host defaults`: reads and writes App Group values in the file Foundation's
/// `UserDefaults(suiteName:)` uses for apps and bundles (`$XDG_CONFIG_HOME/group.….plist`),
/// saving each change at once, under a lock and by atomic replace (``GroupFile``).
public enum AppGroupDefaults {
  /// A value as the command line gives and shows it. In JSON a string, number or boolean (any
  /// other property-list value as its text).
  public enum Value: Sendable, Equatable, CustomStringConvertible, Encodable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// Any other property-list value (array, dictionary, data, date), shown as text.
    case other(String)

    /// Parses `text` as `type` (`string`, `int`, `double` or `bool`).
    public init(_ text: String, as type: String) throws(AppGroupDefaultsError) {
      switch type {
      case "string": self = .string(text)
      case "int":
        guard let value = Int(text) else { throw .badValue(text, type: type) }
        self = .int(value)
      case "double":
        guard let value = Double(text), value.isFinite else { throw .badValue(text, type: type) }
        self = .double(value)
      case "bool":
        switch text.lowercased() {
        case "true", "yes", "1": self = .bool(true)
        case "false", "no", "0": self = .bool(false)
        default: throw .badValue(text, type: type)
        }
      default: throw .badValue(text, type: type)
      }
    }

    /// A value as the property-list reader returned it: `<true/>` and `<false/>` are `Bool`,
    /// `<real>` a number of type `d`, `<integer>` any other number.
    init(_ value: Any) {
      if type(of: value) == Bool.self, let value = value as? Bool {
        self = .bool(value)
        return
      }
      switch value {
      case let value as String: self = .string(value)
      case let value as NSNumber:
        let type = String(cString: value.objCType)
        self = type == "d" || type == "f" ? .double(value.doubleValue) : .int(value.intValue)
      default: self = .other("\(value)")
      }
    }

    public var description: String {
      switch self {
      case .string(let value): value
      case .int(let value): String(value)
      case .double(let value): String(value)
      case .bool(let value): String(value)
      case .other(let value): value
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let value), .other(let value): try container.encode(value)
      case .int(let value): try container.encode(value)
      case .double(let value): try container.encode(value)
      case .bool(let value): try container.encode(value)
      }
    }

    var object: Any {
      switch self {
      case .string(let value): value
      case .int(let value): value
      case .double(let value): value
      case .bool(let value): value
      case .other(let value): value
      }
    }
  }

  /// The value of `key` in `group`; nil when it has none.
  public static func read(group: String, key: String) throws(AppGroupDefaultsError) -> Value? {
    try GroupFile(group).contents()[key].map(Value.init)
  }

  /// Every key of `group` and its value, sorted by key.
  public static func all(group: String) throws(AppGroupDefaultsError) -> [(String, Value)] {
    let contents = try GroupFile(group).contents()
    return contents.keys.sorted().map { ($0, Value(contents[$0]!)) }
  }

  /// Sets `key` of `group` to `value` and saves the group: returns once the new file is on
  /// disk (``GroupFile/update(_:)``).
  public static func write(
    group: String, key: String, value: Value
  ) throws(AppGroupDefaultsError) {
    _ = try GroupFile(group).update { $0[key] = value.object }
  }

  /// Removes `key` from `group` and saves the group; false if it had no value.
  public static func delete(group: String, key: String) throws(AppGroupDefaultsError) -> Bool {
    try GroupFile(group).update { $0.removeValue(forKey: key) != nil }
  }

  /// The file that holds `group`.
  public static func file(
    of group: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    HostPaths.store(environment: environment) + "/" + group + ".plist"
  }
}

/// One App Group's file, `group.….plist` in the store, in the XML property-list format that
/// Foundation's `UserDefaults(suiteName:)` reads and writes.
///
/// A change takes the group's ``GroupLock`` (`.group.….plist.lock` beside the file), reads the file,
/// writes the new contents to a temporary file (mode 0600), `fsync`s it, renames it over the
/// file and `fsync`s the folder: writers serialized by the lock never lose each other's keys,
/// and a reader (or a process killed mid-write) sees the old file or the new one, never half of
/// one. A file that is not a property-list dictionary is never replaced: it is renamed to
/// `group.….plist.damaged-<time>` and the operation fails naming both paths.
struct GroupFile {
  let group: String
  let folder: String
  let path: String

  init(_ group: String) throws(AppGroupDefaultsError) {
    guard HostPaths.isGroup(group) else { throw .badGroup(group) }
    self.group = group
    folder = HostPaths.store()
    path = folder + "/" + group + ".plist"
  }

  /// The group's values; empty when it has no file.
  func contents() throws(AppGroupDefaultsError) -> [String: Any] {
    do throws(Damage) {
      return try parse()
    } catch {
      // Set aside under the lock, so a file a writer has just renamed into place is read again.
      return try locked { () throws(AppGroupDefaultsError) in try parseOrSetAside() }
    }
  }

  /// Applies `change` to the group's values and saves them, under the group's lock; returns what
  /// `change` returned.
  func update<Result>(
    _ change: (inout [String: Any]) -> Result
  ) throws(AppGroupDefaultsError) -> Result {
    try locked { () throws(AppGroupDefaultsError) in
      var values = try parseOrSetAside()
      let result = change(&values)
      try save(values)
      return result
    }
  }

  private struct Damage: Error { let reason: String }

  private func parse() throws(Damage) -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path) else {
      if FileManager.default.fileExists(atPath: path) { throw Damage(reason: "cannot be read") }
      return [:]
    }
    if data.isEmpty { return [:] }
    let value: Any
    do {
      value = try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw Damage(reason: "not a property list")
    }
    guard let values = value as? [String: Any] else {
      throw Damage(reason: "not a property-list dictionary")
    }
    return values
  }

  private func parseOrSetAside() throws(AppGroupDefaultsError) -> [String: Any] {
    do throws(Damage) {
      return try parse()
    } catch {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let aside = path + ".damaged-\(now.tv_sec)-\(getpid())"
      let moved = rename(path, aside) == 0
      throw .damaged(path, reason: error.reason, movedTo: moved ? aside : nil)
    }
  }

  private func locked<Result>(
    _ body: () throws(AppGroupDefaultsError) -> Result
  ) throws(AppGroupDefaultsError) -> Result {
    try createFolder()
    let lock: Int32
    do {
      lock = try GroupLock.acquire(path)
    } catch {
      switch error {
      case .cannotOpen(let file): throw .notSaved(file)
      case .busy(let file): throw .busy(file)
      }
    }
    defer { close(lock) }
    return try body()
  }

  private func createFolder() throws(AppGroupDefaultsError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw .notSaved(path)
    }
  }

  private func save(_ values: [String: Any]) throws(AppGroupDefaultsError) {
    guard
      let data = try? PropertyListSerialization.data(
        fromPropertyList: values, format: .xml, options: 0)
    else { throw .notSaved(path) }
    let temporary = folder + "/." + group + ".plist.\(getpid()).tmp"
    unlink(temporary)
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard file >= 0 else { throw .notSaved(path) }
    let written = writeAll(file, data)
    let synced = fsync(file) == 0
    close(file)
    guard written, synced, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw .notSaved(path)
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }
}

/// Why a `widget-host defaults` operation failed.
public enum AppGroupDefaultsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The group is not `group.` and a reverse-DNS name.
  case badGroup(String)
  /// The text is not a value of the type.
  case badValue(String, type: String)
  /// The group's file could not be written.
  case notSaved(String)
  /// Another process held the group's lock file for `GroupLock.timeout` seconds.
  case busy(String)
  /// The group's file (first) is not a property-list dictionary, for `reason`; it was renamed to
  /// `movedTo` (nil when even that failed) and left unchanged.
  case damaged(String, reason: String, movedTo: String?)

  public var description: String {
    switch self {
    case .badGroup(let group):
      "'\(group)' is not an App Group id (expected group. and a reverse-DNS name, like "
        + "group.com.example.shared)"
    case .badValue(let text, let type):
      "'\(text)' is not "
        + (["int": "an integer", "double": "a number", "bool": "true or false"][type] ?? type)
    case .notSaved(let file): "cannot save \(file)"
    case .busy(let file):
      "another process has held \(file) for \(Int(GroupLock.timeout)) s: nothing was changed"
    case .damaged(let file, let reason, let aside):
      "\(file) is damaged (\(reason)); "
        + (aside.map { "moved it to \($0), the group is empty now" } ?? "could not move it aside")
    }
  }
}
