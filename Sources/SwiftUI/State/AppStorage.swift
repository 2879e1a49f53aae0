import Foundation

/// A value kept in `UserDefaults`: `@AppStorage("count", store: UserDefaults(suiteName:
/// "group.com.example")) var count = 0`. Reads the store each time (a bundle's App Group
/// defaults are synchronized before every provider call), and falls back to the initial value
/// when the key is absent or holds another type; writes go to the store.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
  private let key: String
  private let defaultValue: Value
  private let store: UserDefaults
  private let read: (UserDefaults, String) -> Value?
  private let write: (UserDefaults, String, Value) -> Void

  private init(
    key: String, defaultValue: Value, store: UserDefaults?,
    read: @escaping (UserDefaults, String) -> Value?,
    write: @escaping (UserDefaults, String, Value) -> Void
  ) {
    self.key = key
    self.defaultValue = defaultValue
    self.store = store ?? .standard
    self.read = read
    self.write = write
  }

  /// The stored value, or the initial one.
  public var wrappedValue: Value {
    get { read(store, key) ?? defaultValue }
    nonmutating set { write(store, key, newValue) }
  }

  /// A binding to the stored value.
  public var projectedValue: Binding<Value> {
    Binding(get: { wrappedValue }, set: { wrappedValue = $0 })
  }

  /// Storage of a property-list value (what the store holds as `Value`).
  private static func plist(_ key: String, _ defaultValue: Value, _ store: UserDefaults?)
    -> AppStorage
  {
    AppStorage(
      key: key, defaultValue: defaultValue, store: store,
      read: { $0.object(forKey: $1) as? Value }, write: { $0.set($2, forKey: $1) })
  }
}

extension AppStorage where Value == Bool {
  /// A Boolean under `key`.
  public init(wrappedValue: Bool, _ key: String, store: UserDefaults? = nil) {
    self = .plist(key, wrappedValue, store)
  }
}

extension AppStorage where Value == Int {
  /// An integer under `key`.
  public init(wrappedValue: Int, _ key: String, store: UserDefaults? = nil) {
    self = .plist(key, wrappedValue, store)
  }
}

extension AppStorage where Value == Double {
  /// A number under `key`.
  public init(wrappedValue: Double, _ key: String, store: UserDefaults? = nil) {
    self = .plist(key, wrappedValue, store)
  }
}

extension AppStorage where Value == String {
  /// A string under `key`.
  public init(wrappedValue: String, _ key: String, store: UserDefaults? = nil) {
    self = .plist(key, wrappedValue, store)
  }
}

extension AppStorage where Value == Data {
  /// Bytes under `key`.
  public init(wrappedValue: Data, _ key: String, store: UserDefaults? = nil) {
    self = .plist(key, wrappedValue, store)
  }
}

extension AppStorage where Value == URL {
  /// A URL under `key`.
  public init(wrappedValue: URL, _ key: String, store: UserDefaults? = nil) {
    self.init(
      key: key, defaultValue: wrappedValue, store: store, read: { $0.url(forKey: $1) },
      write: { $0.set($2, forKey: $1) })
  }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
  /// An enumeration under `key`, stored as its integer raw value.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
    self.init(
      key: key, defaultValue: wrappedValue, store: store,
      read: { store, key in (store.object(forKey: key) as? Int).flatMap(Value.init(rawValue:)) },
      write: { $0.set($2.rawValue, forKey: $1) })
  }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
  /// An enumeration under `key`, stored as its string raw value.
  public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
    self.init(
      key: key, defaultValue: wrappedValue, store: store,
      read: { store, key in store.string(forKey: key).flatMap(Value.init(rawValue:)) },
      write: { $0.set($2.rawValue, forKey: $1) })
  }
}

extension AppStorage {
  /// An optional value of type `T` under `key`: nil when absent; setting nil removes it.
  private static func optional<T>(_ key: String, _ store: UserDefaults?, as: T.Type)
    -> AppStorage
  where Value == T? {
    AppStorage(
      key: key, defaultValue: nil, store: store,
      read: { store, key in (store.object(forKey: key) as? T).map { .some($0) } },
      write: { store, key, value in
        if let value { store.set(value, forKey: key) } else { store.removeObject(forKey: key) }
      })
  }
}

extension AppStorage where Value == Bool? {
  /// An optional Boolean under `key`.
  public init(_ key: String, store: UserDefaults? = nil) {
    self = .optional(key, store, as: Bool.self)
  }
}

extension AppStorage where Value == Int? {
  /// An optional integer under `key`.
  public init(_ key: String, store: UserDefaults? = nil) {
    self = .optional(key, store, as: Int.self)
  }
}

extension AppStorage where Value == Double? {
  /// An optional number under `key`.
  public init(_ key: String, store: UserDefaults? = nil) {
    self = .optional(key, store, as: Double.self)
  }
}

extension AppStorage where Value == String? {
  /// An optional string under `key`.
  public init(_ key: String, store: UserDefaults? = nil) {
    self = .optional(key, store, as: String.self)
  }
}

extension AppStorage where Value == Data? {
  /// Optional bytes under `key`.
  public init(_ key: String, store: UserDefaults? = nil) {
    self = .optional(key, store, as: Data.self)
  }
}
