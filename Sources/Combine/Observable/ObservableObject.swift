/// An object whose changes are announced before they happen (`objectWillChange`), as SwiftUI's
/// `@StateObject` and `@ObservedObject` expect. A class's `@Published` properties send it.
public protocol ObservableObject: AnyObject {
  /// The publisher of the announcements.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// Publishes before any `@Published` property changes.
  var objectWillChange: ObjectWillChangePublisher { get }
}

/// The announcements of an ``ObservableObject``.
public final class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never
  private let subject = PassthroughSubject<Void, Never>()

  /// Creates a publisher.
  public init() {}

  /// Announces a change.
  public func send() { subject.send(()) }

  public func _subscribe(
    receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    subject._subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
  }
}

/// One publisher per object, made when first asked for.
private let announcements = ObjectTable<ObservableObjectPublisher>()

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The object's own publisher, the one its `@Published` properties send.
  public var objectWillChange: ObservableObjectPublisher {
    announcements.value(for: self) { ObservableObjectPublisher() }
  }
}
