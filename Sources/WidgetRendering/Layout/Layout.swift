import Foundation
import WidgetSchema

/// Lays out layout nodes on a cell grid with SwiftUI's propose-and-respond model: a parent
/// proposes a size, the child answers with the size it wants, the parent places it.
///
/// Stacks offer space to children in order of layout priority and, within a priority, least
/// flexible first; spacers and shapes, being the most flexible, get what is left. Text wraps
/// at word boundaries and is truncated with "…" when it runs out of lines.
struct Layout {
  let family: WidgetFamily
  /// Tap regions found while drawing.
  private(set) var regions: [TapRegion] = []
  /// Warnings found while drawing.
  private(set) var warnings: [String] = []

  init(family: WidgetFamily) {
    self.family = family
  }

  // MARK: Measuring

  func size(of node: LayoutNode, _ proposal: Proposal) -> CellSize {
    // A text that stays one line as it is needs neither its lines nor the cache.
    if let text = node.quickText,
      let size = TextLayout.quickSize(
        text.summary, width: proposal.width, height: proposal.height, style: text.paragraph)
    {
      return size
    }
    return node.size(for: proposal) { proposal in measure(node, proposal) }
  }

  private func measure(_ node: LayoutNode, _ proposal: Proposal) -> CellSize {
    switch node.kind {
    case .empty:
      return CellSize(width: 0, height: 0)
    case .text(let glyphs, let style, _):
      let lines = textLines(node, glyphs, style, width: proposal.width, height: proposal.height)
      var width = 0
      for line in lines { width = max(width, TextLayout.width(line)) }
      return CellSize(width: width, height: lines.count)
    case .symbol(let glyph):
      return CellSize(width: glyph.width, height: 1)
    case .resizableImage, .shape, .color:
      return CellSize(width: proposal.width ?? 1, height: proposal.height ?? 1)
    case .divider:
      return node.axis == .horizontal
        ? CellSize(width: 1, height: proposal.height ?? 1)
        : CellSize(width: proposal.width ?? 1, height: 1)
    case .spacer(let minLength):
      switch node.axis {
      case .horizontal:
        return CellSize(width: max(minLength, proposal.width ?? minLength), height: 0)
      case .vertical:
        return CellSize(width: 0, height: max(minLength, proposal.height ?? minLength))
      case .z, nil: return CellSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
      }
    case .stack(let axis, let alignment, let spacing, let children):
      return stackLayout(node, axis, alignment, spacing, children, proposal).size
    case .frame(let frame, let child):
      return frameLayout(frame, child, proposal).size
    case .padding(let top, let leading, let bottom, let trailing, let child):
      let inner = Proposal(
        width: proposal.width.map { max(0, $0 - leading - trailing) },
        height: proposal.height.map { max(0, $0 - top - bottom) })
      let size = size(of: child, inner)
      return CellSize(width: size.width + leading + trailing, height: size.height + top + bottom)
    case .background(_, _, let child), .overlay(_, _, let child), .effect(_, let child):
      return size(of: child, proposal)
    }
  }

  // MARK: Stacks

  struct Placement {
    var x: Int
    var y: Int
    var size: CellSize
  }

  private static let unbounded = 1 << 20

  /// A text node's lines broken for `width` and `height`, computed once per node.
  private func textLines(
    _ node: LayoutNode, _ glyphs: [Glyph], _ style: TextLayout.Paragraph, width: Int?,
    height: Int?
  ) -> [TextLayout.Line] {
    node.lines(width: width, height: height) { width, height in
      TextLayout.lines(glyphs, width: width, height: height, style: style)
    }
  }

  /// A stack node's layout for `proposal`, computed once per node.
  func stackLayout(
    _ node: LayoutNode, _ axis: StackAxis, _ alignment: Alignment, _ spacing: Int,
    _ children: [LayoutNode], _ proposal: Proposal
  ) -> StackLayout {
    node.stackLayout(for: proposal) { proposal in
      let frames = stackFrames(axis, alignment, spacing, children, proposal)
      return StackLayout(size: frames.size, placements: frames.placements)
    }
  }

  /// What a stack knows of a child while it shares out its length.
  private struct StackChild {
    /// The child's length along the stack's axis when offered none.
    var minimum = 0
    /// How much longer the child gets when offered unbounded length.
    var flexibility = 0
    var isSpacer = false
  }

