import Foundation
import WidgetSchema

/// What the layout engine measures with: everything that differs between laying a widget out in
/// points (text shaped by Pango, drawn by Cairo) and on a terminal's cell grid. The engine
/// (``Layout``) works in points for both; the grid's metrics measure text in columns of 8 points
/// and rows of 16, and keep every length a whole number of cells, so the grid is a projection of
/// the same layout, not a second engine.
protocol LayoutMetrics {
  /// A text node, prepared for measuring and drawing.
  associatedtype Text
  /// A view of its own fixed size: an SF Symbol, a named image that is not resizable.
  associatedtype Symbol
  /// A style resolved once where it is set (at the root and at each `.style` modifier), for
  /// the text inside it.
  associatedtype ResolvedStyle
  /// A text's lines broken for one proposal, remembered by the text's node.
  associatedtype TextLines

  /// The length a proposal offers to learn how far a child can grow.
  func unbounded(horizontal: Bool) -> Double
  /// The spacing of a stack that does not give one.
  func defaultSpacing(horizontal: Bool) -> Double
  /// A length given in the view (a frame, padding, spacing, a spacer's minimum), as laid out:
  /// finite, at least 0 and at most ``LayoutBounds/maximum``.
  func length(_ points: Double, horizontal: Bool) -> Double
  /// An equal share of `budget` among `parts` children.
  func share(_ budget: Double, among parts: Int, horizontal: Bool) -> Double
  /// Half of `free`: where a centred child starts.
  func half(_ free: Double, horizontal: Bool) -> Double
  /// The length a shape, a colour or a resizable image takes when asked for its ideal size.
  func idealFlexibleLength(horizontal: Bool) -> Double
  /// The thickness of a divider across a horizontal stack (`horizontal`: its width) or a
  /// vertical one (its height).
  func dividerThickness(horizontal: Bool) -> Double
  /// The height of a linear gauge's bar.
  var gaugeThickness: Double { get }
  /// The size of a toggle's switch.
  var toggleSize: LayoutSize { get }

  /// `style`, resolved.
  mutating func resolve(_ style: TextStyle) -> ResolvedStyle
  /// A text node in `style`; `string` gives each run's text at the moment of display (and notes
  /// live dates unless the run is `redacted`).
  mutating func text(
    _ node: TextNode, style: TextStyle, resolved: ResolvedStyle,
    string: (TextRun, _ redacted: Bool) -> String
  ) -> Text
  /// The characters an image inside a text (a run's `image`) is drawn as, in the text's font:
  /// a symbol's glyph (``SymbolGlyphs``), the mark of a named image or of one made from bytes.
  static func inlineText(of image: ImageNode) -> String
  /// An SF Symbol drawn at its own size.
  mutating func symbol(_ systemName: String, style: TextStyle, resolved: ResolvedStyle) -> Symbol
  /// A named image that is not resizable, drawn at its own size.
  mutating func image(_ image: ImageNode, style: TextStyle, resolved: ResolvedStyle) -> Symbol

  /// The size of `text` for `proposal`.
  func size(of text: Text, _ proposal: Proposal, node: LayoutNode<Self>) -> LayoutSize
  /// A quick answer for the size of `text`, when there is one without breaking lines.
  func quickSize(of text: Text, _ proposal: Proposal) -> LayoutSize?
  /// The size of `symbol`.
  func size(of symbol: Symbol) -> LayoutSize
  /// The distance from the top of `text`, laid out at `size`, to its first or last baseline.
  func baseline(of text: Text, _ size: LayoutSize, last: Bool, node: LayoutNode<Self>) -> Double
  /// The baseline of a view without text, `height` tall.
  func baseline(ofHeight height: Double) -> Double
}

/// The bounds of every length the engine computes with.
enum LayoutBounds {
  /// The longest length: larger lengths, and infinite ones (`maxWidth: .infinity`), are this.
  /// Lengths are `Double`: far below where they lose whole points, and sums of thousands of
  /// them stay finite.
  static let maximum = 1_099_511_627_776.0  // 2^40

  /// `points` as a length: NaN and negative lengths are 0, larger ones ``maximum``.
  static func clamped(_ points: Double) -> Double {
    guard points > 0 else { return 0 }
    return min(points, maximum)
  }
}

/// A size in points.
struct LayoutSize: Equatable {
  var width: Double
  var height: Double

  static let zero = LayoutSize(width: 0, height: 0)
}

/// A proposed size in points; nil in a dimension asks for the ideal size.
struct Proposal: Equatable {
  var width: Double?
  var height: Double?

  static let ideal = Proposal(width: nil, height: nil)
}

/// A rectangle in points, in the widget's coordinates (origin at its top left).
struct LayoutRect: Equatable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  var size: LayoutSize { LayoutSize(width: width, height: height) }

  func intersection(_ other: LayoutRect) -> LayoutRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    return LayoutRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}
