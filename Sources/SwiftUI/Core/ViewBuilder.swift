import WidgetSchema

/// Builds views from closures, as SwiftUI's `@ViewBuilder` does: several statements, `if`,
/// `if`/`else`, `switch`, optionals and `if #available`.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

  public static func buildBlock() -> EmptyView { EmptyView() }

  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    var children: [any View] = []
    for child in repeat each content {
      children.append(child)
    }
    return TupleView(value: (repeat each content), children: children)
  }

  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent(storage: .trueContent(first))
  }

  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    _ConditionalContent(storage: .falseContent(second))
  }

  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

/// Several views built by a ``ViewBuilder`` block.
public struct TupleView<T>: _PrimitiveView {
  /// The views, as a tuple.
  public var value: T
  private let children: [any View]

  init(value: T, children: [any View]) {
    self.value = value
    self.children = children
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    ViewResolver.nodes(of: children, in: environment)
  }
}

/// One of two views, chosen by an `if`/`else` or a `switch` in a ``ViewBuilder``.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  let storage: Storage

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    switch storage {
    case .trueContent(let view): ViewResolver.nodes(view, in: environment)
    case .falseContent(let view): ViewResolver.nodes(view, in: environment)
    }
  }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
}

extension Optional: _PrimitiveView where Wrapped: View {
  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    switch self {
    case .some(let view): ViewResolver.nodes(view, in: environment)
    case .none: []
    }
  }
}

/// A type-erased view.
public struct AnyView: _PrimitiveView {
  private let view: any View

  /// Wraps `view`.
  public init<V: View>(_ view: V) {
    self.view = view
  }

  /// Wraps `view`, or nil if it is not a view.
  public init?(erasing view: Any) {
    guard let view = view as? any View else { return nil }
    self.view = view
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    ViewResolver.nodes(view, in: environment)
  }
}
