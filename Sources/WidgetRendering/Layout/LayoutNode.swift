import Foundation
import WidgetSchema

/// The view tree prepared for layout with `Metrics`: styles inherited and resolved, text
/// prepared for measuring (dates formatted for the moment of display), each node with a cache of
/// the sizes it answered, so that stacks may ask a child several times without repeating the
/// work, and, once placed, its frame.
final class LayoutNode<Metrics: LayoutMetrics> {
  enum Kind {
    case empty
    case text(Metrics.Text)
    case symbol(Metrics.Symbol)
    /// A resizable image (a named one or a symbol, drawn in `foreground`); `redacted` inside a
    /// placeholder.
    case resizableImage(ImageNode, redacted: Bool, foreground: ColorValue?)
    /// A shape painted with `fill`, or with the node's `gradient` where gradients are drawn
    /// (pixels; `fill` is then the gradient's representative colour).
    case shape(ShapeNode, fill: ColorValue?)
    /// A colour, or a gradient (with its representative colour) that fills the node.
    case color(ColorValue, gradient: GradientValue?)
    case divider
    case gauge(GaugeNode)
    /// A toggle's switch.
    case toggle(ToggleNode)
    case stack(StackAxis, Alignment, spacing: Double, [LayoutNode])
    case spacer(minLength: Double)
    /// Boxed: a `Frame` is eight optional lengths, about 130 bytes, and unboxed it made every
    /// kind that size, copied whenever a node's kind is read.
    indirect case frame(Frame, LayoutNode)
    case padding(top: Double, leading: Double, bottom: Double, trailing: Double, LayoutNode)
    case background(LayoutNode, Alignment, LayoutNode)
    case overlay(LayoutNode, Alignment, LayoutNode)
    /// A child drawn with an effect: a link region, clipping, opacity.
    case effect(Effect, LayoutNode)
    /// `.aspectRatio(_:contentMode:)`: the child offered a size of `ratio` (nil: its own)
    /// fitted into or filling the offer.
    case aspect(ratio: Double?, fill: Bool, LayoutNode)
    /// `.fixedSize(horizontal:vertical:)`: the child offered nothing along the axes set.
    case fixed(horizontal: Bool, vertical: Bool, LayoutNode)
    /// `.position(x:y:)`: the node takes all it is offered and the child, offered the same, is
    /// centred at (`x`, `y`) of the node, in points.
    case position(x: Double, y: Double, LayoutNode)
  }

  enum Effect {
    case link(String)
    /// A button or a toggle: pressing the child runs the action.
    case action(WidgetAction)
    /// Clipped to a shape (`cornerRadius` for a rounded rectangle).
    case clip(ShapeKind, cornerRadius: Double?)
    case opacity(Double)
    /// `.widgetAccentable(_:)`: the child is in the accent group (true) or the default one.
    case accent(Bool)
    /// `.offset`, `.rotationEffect`, `.scaleEffect`: drawn moved, turned or scaled.
    case transform(Transform)
  }

  let kind: Kind
  /// The text, copied out of ``kind`` when the node is made: the stacks measure each child
  /// several times and most texts answer from a quick size alone, which read through `kind`
  /// copied the whole enum, retaining and releasing its payload.
  let quickText: Metrics.Text?
  /// Whether the node is `.empty`, which a stack does not space (read without copying `kind`).
  let isEmpty: Bool
  /// Whether the node is a spacer, which a stack serves last (read without copying `kind`).
  let isSpacer: Bool
  /// `.layoutPriority(_:)` of this node (0 unless set).
  var priority: Double = 0
  /// Shapes and colours in a background or a ZStack only paint the background colour (on the
  /// grid).
  let isLayer: Bool
  /// The enclosing stack's axis, for spacers and dividers.
  let axis: StackAxis?
  /// Where the node was placed, in points from the widget's top left (``Layout/place(_:in:)``).
  var frame = LayoutRect(x: 0, y: 0, width: 0, height: 0)
  /// The sizes answered so far, by proposal.
  private var sizes = Remembered<LayoutSize>()
  /// A stack's layouts computed so far, by proposal.
  private var stackLayouts = Remembered<StackLayout>()
  /// A text's lines computed so far, by the width and height they were broken for.
  private var textLines = Remembered<Metrics.TextLines>()

  init(kind: Kind, isLayer: Bool, axis: StackAxis?) {
    self.kind = kind
    self.isLayer = isLayer
    self.axis = axis
    var quickText: Metrics.Text?
    var isEmpty = false
    var isSpacer = false
    switch kind {
    case .text(let text): quickText = text
    case .empty: isEmpty = true
    case .spacer: isSpacer = true
    default: break
    }
    self.quickText = quickText
    self.isEmpty = isEmpty
    self.isSpacer = isSpacer
  }

  /// The size this node answers for `proposal`, computed once.
  func size(for proposal: Proposal, _ compute: (Proposal) -> LayoutSize) -> LayoutSize {
    sizes.value(for: proposal, compute)
  }

  /// This stack's layout for `proposal`, computed once.
  func stackLayout(for proposal: Proposal, _ compute: (Proposal) -> StackLayout) -> StackLayout {
    stackLayouts.value(for: proposal, compute)
  }

  /// This text's lines for `width` and `height`, computed once.
  func lines(
    width: Double?, height: Double?, _ compute: (Double?, Double?) -> Metrics.TextLines
  ) -> Metrics.TextLines {
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
  var size: LayoutSize
  var placements: [Placement]
}

/// Where a child goes in its parent, and its size.
struct Placement {
  var x: Double
  var y: Double
  var size: LayoutSize
}