  /// A stack's size and where each child goes. One array of placements, which holds each
  /// child's size until it is placed, and two buffers on the stack, of what the sharing needs
  /// per child and for the group of a priority being served: a stack is laid out twice or more
  /// per render.
  func stackFrames(
    _ axis: StackAxis, _ alignment: Alignment, _ spacing: Int, _ children: [LayoutNode],
    _ proposal: Proposal
  ) -> (size: CellSize, placements: [Placement]) {
    // Filled by appending: `Array(repeating:count:)` looks up the array's type metadata at run
    // time on every call here (a hash table lookup in the profile).
    var placements: [Placement] = []
    placements.reserveCapacity(children.count)
    for _ in children {
      placements.append(Placement(x: 0, y: 0, size: CellSize(width: 0, height: 0)))
    }
    if axis == .z {
      var width = children.isEmpty ? 0 : Int.min
      var height = children.isEmpty ? 0 : Int.min
      for index in children.indices {
        let size = size(of: children[index], proposal)
        placements[index].size = size
        width = max(width, size.width)
        height = max(height, size.height)
      }
      let total = CellSize(width: width, height: height)
      for index in placements.indices {
        let child = placements[index].size
        placements[index].x = Self.offset(child.width, in: total.width, Self.horizontal(alignment))
        placements[index].y = Self.offset(child.height, in: total.height, Self.vertical(alignment))
      }
      return (total, placements)
    }
    let horizontal = axis == .horizontal
    let visible = children.count { !$0.isEmpty }
    let gaps = spacing * max(0, visible - 1)
    let main = horizontal ? proposal.width : proposal.height
    let cross = horizontal ? proposal.height : proposal.width
    func propose(_ length: Int?) -> Proposal {
      horizontal ? Proposal(width: length, height: cross) : Proposal(width: cross, height: length)
    }
    func mainLength(_ size: CellSize) -> Int { horizontal ? size.width : size.height }

    if let main {
      // What the sharing needs per child and the group being served live in memory on the
      // stack: as arrays they were two allocations per layout of a stack, and the group grew
      // by reallocating. Both hold plain integers.
      withUnsafeTemporaryAllocation(of: StackChild.self, capacity: children.count) { info in
        info.initialize(repeating: StackChild())
        withUnsafeTemporaryAllocation(of: Int.self, capacity: children.count) { groupStorage in
          groupStorage.initialize(repeating: 0)
          var remaining = max(0, main - gaps)
          var highest = -Double.infinity
          // Spacers keep their minimum and share only what the other children leave.
          var spacerMinimum = 0
          var spacerCount = 0
          for index in children.indices {
            let child = children[index]
            let minimum = mainLength(size(of: child, propose(0)))
            info[index].minimum = minimum
            info[index].flexibility =
              mainLength(size(of: child, propose(Self.unbounded))) - minimum
            if child.isSpacer {
              info[index].isSpacer = true
              spacerMinimum += minimum
              spacerCount += 1
            }
            highest = max(highest, child.priority)
          }
          remaining = max(0, remaining - spacerMinimum)
          // Priorities from the highest down; within one, the least flexible child first.
          var next: Double? = children.isEmpty ? nil : highest
          while let priority = next {
            next = nil
            var groupCount = 0
            var reserved = 0
            for index in children.indices {
              let childPriority = children[index].priority
              if childPriority < priority {
                next = max(next ?? childPriority, childPriority)
                if !info[index].isSpacer { reserved += info[index].minimum }
              } else if childPriority == priority && !info[index].isSpacer {
                groupStorage[groupCount] = index
                groupCount += 1
              }
            }
            var group = UnsafeMutableBufferPointer(rebasing: groupStorage[..<groupCount])
            var sorted = true
            for position in group.indices.dropFirst()
            where info[group[position - 1]].flexibility > info[group[position]].flexibility {
              sorted = false
            }
            if !sorted { group.sort { info[$0].flexibility < info[$1].flexibility } }
            var budget = max(0, remaining - reserved)
            for (position, index) in group.enumerated() {
              let share = budget / (group.count - position)
              let size = size(of: children[index], propose(max(share, info[index].minimum)))
              placements[index].size = size
              budget = max(0, budget - mainLength(size))
              remaining = max(0, remaining - mainLength(size))
            }
          }
          var position = 0
          for index in children.indices where info[index].isSpacer {
            let share = remaining / (spacerCount - position)
            placements[index].size = size(of: children[index], propose(info[index].minimum + share))
            remaining -= share
            position += 1
          }
        }
      }
    } else {
      for index in children.indices {
        placements[index].size = size(of: children[index], propose(nil))
      }
    }

    var crossExtent = children.isEmpty ? 0 : Int.min
    var mainExtent = gaps
    for placement in placements {
      crossExtent = max(crossExtent, horizontal ? placement.size.height : placement.size.width)
      mainExtent += mainLength(placement.size)
    }
    let baselines: [Int]? =
      (alignment == .firstTextBaseline || alignment == .lastTextBaseline) && horizontal
      ? children.indices.map {
        baseline(of: children[$0], placements[$0].size, last: alignment == .lastTextBaseline)
      }
      : nil
    let baselineExtent = baselines?.max() ?? 0
    var crossTotal = crossExtent
    if let baselines {
      crossTotal =
        children.indices.map { baselineExtent - baselines[$0] + placements[$0].size.height }
        .max() ?? 0
    }
    var position = 0
    for index in children.indices {
      let size = placements[index].size
      let crossOffset: Int
      if let baselines {
        crossOffset = baselineExtent - baselines[index]
      } else if horizontal {
        crossOffset = Self.offset(size.height, in: crossExtent, Self.vertical(alignment))
      } else {
        crossOffset = Self.offset(size.width, in: crossExtent, Self.horizontal(alignment))
      }
      placements[index].x = horizontal ? position : crossOffset
      placements[index].y = horizontal ? crossOffset : position
      if children[index].isEmpty { continue }
      position += mainLength(size) + spacing
    }
    let total =
      horizontal
      ? CellSize(width: mainExtent, height: crossTotal)
      : CellSize(width: crossTotal, height: mainExtent)
    return (total, placements)
  }

