import Foundation
import WidgetSchema

/// Renders entries onto their family's cell grid.
public struct Renderer: Sendable {
  /// How dates in text are formatted.
  public var dates: DateText

  /// Creates a renderer.
  public init(dates: DateText) {
    self.dates = dates
  }

  /// The rows of `view` drawn on `family`'s grid at time `now`. The content is centered, as
  /// WidgetKit centers a widget's body.
  public func lines(for view: ViewNode, family: WidgetFamily, now: Date) -> [String] {
    let grid = CellMetrics.grid(for: family)
    let layout = Layout(dates: dates, now: now)
    let size = layout.size(of: view, proposal: .init(width: grid.width, height: grid.height))
    let clipped = CellSize(
      width: min(size.width, grid.width), height: min(size.height, grid.height))
    var canvas = Canvas(size: grid)
    layout.draw(
      view, in: &canvas,
      x: layout.offset(clipped.width, in: grid.width, alignment: .center, horizontal: true),
      y: layout.offset(clipped.height, in: grid.height, alignment: .center, horizontal: false),
      size: clipped)
    return canvas.lines
  }
}
