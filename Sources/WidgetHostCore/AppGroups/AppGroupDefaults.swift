import Foundation
import WidgetSchema
import WidgetSupport

/// `widget-host defaults`: reads and writes App Group values through Foundation's
/// `UserDefaults(suiteName:)`, the very storage apps and bundles use
/// (`$XDG_CONFIG_HOME/group.….plist`), saving each change at once.
public enum AppGroupDefaults {
  /// A value as the command line gives and shows it.
  public enum Value: Sendable, Equatable, CustomStringConvertible {
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

    /// How Foundation returned it: booleans are distinct from numbers in the property list.
    init(_ value: Any) {
      switch value {
      case let value as String: self = .string(value)
      case let value as Bool: self = .bool(value)
      case let value as Int: self = .int(value)
      case let value as Double: self = .double(value)
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
    let defaults = try suite(group)
    return defaults.object(forKey: key).map(Value.init)
  }

  /// Every key of `group` and its value, sorted by key.
  public static func all(group: String) throws(AppGroupDefaultsError) -> [(String, Value)] {
    _ = try suite(group)
    let domain = UserDefaults(suiteName: group)?.persistentDomain(forName: group) ?? [:]
    return domain.keys.sorted().compactMap { key in
      // Corelibs wraps the values of a persistent domain in optionals.
      let value: Any? = domain[key].flatMap { $0 as Any? }
      return value.map { (key, Value(Self.unwrapped($0))) }
    }
  }

  /// Sets `key` of `group` to `value` and saves the group.
  public static func write(
    group: String, key: String, value: Value
  ) throws(AppGroupDefaultsError) {
    let defaults = try suite(group)
    defaults.set(value.object, forKey: key)
    try save(defaults, group)
  }

  /// Removes `key` from `group` and saves the group; false if it had no value.
  public static func delete(group: String, key: String) throws(AppGroupDefaultsError) -> Bool {
    let defaults = try suite(group)
    guard defaults.object(forKey: key) != nil else { return false }
    defaults.removeObject(forKey: key)
    try save(defaults, group)
    return true
  }

  /// The file that holds `group`.
  public static func file(
    of group: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    HostPaths.store(environment: environment) + "/" + group + ".plist"
  }

  private static func suite(_ group: String) throws(AppGroupDefaultsError) -> UserDefaults {
    guard HostPaths.isGroup(group), let defaults = UserDefaults(suiteName: group) else {
      throw .badGroup(group)
    }
    // Another process may have written the group since this one started.
    defaults.synchronize()
    return defaults
  }

  private static func save(_ defaults: UserDefaults, _ group: String) throws(AppGroupDefaultsError)
  {
    let folder = HostPaths.store()
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    guard defaults.synchronize() else { throw .notSaved(file(of: group)) }
  }

  private static func unwrapped(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, let child = mirror.children.first else { return value }
    return unwrapped(child.value)
  }
}

/// Why a `widget-host defaults` operation failed.
public enum AppGroupDefaultsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The group is not `group.` and a reverse-DNS name.
  case badGroup(String)
  /// The text is not a value of the type.
  case badValue(String, type: String)
  /// Foundation could not write the group's file.
  case notSaved(String)

  public var description: String {
    switch self {
    case .badGroup(let group):
      "'\(group)' is not an App Group id (expected group. and a reverse-DNS name, like "
        + "group.com.example.shared)"
    case .badValue(let text, let type):
      "'\(text)' is not "
        + (["int": "an integer", "double": "a number", "bool": "true or false"][type] ?? type)
    case .notSaved(let file): "cannot save \(file)"
    }
  }
}
