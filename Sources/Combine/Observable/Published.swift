import Foundation

/// A property whose changes are published (`$property` is its publisher) and, in an
/// ``ObservableObject``, announced by `objectWillChange` before they happen.
@propertyWrapper
public struct Published<Value> {
  /// The publisher of a `@Published` property's values: its current value first, then each new
  /// one.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never
    let subject: CurrentValueSubject<Value, Never>

    public func _subscribe(
      receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
      receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
      subject._subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
  }

  private let subject: CurrentValueSubject<Value, Never>

  /// A published property starting at `wrappedValue`.
  public init(wrappedValue: Value) {
    subject = CurrentValueSubject(wrappedValue)
  }

  /// A published property starting at `initialValue`.
  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }

  /// The property's publisher: `$property`.
  public var projectedValue: Publisher { Publisher(subject: subject) }

  /// The value, read and written through the object, which announces a change first.
  public static subscript<Object: AnyObject>(
    _enclosingInstance object: Object,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].subject.value }
    set {
      if let observable = object as? any ObservableObject {
        announce(observable)
      }
      object[keyPath: storageKeyPath].subject.value = newValue
    }
  }

  private static func announce<O: ObservableObject>(_ object: O) {
    (object.objectWillChange as? ObservableObjectPublisher)?.send()
  }
}
