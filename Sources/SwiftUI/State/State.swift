import Foundation

// View state. A widget's views are rebuilt from each entry and never live on screen, so state
// starts at its initial value every time and a change is never drawn: enough for widget code
// written for iOS, which reads state and passes bindings (docs/swiftui-coverage.md).

/// A value a view owns: `@State private var expanded = false`. Starts at its initial value in
/// every entry's view; a change made while the view is built is kept for the rest of that
/// build.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  private final class Storage: @unchecked Sendable {
    // Unchecked: a view is built on one thread, and the box never leaves its build.
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private let storage: Storage

  /// State starting at `value`.
  public init(wrappedValue value: Value) {
    storage = Storage(value)
  }

  /// State starting at `value`.
  public init(initialValue value: Value) {
    storage = Storage(value)
  }

  /// The value.
  public var wrappedValue: Value {
    get { storage.value }
    nonmutating set { storage.value = newValue }
  }

  /// A binding to the value: `$expanded`.
  public var projectedValue: Binding<Value> {
    Binding(get: { storage.value }, set: { storage.value = $0 })
  }
}

extension State where Value: ExpressibleByNilLiteral {
  /// State starting at nil.
  public init() {
    self.init(wrappedValue: nil)
  }
}

/// A value owned elsewhere that a view reads and writes: `@Binding var isOn: Bool`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
  private let get: () -> Value
  private let set: (Value) -> Void

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// A binding with the same value as `projectedValue` (`init(_:)` of a `$state`).
  public init(projectedValue: Binding<Value>) {
    self = projectedValue
  }

  /// A binding that always reads `value` and ignores writes.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  /// The value.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  /// The binding itself: `$isOn` inside the view that declares `@Binding var isOn`.
  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value: `$settings.isOn`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  {
    Binding<Subject>(
      get: { self.wrappedValue[keyPath: keyPath] },
      set: { newValue in
        var value = self.wrappedValue
        value[keyPath: keyPath] = newValue
        self.wrappedValue = value
      })
  }
}

/// Which view has the keyboard focus: `@FocusState private var isFocused: Bool`. Widgets take
/// no keyboard input, so nothing is ever focused: the value stays the default (false, or nil).
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
  private let value: Value

  /// A focus state of a `Bool`: false.
  public init() where Value == Bool {
    value = false
  }

  /// A focus state of an optional: nil.
  public init<T: Hashable>() where Value == T? {
    value = nil
  }

  /// The focused value: never changes.
  public var wrappedValue: Value { value }

  /// A binding for `.focused(_:)`.
  public var projectedValue: Binding<Value> {
    Binding.constant(value)
  }
}

extension View {
  /// Accepted: widgets take no keyboard input, so nothing is focused.
  public func focused(_ condition: Binding<Bool>) -> some View { self }

  /// Accepted: widgets take no keyboard input, so nothing is focused.
  public func focused<Value: Hashable>(_ binding: Binding<Value?>, equals value: Value)
    -> some View
  { self }

  /// Accepted and never run: a widget's view is drawn from each entry and never appears on a
  /// screen where it would live (as on iOS, where widget views are archived, not shown live).
  public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

  /// Accepted and never run, as ``onAppear(perform:)``.
  public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

  /// Accepted and never run, as ``onAppear(perform:)``: a widget's view is archived once per
  /// entry, so work started when it appears has nothing to change. Load what it needs in the
  /// provider, before the entry is made.
  public func task(
    priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void
  ) -> some View { self }

  /// Accepted and never run, as ``task(priority:_:)``.
  public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    _ action: @escaping @Sendable () async -> Void
  ) -> some View { self }
}
