import WidgetSchema

/// How one cell is drawn, beyond its character.
struct CellStyle: Equatable, Sendable {
  var bold = false
  var italic = false
  var underline = false
  var strikethrough = false
  var dim = false
  var redacted = false
  var foreground: ColorValue?
  var background: ColorValue?
}

/// A grid of terminal cells that views are drawn into, with each cell's style.
///
/// Cells are integers: each holds the code of its character and the index of its style in the
/// render's ``GlyphTable`` (style 0 is the default style), so a canvas is cheap to make and
/// copy, equal styles compare as equal integers and each row becomes a string once, from its
/// UTF-8.
struct Canvas {
  /// The code of the right half of a two-column character.
  private static let continuation = UInt32.max

  let size: CellSize
  /// The characters and styles the cells name.
  private(set) var table: GlyphTable
  /// One cell: its character's code (a blank cell is a space) and its style, as an index into
  /// the table's styles.
  private struct Cell {
    var code: UInt32
    var style: UInt32
  }
  /// The cells, row by row: one array, so that drawing a character checks one buffer's
  /// uniqueness and a render allocates one grid, not two.
  private var cells: [Cell]
  /// The last restyle: a cell of style `old` drawn in style `style` gets style `new`.
  private var lastRestyle: (style: UInt32, old: UInt32, new: UInt32)?
  /// The last dimmed style: `from` with `dim` set is `to`.
  private var lastDimmed: (from: UInt32, to: UInt32)?

  init(size: CellSize, table: GlyphTable = GlyphTable()) {
    self.size = size
    self.table = table
    cells = Array(
      repeating: Cell(code: GlyphTable.space, style: 0), count: size.width * size.height)
  }

  /// The clip rectangle: drawing outside it is dropped.
  var clip: CellRect?

  private func visible(_ column: Int, _ row: Int) -> Bool {
    guard column >= 0, row >= 0, column < size.width, row < size.height else { return false }
    guard let clip else { return true }
    return clip.contains(column: column, row: row)
  }

  /// The style index a cell with style index `old` gets when drawn in the style at `style`
  /// (which keeps the cell's background when it has none).
  private mutating func restyled(_ old: UInt32, with style: UInt32) -> UInt32 {
    if let last = lastRestyle, last.style == style, last.old == old { return last.new }
    let new: UInt32
    if old == 0 || table.style(style).background != nil {
      new = style
    } else {
      var cellStyle = table.style(style)
      cellStyle.background = table.style(old).background
      new = table.index(of: cellStyle)
    }
    lastRestyle = (style, old, new)
    return new
  }

  /// The index of the style at `index` with `dim` set.
  private mutating func dimmed(_ index: UInt32) -> UInt32 {
    if let last = lastDimmed, last.from == index { return last.to }
    let to = table.dimmed(index)
    lastDimmed = (index, to)
    return to
  }

