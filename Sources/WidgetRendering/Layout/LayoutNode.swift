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

/// The view tree prepared for layout: styles inherited and resolved, text turned into glyphs
/// (dates formatted for the moment of display), each node with a cache of the sizes it
/// answered, so that stacks may ask a child several times without repeating the work.
final class LayoutNode {
  enum Kind {
    case empty
    case text([Glyph], TextLayout.Paragraph, TextLayout.Summary)
    case symbol(Glyph)
    /// A resizable named image: drawn as a frame labelled with its name; `missing` marks one
    /// the bundle's resources do not have.
    case resizableImage(name: String?, missing: Bool)
    case shape(ShapeKind, fill: ColorValue?)
    case color(ColorValue)
    case divider
    case stack(StackAxis, Alignment, spacing: Int, [LayoutNode])
    case spacer(minLength: Int)
    /// Boxed: a `Frame` is eight optional lengths, about 130 bytes, and unboxed it made every
    /// kind that size, copied whenever a node's kind is read.
    indirect case frame(Frame, LayoutNode)
    case padding(top: Int, leading: Int, bottom: Int, trailing: Int, LayoutNode)
    case background(LayoutNode, Alignment, LayoutNode)
    case overlay(LayoutNode, Alignment, LayoutNode)
    /// A child drawn with an effect: a link region, clipping, dimming.
    case effect(Effect, LayoutNode)
  }

  enum Effect {
    case link(String)
    case clip
    case opacity(Double)
    case none
  }

  let kind: Kind
  /// A text's paragraph style and summary, copied out of ``kind`` when the node is made: the
  /// stacks measure each child several times and most texts answer from these alone
  /// (``TextLayout/quickSize(_:width:height:style:)``), which read through `kind` copied the
  /// whole enum, retaining and releasing its payload.
  let quickText: (paragraph: TextLayout.Paragraph, summary: TextLayout.Summary)?
  /// Whether the node is `.empty`, which a stack does not space (read without copying `kind`).
  let isEmpty: Bool
  /// Whether the node is a spacer, which a stack serves last (read without copying `kind`).
  let isSpacer: Bool
  /// `.layoutPriority(_:)` of this node (0 unless set).
  var priority: Double = 0
  /// Shapes and colours in a background or a ZStack only paint the background colour.
  let isLayer: Bool
  /// The enclosing stack's axis, for spacers and dividers.
  let axis: StackAxis?
  /// The sizes answered so far, by proposal.
  private var sizes = Remembered<CellSize>()
  /// A stack's layouts computed so far, by proposal.
  private var stackLayouts = Remembered<StackLayout>()
  /// A text's lines computed so far, by the width and height they were broken for.
  private var textLines = Remembered<[TextLayout.Line]>()

  init(kind: Kind, isLayer: Bool, axis: StackAxis?) {
    self.kind = kind
    self.isLayer = isLayer
    self.axis = axis
    var quickText: (paragraph: TextLayout.Paragraph, summary: TextLayout.Summary)?
    var isEmpty = false
    var isSpacer = false
    switch kind {
    case .text(_, let paragraph, let summary): quickText = (paragraph, summary)
    case .empty: isEmpty = true
    case .spacer: isSpacer = true
    default: break
    }
    self.quickText = quickText
    self.isEmpty = isEmpty
    self.isSpacer = isSpacer
  }

  /// The size this node answers for `proposal`, computed once.
  func size(for proposal: Proposal, _ compute: (Proposal) -> CellSize) -> CellSize {
    sizes.value(for: proposal, compute)
  }

  /// This stack's layout for `proposal`, computed once.
  func stackLayout(for proposal: Proposal, _ compute: (Proposal) -> StackLayout) -> StackLayout {
    stackLayouts.value(for: proposal, compute)
  }

  /// This text's lines for `width` and `height`, computed once.
  func lines(
    width: Int?, height: Int?, _ compute: (Int?, Int?) -> [TextLayout.Line]
  ) -> [TextLayout.Line] {
    textLines.value(for: Proposal(width: width, height: height)) { compute($0.width, $0.height) }
  }
}

/// Answers remembered by proposal. A node is asked a few times at most, so a list, not a
/// dictionary; the first two answers are kept in the node itself, the rest in an array: most
/// nodes are asked once or twice, and then need no allocation for it.
struct Remembered<Value> {
  private var first: (key: Proposal, value: Value)?
  private var second: (key: Proposal, value: Value)?
  private var more: [(key: Proposal, value: Value)] = []

  /// The answer for `key`, or `compute(key)`, kept.
  mutating func value(for key: Proposal, _ compute: (Proposal) -> Value) -> Value {
    guard let first else {
      let value = compute(key)
      self.first = (key, value)
      return value
    }
    if first.key == key { return first.value }
    guard let second else {
      let value = compute(key)
      self.second = (key, value)
      return value
    }
    if second.key == key { return second.value }
    for entry in more where entry.key == key { return entry.value }
    let value = compute(key)
    if more.isEmpty { more.reserveCapacity(2) }
    more.append((key, value))
    return value
  }
}

