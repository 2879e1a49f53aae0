@preconcurrency import CPixelLibraries
import Foundation
import WidgetSchema

/// A text laid out by Pango: one Pango layout per text node, its runs' fonts, colours and
/// decorations as attributes, measured again for each proposal.
final class PointText {
  let libraries: pixel_libraries
  /// The Pango layout (owned).
  let layout: OpaquePointer
  /// Line limit, truncation and alignment.
  let paragraph: TextLayout.Paragraph
  /// Drawn as rounded bars, as a placeholder's text is.
  let redacted: Bool
  /// The colour of the text where no run gives one, and of redaction bars.
  let foreground: ColorValue?
  /// The gradient the whole text is painted with (its style's, or every run's alike), or nil.
  let gradient: GradientValue?
  /// Whether the text has no characters.
  let isEmpty: Bool
  /// Whether any of its characters is of a right-to-left script, which Pango aligns to the
  /// box's far edge.
  let isRightToLeft: Bool

  /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms,
  /// and the right-to-left blocks of the supplementary planes.
  static func isRightToLeft(_ scalar: UInt32) -> Bool {
    (0x0590...0x08FF).contains(scalar) || (0xFB1D...0xFDFF).contains(scalar)
      || (0xFE70...0xFEFF).contains(scalar) || (0x10800...0x10FFF).contains(scalar)
      || (0x1E800...0x1EFFF).contains(scalar)
  }
  /// The runs' attributes at their own sizes (owned).
  let attributes: OpaquePointer
  /// `.minimumScaleFactor(_:)`: how far the text may shrink to fit (1: not at all).
  let minimumScale: Double
  /// The scale the layout's attributes have now.
  private var scale = 1.0
  /// The text measured with no bounds, once it has been (``PointMetrics/measure(_:width:height:)``).
  var natural: PointTextLines?

  init(
    libraries: pixel_libraries, layout: OpaquePointer, attributes: OpaquePointer,
    paragraph: TextLayout.Paragraph, redacted: Bool, foreground: ColorValue?,
    gradient: GradientValue? = nil, isEmpty: Bool, isRightToLeft: Bool = false,
    minimumScale: Double
  ) {
    self.libraries = libraries
    self.layout = layout
    self.attributes = attributes
    self.paragraph = paragraph
    self.redacted = redacted
    self.foreground = foreground
    self.gradient = gradient
    self.isEmpty = isEmpty
    self.isRightToLeft = isRightToLeft
    self.minimumScale = minimumScale.isNaN ? 1 : min(max(minimumScale, 0.01), 1)
  }

  deinit {
    libraries.g_object_unref(UnsafeMutableRawPointer(layout))
    libraries.pango_attr_list_unref(attributes)
  }

  /// Draws every run at `scale` times its size.
  private func setScale(_ scale: Double) {
    guard scale != self.scale else { return }
    self.scale = scale
    let c = libraries
    guard scale != 1 else { return c.pango_layout_set_attributes(layout, attributes) }
    let scaled = c.pango_attr_list_copy(attributes)!
    if let attribute = c.pango_attr_scale_new(scale) {
      attribute.pointee.start_index = 0
      attribute.pointee.end_index = UInt32.max  // PANGO_ATTR_INDEX_TO_TEXT_END
      c.pango_attr_list_insert(scaled, attribute)
    }
    c.pango_layout_set_attributes(layout, scaled)
    c.pango_attr_list_unref(scaled)
  }

  /// Whether the text as laid out now shows all of itself in `height`.
  private func fits(height: Double?) -> Bool {
    libraries.pango_layout_is_ellipsized(layout) == 0
      && (height.map { extents().logical.height <= $0 + 0.01 } ?? true)
  }

  /// Pango units per point: the context's resolution is 72 dpi, so a point is a Pango pixel.
  static let unit = 1024.0
  /// The widest length given to Pango, in points (its lengths are 32-bit Pango units).
  static let widest = 1_000_000.0

  static func pangoLength(_ points: Double) -> Int32 {
    Int32(min(LayoutBounds.clamped(points), widest) * unit)
  }

  /// Sets the layout up for a box of `width` × `height` points (nil: unbounded) as SwiftUI
  /// breaks text: words wrap, at most `lineLimit` lines and as many as fit the height (at least
  /// one), the last truncated by the mode. A text with a `minimumScaleFactor` that does not fit
  /// is first drawn smaller, at the largest scale down to that factor at which it fits (found
  /// to 1/128 of the range), and truncated only if it does not fit even at the factor.
  func configure(width: Double?, height: Double?) {
    setScale(1)
    configureLines(width: width, height: height)
    guard minimumScale < 1, width != nil, !fits(height: height) else { return }
    setScale(minimumScale)
    configureLines(width: width, height: height)
    guard fits(height: height) else { return }
    var low = minimumScale
    var high = 1.0
    for _ in 0..<7 {
      let middle = (low + high) / 2
      setScale(middle)
      configureLines(width: width, height: height)
      if fits(height: height) { low = middle } else { high = middle }
    }
    setScale(low)
    configureLines(width: width, height: height)
  }

