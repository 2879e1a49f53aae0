import Foundation
import WidgetSchema

/// Lays out a view tree on a cell grid with SwiftUI's propose-and-respond model: a parent
/// proposes a size, the child answers with the size it wants, the parent places it.
///
/// Stacks offer space to their least flexible children first and give what is left to
/// spacers; text wraps at word boundaries and is truncated with "…" when it runs out of rows.
struct Layout {
  let dates: DateText
  let now: Date

  /// A proposed size; nil in a dimension means "your ideal size".
  struct Proposal {
    var width: Int?
    var height: Int?
  }

  // MARK: Measuring

  func size(of node: ViewNode, proposal: Proposal) -> CellSize {
    switch node {
    case .empty:
      return CellSize(width: 0, height: 0)
    case .text(let text):
      let lines = wrap(string(of: text), width: proposal.width, height: proposal.height)
      return CellSize(width: lines.map { TextWidth.of($0) }.max() ?? 0, height: lines.count)
    case .spacer(let minLength):
      let length = minLength.map(CellMetrics.columns) ?? 0
      return CellSize(width: proposal.width ?? length, height: proposal.height ?? 0)
    case .stack(let stack):
      return frames(of: stack, proposal: proposal).size
    case .modified(let child, _):
      return size(of: child, proposal: proposal)
    case .image, .shape, .color, .divider:
      return CellSize(width: 0, height: 0)
    }
  }

  // MARK: Drawing

  func draw(_ node: ViewNode, in canvas: inout Canvas, x: Int, y: Int, size: CellSize) {
    switch node {
    case .empty, .spacer, .image, .shape, .color, .divider:
      return
    case .modified(let child, _):
      draw(child, in: &canvas, x: x, y: y, size: size)
    case .text(let text):
      let lines = wrap(string(of: text), width: size.width, height: size.height)
      for (row, line) in lines.enumerated() {
        canvas.write(line, x: x, y: y + row, limit: size.width)
      }
    case .stack(let stack):
      let layout = frames(of: stack, proposal: Proposal(width: size.width, height: size.height))
      for (child, frame) in zip(stack.children, layout.frames) {
        draw(child, in: &canvas, x: x + frame.x, y: y + frame.y, size: frame.size)
      }
    }
  }

  // MARK: Stacks

  struct Frame {
    var x: Int
    var y: Int
    var size: CellSize
  }

