import Foundation
import WidgetSchema

/// Draws laid-out nodes onto a cell canvas: each node where the layout placed it
/// (``LayoutNode/frame``, in points that are whole cells), as characters and cell styles.
/// What a grid cannot show is approximated (docs/rendering.md): shapes as blocks, images as
/// mosaics of their colours.
struct GridPainter {
  /// The family drawn; nil for a place that is not one (a Live Activity).
  let family: WidgetFamily?
  let metrics: GridMetrics
  /// Tap regions found while drawing.
  private(set) var regions: [TapRegion] = []
  /// How many `Link` regions and action regions were found: the next ones' numbers.
  private var links = 0
  private var actions = 0
  /// Warnings found while drawing.
  private(set) var warnings: [String] = []
  /// Whether to note where text and symbols are drawn (``textAreas``); only bars ask.
  var notesText = false
  /// The cells of each text and symbol drawn, in drawing order, when ``notesText``.
  private(set) var textAreas: [CellRect] = []

  init(family: WidgetFamily?, metrics: GridMetrics) {
    self.family = family
    self.metrics = metrics
  }

  /// `frame` in cells. Frames are whole cells and bounded (``LayoutBounds``), so this is exact
  /// and never traps.
  static func cells(_ frame: LayoutRect) -> CellRect {
    CellRect(
      x: Int(frame.x / GridMetrics.column), y: Int(frame.y / GridMetrics.row),
      width: Int(frame.width / GridMetrics.column), height: Int(frame.height / GridMetrics.row))
  }

  /// `frame` inset by `amount` points on every edge (`inset(by:)`; negative: outset), in whole
  /// cells as lengths round, never smaller than nothing.
  static func inset(_ frame: LayoutRect, by amount: Double?) -> LayoutRect {
    guard let amount, amount.isFinite, amount != 0 else { return frame }
    func cells(_ points: Double, horizontal: Bool) -> Double {
      let length =
        horizontal
        ? Double(Cells.columns(abs(points))) * GridMetrics.column
        : Double(Cells.rows(abs(points))) * GridMetrics.row
      return points < 0 ? -length : length
    }
    let dx = min(cells(amount, horizontal: true), frame.width / 2)
    let dy = min(cells(amount, horizontal: false), frame.height / 2)
    return LayoutRect(
      x: frame.x + dx, y: frame.y + dy, width: max(0, frame.width - 2 * dx),
      height: max(0, frame.height - 2 * dy))
  }