/// A stack's size and where each child goes.
struct StackLayout {
  var size: CellSize
  var placements: [Layout.Placement]
}

/// A proposed size in cells; nil in a dimension asks for the ideal size.
struct Proposal: Equatable {
  var width: Int?
  var height: Int?

  static let ideal = Proposal(width: nil, height: nil)
}

/// Turns a view tree into layout nodes.
struct LayoutBuilder {
  let dates: DateText
  let now: Date
  /// The characters and styles of the glyphs made, for the canvas they are drawn on.
  private(set) var table = GlyphTable()
  /// The earliest time a live date in the tree shows a different text, if any.
  private(set) var nextLiveChange: Date?
  /// `.containerBackground` layers, drawn behind the whole widget.
  private(set) var containerBackgrounds: [LayoutNode] = []
  /// The first `.widgetURL`.
  private(set) var widgetURL: String?

  init(dates: DateText, now: Date) {
    self.dates = dates
    self.now = now
  }

  /// The layout node of the whole view tree `node`.
  mutating func build(_ node: ViewNode) -> LayoutNode {
    build(node, style: InheritedStyle(TextStyle(), table: &table))
  }

  private mutating func build(
    _ node: ViewNode, style: InheritedStyle, isLayer: Bool = false, axis: StackAxis? = nil
  ) -> LayoutNode {
    func make(_ kind: LayoutNode.Kind) -> LayoutNode {
      LayoutNode(kind: kind, isLayer: isLayer, axis: axis)
    }
    switch node {
    case .empty:
      return make(.empty)
    case .text(let text):
      let glyphs = glyphs(of: text, style: style)
      return make(.text(glyphs, TextLayout.Paragraph(style.text), TextLayout.Summary(glyphs)))
    case .image(let image):
      if let systemName = image.systemName, !image.resizable {
        // Redacted, a symbol is a block like the text around it.
        let glyph: Character = style.redacted ? "█" : SymbolGlyphs.glyph(for: systemName)
        return make(
          .symbol(
            Glyph(
              code: table.code(of: glyph), width: TextWidth.of(glyph),
              style: style.cell)))
      }
      if image.resizable {
        return make(.resizableImage(name: image.name, missing: image.missing))
      }
      let glyph: Character =
        style.redacted
        ? "█" : image.missing ? SymbolGlyphs.missingImage : SymbolGlyphs.namedImage
      return make(
        .symbol(
          Glyph(code: table.code(of: glyph), width: 1, style: style.cell)))
    case .shape(let shape):
      return make(.shape(shape.shape, fill: shape.fill ?? style.text.foreground))
    case .color(let color):
      return make(.color(color))
    case .divider:
      return make(.divider)
    case .stack(let stack):
      let spacing =
        stack.spacing.map { stack.axis == .horizontal ? Cells.columns($0) : Cells.rows($0) }
        ?? (stack.axis == .horizontal ? 1 : 0)
      // The front-most child of a ZStack is content; the ones behind it are layers.
      let last = stack.children.count - 1
      var children: [LayoutNode] = []
      children.reserveCapacity(stack.children.count)
      for (index, child) in stack.children.enumerated() {
        children.append(
          build(
            child, style: style, isLayer: isLayer || (stack.axis == .z && index < last),
            axis: stack.axis))
      }
      return make(.stack(stack.axis, stack.alignment, spacing: spacing, children))
    case .spacer(let minLength):
      let length = minLength.map { axis == .vertical ? Cells.rows($0) : Cells.columns($0) } ?? 0
      return make(.spacer(minLength: length))
    case .modified(let child, let modifier):
      return build(child, modifier: modifier, style: style, isLayer: isLayer, axis: axis)
    }
  }

  private mutating func build(
    _ child: ViewNode, modifier: Modifier, style: InheritedStyle, isLayer: Bool, axis: StackAxis?
  ) -> LayoutNode {
    func make(_ kind: LayoutNode.Kind) -> LayoutNode {
      LayoutNode(kind: kind, isLayer: isLayer, axis: axis)
    }
    switch modifier {
    case .frame(let frame):
      return make(.frame(frame, build(child, style: style, isLayer: isLayer)))
    case .padding(let insets):
      return make(
        .padding(
          top: Cells.rows(insets.top), leading: Cells.columns(insets.leading),
          bottom: Cells.rows(insets.bottom), trailing: Cells.columns(insets.trailing),
          build(child, style: style, isLayer: isLayer)))
    case .background(let layer, let alignment):
      let content = build(child, style: style, isLayer: isLayer)
      return make(.background(build(layer, style: style, isLayer: true), alignment, content))
    case .overlay(let layer, let alignment):
      let content = build(child, style: style, isLayer: isLayer)
      return make(.overlay(build(layer, style: style, isLayer: isLayer), alignment, content))
    case .containerBackground(let layer):
      containerBackgrounds.append(build(layer, style: style, isLayer: true))
      return build(child, style: style, isLayer: isLayer, axis: axis)
    case .style(let inner):
      return build(
        child, style: InheritedStyle(style.text.merged(with: inner), table: &table),
        isLayer: isLayer, axis: axis)
    case .opacity(let value):
      return make(
        .effect(.opacity(value), build(child, style: style, isLayer: isLayer, axis: axis)))
    case .clip:
      return make(.effect(.clip, build(child, style: style, isLayer: isLayer, axis: axis)))
    case .link(let url):
      return make(.effect(.link(url), build(child, style: style, isLayer: isLayer, axis: axis)))
    case .widgetURL(let url):
      if widgetURL == nil { widgetURL = url }
      return build(child, style: style, isLayer: isLayer, axis: axis)
    case .layoutPriority(let priority):
      let node = build(child, style: style, isLayer: isLayer, axis: axis)
      node.priority = priority
      return node
    case .accentable:
      return build(child, style: style, isLayer: isLayer, axis: axis)
    }
  }