  private func configureLines(width: Double?, height: Double?) {
    let c = libraries
    // One Pango unit of slack: a text drawn in the width it measured keeps its lines.
    c.pango_layout_set_width(layout, width.map { Self.pangoLength($0) + 1 } ?? -1)
    c.pango_layout_set_wrap(layout, 2)  // PANGO_WRAP_WORD_CHAR
    let ellipsize: Int32 =
      switch paragraph.truncationMode {
      case .head: 1
      case .middle: 2
      case .tail: 3
      }
    let alignment: Int32 =
      switch paragraph.alignment {
      case .leading: 0
      case .center: 1
      case .trailing: 2
      }
    c.pango_layout_set_alignment(layout, alignment)
    let limit = paragraph.lineLimit.flatMap { $0 > 0 ? min($0, 1 << 20) : nil }
    guard width != nil, limit != nil || height != nil else {
      c.pango_layout_set_ellipsize(layout, 0)
      c.pango_layout_set_height(layout, -1)
      return
    }
    c.pango_layout_set_ellipsize(layout, ellipsize)
    if let limit {
      c.pango_layout_set_height(layout, Int32(-limit))
      if let height, self.extents().logical.height > height + 0.01 {
        c.pango_layout_set_height(layout, Self.pangoLength(height))
      }
    } else if let height {
      c.pango_layout_set_height(layout, Self.pangoLength(height))
    }
  }

  /// The layout's ink and logical rectangles, in points.
  func extents() -> (ink: LayoutRect, logical: LayoutRect) {
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    libraries.pango_layout_get_extents(layout, &ink, &logical)
    return (Self.rect(ink), Self.rect(logical))
  }

  static func rect(_ rectangle: PangoRectangle) -> LayoutRect {
    LayoutRect(
      x: Double(rectangle.x) / unit, y: Double(rectangle.y) / unit,
      width: Double(rectangle.width) / unit, height: Double(rectangle.height) / unit)
  }

  /// The lines as laid out now: each line's logical rectangle and baseline, from the layout's
  /// top left.
  func lines() -> [PointLine] {
    let c = libraries
    guard let iterator = c.pango_layout_get_iter(layout) else { return [] }
    defer { c.pango_layout_iter_free(iterator) }
    var lines: [PointLine] = []
    repeat {
      var ink = PangoRectangle()
      var logical = PangoRectangle()
      c.pango_layout_iter_get_line_extents(iterator, &ink, &logical)
      lines.append(
        PointLine(
          logical: Self.rect(logical), ink: Self.rect(ink),
          baseline: Double(c.pango_layout_iter_get_baseline(iterator)) / Self.unit))
    } while c.pango_layout_iter_next_line(iterator) != 0
    return lines
  }
}

/// One laid-out line of a text.
struct PointLine: Equatable {
  /// The line's logical rectangle (its advance and its font's ascent and descent).
  var logical: LayoutRect
  /// Where the line's glyphs draw.
  var ink: LayoutRect
  /// The baseline's distance from the text's top.
  var baseline: Double
}

/// A text measured for one proposal: its size and its lines.
struct PointTextLines: Equatable {
  var size: LayoutSize
  var lines: [PointLine]
}

/// A view of its own size in points: a symbol drawn as a glyph, or a named image.
enum PointSymbol {
  case glyph(PointText)
  /// A named image at its pixel size in points; `redacted` inside a placeholder.
  case image(ImageNode, LayoutSize, redacted: Bool)
}

/// The metrics of pixels: lengths in points as given, text shaped and measured by Pango
/// (HarfBuzz, FreeType, fontconfig) in the fonts of ``Fonts``.
struct PointMetrics: LayoutMetrics {
  typealias Text = PointText
  typealias Symbol = PointSymbol
  typealias ResolvedStyle = PointFont
  typealias TextLines = PointTextLines

  let libraries: pixel_libraries
  /// The Pango context every layout of the render is made in.
  let context: OpaquePointer
  /// Problems found while preparing the view (a symbol without a glyph).
  private(set) var warnings: [String] = []
  /// The appearance text colours are resolved in.
  let appearance: Appearance

  init(libraries: pixel_libraries, context: OpaquePointer, appearance: Appearance = .light) {
    self.libraries = libraries
    self.context = context
    self.appearance = appearance
  }