  /// The row of a node's first or last line of text, counted from its top.
  func baseline(of node: LayoutNode, _ size: CellSize, last: Bool) -> Int {
    switch node.kind {
    case .text:
      return last ? max(0, size.height - 1) : 0
    case .stack(let axis, let alignment, let spacing, let children) where !children.isEmpty:
      let layout = stackLayout(
        node, axis, alignment, spacing, children,
        Proposal(width: size.width, height: size.height))
      let index = axis == .vertical ? (last ? children.count - 1 : 0) : nil
      if let index {
        let placement = layout.placements[index]
        return placement.y + baseline(of: children[index], placement.size, last: last)
      }
      return children.indices.map {
        layout.placements[$0].y + baseline(of: children[$0], layout.placements[$0].size, last: last)
      }.max() ?? 0
    case .padding(let top, _, _, _, let child):
      return top
        + baseline(
          of: child, CellSize(width: size.width, height: max(0, size.height - top)), last: last)
    case .background(_, _, let child), .overlay(_, _, let child), .effect(_, let child):
      return baseline(of: child, size, last: last)
    case .frame(let frame, let child):
      let layout = frameLayout(frame, child, Proposal(width: size.width, height: size.height))
      return layout.child.y + baseline(of: child, layout.child.size, last: last)
    default:
      return max(0, size.height - 1)
    }
  }

  // MARK: Frames

  func frameLayout(_ frame: Frame, _ child: LayoutNode, _ proposal: Proposal) -> (
    size: CellSize, child: Placement
  ) {
    func axis(
      fixed: Double?, minimum: Double?, ideal: Double?, maximum: Double?, proposed: Int?,
      cells: @escaping (Double) -> Int
    ) -> (childProposal: Int?, resolve: (Int) -> Int) {
      if let fixed {
        let length = cells(fixed)
        return (length, { _ in length })
      }
      let low = minimum.map(cells)
      let high = maximum.map(cells)
      guard low != nil || high != nil else {
        let idealLength = ideal.map(cells)
        return (proposed ?? idealLength, { $0 })
      }
      var childProposal = proposed ?? ideal.map(cells)
      if let value = childProposal {
        var clamped = value
        if let low { clamped = max(clamped, low) }
        if let high { clamped = min(clamped, high) }
        childProposal = clamped
      }
      return (
        childProposal,
        { childLength in
          let lower = low ?? childLength
          let upper = max(high ?? childLength, lower)
          let target = proposed ?? ideal.map(cells) ?? childLength
          return min(max(target, lower), upper)
        }
      )
    }
    let width = axis(
      fixed: frame.width, minimum: frame.minWidth, ideal: frame.idealWidth, maximum: frame.maxWidth,
      proposed: proposal.width, cells: Cells.columns)
    let height = axis(
      fixed: frame.height, minimum: frame.minHeight, ideal: frame.idealHeight,
      maximum: frame.maxHeight,
      proposed: proposal.height, cells: Cells.rows)
    let childSize = size(
      of: child, Proposal(width: width.childProposal, height: height.childProposal))
    let total = CellSize(
      width: width.resolve(childSize.width), height: height.resolve(childSize.height))
    let placement = Placement(
      x: Self.offset(childSize.width, in: total.width, Self.horizontal(frame.alignment)),
      y: Self.offset(childSize.height, in: total.height, Self.vertical(frame.alignment)),
      size: childSize)
    return (total, placement)
  }