  private func frames(of stack: StackNode, proposal: Proposal) -> (size: CellSize, frames: [Frame])
  {
    switch stack.axis {
    case .z:
      let sizes = stack.children.map { size(of: $0, proposal: proposal) }
      let total = CellSize(
        width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
      let frames = sizes.map { child in
        Frame(
          x: offset(child.width, in: total.width, alignment: stack.alignment, horizontal: true),
          y: offset(child.height, in: total.height, alignment: stack.alignment, horizontal: false),
          size: child)
      }
      return (total, frames)
    case .horizontal, .vertical:
      return linearFrames(of: stack, proposal: proposal)
    }
  }

  private func linearFrames(
    of stack: StackNode, proposal: Proposal
  ) -> (size: CellSize, frames: [Frame]) {
    let horizontal = stack.axis == .horizontal
    let children = stack.children
    let spacing =
      stack.spacing.map { horizontal ? CellMetrics.columns($0) : CellMetrics.rows($0) }
      ?? (horizontal ? 1 : 0)
    let totalSpacing = spacing * max(0, children.count - 1)
    let available = (horizontal ? proposal.width : proposal.height).map {
      max(0, $0 - totalSpacing)
    }
    let cross = horizontal ? proposal.height : proposal.width

    func propose(_ main: Int?) -> Proposal {
      horizontal ? Proposal(width: main, height: cross) : Proposal(width: cross, height: main)
    }
    func mainLength(_ size: CellSize) -> Int { horizontal ? size.width : size.height }

    // Ideal lengths of the non-spacer children.
    var lengths = Array(repeating: 0, count: children.count)
    var spacers: [Int] = []
    var others: [(index: Int, ideal: Int)] = []
    for (index, child) in children.enumerated() {
      if case .spacer(let minLength) = child {
        spacers.append(index)
        lengths[index] =
          minLength.map { horizontal ? CellMetrics.columns($0) : CellMetrics.rows($0) } ?? 0
      } else {
        others.append((index, mainLength(size(of: child, proposal: propose(nil)))))
      }
    }
    let spacerMinimum = spacers.reduce(0) { $0 + lengths[$1] }
    if let available {
      // Least flexible (smallest ideal) first, each offered an equal share of what is left.
      var remaining = max(0, available - spacerMinimum)
      let ordered = others.sorted { $0.ideal < $1.ideal }
      for (position, child) in ordered.enumerated() {
        let share = remaining / (ordered.count - position)
        let length = mainLength(
          size(of: children[child.index], proposal: propose(min(child.ideal, share))))
        lengths[child.index] = min(length, remaining)
        remaining -= lengths[child.index]
      }
      // Spacers share what is left.
      if !spacers.isEmpty {
        for (position, index) in spacers.enumerated() {
          let share = remaining / (spacers.count - position)
          lengths[index] += share
          remaining -= share
        }
      }
    } else {
      for child in others { lengths[child.index] = child.ideal }
    }

    // Final sizes along both axes.
    var sizes: [CellSize] = []
    for (index, child) in children.enumerated() {
      if case .spacer = child {
        sizes.append(
          horizontal
            ? CellSize(width: lengths[index], height: 0)
            : CellSize(width: 0, height: lengths[index]))
      } else {
        var childSize = size(of: child, proposal: propose(lengths[index]))
        if horizontal {
          childSize.width = min(childSize.width, lengths[index])
        } else {
          childSize.height = min(childSize.height, lengths[index])
        }
        sizes.append(childSize)
      }
    }
    let crossExtent = sizes.map { horizontal ? $0.height : $0.width }.max() ?? 0
    let mainExtent = zip(children, sizes).reduce(totalSpacing) { total, pair in
      total + mainLength(pair.1)
    }
    var frames: [Frame] = []
    var position = 0
    for size in sizes {
      let crossOffset = offset(
        horizontal ? size.height : size.width, in: crossExtent, alignment: stack.alignment,
        horizontal: !horizontal)
      frames.append(
        horizontal
          ? Frame(x: position, y: crossOffset, size: size)
          : Frame(x: crossOffset, y: position, size: size))
      position += mainLength(size) + spacing
    }
    let total =
      horizontal
      ? CellSize(width: mainExtent, height: crossExtent)
      : CellSize(width: crossExtent, height: mainExtent)
    return (total, frames)
  }

  /// Where a child of `length` goes in `extent` for `alignment` along one axis.
  func offset(_ length: Int, in extent: Int, alignment: Alignment, horizontal: Bool) -> Int {
    let free = max(0, extent - length)
    let start: Bool
    let end: Bool
    if horizontal {
      start = [.leading, .topLeading, .bottomLeading].contains(alignment)
      end = [.trailing, .topTrailing, .bottomTrailing].contains(alignment)
    } else {
      start = [.top, .topLeading, .topTrailing, .firstTextBaseline].contains(alignment)
      end = [.bottom, .bottomLeading, .bottomTrailing, .lastTextBaseline].contains(alignment)
    }
    return start ? 0 : end ? free : free / 2
  }

  // MARK: Text

  /// The text's string at `now`.
  func string(of text: TextNode) -> String {
    var result = ""
    for run in text.runs {
      switch run.content {
      case .verbatim(let string): result += string
      case .date(let date, let style): result += dates.string(date, style: style, now: now)
      }
    }
    return result
  }

  /// Splits `text` into lines of at most `width` columns (at spaces where possible, inside a
  /// word only when a word is longer than a line) and at most `height` lines, the last one
  /// ending in "…" when text was cut.
  func wrap(_ text: String, width: Int?, height: Int?) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrapParagraph(String(paragraph), width: width)
    }
    if let height, lines.count > height {
      lines = Array(lines.prefix(max(0, height)))
      if let last = lines.popLast() {
        lines.append(truncate(last + " …", width: width, force: true))
      }
    }
    return lines
  }

  private func wrapParagraph(_ paragraph: String, width: Int?) -> [String] {
    guard let width else { return [paragraph] }
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = TextWidth.of(word)
      let needed = lineWidth == 0 ? wordWidth : lineWidth + 1 + wordWidth
      if needed <= width {
        line += lineWidth == 0 && line.isEmpty ? String(word) : " " + word
        lineWidth = needed
        continue
      }
      if !line.isEmpty || lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      // Break a word longer than a line.
      var piece = ""
      var pieceWidth = 0
      for character in word {
        let characterWidth = TextWidth.of(character)
        if pieceWidth + characterWidth > width {
          lines.append(piece)
          piece = ""
          pieceWidth = 0
        }
        piece.append(character)
        pieceWidth += characterWidth
      }
      line = piece
      lineWidth = pieceWidth
    }
    lines.append(line)
    return lines
  }

  /// `text` cut to `width` columns with a trailing "…" (always when `force`).
  func truncate(_ text: String, width: Int?, force: Bool = false) -> String {
    var text = text
    if force, text.hasSuffix(" …") { text.removeLast(2) }
    guard let width else { return force ? text + "…" : text }
    if !force && TextWidth.of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = TextWidth.of(character)
      if used + characterWidth > width - 1 { break }
      result.append(character)
      used += characterWidth
    }
    while result.last == " " { result.removeLast() }
    return result + "…"
  }
}