  /// Writes `text` from column `x` of row `y`, clipped to `limit` columns and to the canvas.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int, style: CellStyle) {
    let styleIndex = table.index(of: style)
    withCells { canvas, cells in
      var column = x
      let end = x + limit
      for character in text {
        let width = TextWidth.of(character)
        guard width > 0 else { continue }
        guard column + width <= end else { break }
        canvas.put(
          canvas.table.code(of: character), width: width, column: column, row: y,
          style: styleIndex, in: cells)
        column += width
      }
    }
  }

  /// Draws `glyph` at column `x` of row `y` unless it is wider than `limit` columns; dimmed when
  /// `dim`.
  mutating func write(_ glyph: Glyph, x: Int, y: Int, limit: Int, dim: Bool) {
    guard glyph.width > 0, glyph.width <= limit else { return }
    withCells { canvas, cells in
      canvas.put(
        glyph.code, width: glyph.width, column: x, row: y,
        style: dim ? canvas.dimmed(glyph.style) : glyph.style, in: cells)
    }
  }

  /// Draws `glyphs` side by side from column `x` of row `y`, each as
  /// ``write(_:x:y:limit:dim:)`` draws a glyph with its own width as the limit (a glyph of no
  /// width draws nothing and takes no column).
  mutating func write(_ glyphs: [Glyph], x: Int, y: Int, dim: Bool) {
    withCells { canvas, cells in
      var column = x
      for glyph in glyphs {
        if glyph.width > 0 {
          canvas.put(
            glyph.code, width: glyph.width, column: column, row: y,
            style: dim ? canvas.dimmed(glyph.style) : glyph.style, in: cells)
        }
        column += glyph.width
      }
    }
  }

  /// Runs `body` with the cells through one buffer pointer, the array taken out of `self`
  /// meanwhile so that `body` may still restyle through `self`. Why: drawing a line of text
  /// cell by cell through the array checked its uniqueness and its bounds for every cell, a
  /// quarter of drawing; `put` checks that a cell is visible, so inside the grid, before it touches
  /// the buffer.
  private mutating func withCells<Result>(
    _ body: (inout Canvas, UnsafeMutableBufferPointer<Cell>) -> Result
  ) -> Result {
    var taken: [Cell] = []
    swap(&taken, &cells)
    defer { swap(&taken, &cells) }
    return taken.withUnsafeMutableBufferPointer { buffer in body(&self, buffer) }
  }

  /// One character in a cell of `cells` (two for a wide one), when it is visible.
  private mutating func put(
    _ code: UInt32, width: Int, column: Int, row: Int, style: UInt32,
    in cells: UnsafeMutableBufferPointer<Cell>
  ) {
    guard visible(column, row) && (width == 1 || visible(column + 1, row)) else { return }
    clearWide(at: column, row: row, in: cells)
    let index = row * size.width + column
    let cellStyle = restyled(cells[index].style, with: style)
    cells[index] = Cell(code: code, style: cellStyle)
    if width == 2 {
      clearWide(at: column + 1, row: row, in: cells)
      cells[index + 1] = Cell(code: Self.continuation, style: cellStyle)
    }
  }

  /// Paints the background of every cell in `rect` (characters stay); nil is the terminal's
  /// own background.
  mutating func fill(_ rect: CellRect, background: ColorValue?) {
    var memo: (from: UInt32, to: UInt32)?
    for row in rect.y..<rect.y + rect.height {
      for column in rect.x..<rect.x + rect.width where visible(column, row) {
        let index = row * size.width + column
        let old = cells[index].style
        if let memo, memo.from == old {
          cells[index].style = memo.to
          continue
        }
        var style = table.style(old)
        style.background = background
        let new = table.index(of: style)
        memo = (old, new)
        cells[index].style = new
      }
    }
  }

  /// Overwriting half of a wide character blanks its other half. (A wide character's right
  /// half always holds the continuation code, and only a wide character's right half does.)
  private func clearWide(at column: Int, row: Int, in cells: UnsafeMutableBufferPointer<Cell>) {
    let index = row * size.width + column
    if cells[index].code == Self.continuation {
      if column > 0 { cells[index - 1].code = GlyphTable.space }
    } else if column + 1 < size.width && cells[index + 1].code == Self.continuation {
      cells[index + 1].code = GlyphTable.space
    }
  }

  /// A blank row of each family's width, made once: most rows of a widget are blank.
  private static let blankRows: [Int: String] = Dictionary(
    WidgetFamily.allCases.map { family in
      let width = CellMetrics.grid(for: family).width
      return (width, String(repeating: " ", count: width))
    },
    uniquingKeysWith: { first, _ in first })

  /// The rows as strings, each exactly `size.width` columns wide. Blank rows are one string
  /// shared by all of them, and by every render of the same width: most rows of a widget are
  /// blank, and the lines are kept with the latest entry of every instance.
  ///
  /// The cells are read through one buffer pointer: a slice of the array per row retained and
  /// released the array's buffer, about a third of the getter's time.
  var lines: [String] {
    let blank = Self.blankRows[size.width] ?? String(repeating: " ", count: size.width)
    let width = size.width
    var lines: [String] = []
    lines.reserveCapacity(size.height)
    cells.withUnsafeBufferPointer { grid in
      for row in 0..<size.height {
        let start = row * width
        let end = start + width
        guard grid[start..<end].contains(where: { $0.code != GlyphTable.space }) else {
          lines.append(blank)
          continue
        }
        var capacity = 0
        for index in start..<end where grid[index].code != Self.continuation {
          capacity += table.utf8Count(of: grid[index].code)
        }
        lines.append(
          String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            for index in start..<end where grid[index].code != Self.continuation {
              table.writeUTF8(of: grid[index].code, to: buffer, at: &count)
            }
            return count
          })
      }
    }
    return lines
  }

  /// What `rect` shows as one line of text: each of its rows trimmed, with runs of spaces as one
  /// space, the non-empty rows joined with a space (a wrapped text read as the one sentence it
  /// is).
  func text(in rect: CellRect) -> String {
    let area = rect.intersection(CellRect(x: 0, y: 0, width: size.width, height: size.height))
    var rows: [String] = []
    for row in area.y..<area.y + area.height {
      let codes = (area.x..<area.x + area.width).map { cells[row * size.width + $0].code }
        .filter { $0 != Self.continuation }
      var bytes = [UInt8](repeating: 0, count: codes.reduce(0) { $0 + table.utf8Count(of: $1) })
      bytes.withUnsafeMutableBufferPointer { buffer in
        var count = 0
        for code in codes { table.writeUTF8(of: code, to: buffer, at: &count) }
      }
      let words = String(decoding: bytes, as: UTF8.self).split(separator: " ")
      if !words.isEmpty { rows.append(words.joined(separator: " ")) }
    }
    return rows.joined(separator: " ")
  }

  /// Runs of cells with the same non-default style, row by row, as the entry's spans: made here
  /// from the table's style, not through an array of spans of the cell style to map (the map
  /// and its copies of the colours were two fifths of the spans' time).
  var spans: [Span] {
    var spans: [Span] = []
    let width = size.width
    cells.withUnsafeBufferPointer { grid in
      for row in 0..<size.height {
        let base = row * width
        var column = 0
        while column < width {
          let style = grid[base + column].style
          var end = column + 1
          while end < width && grid[base + end].style == style { end += 1 }
          if style != 0 {
            let cell = table.style(style)
            spans.append(
              Span(
                row: row, column: column, length: end - column, bold: cell.bold,
                italic: cell.italic, underline: cell.underline,
                strikethrough: cell.strikethrough, dim: cell.dim, redacted: cell.redacted,
                foreground: cell.foreground, background: cell.background))
          }
          column = end
        }
      }
    }
    return spans
  }

  /// Whether the cell at `column`, `row` of the canvas shows nothing (a space).
  func isBlank(column: Int, row: Int) -> Bool {
    guard column >= 0, row >= 0, column < size.width, row < size.height else { return false }
    return cells[row * size.width + column].code == GlyphTable.space
  }

  /// The style of each cell of `row` (two entries for a wide character, like the columns).
  func styles(ofRow row: Int) -> [CellStyle] {
    (0..<size.width).map { table.style(cells[row * size.width + $0].style) }
  }
}

/// A rectangle of cells.
struct CellRect: Hashable, Sendable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  func contains(column: Int, row: Int) -> Bool {
    column >= x && column < x + width && row >= y && row < y + height
  }

  func intersection(_ other: CellRect) -> CellRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    return CellRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}
