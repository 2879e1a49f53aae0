import WidgetSchema

/// Breaks styled text into lines: at spaces where possible, inside a word only when the word
/// is longer than a line; at most `lineLimit` lines and at most the proposed height (never
/// fewer than one); text that does not fit ends, or starts, or is cut in the middle, with "…"
/// as the truncation mode says.
enum TextLayout {
  typealias Line = [Glyph]

  /// The parts of a text's style that break and place its lines: a few plain values, cheap to
  /// copy with the layout node that holds them.
  struct Paragraph: Equatable {
    /// `.lineLimit(_:)`; nil or 0 for none.
    var lineLimit: Int?
    /// `.truncationMode(_:)`.
    var truncationMode: TruncationMode
    /// `.multilineTextAlignment(_:)`.
    var alignment: TextAlignment

    init(_ style: TextStyle) {
      lineLimit = style.lineLimit
      truncationMode = style.truncationMode ?? .tail
      alignment = style.multilineTextAlignment ?? .leading
    }
  }

  /// What decides whether a text stays one line as it is, found once when the text is built:
  /// most texts of a widget are one short line, and measuring them then needs no line breaking
  /// and no arrays.
  struct Summary: Equatable {
    /// The width of all the glyphs.
    var width = 0
    /// Whether there are no glyphs.
    var isEmpty = true
    /// Whether there is no line feed.
    var isOneParagraph = true
    /// Whether wrapping gives the text back as it is when it fits: it does not start with a
    /// space and is in one style (see `fitsAsIs`).
    var isPlain = true

    init(_ glyphs: [Glyph]) {
      guard let first = glyphs.first else { return }
      isEmpty = false
      isPlain = !first.isSpace
      for glyph in glyphs {
        width += glyph.width
        if glyph.code == GlyphTable.lineFeed { isOneParagraph = false }
        if glyph.style != first.style { isPlain = false }
      }
    }
  }

  /// The size of the lines ``lines(_:width:height:style:)`` gives for `width` and `height` when
  /// they are no line or the glyphs as they are, in one line; nil when they are anything else.
  static func quickSize(
    _ summary: Summary, width: Int?, height: Int?, style: Paragraph
  ) -> CellSize? {
    if summary.isEmpty { return CellSize(width: 0, height: 0) }
    guard summary.isOneParagraph else { return nil }
    // As `lines`: with no width the one paragraph is kept as it is (`truncate` with no width).
    guard let width else { return CellSize(width: summary.width, height: 1) }
    guard summary.width <= width else { return nil }
    var limit = style.lineLimit.flatMap { $0 > 0 ? $0 : nil }
    if let height { limit = max(1, min(limit ?? height, height)) }
    // One line allowed: `truncate` keeps what fits; more: `fitsAsIs`.
    if limit == 1 || (width > 0 && summary.isPlain) {
      return CellSize(width: summary.width, height: 1)
    }
    return nil
  }

  static func width(_ line: Line) -> Int { line.reduce(0) { $0 + $1.width } }

  static func lines(_ glyphs: [Glyph], width: Int?, height: Int?, style: Paragraph) -> [Line] {
    guard !glyphs.isEmpty else { return [] }
    var limit = style.lineLimit.flatMap { $0 > 0 ? $0 : nil }
    if let height { limit = max(1, min(limit ?? height, height)) }
    let mode = style.truncationMode
    // One paragraph, the common case: no splitting and, when it fits, no copy.
    if !glyphs.contains(where: { $0.code == GlyphTable.lineFeed }) {
      if limit == 1 || width == nil {
        return [truncate(glyphs, width: width, mode: mode, force: false)]
      }
      if let width, width > 0, fitsAsIs(glyphs, width: width) { return [glyphs] }
    }
    if limit == 1 || width == nil {
      let paragraphs = split(glyphs, separator: GlyphTable.lineFeed)
      if limit == 1 {
        let joined =
          paragraphs.count > 1
          ? Array(paragraphs.joined(separator: [space(like: glyphs[0])])) : glyphs
        return [truncate(joined, width: width, mode: mode, force: false)]
      }
      return paragraphs.map { truncate($0, width: width, mode: mode, force: false) }
    }
    var lines: [Line] = []
    for paragraph in split(glyphs, separator: GlyphTable.lineFeed) {
      lines += wrap(paragraph, width: width ?? Int.max)
    }
    if let limit, lines.count > limit, limit > 0 {
      var kept = Array(lines.prefix(limit))
      var last = kept.removeLast()
      last.append(space(like: last.last ?? glyphs[0]))
      kept.append(
        truncate(
          last + [ellipsis(like: last.last ?? glyphs[0])], width: width, mode: .tail, force: true))
      return kept
    }
    return lines
  }