  /// The text's characters at `now`, each with its run's style merged into `style`.
  private mutating func glyphs(of text: TextNode, style: InheritedStyle) -> [Glyph] {
    var glyphs: [Glyph] = []
    for run in text.runs {
      // A run with no style of its own (nearly all) is in the inherited style, resolved once.
      // (`ownStyle`, not `style`: the latter makes a default style, 150 bytes, for such a run.)
      let cell: UInt32
      let redacted: Bool
      if let own = run.ownStyle, !own.isEmpty {
        let runStyle = style.text.merged(with: own)
        cell = table.index(of: Self.cellStyle(runStyle))
        redacted = runStyle.redacted == true
      } else {
        cell = style.cell
        redacted = style.redacted
      }
      let string: String
      switch run.content {
      case .verbatim(let verbatim):
        string = verbatim
      case .date(let date, let dateStyle):
        string = dates.string(date, style: dateStyle, now: now)
        // Redacted text looks the same whatever the date says: no redraws for it.
        if !redacted,
          let change = DateText.nextChange(of: date, style: dateStyle, after: now)
        {
          nextLiveChange = min(nextLiveChange ?? change, change)
        }
      }
      // The bytes are read from the string's contiguous UTF-8: through `String.UTF8View`'s
      // iterator, checking them alone took 8 % of the build.
      var utf8 = string
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
      for character in string {
        if redacted && character != " " && character != "\n" {
          let width = TextWidth.of(character)
          for _ in 0..<width { glyphs.append(Glyph(code: Self.block, width: 1, style: cell)) }
          continue
        }
        glyphs.append(
          Glyph(code: table.code(of: character), width: TextWidth.of(character), style: cell))
      }
    }
    return glyphs
  }

  /// The code of "█", which redacted text shows.
  private static let block: UInt32 = 0x2588

  /// Whether every character of the UTF-8 `bytes` is one ASCII byte: ASCII without a carriage
  /// return (which forms one character with a following line feed).
  private static func isSimpleASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
  }

  /// How text in `style` is drawn.
  fileprivate static func cellStyle(_ style: TextStyle) -> CellStyle {
    CellStyle(
      bold: style.isBold, italic: style.italic ?? false, underline: style.underline ?? false,
      strikethrough: style.strikethrough ?? false, dim: false, redacted: style.redacted ?? false,
      foreground: style.foreground, background: nil)
  }
}

/// A style that views inherit, with the index in the render's glyph table of the cell style its
/// text is drawn in, found when the style is made (at the root and at each `.style` modifier):
/// a text run with no style of its own, nearly every run, takes the index as it is, with no
/// merged copy of the style and no search of the table.
private struct InheritedStyle {
  /// The style.
  let text: TextStyle
  /// The index of `text`'s cell style in the glyph table.
  let cell: UInt32

  /// Whether text in this style is redacted.
  var redacted: Bool { text.redacted == true }

  init(_ text: TextStyle, table: inout GlyphTable) {
    self.text = text
    cell = table.index(of: LayoutBuilder.cellStyle(text))
  }
}

/// The point-to-cell conversions for lengths inside a view (see ``CellMetrics``).
enum Cells {
  /// Horizontal points to columns, to the nearest column.
  static func columns(_ points: Double) -> Int {
    guard points.isFinite else { return points > 0 ? Int.max / 4 : 0 }
    return max(0, Int((points / CellMetrics.pointsPerColumn).rounded()))
  }

  /// Vertical points to rows. A row is tall, so lengths round up to a row only from three
  /// quarters of one (12 pt): default spacing (8 pt) adds no blank line, 16 pt padding adds one.
  static func rows(_ points: Double) -> Int {
    guard points.isFinite else { return points > 0 ? Int.max / 4 : 0 }
    return max(0, Int((points / CellMetrics.pointsPerRow + 0.25).rounded(.down)))
  }
}
