/// A source of values over time, as Combine's: subscribe with ``sink(receiveCompletion:receiveValue:)``.
///
/// This is the part of Combine widget code uses: publishers deliver values synchronously to the
/// handlers subscribed, with no demand (back-pressure); `receive(on:)` and `subscribe(on:)`
/// change nothing, since a widget's views are built on one thread.
public protocol Publisher<Output, Failure> {
  /// The values published.
  associatedtype Output
  /// The error that ends the stream, or `Never`.
  associatedtype Failure: Error

  /// Calls `receiveValue` for each value and `receiveCompletion` once at the end, until the
  /// subscription is cancelled. SDK detail: use `sink`.
  func _subscribe(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable
}

/// What subscribers receive.
public enum Subscribers {
  /// How a stream ends.
  public enum Completion<Failure: Error> {
    /// It ended normally.
    case finished
    /// It ended with an error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Publisher {
  /// Subscribes: `receiveValue` for each value, `receiveCompletion` at the end.
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    _subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
  }

  /// The publisher with its type erased.
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }

  /// Each value transformed by `transform`.
  public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
    AnyPublisher { completion, value in
      self._subscribe(receiveCompletion: completion) { value(transform($0)) }
    }
  }

  /// The values `isIncluded` accepts.
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
    AnyPublisher { completion, value in
      self._subscribe(receiveCompletion: completion) { if isIncluded($0) { value($0) } }
    }
  }

  /// The same values: delivery stays on the thread that publishes.
  public func receive<S>(on scheduler: S) -> Self { self }

  /// The same values: subscription stays on the calling thread.
  public func subscribe<S>(on scheduler: S) -> Self { self }
}

extension Publisher where Failure == Never {
  /// Subscribes: `receiveValue` for each value.
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    _subscribe(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }

  /// Stores each value into `object`'s property at `keyPath`.
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
    -> AnyCancellable
  {
    sink { object[keyPath: keyPath] = $0 }
  }
}

/// A publisher whose type is erased.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  private let subscribe:
    (
      @escaping (Subscribers.Completion<Failure>) -> Void, @escaping (Output) -> Void
    ) -> AnyCancellable

  /// `publisher`, erased.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    subscribe = { publisher._subscribe(receiveCompletion: $0, receiveValue: $1) }
  }

  init(
    subscribe:
      @escaping (
        @escaping (Subscribers.Completion<Failure>) -> Void, @escaping (Output) -> Void
      ) -> AnyCancellable
  ) {
    self.subscribe = subscribe
  }

  public func _subscribe(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    subscribe(receiveCompletion, receiveValue)
  }
}

/// A publisher of one value, then the end.
public struct Just<Output>: Publisher {
  public typealias Failure = Never
  /// The value.
  public let output: Output

  /// A publisher of `output`.
  public init(_ output: Output) { self.output = output }

  public func _subscribe(
    receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    receiveValue(output)
    receiveCompletion(.finished)
    return AnyCancellable {}
  }
}
