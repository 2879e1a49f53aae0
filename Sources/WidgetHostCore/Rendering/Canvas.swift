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
struct Canvas {
  private enum Content: Equatable {
    case blank
    case character(Character)
    /// The right half of a two-column character.
    case continuation
  }

  private struct Cell: Equatable {
    var content: Content = .blank
    var style = CellStyle()
  }

  let size: CellSize
  private var cells: [Cell]

  init(size: CellSize) {
    self.size = size
    cells = Array(repeating: Cell(), count: size.width * size.height)
  }

  /// The clip rectangle: drawing outside it is dropped.
  var clip: CellRect?

  private func visible(_ column: Int, _ row: Int) -> Bool {
    guard column >= 0, row >= 0, column < size.width, row < size.height else { return false }
    guard let clip else { return true }
    return clip.contains(column: column, row: row)
  }

  /// Writes `text` from column `x` of row `y`, clipped to `limit` columns and to the canvas.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int, style: CellStyle) {
    var column = x
    let end = x + limit
    for character in text {
      let width = TextWidth.of(character)
      guard width > 0 else { continue }
      guard column + width <= end else { break }
      if visible(column, y) && (width == 1 || visible(column + 1, y)) {
        clearWide(at: column, row: y)
        var cellStyle = style
        cellStyle.background = style.background ?? cells[y * size.width + column].style.background
        cells[y * size.width + column] = Cell(content: .character(character), style: cellStyle)
        if width == 2 {
          clearWide(at: column + 1, row: y)
          cells[y * size.width + column + 1] = Cell(content: .continuation, style: cellStyle)
        }
      }
      column += width
    }
  }

  /// Paints the background of every cell in `rect` (characters stay).
  mutating func fill(_ rect: CellRect, background: ColorValue) {
    for row in rect.y..<rect.y + rect.height {
      for column in rect.x..<rect.x + rect.width where visible(column, row) {
        cells[row * size.width + column].style.background = background
      }
    }
  }

  /// Overwriting half of a wide character blanks its other half.
  private mutating func clearWide(at column: Int, row: Int) {
    let index = row * size.width + column
    switch cells[index].content {
    case .continuation where column > 0:
      cells[index - 1].content = .blank
    case .character(let character) where TextWidth.of(character) == 2 && column + 1 < size.width:
      cells[index + 1].content = .blank
    default:
      break
    }
  }

  /// The rows as strings, each exactly `size.width` columns wide.
  var lines: [String] {
    (0..<size.height).map { row in
      var line = ""
      for column in 0..<size.width {
        switch cells[row * size.width + column].content {
        case .blank: line.append(" ")
        case .character(let character): line.append(character)
        case .continuation: break
        }
      }
      return line
    }
  }

  /// Runs of cells with the same non-default style, row by row.
  var spans: [StyleSpan] {
    var spans: [StyleSpan] = []
    for row in 0..<size.height {
      var column = 0
      while column < size.width {
        let style = cells[row * size.width + column].style
        var end = column + 1
        while end < size.width && cells[row * size.width + end].style == style { end += 1 }
        if style != CellStyle() {
          spans.append(StyleSpan(row: row, column: column, length: end - column, style: style))
        }
        column = end
      }
    }
    return spans
  }

  /// The style of each cell of `row` (two entries for a wide character, like the columns).
  func styles(ofRow row: Int) -> [CellStyle] {
    (0..<size.width).map { cells[row * size.width + $0].style }
  }
}

/// A rectangle of cells.
struct CellRect: Equatable, Sendable {
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

/// A run of equally styled cells on one row.
struct StyleSpan: Equatable, Sendable {
  var row: Int
  var column: Int
  var length: Int
  var style: CellStyle
}
