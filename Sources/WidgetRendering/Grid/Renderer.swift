import Foundation
import WidgetSchema

/// An entry drawn on its family's grid.
public struct RenderedEntry: Sendable, Equatable {
  /// The rows, each exactly the grid's width in columns.
  public var lines: [String]
  /// Styled cells.
  public var spans: [Span]
  /// `Link` rectangles.
  public var regions: [TapRegion]
  /// The `widgetURL`.
  public var url: String?
  /// Problems worth telling the bundle's author (a `Link` in systemSmall).
  public var warnings: [String]
  /// When a live date in the entry next shows a different text, if it has one.
  public var nextLiveChange: Date?
}

/// One text or symbol as a grid shows it (``Renderer/texts(_:family:now:)``).
public struct DrawnText: Sendable, Equatable {
  /// What it shows, its lines joined with a space.
  public var text: String
  /// The grid rows it was drawn in.
  public var rows: Range<Int>

  /// A text drawn in `rows`.
  public init(text: String, rows: Range<Int>) {
    self.text = text
    self.rows = rows
  }
}

/// Renders entries onto their family's cell grid: the layout engine with the grid's metrics
/// (``GridMetrics``), then the cells drawn.
public struct Renderer: Sendable {
  /// How dates in text are formatted.
  public var dates: DateText

  /// Creates a renderer.
  public init(dates: DateText) {
    self.dates = dates
  }

  /// `view` drawn on `family`'s grid at time `now`. The content is centered, as WidgetKit
  /// centers a widget's body; `.containerBackground` layers fill the whole grid behind it.
  public func render(_ view: ViewNode, family: WidgetFamily, now: Date) -> RenderedEntry {
    draw(view, grid: CellMetrics.grid(for: family), family: family, now: now, notingText: false)
      .entry
  }

  /// `view` drawn on the grid of a place that is not a widget family, `size` points (a Live
  /// Activity's presentation), at `now`: as a family's, with `Link`s opening their URLs.
  public func render(_ view: ViewNode, size: Size, now: Date) -> RenderedEntry {
    draw(view, grid: CellMetrics.grid(for: size), family: nil, now: now, notingText: false).entry
  }

  /// The texts `view` shows on a grid of `size` points at `now`, as
  /// ``texts(_:family:now:)`` gives a family's.
  public func texts(_ view: ViewNode, size: Size, now: Date) -> [DrawnText] {
    texts(draw(view, grid: CellMetrics.grid(for: size), family: nil, now: now, notingText: true))
  }

  /// The texts `view` shows on `family`'s grid at `now`, in drawing order (which is reading
  /// order: a stack's views one after the other, a layer after what it is behind): each text
  /// and symbol as drawn, its wrapped lines joined with a space, without images, shapes or
  /// blank ones. What a status bar shows of a widget (docs/status-bars.md).
  public func texts(_ view: ViewNode, family: WidgetFamily, now: Date) -> [DrawnText] {
    texts(
      draw(view, grid: CellMetrics.grid(for: family), family: family, now: now, notingText: true))
  }

  private func texts(
    _ drawn: (entry: RenderedEntry, canvas: Canvas, textAreas: [CellRect])
  ) -> [DrawnText] {
    drawn.textAreas.compactMap { area in
      let text = drawn.canvas.text(in: area)
      return text.isEmpty ? nil : DrawnText(text: text, rows: area.y..<area.y + area.height)
    }
  }

  private func draw(
    _ view: ViewNode, grid: CellSize, family: WidgetFamily?, now: Date, notingText: Bool
  ) -> (entry: RenderedEntry, canvas: Canvas, textAreas: [CellRect]) {
    var builder = LayoutBuilder(metrics: GridMetrics(), dates: dates, now: now)
    let root = builder.build(view)
    let metrics = builder.metrics
    let layout = Layout(metrics: metrics)
    layout.placeWidget(
      root, backgrounds: builder.containerBackgrounds,
      size: LayoutSize(
        width: Double(grid.width) * GridMetrics.column,
        height: Double(grid.height) * GridMetrics.row))
    var canvas = Canvas(size: grid, table: metrics.table)
    var painter = GridPainter(family: family, metrics: metrics)
    painter.notesText = notingText
    for background in builder.containerBackgrounds { painter.draw(background, in: &canvas) }
    painter.draw(root, in: &canvas)
    let entry = RenderedEntry(
      lines: canvas.lines, spans: canvas.spans, regions: painter.regions, url: builder.widgetURL,
      warnings: painter.warnings, nextLiveChange: builder.nextLiveChange)
    return (entry, canvas, painter.textAreas)
  }

  /// Just the rows of `view` on `family`'s grid at `now`.
  public func lines(for view: ViewNode, family: WidgetFamily, now: Date) -> [String] {
    render(view, family: family, now: now).lines
  }
}