  // MARK: Drawing

  mutating func draw(
    _ node: LayoutNode, in canvas: inout Canvas, at rect: CellRect, dim: Bool = false
  ) {
    switch node.kind {
    case .empty, .spacer:
      return
    case .resizableImage(let name, let missing):
      // The picture itself cannot be shown: content images draw their frame, labelled with the
      // image's name when it fits inside (a missing image: ⊠ on the top edge); images in a
      // background draw nothing over the text in front of them.
      guard !node.isLayer, rect.width > 0, rect.height > 0 else { return }
      let style = CellStyle(dim: true)
      guard rect.width >= 2, rect.height >= 2 else {
        let mark = missing ? SymbolGlyphs.missingImage : SymbolGlyphs.namedImage
        let row = String(repeating: mark, count: rect.width)
        for line in 0..<rect.height {
          canvas.write(row, x: rect.x, y: rect.y + line, limit: rect.width, style: style)
        }
        return
      }
      let inner = rect.width - 2
      canvas.write(
        "┌" + String(repeating: "─", count: inner) + "┐", x: rect.x, y: rect.y, limit: rect.width,
        style: style)
      for line in 1..<rect.height - 1 {
        canvas.write("│", x: rect.x, y: rect.y + line, limit: 1, style: style)
        canvas.write("│", x: rect.x + rect.width - 1, y: rect.y + line, limit: 1, style: style)
      }
      canvas.write(
        "└" + String(repeating: "─", count: inner) + "┘", x: rect.x, y: rect.y + rect.height - 1,
        limit: rect.width, style: style)
      if missing, inner >= 1 {
        canvas.write(
          String(SymbolGlyphs.missingImage), x: rect.x + 1, y: rect.y, limit: 1, style: style)
      }
      if let name, rect.height >= 3, inner >= 1 {
        var label = ""
        var used = 0
        for character in name {
          let width = TextWidth.of(character)
          guard used + width <= inner else { break }
          label.append(character)
          used += width
        }
        let free = inner - used
        canvas.write(
          label, x: rect.x + 1 + free / 2, y: rect.y + (rect.height - 1) / 2, limit: inner,
          style: style)
      }
    case .text(let glyphs, let style, let summary):
      if TextLayout.quickSize(summary, width: rect.width, height: rect.height, style: style)
        != nil
      {
        // One line, the glyphs as they are: no indent (the line is as wide as the text).
        canvas.write(glyphs, x: rect.x, y: rect.y, dim: dim)
        return
      }
      let lines = textLines(node, glyphs, style, width: rect.width, height: rect.height)
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
      canvas.write(glyph, x: rect.x, y: rect.y, limit: rect.width, dim: dim)
    case .shape(let shape, let fill):
      paint(shape: shape, color: fill, node: node, in: &canvas, rect: rect, dim: dim)
    case .color(let color):
      paint(shape: .rectangle, color: color, node: node, in: &canvas, rect: rect, dim: dim)
    case .divider:
      let horizontal = node.axis != .horizontal
      let line = String(repeating: horizontal ? "─" : "│", count: horizontal ? rect.width : 1)
      for row in 0..<(horizontal ? min(rect.height, 1) : rect.height) {
        canvas.write(
          line, x: rect.x, y: rect.y + row, limit: rect.width, style: CellStyle(dim: true))
      }
    case .stack(let axis, let alignment, let spacing, let children):
      let layout = stackLayout(
        node, axis, alignment, spacing, children, Proposal(width: rect.width, height: rect.height))
      for (child, placement) in zip(children, layout.placements) {
        draw(
          child, in: &canvas,
          at: CellRect(
            x: rect.x + placement.x, y: rect.y + placement.y, width: placement.size.width,
            height: placement.size.height), dim: dim)
      }
    case .frame(let frame, let child):
      let layout = frameLayout(frame, child, Proposal(width: rect.width, height: rect.height))
      draw(
        child, in: &canvas,
        at: CellRect(
          x: rect.x + layout.child.x, y: rect.y + layout.child.y, width: layout.child.size.width,
          height: layout.child.size.height), dim: dim)
    case .padding(let top, let leading, let bottom, let trailing, let child):
      draw(
        child, in: &canvas,
        at: CellRect(
          x: rect.x + leading, y: rect.y + top, width: max(0, rect.width - leading - trailing),
          height: max(0, rect.height - top - bottom)), dim: dim)
    case .background(let layer, let alignment, let child),
      .overlay(let layer, let alignment, let child):
      let isBackground = if case .background = node.kind { true } else { false }
      if !isBackground { draw(child, in: &canvas, at: rect, dim: dim) }
      let layerSize = size(of: layer, Proposal(width: rect.width, height: rect.height))
      let layerRect = CellRect(
        x: rect.x + Self.offset(layerSize.width, in: rect.width, Self.horizontal(alignment)),
        y: rect.y + Self.offset(layerSize.height, in: rect.height, Self.vertical(alignment)),
        width: layerSize.width, height: layerSize.height)
      draw(layer, in: &canvas, at: layerRect, dim: dim)
      if isBackground { draw(child, in: &canvas, at: rect, dim: dim) }
    case .effect(let effect, let child):
      switch effect {
      case .none:
        draw(child, in: &canvas, at: rect, dim: dim)
      case .opacity(let value):
        guard value > 0 else { return }
        draw(child, in: &canvas, at: rect, dim: dim || value < 0.5)
      case .clip:
        let saved = canvas.clip
        canvas.clip = saved.map { $0.intersection(rect) } ?? rect
        draw(child, in: &canvas, at: rect, dim: dim)
        canvas.clip = saved
      case .link(let url):
        if family == .systemSmall {
          warnings.append(
            "Link to \(url) ignored: systemSmall widgets open only their widgetURL, as on iOS")
        } else {
          regions.append(
            TapRegion(
              id: "link-\(regions.count)", url: url, x: rect.x, y: rect.y, width: rect.width,
              height: rect.height))
        }
        draw(child, in: &canvas, at: rect, dim: dim)
      }
    }
  }