  /// The paragraphs of `glyphs`: the runs between line feeds (empty ones too).
  private static func split(_ glyphs: [Glyph], separator: UInt32) -> [Line] {
    guard glyphs.contains(where: { $0.code == separator }) else { return [glyphs] }
    var paragraphs: [Line] = []
    var start = 0
    for index in glyphs.indices where glyphs[index].code == separator {
      paragraphs.append(Array(glyphs[start..<index]))
      start = index + 1
    }
    paragraphs.append(Array(glyphs[start...]))
    return paragraphs
  }

  private static func space(like glyph: Glyph) -> Glyph {
    Glyph(code: GlyphTable.space, width: 1, style: glyph.style)
  }

  /// The code of "…".
  private static let ellipsisCode: UInt32 = 0x2026

  private static func ellipsis(like glyph: Glyph) -> Glyph {
    Glyph(code: ellipsisCode, width: 1, style: glyph.style)
  }

  /// Word-wraps one paragraph to `width` columns.
  private static func wrap(_ paragraph: Line, width: Int) -> [Line] {
    guard width > 0 else { return [] }
    if fitsAsIs(paragraph, width: width) { return [paragraph] }
    var lines: [Line] = []
    var line: Line = []
    line.reserveCapacity(paragraph.count)
    var lineWidth = 0
    // The words between spaces, empty ones too (as `split(omittingEmptySubsequences: false)`).
    var start = paragraph.startIndex
    var more = true
    while more {
      var end = start
      var wordWidth = 0
      while end < paragraph.endIndex && !paragraph[end].isSpace {
        wordWidth += paragraph[end].width
        end += 1
      }
      let word = paragraph[start..<end]
      more = end < paragraph.endIndex
      start = end + 1
      let needed = line.isEmpty ? wordWidth : lineWidth + 1 + wordWidth
      if needed <= width {
        if !line.isEmpty {
          line.append(space(like: word.first ?? line[line.count - 1]))
        }
        line += word
        lineWidth = needed
        continue
      }
      if !line.isEmpty {
        lines.append(line)
        line = []
        lineWidth = 0
      }
      // A word longer than a line is broken.
      for glyph in word {
        if lineWidth + glyph.width > width {
          lines.append(line)
          line = []
          lineWidth = 0
        }
        line.append(glyph)
        lineWidth += glyph.width
      }
    }
    lines.append(line)
    return lines
  }

  /// Whether wrapping `paragraph` to `width` columns gives it back unchanged: it fits, does not
  /// start with a space (wrapping drops leading spaces) and is in one style (wrapping gives the
  /// spaces between words the style of the word after them).
  private static func fitsAsIs(_ paragraph: Line, width: Int) -> Bool {
    guard let first = paragraph.first, !first.isSpace else { return false }
    var total = 0
    for glyph in paragraph {
      guard glyph.style == first.style else { return false }
      total += glyph.width
    }
    return total <= width
  }

  /// `line` cut to `width` columns with "…" where text was removed (always when `force`, which
  /// means the line already ends in a space and an ellipsis to keep).
  static func truncate(_ line: Line, width: Int?, mode: TruncationMode, force: Bool) -> Line {
    guard let width else { return force ? trimmedEllipsis(line) : line }
    if Self.width(line) <= width { return force ? trimmedEllipsis(line) : line }
    guard width > 0 else { return [] }
    var content = line
    if force { content.removeLast(2) }
    guard let sample = content.first ?? line.first else { return [] }
    let mark = ellipsis(like: sample)
    let room = width - 1
    switch mode {
    case .tail:
      return trimTrailingSpaces(prefix(content, columns: room)) + [mark]
    case .head:
      return [mark] + trimLeadingSpaces(suffix(content, columns: room))
    case .middle:
      let front = prefix(content, columns: (room + 1) / 2)
      let back = suffix(content, columns: room - Self.width(front))
      return trimTrailingSpaces(front) + [mark] + trimLeadingSpaces(back)
    }
  }

  private static func trimmedEllipsis(_ line: Line) -> Line {
    // "word …" → "word…"
    var line = line
    if line.count >= 2, line[line.count - 2].isSpace { line.remove(at: line.count - 2) }
    return line
  }

  private static func prefix(_ line: Line, columns: Int) -> Line {
    var used = 0
    var result: Line = []
    for glyph in line {
      guard used + glyph.width <= columns else { break }
      result.append(glyph)
      used += glyph.width
    }
    return result
  }

  private static func suffix(_ line: Line, columns: Int) -> Line {
    Array(prefix(Array(line.reversed()), columns: columns).reversed())
  }

  private static func trimTrailingSpaces(_ line: Line) -> Line {
    var line = line
    while line.last?.isSpace == true { line.removeLast() }
    return line
  }

  private static func trimLeadingSpaces(_ line: Line) -> Line {
    Array(line.drop { $0.isSpace })
  }
}
