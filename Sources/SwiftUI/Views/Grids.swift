import Foundation
import WidgetSchema

/// A column of a ``LazyVGrid`` or a row of a ``LazyHGrid``: its size and the spacing after it.
public struct GridItem: Sendable {
  /// How large a column (or row) is.
  public enum Size: Sendable {
    /// This many points.
    case fixed(CGFloat)
    /// A share of the space left, between `minimum` and `maximum`.
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    /// As many columns of at least `minimum` points as fit, sharing the space.
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  /// The size.
  public var size: Size
  /// The spacing to the next item; nil for the default.
  public var spacing: CGFloat?
  /// How a cell's view is placed in it; nil for centred.
  public var alignment: Alignment?

  /// Creates an item.
  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
    self.size = size
    self.spacing = spacing
    self.alignment = alignment
  }
}

/// Views in rows of as many columns as `columns` describes, filled row by row.
///
/// Laid out as a vertical stack of horizontal stacks: each cell in a frame of its column's size
/// (flexible columns share the width equally), the last row padded with empty cells so that
/// columns line up. Nothing is lazy: a widget shows all it has.
public struct LazyVGrid<Content: View>: _PrimitiveView {
  let columns: [GridItem]
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a grid of `columns`.
  public init(
    columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.columns = columns
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let items = GridLayout.expanded(columns, across: Double(environment._proposedSize.width))
    let cells = ViewResolver.nodes(content, in: environment)
    return [
      GridLayout.grid(
        cells, items: items, horizontal: false, alignment: alignment.value,
        spacing: spacing.map(Double.init))
    ]
  }
}

/// Views in columns of as many rows as `rows` describes, filled column by column.
public struct LazyHGrid<Content: View>: _PrimitiveView {
  let rows: [GridItem]
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a grid of `rows`.
  public init(
    rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.rows = rows
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let items = GridLayout.expanded(rows, across: Double(environment._proposedSize.height))
    let cells = ViewResolver.nodes(content, in: environment)
    return [
      GridLayout.grid(
        cells, items: items, horizontal: true, alignment: alignment.value,
        spacing: spacing.map(Double.init))
    ]
  }
}

/// Views that stay at the edge of a scroll view: widgets do not scroll, so none do.
public struct PinnedScrollableViews: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Section headers.
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
  /// Section footers.
  public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Rows of cells: `Grid { GridRow { … } … }`.
///
/// A vertical stack of its rows, each row a horizontal stack whose cells share the width equally
/// (SwiftUI sizes each column by its widest cell); a view outside a `GridRow` spans the grid.
public struct Grid<Content: View>: _PrimitiveView {
  let alignment: Alignment
  let horizontalSpacing: CGFloat?
  let verticalSpacing: CGFloat?
  let content: Content

  /// Creates a grid.
  public init(
    alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
    verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.horizontalSpacing = horizontalSpacing
    self.verticalSpacing = verticalSpacing
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    var inner = environment
    inner.gridCells = GridCells(
      alignment: alignment.value, spacing: horizontalSpacing.map(Double.init))
    return [
      .stack(
        StackNode(
          axis: .vertical, alignment: alignment.value,
          spacing: verticalSpacing.map(Double.init),
          children: ViewResolver.nodes(content, in: inner)))
    ]
  }
}

/// A row of a ``Grid``: its views are its cells.
public struct GridRow<Content: View>: _PrimitiveView {
  let alignment: VerticalAlignment?
  let content: Content

  /// Creates a row.
  public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let grid = environment.gridCells ?? GridCells(alignment: .center, spacing: nil)
    var inner = environment
    inner.gridCells = nil
    let cells = ViewResolver.nodes(content, in: inner).map { cell in
      ViewNode.modified(cell, .frame(Frame(maxWidth: .infinity, alignment: grid.alignment)))
    }
    return [
      .stack(
        StackNode(
          axis: .horizontal, alignment: alignment?.value ?? .center, spacing: grid.spacing,
          children: cells))
    ]
  }
}

extension View {
  /// Ignored: every cell of a grid row takes one column.
  public func gridCellColumns(_ count: Int) -> some View { self }
  /// Ignored: cells are placed by their grid's alignment.
  public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }
  /// Ignored: cells are placed by their grid's alignment.
  public func gridCellAnchor(_ anchor: UnitPoint) -> some View { self }
  /// Ignored: every cell is sized by its row and column.
  public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }
}

/// How a ``Grid``'s rows place their cells.
struct GridCells {
  var alignment: WidgetSchema.Alignment
  var spacing: Double?
}

private struct GridCellsKey: EnvironmentKey {
  static let defaultValue: GridCells? = nil
}

extension EnvironmentValues {
  fileprivate var gridCells: GridCells? {
    get { self[GridCellsKey.self] }
    set { self[GridCellsKey.self] = newValue }
  }
}

/// The lazy grids' layout, in stacks and frames.
enum GridLayout {
  /// `items` with each adaptive item replaced by as many flexible ones as fit in `length`
  /// points.
  static func expanded(_ items: [GridItem], across length: Double) -> [GridItem] {
    items.flatMap { item -> [GridItem] in
      guard case .adaptive(let minimum, let maximum) = item.size else { return [item] }
      let spacing = Double(item.spacing ?? 8)
      let count = max(1, Int((length + spacing) / (Double(max(1, minimum)) + spacing)))
      return Array(
        repeating: GridItem(
          .flexible(minimum: minimum, maximum: maximum), spacing: item.spacing,
          alignment: item.alignment), count: count)
    }
  }

  /// `cells` in lines of `items.count`, each cell framed to its item: a vertical grid's rows
  /// (`horizontal` false) or a horizontal grid's columns.
  static func grid(
    _ cells: [ViewNode], items: [GridItem], horizontal: Bool, alignment: WidgetSchema.Alignment,
    spacing: Double?
  ) -> ViewNode {
    let width = max(1, items.count)
    var lines: [ViewNode] = []
    var start = 0
    while start < cells.count {
      let line = (0..<width).map { index -> ViewNode in
        let item = items.isEmpty ? GridItem() : items[index]
        let cell = start + index < cells.count ? cells[start + index] : .empty
        return .modified(cell, .frame(frame(of: item, horizontal: horizontal)))
      }
      lines.append(
        .stack(
          StackNode(
            axis: horizontal ? .vertical : .horizontal,
            spacing: items.first?.spacing.map(Double.init), children: line)))
      start += width
    }
    return .stack(
      StackNode(
        axis: horizontal ? .horizontal : .vertical, alignment: alignment, spacing: spacing,
        children: lines))
  }

  /// The frame of a cell of `item`: its fixed length, or flexible within its bounds.
  private static func frame(of item: GridItem, horizontal: Bool) -> Frame {
    let alignment = item.alignment?.value ?? .center
    switch item.size {
    case .fixed(let length):
      return horizontal
        ? Frame(height: Double(length), alignment: alignment)
        : Frame(width: Double(length), alignment: alignment)
    case .flexible(let minimum, let maximum), .adaptive(let minimum, let maximum):
      return horizontal
        ? Frame(minHeight: Double(minimum), maxHeight: Double(maximum), alignment: alignment)
        : Frame(minWidth: Double(minimum), maxWidth: Double(maximum), alignment: alignment)
    }
  }
}
