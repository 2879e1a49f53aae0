import WidgetSchema

/// Turns a view into another view, as in SwiftUI: `.modifier(MyCardStyle())`.
///
/// Every modifier the SDK offers (`padding`, `font`, `background`, …) is a view modifier too, so
/// a custom modifier and a built-in one go through the same path: ``ModifiedContent`` evaluates
/// `body(content:)` with the environment in place and resolves the view it returns.
public protocol ViewModifier {
  /// The type of view the modifier makes.
  associatedtype Body: View

  /// The view the modifier is applied to, as `body(content:)` sees it.
  typealias Content = _ViewModifier_Content<Self>

  /// The modified view.
  @ViewBuilder func body(content: Self.Content) -> Self.Body
}

/// The view a ``ViewModifier`` is applied to. Use it in `body(content:)` like any other view.
public struct _ViewModifier_Content<Modifier: ViewModifier>: _PrimitiveView {
  let resolve: (EnvironmentValues) -> [ViewNode]

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    resolve(environment)
  }
}

/// A view with a modifier applied: what `.modifier(_:)` returns.
public struct ModifiedContent<Content, Modifier> {
  /// The view being modified.
  public var content: Content
  /// The modifier.
  public var modifier: Modifier

  /// Applies `modifier` to `content`.
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
}

extension ModifiedContent: _PrimitiveView where Content: View, Modifier: ViewModifier {
  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let content = self.content
    let placeholder = _ViewModifier_Content<Modifier> { ViewResolver.nodes(content, in: $0) }
    // The modifier's own `@Environment` properties read the environment it is applied in.
    return EnvironmentValues.$current.withValue(environment) {
      ViewResolver.nodes(modifier.body(content: placeholder), in: environment)
    }
  }
}

extension View {
  /// Applies `modifier` to this view.
  public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

/// A modifier that changes nothing.
public struct EmptyModifier: ViewModifier, Sendable {
  /// The modifier that changes nothing.
  public static let identity = EmptyModifier()

  /// Creates the modifier.
  public init() {}

  public func body(content: Content) -> Content { content }
}

// MARK: - The SDK's own modifiers

/// Wraps every node of the modified view in one view-tree modifier: `.modified(node, modifier)`.
///
/// Modifiers on a view that contributes several nodes (a `Group`, a `ForEach`, a body with
/// several views) apply to each of them, as in SwiftUI; on a view with no nodes they add
/// nothing. `make` returns nil when the modifier turns out to have no effect (`widgetURL(nil)`).
struct NodeModifier: ViewModifier {
  let make: (EnvironmentValues) -> WidgetSchema.Modifier?

  init(_ make: @escaping (EnvironmentValues) -> WidgetSchema.Modifier?) {
    self.make = make
  }

  init(_ modifier: WidgetSchema.Modifier) {
    self.make = { _ in modifier }
  }

  func body(content: Content) -> some View {
    WrappedNodes(content: content, make: make)
  }
}

/// The view ``NodeModifier`` returns.
struct WrappedNodes<Content: View>: _PrimitiveView {
  let content: Content
  let make: (EnvironmentValues) -> WidgetSchema.Modifier?

  func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let modifier = make(environment)
    var inner = environment
    if let modifier {
      inner._proposedSize = ProposalEstimate.offer(environment._proposedSize, inside: modifier)
    }
    let nodes = ViewResolver.nodes(content, in: inner)
    guard !nodes.isEmpty, let modifier else { return nodes }
    return nodes.map { .modified($0, modifier) }
  }
}

/// Resolves the modified view in a changed environment (`.environment(\.key, value)`); adds no
/// node of its own.
struct EnvironmentModifier: ViewModifier {
  let transform: (inout EnvironmentValues) -> Void

  func body(content: Content) -> some View {
    EnvironmentWriter(content: content, transform: transform)
  }
}

/// The view ``EnvironmentModifier`` returns.
struct EnvironmentWriter<Content: View>: _PrimitiveView {
  let content: Content
  let transform: (inout EnvironmentValues) -> Void

  func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    var changed = environment
    transform(&changed)
    return ViewResolver.nodes(content, in: changed)
  }
}

extension View {
  /// This view wrapped in `modifier`; the shorthand the SDK's modifiers use.
  func wrapped(in modifier: WidgetSchema.Modifier) -> some View {
    self.modifier(NodeModifier(modifier))
  }

  /// This view resolved in an environment changed by `transform`.
  func changingEnvironment(_ transform: @escaping (inout EnvironmentValues) -> Void) -> some View {
    modifier(EnvironmentModifier(transform: transform))
  }
}
