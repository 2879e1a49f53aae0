import Foundation
import WidgetSchema

/// One character of laid-out text with the style it is drawn in: a character code and a style
/// index of the render's ``GlyphTable``.
struct Glyph: Equatable {
  var code: UInt32
  var style: UInt32
  /// The width in columns (0, 1 or 2) in one byte: a glyph is 12 bytes, not 24, for the glyph
  /// arrays a render builds, copies and scans.
  private let columns: UInt8

  /// The width in columns: 0, 1 or 2.
  var width: Int { Int(columns) }

  init(code: UInt32, width: Int, style: UInt32) {
    self.code = code
    self.style = style
    columns = UInt8(width)
  }

  var isSpace: Bool { code == GlyphTable.space }
}

/// A text prepared for the grid: its glyphs, its paragraph style and what decides whether it
/// stays one line as it is.
struct GridText {
  var glyphs: [Glyph]
  var paragraph: TextLayout.Paragraph
  var summary: TextLayout.Summary
}

/// The grid's metrics: text in columns of 8 points and rows of 16 (CJK and emoji two columns
/// wide), every length a whole number of cells (``Cells``), shares and halves rounded down to a
/// cell. Laid out with them, a view gives the character grid the text sink and the bars show.
struct GridMetrics: LayoutMetrics {
  typealias Text = GridText
  typealias Symbol = Glyph
  /// The index of the style's cell style in ``table``.
  typealias ResolvedStyle = UInt32
  typealias TextLines = [TextLayout.Line]

  /// The characters and styles of the glyphs made, for the canvas they are drawn on.
  private(set) var table = GlyphTable()

  static let column = CellMetrics.pointsPerColumn
  static let row = CellMetrics.pointsPerRow

  private static func unit(_ horizontal: Bool) -> Double { horizontal ? column : row }

  func unbounded(horizontal: Bool) -> Double { Double(1 << 20) * Self.unit(horizontal) }

  /// One column between the children of a horizontal stack, none in a vertical one.
  func defaultSpacing(horizontal: Bool) -> Double { horizontal ? Self.column : 0 }

  func length(_ points: Double, horizontal: Bool) -> Double {
    horizontal
      ? Double(Cells.columns(points)) * Self.column : Double(Cells.rows(points)) * Self.row
  }

  func share(_ budget: Double, among parts: Int, horizontal: Bool) -> Double {
    let unit = Self.unit(horizontal)
    return (budget / unit / Double(parts)).rounded(.down) * unit
  }

  func half(_ free: Double, horizontal: Bool) -> Double {
    let unit = Self.unit(horizontal)
    return (free / unit / 2).rounded(.down) * unit
  }

  func idealFlexibleLength(horizontal: Bool) -> Double { Self.unit(horizontal) }

  func dividerThickness(horizontal: Bool) -> Double { Self.unit(horizontal) }
  /// One row: the bar is a line of characters.
  var gaugeThickness: Double { Self.row }
  /// Three cells: `[●]` on, `[ ]` off.
  var toggleSize: LayoutSize { LayoutSize(width: 3 * Self.column, height: Self.row) }

  mutating func resolve(_ style: TextStyle) -> UInt32 {
    table.index(of: Self.cellStyle(style))
  }

  /// How text in `style` is drawn.
  static func cellStyle(_ style: TextStyle) -> CellStyle {
    CellStyle(
      bold: style.isBold, italic: style.italic ?? false, underline: style.underline ?? false,
      strikethrough: style.strikethrough ?? false, dim: false, redacted: style.redacted ?? false,
      foreground: style.foreground, background: nil)
  }

  /// The text's characters, each with its run's style merged into `style`.
  mutating func text(
    _ node: TextNode, style: TextStyle, resolved: UInt32,
    string: (TextRun, _ redacted: Bool) -> String
  ) -> GridText {
    var glyphs: [Glyph] = []
    for run in node.runs {
      // A run with no style of its own (nearly all) is in the inherited style, resolved once.
      // (`ownStyle`, not `style`: the latter makes a default style, 150 bytes, for such a run.)
      let cell: UInt32
      let redacted: Bool
      if let own = run.ownStyle, !own.isEmpty {
        let runStyle = style.merged(with: own)
        cell = table.index(of: Self.cellStyle(runStyle))
        redacted = runStyle.redacted == true
      } else {
        cell = resolved
        redacted = style.redacted == true
      }
      // The bytes are read from the string's contiguous UTF-8: through `String.UTF8View`'s
      // iterator, checking them alone took 8 % of the build.
      var utf8 = string(run, redacted)
      let simple = utf8.withUTF8 { bytes in
        guard Self.isSimpleASCII(bytes) else { return false }
        // One glyph per byte: no grapheme breaking needed.
        glyphs.reserveCapacity(glyphs.count + bytes.count)
        for byte in bytes {
          let code = UInt32(byte)
          let width = byte >= 0x20 && byte < 0x7F ? 1 : 0
          if redacted && code != GlyphTable.space && code != GlyphTable.lineFeed {
            if width == 1 { glyphs.append(Glyph(code: Self.block, width: 1, style: cell)) }
            continue
          }
          glyphs.append(Glyph(code: code, width: width, style: cell))
        }
        return true
      }
      if simple { continue }
      for character in utf8 {
        if redacted && character != " " && character != "\n" {
          let width = TextWidth.of(character)
          for _ in 0..<width { glyphs.append(Glyph(code: Self.block, width: 1, style: cell)) }
          continue
        }
        glyphs.append(
          Glyph(code: table.code(of: character), width: TextWidth.of(character), style: cell))
      }
    }
    return GridText(
      glyphs: glyphs, paragraph: TextLayout.Paragraph(style), summary: TextLayout.Summary(glyphs))
  }

