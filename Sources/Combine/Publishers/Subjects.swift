import Foundation

/// A publisher values are sent into: `subject.send(value)`.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Publishes `value` to every subscriber.
  func send(_ value: Output)
  /// Ends the stream for every subscriber.
  func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
  /// Publishes the empty value.
  public func send() { send(()) }
}

/// The subscribers of a subject, and whether it has ended. Thread-safe.
final class Subscriptions<Output, Failure: Error>: @unchecked Sendable {
  // Unchecked: the lock guards every field.
  private let lock = NSLock()
  private var next = 0
  private var handlers:
    [Int: (value: (Output) -> Void, completion: (Subscribers.Completion<Failure>) -> Void)] = [:]
  private(set) var completion: Subscribers.Completion<Failure>?

  func add(
    value: @escaping (Output) -> Void,
    completion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) -> AnyCancellable {
    let ended: Subscribers.Completion<Failure>? = lock.withLock {
      if let completion = self.completion { return completion }
      handlers[next] = (value, completion)
      next += 1
      return nil
    }
    if let ended {
      completion(ended)
      return AnyCancellable {}
    }
    let id = lock.withLock { next - 1 }
    return AnyCancellable { [weak self] in
      guard let self else { return }
      _ = self.lock.withLock { self.handlers.removeValue(forKey: id) }
    }
  }

  func send(_ value: Output) {
    let current = lock.withLock { completion == nil ? Array(handlers.values) : [] }
    for handler in current { handler.value(value) }
  }

  func finish(_ completion: Subscribers.Completion<Failure>) {
    let current = lock.withLock {
      guard self.completion == nil else { return [] as [(Subscribers.Completion<Failure>) -> Void] }
      self.completion = completion
      defer { handlers = [:] }
      return handlers.values.map(\.completion)
    }
    for handler in current { handler(completion) }
  }
}

/// A subject that publishes what is sent from then on.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
  private let subscriptions = Subscriptions<Output, Failure>()

  /// Creates a subject.
  public init() {}

  public func send(_ value: Output) { subscriptions.send(value) }
  public func send(completion: Subscribers.Completion<Failure>) {
    subscriptions.finish(completion)
  }

  public func _subscribe(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    subscriptions.add(value: receiveValue, completion: receiveCompletion)
  }
}

/// A subject with a current value, published to each new subscriber first.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
  private let subscriptions = Subscriptions<Output, Failure>()
  private let lock = NSLock()
  private var current: Output

  /// A subject whose value is `value` until another is sent.
  public init(_ value: Output) { current = value }

  /// The current value; setting it sends it.
  public var value: Output {
    get { lock.withLock { current } }
    set { send(newValue) }
  }

  public func send(_ value: Output) {
    lock.withLock { current = value }
    subscriptions.send(value)
  }

  public func send(completion: Subscribers.Completion<Failure>) {
    subscriptions.finish(completion)
  }

  public func _subscribe(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    if subscriptions.completion == nil { receiveValue(value) }
    return subscriptions.add(value: receiveValue, completion: receiveCompletion)
  }
}
