/// Something that can be stopped: a subscription.
public protocol Cancellable {
  /// Stops it.
  func cancel()
}

/// A subscription that is cancelled when it is cancelled or released: keep it
/// (`.store(in: &cancellables)`) for as long as the values matter.
public final class AnyCancellable: Cancellable, Hashable {
  private var cancelled: (() -> Void)?

  /// A subscription that runs `cancel` once, when cancelled or released.
  public init(_ cancel: @escaping () -> Void) {
    cancelled = cancel
  }

  /// Wraps `cancellable`.
  public convenience init<C: Cancellable>(_ cancellable: C) {
    self.init { cancellable.cancel() }
  }

  deinit { cancel() }

  public func cancel() {
    let cancel = cancelled
    cancelled = nil
    cancel?()
  }

  /// Keeps this subscription in `set`.
  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  /// Keeps this subscription in `collection`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