  static func inlineText(of image: ImageNode) -> String {
    if let systemName = image.systemName { return String(SymbolGlyphs.glyph(for: systemName)) }
    return String(image.missing ? SymbolGlyphs.missingImage : SymbolGlyphs.namedImage)
  }

  mutating func symbol(_ systemName: String, style: TextStyle, resolved: UInt32) -> Glyph {
    // Redacted, a symbol is a block like the text around it.
    let glyph: Character = style.redacted == true ? "█" : SymbolGlyphs.glyph(for: systemName)
    return Glyph(code: table.code(of: glyph), width: TextWidth.of(glyph), style: resolved)
  }

  mutating func image(_ image: ImageNode, style: TextStyle, resolved: UInt32) -> Glyph {
    let glyph: Character =
      style.redacted == true
      ? "█" : image.missing ? SymbolGlyphs.missingImage : SymbolGlyphs.namedImage
    return Glyph(code: table.code(of: glyph), width: 1, style: resolved)
  }

  /// A length in points as whole cells, for the line breaker; nil stays nil.
  static func cells(_ points: Double?, horizontal: Bool) -> Int? {
    points.map { Int(min($0, LayoutBounds.maximum) / unit(horizontal)) }
  }

  /// The text's lines for a proposal of `width` × `height` points.
  func lines(of text: GridText, width: Double?, height: Double?, node: LayoutNode<Self>)
    -> [TextLayout.Line]
  {
    node.lines(width: width, height: height) { width, height in
      TextLayout.lines(
        text.glyphs, width: Self.cells(width, horizontal: true),
        height: Self.cells(height, horizontal: false), style: text.paragraph)
    }
  }

  func size(of text: GridText, _ proposal: Proposal, node: LayoutNode<Self>) -> LayoutSize {
    let lines = lines(of: text, width: proposal.width, height: proposal.height, node: node)
    var width = 0
    for line in lines { width = max(width, TextLayout.width(line)) }
    return LayoutSize(width: Double(width) * Self.column, height: Double(lines.count) * Self.row)
  }

  func quickSize(of text: GridText, _ proposal: Proposal) -> LayoutSize? {
    TextLayout.quickSize(
      text.summary, width: Self.cells(proposal.width, horizontal: true),
      height: Self.cells(proposal.height, horizontal: false), style: text.paragraph
    ).map {
      LayoutSize(width: Double($0.width) * Self.column, height: Double($0.height) * Self.row)
    }
  }

  func size(of symbol: Glyph) -> LayoutSize {
    LayoutSize(width: Double(symbol.width) * Self.column, height: Self.row)
  }

  /// The top of the first or the last row: a row's text stands on it.
  func baseline(of text: GridText, _ size: LayoutSize, last: Bool, node: LayoutNode<Self>)
    -> Double
  {
    last ? baseline(ofHeight: size.height) : 0
  }

  func baseline(ofHeight height: Double) -> Double { max(0, height - Self.row) }

  /// The code of "█", which redacted text shows.
  private static let block: UInt32 = 0x2588

  /// Whether every character of the UTF-8 `bytes` is one ASCII byte: ASCII without a carriage
  /// return (which forms one character with a following line feed).
  private static func isSimpleASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }
}

/// The point-to-cell conversions for lengths inside a view (see ``CellMetrics``). Any length
/// converts without trapping: NaN and negative lengths are no cells, huge and infinite ones
/// ``LayoutBounds/maximum``'s.
enum Cells {
  /// Horizontal points to columns, to the nearest column.
  static func columns(_ points: Double) -> Int {
    Int((LayoutBounds.clamped(points) / CellMetrics.pointsPerColumn).rounded())
  }

  /// Vertical points to rows. A row is tall, so lengths round up to a row only from three
  /// quarters of one (12 pt): default spacing (8 pt) adds no blank line, 16 pt padding adds one.
  static func rows(_ points: Double) -> Int {
    Int((LayoutBounds.clamped(points) / CellMetrics.pointsPerRow + 0.25).rounded(.down))
  }
}
