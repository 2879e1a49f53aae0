import Foundation

/// Values kept per object, for as long as the object lives, without a stored property of its
/// own: an `ObservableObject`'s publisher.
final class ObjectTable<Value: AnyObject>: @unchecked Sendable {
  // Unchecked: the lock guards `entries`.
  private struct Entry {
    weak var object: AnyObject?
    let value: Value
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]

  /// The value kept for `object`, made by `make` the first time.
  func value(for object: AnyObject, make: () -> Value) -> Value {
    lock.withLock {
      let id = ObjectIdentifier(object)
      if let entry = entries[id], entry.object === object { return entry.value }
      // An identifier is reused once its object is gone: drop what such objects left.
      if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
      let value = make()
      entries[id] = Entry(object: object, value: value)
      return value
    }
  }
}