  /// Shapes and colours in a layer paint the background; as content they draw blocks.
  private func paint(
    shape: ShapeKind, color: ColorValue?, node: LayoutNode, in canvas: inout Canvas, rect: CellRect,
    dim: Bool
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let color =
      color
      ?? (shape == .accessoryBackground
        ? ColorValue(name: "gray", opacity: 0.3) : ColorValue(name: "primary"))
    if color.name == "clear" || color.opacity == 0 { return }
    if node.isLayer {
      canvas.fill(rect, background: color)
      return
    }
    let character: Character =
      switch shape {
      case .circle, .ellipse, .capsule: rect.width == 1 && rect.height == 1 ? "●" : "█"
      case .accessoryBackground: "░"
      default: "█"
      }
    let row = String(repeating: character, count: rect.width)
    for line in 0..<rect.height {
      canvas.write(
        row, x: rect.x, y: rect.y + line, limit: rect.width,
        style: CellStyle(dim: dim, foreground: color))
    }
  }

  // MARK: Alignment

  enum Position {
    case start
    case center
    case end
  }

  static func horizontal(_ alignment: Alignment) -> Position {
    switch alignment {
    case .leading, .topLeading, .bottomLeading: .start
    case .trailing, .topTrailing, .bottomTrailing: .end
    default: .center
    }
  }

  static func vertical(_ alignment: Alignment) -> Position {
    switch alignment {
    case .top, .topLeading, .topTrailing, .firstTextBaseline: .start
    case .bottom, .bottomLeading, .bottomTrailing, .lastTextBaseline: .end
    default: .center
    }
  }

  static func offset(_ length: Int, in extent: Int, _ position: Position) -> Int {
    let free = max(0, extent - length)
    switch position {
    case .start: return 0
    case .center: return free / 2
    case .end: return free
    }
  }
}
