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

/// Renders entries onto their family's cell grid.
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
    let grid = CellMetrics.grid(for: family)
    var builder = LayoutBuilder(dates: dates, now: now)
    let root = builder.build(view)
    var layout = Layout(family: family)
    var canvas = Canvas(size: grid, table: builder.table)
    let full = CellRect(x: 0, y: 0, width: grid.width, height: grid.height)
    for background in builder.containerBackgrounds {
      layout.draw(background, in: &canvas, at: full)
    }
    let size = layout.size(of: root, Proposal(width: grid.width, height: grid.height))
    let clipped = CellSize(
      width: min(size.width, grid.width), height: min(size.height, grid.height))
    layout.draw(
      root, in: &canvas,
      at: CellRect(
        x: Layout.offset(clipped.width, in: grid.width, .center),
        y: Layout.offset(clipped.height, in: grid.height, .center), width: size.width,
        height: size.height))
    return RenderedEntry(
      lines: canvas.lines, spans: canvas.spans, regions: layout.regions, url: builder.widgetURL,
      warnings: layout.warnings, nextLiveChange: builder.nextLiveChange)
  }

  /// Just the rows of `view` on `family`'s grid at `now`.
  public func lines(for view: ViewNode, family: WidgetFamily, now: Date) -> [String] {
    render(view, family: family, now: now).lines
  }
}
