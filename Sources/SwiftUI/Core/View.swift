import WidgetSchema

/// A piece of user interface, described by its `body`, as in SwiftUI.
///
/// On this platform a view is resolved, once per entry, into the host's view tree (`ViewNode`);
/// the host lays it out and renders it. Views are values: keep all data in the entry.
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View

  /// The content of the view.
  @ViewBuilder var body: Self.Body { get }
}

/// A view the SDK resolves directly instead of through its `body`.
///
/// Implementation detail of the SDK modules (SwiftUI and WidgetKit); not for bundle authors.
public protocol _PrimitiveView: View where Body == Never {
  /// The view-tree nodes this view contributes to its parent, in order.
  func _nodes(in environment: EnvironmentValues) -> [ViewNode]
}

extension _PrimitiveView {
  /// Primitive views have no body.
  public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("Never has no body") }
}