  func unbounded(horizontal: Bool) -> Double { PointText.widest }
  /// SwiftUI's spacing between two texts, the most common neighbours in a widget.
  func defaultSpacing(horizontal: Bool) -> Double { 8 }
  func length(_ points: Double, horizontal: Bool) -> Double { LayoutBounds.clamped(points) }
  func share(_ budget: Double, among parts: Int, horizontal: Bool) -> Double {
    budget / Double(parts)
  }
  func half(_ free: Double, horizontal: Bool) -> Double { free / 2 }
  /// A shape's ideal size in SwiftUI.
  func idealFlexibleLength(horizontal: Bool) -> Double { 10 }
  func dividerThickness(horizontal: Bool) -> Double { 1 }
  /// The height of SwiftUI's linear progress bar.
  var gaugeThickness: Double { 4 }
  /// iOS's switch: 51 × 31 points.
  var toggleSize: LayoutSize { LayoutSize(width: 51, height: 31) }

  mutating func resolve(_ style: TextStyle) -> PointFont { PointFont(style) }

  mutating func text(
    _ node: TextNode, style: TextStyle, resolved: PointFont,
    string: (TextRun, _ redacted: Bool) -> String
  ) -> PointText {
    let c = libraries
    var utf8: [UInt8] = []
    let attributes = c.pango_attr_list_new()!
    var anyRedacted = false
    // The gradient of the whole text: the one every run has (most texts are one run); runs
    // with different ones, or some with none, are drawn in their colours.
    var gradient: GradientValue?? = .none
    for run in node.runs {
      let runGradient = (run.ownStyle.map { style.merged(with: $0) } ?? style).foregroundGradient
      switch gradient {
      case .none: gradient = .some(runGradient)
      case .some(let common) where common != runGradient: gradient = .some(nil)
      default: break
      }
    }
    let textGradient = gradient ?? nil
    for run in node.runs {
      let runStyle = run.ownStyle.map { style.merged(with: $0) } ?? style
      let redacted = runStyle.redacted == true
      anyRedacted = anyRedacted || redacted
      let start = UInt32(utf8.count)
      utf8 += Array(string(run, redacted).utf8)
      let end = UInt32(utf8.count)
      guard end > start else { continue }
      let font = run.ownStyle == nil ? resolved : PointFont(runStyle)
      func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
        guard let attribute else { return }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        c.pango_attr_list_insert(attributes, attribute)
      }
      add(font.families.withCString { c.pango_attr_family_new($0) })
      add(c.pango_attr_size_new(Int32(font.size * PointText.unit)))
      add(c.pango_attr_weight_new(Int32(Fonts.pangoWeight(font.weight))))
      if font.italic { add(c.pango_attr_style_new(2)) }
      if runStyle.underline == true { add(c.pango_attr_underline_new(1)) }
      if runStyle.strikethrough == true { add(c.pango_attr_strikethrough_new(1)) }
      // Under a gradient the layout is a mask: its runs opaque.
      let color =
        textGradient != nil
        ? Palette.primary
        : Palette.rgba(runStyle.foreground ?? ColorValue(name: "primary"), appearance)
      add(
        c.pango_attr_foreground_new(
          UInt16(color.red * 65535), UInt16(color.green * 65535), UInt16(color.blue * 65535)))
      add(c.pango_attr_foreground_alpha_new(UInt16(max(1, color.alpha * 65535))))
    }
    // A word broken across lines gets no hyphen, as in SwiftUI (Pango adds one by default): one
    // attribute over the whole text (a new attribute's range is all of it).
    if let noHyphens = c.pango_attr_insert_hyphens_new(0) {
      c.pango_attr_list_insert(attributes, noHyphens)
    }
    let layout = c.pango_layout_new(context)!
    utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        c.pango_layout_set_text(layout, $0.baseAddress, Int32(bytes.count))
      }
    }
    c.pango_layout_set_attributes(layout, attributes)
    return PointText(
      libraries: c, layout: layout, attributes: attributes, paragraph: TextLayout.Paragraph(style),
      redacted: anyRedacted, foreground: style.foreground, gradient: textGradient,
      isEmpty: utf8.isEmpty,
      isRightToLeft: String(decoding: utf8, as: UTF8.self).unicodeScalars.contains {
        PointText.isRightToLeft($0.value)
      },
      minimumScale: style.minimumScaleFactor ?? 1)
  }

  static func inlineText(of image: ImageNode) -> String {
    // U+FE0E asks for the text presentation, in the text's colour (as ``symbol(_:style:resolved:)``).
    GridMetrics.inlineText(of: image) + "\u{FE0E}"
  }

  mutating func symbol(_ systemName: String, style: TextStyle, resolved: PointFont)
    -> PointSymbol
  {
    let glyph = SymbolGlyphs.glyph(for: systemName)
    if glyph == SymbolGlyphs.fallback {
      warnings.append(
        "SF Symbol '\(systemName)' has no glyph in the symbol table "
          + "(Sources/WidgetRendering/Grid/SymbolGlyphs.swift): drawn as \(glyph)")
    }
    // U+FE0E asks for the glyph's text presentation, drawn in the text's colour.
    let text = text(
      TextNode(runs: [.verbatim(String(glyph) + "\u{FE0E}")]), style: style, resolved: resolved
    ) { run, _ in
      if case .verbatim(let string) = run.content { return string }
      return ""
    }
    text.configure(width: nil, height: nil)
    if libraries.pango_layout_get_unknown_glyphs_count(text.layout) > 0 {
      warnings.append(
        "SF Symbol '\(systemName)': no installed font has \(glyph); drawn as a missing glyph")
    }
    return .glyph(text)
  }

  mutating func image(_ image: ImageNode, style: TextStyle, resolved: PointFont) -> PointSymbol {
    let redacted = style.redacted == true
    guard !image.missing, let width = image.pixelWidth, let height = image.pixelHeight else {
      // A missing image (reported as image-missing when the entry arrived) or one of unknown
      // size is a mark of the text's size.
      return .image(
        image, LayoutSize(width: resolved.size, height: resolved.size), redacted: redacted)
    }
    return .image(
      image,
      LayoutSize(
        width: LayoutBounds.clamped(Double(width)), height: LayoutBounds.clamped(Double(height))),
      redacted: redacted)
  }

  /// `text`'s lines for a box of `width` × `height`, computed once per node.
  func lines(of text: PointText, width: Double?, height: Double?, node: LayoutNode<Self>)
    -> PointTextLines
  {
    node.lines(width: width, height: height) { width, height in
      Self.measure(text, width: width, height: height)
    }
  }

  /// `text` laid out in a box of `width` × `height` (nil: unbounded). Shaping is most of the
  /// cost of an entry's geometry, and a stack asks a text for its size under several widths: a
  /// leading-aligned text whose unbounded layout fits the box is laid out as it is unbounded
  /// (no line wraps or is cut), so that layout, made once per text, is the answer. (Centred and
  /// trailing lines, and right-to-left ones, move with the box's width, so those are laid out
  /// in it.)
  static func measure(_ text: PointText, width: Double?, height: Double?) -> PointTextLines {
    guard !text.isEmpty else { return PointTextLines(size: .zero, lines: []) }
    let natural: PointTextLines
    if let known = text.natural {
      natural = known
    } else {
      natural = layOut(text, width: nil, height: nil)
      text.natural = natural
    }
    // With no width, nothing wraps or is cut (``PointText/configure(width:height:)``).
    guard let width else { return natural }
    // A box too low for its lines keeps at least the first, so one line fits any height,
    // unless the text may shrink to fit it (`minimumScaleFactor`).
    let fitsHeight =
      (natural.lines.count == 1 && text.minimumScale == 1)
      || (height.map { natural.size.height <= $0 + 0.01 } ?? true)
    // Pango counts a line limit per paragraph and a hard break starts one.
    let fitsLimit = text.paragraph.lineLimit == nil || natural.lines.count == 1
    guard text.paragraph.alignment == .leading, !text.isRightToLeft, natural.size.width <= width,
      fitsHeight, fitsLimit
    else { return layOut(text, width: width, height: height) }
    return natural
  }

  /// `text` laid out by Pango in a box of `width` × `height`, always.
  static func layOut(_ text: PointText, width: Double?, height: Double?) -> PointTextLines {
    text.configure(width: width, height: height)
    let logical = text.extents().logical
    return PointTextLines(
      size: LayoutSize(width: logical.width, height: logical.height), lines: text.lines())
  }

  func size(of text: PointText, _ proposal: Proposal, node: LayoutNode<Self>) -> LayoutSize {
    lines(of: text, width: proposal.width, height: proposal.height, node: node).size
  }

  func quickSize(of text: PointText, _ proposal: Proposal) -> LayoutSize? { nil }

  func size(of symbol: PointSymbol) -> LayoutSize {
    switch symbol {
    case .glyph(let text): Self.measure(text, width: nil, height: nil).size
    case .image(_, let size, _): size
    }
  }

  func baseline(of text: PointText, _ size: LayoutSize, last: Bool, node: LayoutNode<Self>)
    -> Double
  {
    let lines = lines(of: text, width: size.width, height: size.height, node: node).lines
    return (last ? lines.last : lines.first)?.baseline ?? size.height
  }

  func baseline(ofHeight height: Double) -> Double { height }
}
