/// A grid of terminal cells that views are drawn into.
struct Canvas {
  private enum Cell: Equatable {
    case blank
    case character(Character)
    /// The right half of a two-column character.
    case continuation
  }

  let size: CellSize
  private var cells: [Cell]

  init(size: CellSize) {
    self.size = size
    cells = Array(repeating: .blank, count: size.width * size.height)
  }

  /// Writes `text` from column `x` of row `y`, clipped to `limit` columns and to the canvas.
  mutating func write(_ text: String, x: Int, y: Int, limit: Int) {
    guard y >= 0, y < size.height else { return }
    var column = x
    let end = min(x + limit, size.width)
    for character in text {
      let width = TextWidth.of(character)
      guard width > 0 else { continue }
      guard column + width <= end else { break }
      if column >= 0 {
        clearWide(at: column, row: y)
        cells[y * size.width + column] = .character(character)
        if width == 2 {
          clearWide(at: column + 1, row: y)
          cells[y * size.width + column + 1] = .continuation
        }
      }
      column += width
    }
  }

  /// Overwriting half of a wide character blanks its other half.
  private mutating func clearWide(at column: Int, row: Int) {
    let index = row * size.width + column
    switch cells[index] {
    case .continuation where column > 0:
      cells[index - 1] = .blank
    case .character(let character) where TextWidth.of(character) == 2 && column + 1 < size.width:
      cells[index + 1] = .blank
    default:
      break
    }
  }

  /// The rows as strings, each exactly `size.width` columns wide.
  var lines: [String] {
    (0..<size.height).map { row in
      var line = ""
      for column in 0..<size.width {
        switch cells[row * size.width + column] {
        case .blank: line.append(" ")
        case .character(let character): line.append(character)
        case .continuation: break
        }
      }
      return line
    }
  }
}
