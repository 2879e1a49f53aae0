import Combine
import Foundation

// Observable objects in views. A widget's view is built once per entry, so an object's changes
// are never redrawn: the objects are made and read as on iOS, and bindings into them work.

/// An observable object a view makes and owns: `@StateObject private var model = Model()`.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
  private final class Storage: @unchecked Sendable {
    // Unchecked: a view is built on one thread, and the box never leaves its build.
    let make: () -> ObjectType
    lazy var object: ObjectType = make()
    init(_ make: @escaping () -> ObjectType) { self.make = make }
  }

  private let storage: Storage

  /// The object `thunk` makes, the first time the view reads it.
  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
    storage = Storage(thunk)
  }

  /// The object.
  public var wrappedValue: ObjectType { storage.object }

  /// Bindings to the object's properties: `$model.name`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(object: storage.object)
  }
}

/// An observable object a view is given: `@ObservedObject var model: Model`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  /// Bindings to an object's properties.
  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType

    /// A binding to the property at `keyPath`.
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
    ) -> Binding<Subject> {
      let object = self.object
      return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }

  /// The object.
  public var wrappedValue: ObjectType

  /// Observes `wrappedValue`.
  public init(wrappedValue: ObjectType) {
    self.wrappedValue = wrappedValue
  }

  /// Observes `initialValue`.
  public init(initialValue: ObjectType) {
    self.init(wrappedValue: initialValue)
  }

  /// Bindings to the object's properties: `$model.name`.
  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

/// An observable object an ancestor view put in the environment with `.environmentObject(_:)`:
/// `@EnvironmentObject var settings: Settings`.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
  /// Reads the object from the environment the view is built in.
  public init() {}

  /// The object; a view built without one stops with the message SwiftUI gives.
  public var wrappedValue: ObjectType {
    guard let object = EnvironmentValues.current.objects[ObjectIdentifier(ObjectType.self)] else {
      fatalError(
        "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for "
          + "\(ObjectType.self) may be missing as an ancestor of this view.")
    }
    return object as! ObjectType
  }

  /// Bindings to the object's properties.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
  }
}

private struct EnvironmentObjectsKey: EnvironmentKey {
  static var defaultValue: [ObjectIdentifier: AnyObject] { [:] }
}

extension EnvironmentValues {
  /// The objects `.environmentObject(_:)` put here, by type.
  fileprivate var objects: [ObjectIdentifier: AnyObject] {
    get { self[EnvironmentObjectsKey.self] }
    set { self[EnvironmentObjectsKey.self] = newValue }
  }
}

extension View {
  /// Puts `object` in the environment of this view's views, for `@EnvironmentObject`.
  public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
    changingEnvironment { $0.objects[ObjectIdentifier(T.self)] = object }
  }
}
