/// A key for a value in ``EnvironmentValues``, as in SwiftUI.
public protocol EnvironmentKey {
  /// The value's type.
  associatedtype Value
  /// The value when none was set.
  static var defaultValue: Value { get }
}

/// The values views read with `@Environment`: the widget's family, rendering mode and so on.
///
/// Other modules (WidgetKit) add values with extensions, as in SwiftUI.
public struct EnvironmentValues: @unchecked Sendable {
  // Unchecked: the values are set and read only while a view is being resolved, on one thread,
  // and are never shared with another task.
  private var storage: [ObjectIdentifier: Any] = [:]

  /// Creates environment values with every key at its default.
  public init() {}

  /// The value for `key`, or its default.
  public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
    get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  /// The environment of the view being resolved.
  @TaskLocal static var current = EnvironmentValues()
}

/// A property whose value the SDK supplies when the view is resolved.
public protocol DynamicProperty {}

/// Reads a value from the environment of the view being resolved:
/// `@Environment(\.widgetFamily) var family`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  private let keyPath: KeyPath<EnvironmentValues, Value>

  /// Reads the value at `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    self.keyPath = keyPath
  }

  /// The value in the environment of the view whose `body` is being evaluated.
  public var wrappedValue: Value {
    EnvironmentValues.current[keyPath: keyPath]
  }
}
