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
/// Styles are interned: a cell holds the index of its style in a small table of the distinct
/// styles drawn (index 0 is the default style), so a canvas is cheap to make and copy, and
/// equal styles compare as equal integers (docs/performance.md, "scale").
struct Canvas {
  private enum Content: Equatable {
    case blank
    case character(Character)
    /// The right half of a two-column character.
    case continuation
  }

  let size: CellSize
  private var contents: [Content]
  /// Each cell's style, as an index into `styles`.
  private var styleIndices: [UInt32]
  /// The distinct styles drawn so far, each once; `styles[0]` is the default style.
  private var styles: [CellStyle] = [CellStyle()]

  init(size: CellSize) {
    self.size = size
    contents = Array(repeating: .blank, count: size.width * size.height)
    styleIndices = Array(repeating: 0, count: size.width * size.height)
  }

  /// The clip rectangle: drawing outside it is dropped.
  var clip: CellRect?

  private func visible(_ column: Int, _ row: Int) -> Bool {
    guard column >= 0, row >= 0, column < size.width, row < size.height else { return false }
    guard let clip else { return true }
    return clip.contains(column: column, row: row)
  }

  /// The index of `style` in the table, added if new.
  private mutating func intern(_ style: CellStyle) -> UInt32 {
    if let index = styles.lastIndex(of: style) { return UInt32(index) }
    styles.append(style)
    return UInt32(styles.count - 1)
  }

  /// Remembers, within one drawing call, which style a cell's old style turns into.
  private struct Restyle {
    var from: UInt32
    var to: UInt32
  }

  /// The style index a cell with style index `old` gets when drawn with `style` (which keeps
  /// the cell's background when it has none).
  private mutating func restyled(
    _ old: UInt32, with style: CellStyle, _ memo: inout Restyle?
  ) -> UInt32 {
    if let memo, memo.from == old { return memo.to }
    var cellStyle = style
    cellStyle.background = style.background ?? styles[Int(old)].background
    let new = intern(cellStyle)
    memo = Restyle(from: old, to: new)
    return new
  }

  /// Writes `text` from column `x` of row `y`, clipped to `limit` columns and to the canvas.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int, style: CellStyle) {
    var column = x
    let end = x + limit
    var memo: Restyle?
    for character in text {
      let width = TextWidth.of(character)
      guard width > 0 else { continue }
      guard column + width <= end else { break }
      if visible(column, y) && (width == 1 || visible(column + 1, y)) {
        clearWide(at: column, row: y)
        let index = y * size.width + column
        let cellStyle = restyled(styleIndices[index], with: style, &memo)
        contents[index] = .character(character)
        styleIndices[index] = cellStyle
        if width == 2 {
          clearWide(at: column + 1, row: y)
          contents[index + 1] = .continuation
          styleIndices[index + 1] = cellStyle
        }
      }
      column += width
    }
  }

  /// Paints the background of every cell in `rect` (characters stay).
  mutating func fill(_ rect: CellRect, background: ColorValue) {
    var memo: Restyle?
    for row in rect.y..<rect.y + rect.height {
      for column in rect.x..<rect.x + rect.width where visible(column, row) {
        let index = row * size.width + column
        let old = styleIndices[index]
        if let memo, memo.from == old {
          styleIndices[index] = memo.to
          continue
        }
        var style = styles[Int(old)]
        style.background = background
        let new = intern(style)
        memo = Restyle(from: old, to: new)
        styleIndices[index] = new
      }
    }
  }

  /// Overwriting half of a wide character blanks its other half.
  private mutating func clearWide(at column: Int, row: Int) {
    let index = row * size.width + column
    switch contents[index] {
    case .continuation where column > 0:
      contents[index - 1] = .blank
    case .character(let character) where TextWidth.of(character) == 2 && column + 1 < size.width:
      contents[index + 1] = .blank
    default:
      break
    }
  }

  /// The rows as strings, each exactly `size.width` columns wide. Blank rows are one string
  /// shared by all of them: most rows of a widget are blank, and the lines are kept with the
  /// latest entry of every instance (docs/performance.md, memory).
  var lines: [String] {
    let blank = String(repeating: " ", count: size.width)
    return (0..<size.height).map { row in
      let cells = contents[(row * size.width)..<((row + 1) * size.width)]
      guard cells.contains(where: { $0 != .blank }) else { return blank }
      var line = ""
      line.reserveCapacity(size.width)
      for cell in cells {
        switch cell {
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
      let base = row * size.width
      var column = 0
      while column < size.width {
        let style = styleIndices[base + column]
        var end = column + 1
        while end < size.width && styleIndices[base + end] == style { end += 1 }
        if style != 0 {
          spans.append(
            StyleSpan(row: row, column: column, length: end - column, style: styles[Int(style)]))
        }
        column = end
      }
    }
    return spans
  }

  /// The style of each cell of `row` (two entries for a wide character, like the columns).
  func styles(ofRow row: Int) -> [CellStyle] {
    (0..<size.width).map { styles[Int(styleIndices[row * size.width + $0])] }
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
