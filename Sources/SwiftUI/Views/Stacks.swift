import Foundation
import WidgetSchema

/// Views laid out side by side.
public struct HStack<Content: View>: _PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a horizontal stack.
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [
      .stack(
        StackNode(
          axis: .horizontal, alignment: alignment.value, spacing: spacing.map(Double.init),
          children: ProposalEstimate.stackChildren(
            axis: .horizontal, spacing: spacing.map(Double.init), in: environment
          ) { ViewResolver.nodes(content, in: $0) }))
    ]
  }
}

/// Views laid out one above the other.
public struct VStack<Content: View>: _PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a vertical stack.
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [
      .stack(
        StackNode(
          axis: .vertical, alignment: alignment.value, spacing: spacing.map(Double.init),
          children: ProposalEstimate.stackChildren(
            axis: .vertical, spacing: spacing.map(Double.init), in: environment
          ) { ViewResolver.nodes(content, in: $0) }))
    ]
  }
}

/// Views laid over each other, the first at the back.
public struct ZStack<Content: View>: _PrimitiveView {
  let alignment: Alignment
  let content: Content

  /// Creates an overlaying stack.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [
      .stack(
        StackNode(
          axis: .z, alignment: alignment.value,
          children: ViewResolver.nodes(content, in: environment)))
    ]
  }
}

/// Flexible space that pushes its neighbours apart along the stack's axis.
public struct Spacer: _PrimitiveView {
  let minLength: CGFloat?

  /// Creates a spacer at least `minLength` points long (default spacing when nil).
  public init(minLength: CGFloat? = nil) {
    self.minLength = minLength
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.spacer(minLength: minLength.map(Double.init))]
  }
}

/// A view that shows nothing.
public struct EmptyView: _PrimitiveView {
  /// Creates an empty view.
  public init() {}

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] { [] }
}

/// Several views treated as one, laid out by the enclosing container.
public struct Group<Content: View>: _PrimitiveView {
  let content: Content

  /// Groups the views built by `content`.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    ViewResolver.nodes(content, in: environment)
  }
}
