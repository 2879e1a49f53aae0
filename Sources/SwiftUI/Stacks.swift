import WidgetSchema

/// How views in a `VStack` line up horizontally.
public struct HorizontalAlignment: Equatable, Sendable {
  let value: WidgetSchema.Alignment
  public static let leading = HorizontalAlignment(value: .leading)
  public static let center = HorizontalAlignment(value: .center)
  public static let trailing = HorizontalAlignment(value: .trailing)
}

/// How views in an `HStack` line up vertically.
public struct VerticalAlignment: Equatable, Sendable {
  let value: WidgetSchema.Alignment
  public static let top = VerticalAlignment(value: .top)
  public static let center = VerticalAlignment(value: .center)
  public static let bottom = VerticalAlignment(value: .bottom)
  public static let firstTextBaseline = VerticalAlignment(value: .firstTextBaseline)
  public static let lastTextBaseline = VerticalAlignment(value: .lastTextBaseline)
}

/// Views laid out side by side.
public struct HStack<Content: View>: _PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: Double?
  let content: Content

  /// Creates a horizontal stack.
  public init(
    alignment: VerticalAlignment = .center, spacing: Double? = nil,
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
          axis: .horizontal, alignment: alignment.value, spacing: spacing,
          children: ViewResolver.nodes(content, in: environment)))
    ]
  }
}

/// Views laid out one above the other.
public struct VStack<Content: View>: _PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: Double?
  let content: Content

  /// Creates a vertical stack.
  public init(
    alignment: HorizontalAlignment = .center, spacing: Double? = nil,
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
          axis: .vertical, alignment: alignment.value, spacing: spacing,
          children: ViewResolver.nodes(content, in: environment)))
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

/// How a view lines up in both directions inside a `ZStack` or a frame.
public struct Alignment: Equatable, Sendable {
  let value: WidgetSchema.Alignment
  public static let center = Alignment(value: .center)
  public static let leading = Alignment(value: .leading)
  public static let trailing = Alignment(value: .trailing)
  public static let top = Alignment(value: .top)
  public static let bottom = Alignment(value: .bottom)
  public static let topLeading = Alignment(value: .topLeading)
  public static let topTrailing = Alignment(value: .topTrailing)
  public static let bottomLeading = Alignment(value: .bottomLeading)
  public static let bottomTrailing = Alignment(value: .bottomTrailing)
}

/// Flexible space that pushes its neighbours apart along the stack's axis.
public struct Spacer: _PrimitiveView {
  let minLength: Double?

  /// Creates a spacer at least `minLength` points long (default spacing when nil).
  public init(minLength: Double? = nil) {
    self.minLength = minLength
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.spacer(minLength: minLength)]
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