  mutating func draw(_ node: LayoutNode<GridMetrics>, in canvas: inout Canvas, dim: Bool = false) {
    let rect = Self.cells(node.frame)
    // What lies outside the canvas is never drawn: a huge frame costs what the canvas does.
    let visible = rect.intersection(
      CellRect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
    switch node.kind {
    case .empty, .spacer:
      return
    case .resizableImage(let image, let redacted, let foreground):
      drawResizableImage(
        image, redacted: redacted, foreground: foreground, node: node, rect: rect,
        visible: visible, in: &canvas)
    case .text(let text):
      if notesText { textAreas.append(visible) }
      let style = text.paragraph
      if TextLayout.quickSize(
        text.summary, width: rect.width, height: rect.height, style: style) != nil
      {
        // One line, the glyphs as they are: no indent (the line is as wide as the text).
        canvas.write(text.glyphs, x: rect.x, y: rect.y, dim: dim)
        return
      }
      let lines = metrics.lines(
        of: text, width: node.frame.width, height: node.frame.height, node: node)
      var textWidth = 0
      for line in lines { textWidth = max(textWidth, TextLayout.width(line)) }
      for (row, line) in lines.enumerated() {
        let free = max(0, textWidth - TextLayout.width(line))
        let indent =
          switch style.alignment {
          case .leading: 0
          case .center: free / 2
          case .trailing: free
          }
        canvas.write(line, x: rect.x + indent, y: rect.y + row, dim: dim)
      }
    case .symbol(let glyph):
      if notesText { textAreas.append(visible) }
      canvas.write(glyph, x: rect.x, y: rect.y, limit: rect.width, dim: dim)
    case .shape(let shape, let fill) where shape.shape == .path:
      drawPath(shape, color: fill, node: node, visible: visible, in: &canvas, dim: dim)
    case .shape(let shape, let fill) where shape.stroke != nil || shape.trim != nil:
      var frame = Self.inset(node.frame, by: shape.inset)
      if shape.shape == .circle {
        // As large a circle as fits, in the middle, measured in points: cells are not square.
        let side = min(frame.width, frame.height)
        frame = LayoutRect(
          x: frame.x + (frame.width - side) / 2, y: frame.y + (frame.height - side) / 2,
          width: side, height: side)
      }
      outline(shape, color: fill, rect: Self.cells(frame), in: &canvas, dim: dim)
    case .shape(let shape, let fill):
      let inset = shape.inset.map {
        Self.cells(Self.inset(node.frame, by: $0)).intersection(visible)
      }
      paint(
        shape: shape.shape, color: fill, node: node, in: &canvas, rect: inset ?? visible, dim: dim)
    case .color(let color, _):
      paint(shape: .rectangle, color: color, node: node, in: &canvas, rect: visible, dim: dim)
    case .gauge(let gauge):
      drawGauge(gauge, rect: rect, in: &canvas, dim: dim)
    case .toggle(let toggle):
      // A switch on the grid: `[●]` in its tint when on, `[ ]` dim when off; read as text by
      // the bars, as symbols are.
      if notesText { textAreas.append(visible) }
      canvas.write(
        toggle.isOn ? "[●]" : "[ ]", x: rect.x, y: rect.y + rect.height / 2, limit: rect.width,
        style: toggle.isOn
          ? CellStyle(
            bold: true, dim: dim, foreground: toggle.tint ?? ColorValue(name: "accentColor"))
          : CellStyle(dim: true))
    case .divider:
      let style = CellStyle(dim: true)
      if node.axis != .horizontal {
        guard rect.height >= 1 else { return }
        let line = String(repeating: "─", count: min(rect.width, canvas.size.width))
        canvas.write(line, x: rect.x, y: rect.y, limit: rect.width, style: style)
      } else {
        for row in visible.y..<visible.y + visible.height {
          canvas.write("│", x: rect.x, y: row, limit: rect.width, style: style)
        }
      }
    case .stack(_, _, _, let children):
      for child in children { draw(child, in: &canvas, dim: dim) }
    case .frame(_, let child), .padding(_, _, _, _, let child), .aspect(_, _, let child),
      .fixed(_, _, let child), .position(_, _, let child):
      draw(child, in: &canvas, dim: dim)
    case .background(let layer, _, let child):
      draw(layer, in: &canvas, dim: dim)
      draw(child, in: &canvas, dim: dim)
    case .overlay(let layer, _, let child):
      draw(child, in: &canvas, dim: dim)
      draw(layer, in: &canvas, dim: dim)
    case .effect(let effect, let child):
      switch effect {
      case .opacity(let value):
        // NaN draws as opaque, as the bounds of an opacity say nothing about it.
        guard !(value <= 0) else { return }
        draw(child, in: &canvas, dim: dim || value < 0.5)
      case .clip:
        let saved = canvas.clip
        canvas.clip = saved.map { $0.intersection(rect) } ?? rect
        draw(child, in: &canvas, dim: dim)
        canvas.clip = saved
      case .accent:
        draw(child, in: &canvas, dim: dim)
      case .link(let url):
        if family == .systemSmall {
          warnings.append(
            "Link to \(url) ignored: systemSmall widgets open only their widgetURL, as on iOS")
        } else {
          regions.append(
            TapRegion(
              id: "link-\(links)", url: url, x: rect.x, y: rect.y, width: rect.width,
              height: rect.height))
          links += 1
        }
        draw(child, in: &canvas, dim: dim)
      case .action(let action):
        // Buttons and toggles work in every family, systemSmall too (iOS 17).
        regions.append(
          TapRegion(
            id: "action-\(actions)", action: action, x: rect.x, y: rect.y, width: rect.width,
            height: rect.height))
        actions += 1
        draw(child, in: &canvas, dim: dim)
      case .transform(let transform):
        // Moved by whole cells; a grid cannot turn or scale characters, so only a scale of
        // zero (nothing to see) changes what is drawn.
        guard transform.scaleX != 0, transform.scaleY != 0 else { return }
        let dx = (transform.offsetX / GridMetrics.column).rounded() * GridMetrics.column
        let dy = (transform.offsetY / GridMetrics.row).rounded() * GridMetrics.row
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else {
          return draw(child, in: &canvas, dim: dim)
        }
        Self.move(child, x: dx, y: dy)
        draw(child, in: &canvas, dim: dim)
        Self.move(child, x: -dx, y: -dy)
      }
    }
  }

  /// A gauge on the grid: every style as a bar across the middle row of its cells, the part
  /// done in heavy line characters of its tint, the rest light and dim; a progress of unknown
  /// length as dots.
  private func drawGauge(_ gauge: GaugeNode, rect: CellRect, in canvas: inout Canvas, dim: Bool) {
    guard rect.width > 0, rect.height > 0 else { return }
    let row = rect.y + rect.height / 2
    let tint = gauge.tint ?? ColorValue(name: "accentColor")
    guard let value = gauge.value else {
      let dots = String(repeating: "⋯", count: min(rect.width, 3))
      canvas.write(
        dots, x: rect.x + (rect.width - dots.count) / 2, y: row, limit: rect.width,
        style: CellStyle(dim: true))
      return
    }
    let fraction = value.isNaN ? 0 : min(max(value, 0), 1)
    let done = Int((fraction * Double(rect.width)).rounded())
    canvas.write(
      String(repeating: "━", count: done), x: rect.x, y: row, limit: done,
      style: CellStyle(dim: dim, foreground: tint))
    canvas.write(
      String(repeating: "─", count: rect.width - done), x: rect.x + done, y: row,
      limit: rect.width - done, style: CellStyle(dim: true))
  }

  /// Moves `node` and everything inside it by whole cells, for `.offset`.
  private static func move(_ node: LayoutNode<GridMetrics>, x: Double, y: Double) {
    node.frame.x += x
    node.frame.y += y
    switch node.kind {
    case .stack(_, _, _, let children):
      for child in children { move(child, x: x, y: y) }
    case .frame(_, let child), .padding(_, _, _, _, let child), .effect(_, let child),
      .aspect(_, _, let child), .fixed(_, _, let child), .position(_, _, let child):
      move(child, x: x, y: y)
    case .background(let layer, _, let child), .overlay(let layer, _, let child):
      move(layer, x: x, y: y)
      move(child, x: x, y: y)
    case .empty, .text, .symbol, .resizableImage, .shape, .color, .divider, .spacer, .gauge,
      .toggle:
      return
    }
  }

  /// The characters of an image's cells, by brightness (docs/rendering.md, "Images").
  static let imageRamp: [Character] = [" ", "░", "▒", "▓", "█"]
  /// A cell at least this opaque shows the image; a fainter one shows what is behind it.
  static let imageCoverage = 0.5

  /// A resizable image, as a mosaic: each cell the mean colour of the pixels it covers (as its
  /// foreground and background, so a colour terminal shows the colour whatever the character)
  /// and a character for its brightness (``imageRamp``, for text without colour). Behind other
  /// content it colours only the cells' background. A resizable symbol is its character,
  /// centred; a placeholder's image is redaction blocks; a missing or unreadable image a faint
  /// `░` box (on the blank cells) with ⊠ in its middle.
  private mutating func drawResizableImage(
    _ image: ImageNode, redacted: Bool, foreground: ColorValue?, node: LayoutNode<GridMetrics>,
    rect: CellRect, visible: CellRect, in canvas: inout Canvas
  ) {
    guard visible.width > 0, visible.height > 0 else { return }
    if redacted {
      guard !node.isLayer else { return }
      fill(visible, with: "█", style: CellStyle(redacted: true), in: &canvas)
      return
    }
    if let systemName = image.systemName {
      guard !node.isLayer else { return }
      canvas.write(
        String(SymbolGlyphs.glyph(for: systemName)), x: rect.x + (rect.width - 1) / 2,
        y: rect.y + (rect.height - 1) / 2, limit: rect.width,
        style: CellStyle(foreground: foreground))
      return
    }
    // Nil for a missing image (its `image-missing` warning was written when the entry came).
    let sampled =
      image.missing
      ? nil
      : image.path.map { path in
        ImageMosaic.cells(
          ImageMosaic.Request(
            path: path, width: rect.width, height: rect.height,
            visible: CellRect(
              x: visible.x - rect.x, y: visible.y - rect.y, width: visible.width,
              height: visible.height)))
      }
    guard case .success(let cells)? = sampled else {
      if case .failure(let error)? = sampled { warnings.append(error.message) }
      guard !node.isLayer else { return }
      // Faint, as the pixel renderer's translucent box: what is behind it stays readable.
      for row in visible.y..<visible.y + visible.height {
        for column in visible.x..<visible.x + visible.width
        where canvas.isBlank(column: column, row: row) {
          canvas.write("░", x: column, y: row, limit: 1, style: CellStyle(dim: true))
        }
      }
      canvas.write(
        String(SymbolGlyphs.missingImage), x: rect.x + (rect.width - 1) / 2,
        y: rect.y + (rect.height - 1) / 2, limit: 1, style: CellStyle(dim: true))
      return
    }
    for (index, cell) in cells.enumerated() where cell.alpha >= Self.imageCoverage {
      let x = visible.x + index % visible.width
      let y = visible.y + index / visible.width
      let color = ColorValue(red: cell.red, green: cell.green, blue: cell.blue)
      let one = CellRect(x: x, y: y, width: 1, height: 1)
      if node.isLayer {
        canvas.fill(one, background: color)
        continue
      }
      let level = Int((cell.luminance * Double(Self.imageRamp.count - 1)).rounded())
      canvas.write(
        String(Self.imageRamp[min(max(level, 0), Self.imageRamp.count - 1)]), x: x, y: y,
        limit: 1, style: CellStyle(foreground: color, background: color))
    }
  }

  /// `character` in every cell of `rect`.
  private func fill(
    _ rect: CellRect, with character: Character, style: CellStyle, in canvas: inout Canvas
  ) {
    let row = String(repeating: character, count: rect.width)
    for line in rect.y..<rect.y + rect.height {
      canvas.write(row, x: rect.x, y: line, limit: rect.width, style: style)
    }
  }

  /// A path: the cells inside it as blocks (a background colour in a layer), or, stroked, the
  /// cells its lines cross as dots. Trims are not drawn on the grid for paths.
  private func drawPath(
    _ shape: ShapeNode, color: ColorValue?, node: LayoutNode<GridMetrics>, visible: CellRect,
    in canvas: inout Canvas, dim: Bool
  ) {
    guard let path = shape.path, path.problem == nil else { return }
    let color = color ?? ColorValue(name: "primary")
    if color.name == "clear" || color.opacity == 0 { return }
    let runs = PathCells.lines(of: path, in: node.frame)
    let style = CellStyle(dim: dim, foreground: color)
    if shape.stroke != nil {
      for cell in PathCells.crossed(runs) {
        canvas.write("•", x: cell.x, y: cell.y, limit: 1, style: style)
      }
      return
    }
    for cell in PathCells.inside(runs, area: visible) {
      let area = CellRect(x: cell.x, y: cell.y, width: 1, height: 1)
      if node.isLayer {
        canvas.fill(area, background: color)
      } else {
        canvas.write("█", x: cell.x, y: cell.y, limit: 1, style: style)
      }
    }
  }

  /// A stroked or trimmed shape: its outline in box-drawing characters, round corners for round
  /// shapes, dashed when the stroke is; a trim keeps the cells of its part of the outline,
  /// walked from where the shape's outline starts (a round shape's right, a rectangle's top
  /// left), clockwise. A trimmed shape that is not stroked is drawn as its outline too.
  private func outline(
    _ shape: ShapeNode, color: ColorValue?, rect: CellRect, in canvas: inout Canvas, dim: Bool
  ) {
    guard rect.width > 0, rect.height > 0, shape.stroke.map({ $0.lineWidth > 0 }) ?? true else {
      return
    }
    let color = color ?? ColorValue(name: "primary")
    if color.name == "clear" || color.opacity == 0 { return }
    let round = shape.shape != .rectangle
    let dashed = shape.stroke.map { $0.dash.contains { $0 > 0 } } ?? false
    let (horizontal, vertical): (Character, Character) = dashed ? ("┄", "┆") : ("─", "│")
    // The outline's cells in order, clockwise from the top left, each with its length along
    // the outline in points (cells are twice as tall as they are wide).
    let (column, row) = (GridMetrics.column, GridMetrics.row)
    let corner = (column + row) / 2
    var cells: [(x: Int, y: Int, character: Character, length: Double)] = []
    let (left, top) = (rect.x, rect.y)
    let (right, bottom) = (rect.x + rect.width - 1, rect.y + rect.height - 1)
    if rect.width == 1 && rect.height == 1 {
      cells = [(left, top, round ? "○" : "□", column)]
    } else if rect.height == 1 {
      cells = (left...right).map { ($0, top, horizontal, column) }
    } else if rect.width == 1 {
      cells = (top...bottom).map { (left, $0, vertical, row) }
    } else {
      cells.append((left, top, round ? "╭" : "┌", corner))
      for x in stride(from: left + 1, to: right, by: 1) {
        cells.append((x, top, horizontal, column))
      }
      cells.append((right, top, round ? "╮" : "┐", corner))
      for y in stride(from: top + 1, to: bottom, by: 1) { cells.append((right, y, vertical, row)) }
      cells.append((right, bottom, round ? "╯" : "┘", corner))
      for x in stride(from: right - 1, to: left, by: -1) {
        cells.append((x, bottom, horizontal, column))
      }
      cells.append((left, bottom, round ? "╰" : "└", corner))
      for y in stride(from: bottom - 1, to: top, by: -1) { cells.append((left, y, vertical, row)) }
    }
    if let trim = shape.trim {
      // A round outline starts at the middle of its right side.
      if round, rect.width > 1, rect.height > 1 {
        let start = rect.width - 1 + rect.height / 2
        cells = Array(cells[start...] + cells[..<start])
      }
      let from = min(max(trim.from, 0), 1)
      let to = min(max(trim.to, 0), 1)
      let total = cells.reduce(0) { $0 + $1.length }
      var walked = 0.0
      cells = cells.filter { cell in
        defer { walked += cell.length }
        let middle = (walked + cell.length / 2) / total
        return from < to && middle >= from && middle <= to
      }
    }
    let style = CellStyle(dim: dim, foreground: color)
    for cell in cells {
      canvas.write(String(cell.character), x: cell.x, y: cell.y, limit: 1, style: style)
    }
  }

  /// Shapes and colours in a layer paint the background; as content they draw blocks.
  private func paint(
    shape: ShapeKind, color: ColorValue?, node: LayoutNode<GridMetrics>, in canvas: inout Canvas,
    rect: CellRect, dim: Bool
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let full = Self.cells(node.frame)
    let color =
      color
      ?? (shape == .accessoryBackground
        ? ColorValue(name: "gray", opacity: 0.3) : ColorValue(name: "primary"))
    if color.name == "clear" || color.opacity == 0 { return }
    // The system background is the terminal's own: blank cells, without a background colour,
    // over whatever is behind.
    if color.name == "background" {
      fill(rect, with: " ", style: CellStyle(dim: dim), in: &canvas)
      canvas.fill(rect, background: nil)
      return
    }
    if node.isLayer {
      canvas.fill(rect, background: color)
      return
    }
    let character: Character =
      switch shape {
      case .circle, .ellipse, .capsule: full.width == 1 && full.height == 1 ? "●" : "█"
      case .accessoryBackground: "░"
      default: "█"
      }
    let row = String(repeating: character, count: rect.width)
    for line in rect.y..<rect.y + rect.height {
      canvas.write(
        row, x: rect.x, y: line, limit: rect.width,
        style: CellStyle(dim: dim, foreground: color))
    }
  }
}
