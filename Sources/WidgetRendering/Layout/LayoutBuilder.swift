import Foundation
import WidgetSchema

/// Turns a view tree into layout nodes measured with `Metrics`.
struct LayoutBuilder<Metrics: LayoutMetrics> {
  let dates: DateText
  let now: Date
  /// The metrics, with what they keep for the render (the grid's glyph table).
  private(set) var metrics: Metrics
  /// The earliest time a live date in the tree shows a different text, if any.
  private(set) var nextLiveChange: Date?
  /// `.containerBackground` layers, drawn behind the whole widget.
  private(set) var containerBackgrounds: [LayoutNode<Metrics>] = []
  /// The first `.widgetURL`.
  private(set) var widgetURL: String?
  /// When ``recordsViewNodes``: the layout node that lays out each node of the view tree, in the
  /// tree's preorder (a node, its `child`, its `layer`, its `children`); a modifier that
  /// changes no geometry (a style, `widgetURL`, …) shares its child's layout node.
  private(set) var viewNodes: [LayoutNode<Metrics>?] = []
  /// Whether to fill ``viewNodes``.
  let recordsViewNodes: Bool

  init(metrics: Metrics, dates: DateText, now: Date, recordsViewNodes: Bool = false) {
    self.metrics = metrics
    self.dates = dates
    self.now = now
    self.recordsViewNodes = recordsViewNodes
  }

  /// The layout node of the whole view tree `node`.
  mutating func build(_ node: ViewNode) -> LayoutNode<Metrics> {
    let style = TextStyle()
    return build(node, style: InheritedStyle(style, resolved: metrics.resolve(style)))
  }

  /// Reserves the view tree's next node in ``viewNodes``.
  private mutating func reserve() -> Int {
    guard recordsViewNodes else { return -1 }
    viewNodes.append(nil)
    return viewNodes.count - 1
  }

  private mutating func record(_ slot: Int, _ node: LayoutNode<Metrics>) -> LayoutNode<Metrics> {
    if slot >= 0 { viewNodes[slot] = node }
    return node
  }

  private mutating func build(
    _ node: ViewNode, style: InheritedStyle<Metrics>, isLayer: Bool = false,
    axis: StackAxis? = nil
  ) -> LayoutNode<Metrics> {
    func make(_ kind: LayoutNode<Metrics>.Kind) -> LayoutNode<Metrics> {
      LayoutNode(kind: kind, isLayer: isLayer, axis: axis)
    }
    if case .modified(let child, let modifier) = node {
      return build(child, modifier: modifier, style: style, isLayer: isLayer, axis: axis)
    }
    let slot = reserve()
    switch node {
    case .empty, .modified:
      return record(slot, make(.empty))
    case .text(let text):
      let dates = dates
      let now = now
      let zone = style.text.timeZone
      var nextLiveChange = nextLiveChange
      let prepared = metrics.text(text, style: style.text, resolved: style.resolved) {
        run, redacted in
        switch run.content {
        case .verbatim(let verbatim):
          return verbatim
        case .date(let date, let dateStyle):
          // Redacted text looks the same whatever the date says: no redraws for it.
          if !redacted, let change = DateText.nextChange(of: date, style: dateStyle, after: now) {
            nextLiveChange = min(nextLiveChange ?? change, change)
          }
          return dates.inZone(run.ownStyle?.timeZone ?? zone).string(
            date, style: dateStyle, now: now)
        case .dateRange(let start, let end):
          return dates.inZone(run.ownStyle?.timeZone ?? zone).range(from: start, to: end)
        case .timerInterval(let start, let end, let countsDown):
          if !redacted,
            let change = DateText.nextChange(
              ofTimerFrom: start, to: end, countsDown: countsDown, after: now)
          {
            nextLiveChange = min(nextLiveChange ?? change, change)
          }
          return DateText.timer(from: start, to: end, countsDown: countsDown, now: now)
        case .image(let image):
          return Metrics.inlineText(of: image)
        }
      }
      self.nextLiveChange = nextLiveChange
      return record(slot, make(.text(prepared)))
    case .image(let image):
      if image.resizable {
        return record(
          slot,
          make(
            .resizableImage(
              image, redacted: style.text.redacted == true, foreground: style.text.foreground)))
      }
      if let systemName = image.systemName {
        return record(
          slot,
          make(.symbol(metrics.symbol(systemName, style: style.text, resolved: style.resolved))))
      }
      return record(
        slot, make(.symbol(metrics.image(image, style: style.text, resolved: style.resolved))))
    case .shape(let shape):
      // The lock screen's backdrop has its own material, as `AccessoryWidgetBackground` does
      // on iOS: a foreground style around it does not paint it.
      // A shape's own gradient wins, then its own colour, then the inherited foreground (a
      // gradient, or a colour); `fill` is the colour drawn where a gradient is not (the grid).
      if let gradient = shape.gradient {
        return record(slot, make(.shape(shape, fill: gradient.representative)))
      }
      if shape.fill != nil || shape.shape == .accessoryBackground {
        return record(slot, make(.shape(shape, fill: shape.fill)))
      }
      var painted = shape
      painted.gradient = style.text.foregroundGradient
      return record(slot, make(.shape(painted, fill: style.text.foreground)))
    case .color(let color):
      return record(slot, make(.color(color, gradient: nil)))
    case .gradient(let gradient):
      return record(slot, make(.color(gradient.representative, gradient: gradient)))
    case .divider:
      return record(slot, make(.divider))
    case .gauge(let gauge):
      return record(slot, make(.gauge(gauge)))
    case .toggle(let toggle):
      return record(slot, make(.toggle(toggle)))
    case .stack(let stack):
      let horizontal = stack.axis == .horizontal
      let spacing =
        stack.spacing.map { metrics.length($0, horizontal: horizontal) }
        ?? metrics.defaultSpacing(horizontal: horizontal)
      // The front-most child of a ZStack is content; the ones behind it are layers.
      let last = stack.children.count - 1
      var children: [LayoutNode<Metrics>] = []
      children.reserveCapacity(stack.children.count)
      for (index, child) in stack.children.enumerated() {
        children.append(
          build(
            child, style: style, isLayer: isLayer || (stack.axis == .z && index < last),
            axis: stack.axis))
      }
      return record(slot, make(.stack(stack.axis, stack.alignment, spacing: spacing, children)))
    case .spacer(let minLength):
      let length = minLength.map { metrics.length($0, horizontal: axis != .vertical) } ?? 0
      return record(slot, make(.spacer(minLength: length)))
    }
  }

  private mutating func build(
    _ child: ViewNode, modifier: Modifier, style: InheritedStyle<Metrics>, isLayer: Bool,
    axis: StackAxis?
  ) -> LayoutNode<Metrics> {
    func make(_ kind: LayoutNode<Metrics>.Kind) -> LayoutNode<Metrics> {
      LayoutNode(kind: kind, isLayer: isLayer, axis: axis)
    }
    let slot = reserve()
    switch modifier {
    case .frame(let frame):
      return record(slot, make(.frame(frame, build(child, style: style, isLayer: isLayer))))
    case .padding(let insets):
      let content = build(child, style: style, isLayer: isLayer)
      return record(
        slot,
        make(
          .padding(
            top: metrics.length(insets.top, horizontal: false),
            leading: metrics.length(insets.leading, horizontal: true),
            bottom: metrics.length(insets.bottom, horizontal: false),
            trailing: metrics.length(insets.trailing, horizontal: true), content)))
    case .background(let layer, let alignment):
      let content = build(child, style: style, isLayer: isLayer)
      return record(
        slot, make(.background(build(layer, style: style, isLayer: true), alignment, content)))
    case .overlay(let layer, let alignment):
      let content = build(child, style: style, isLayer: isLayer)
      return record(
        slot, make(.overlay(build(layer, style: style, isLayer: isLayer), alignment, content)))
    case .containerBackground(let layer):
      // The layer goes before any the child holds, as the tree nests them.
      let position = containerBackgrounds.count
      let content = build(child, style: style, isLayer: isLayer, axis: axis)
      containerBackgrounds.insert(build(layer, style: style, isLayer: true), at: position)
      return record(slot, content)
    case .style(let inner):
      let merged = style.text.merged(with: inner)
      return record(
        slot,
        build(
          child, style: InheritedStyle(merged, resolved: metrics.resolve(merged)),
          isLayer: isLayer, axis: axis))
    case .opacity(let value):
      return record(
        slot,
        make(.effect(.opacity(value), build(child, style: style, isLayer: isLayer, axis: axis))))
    case .clip(let shape, let cornerRadius):
      return record(
        slot,
        make(
          .effect(
            .clip(shape, cornerRadius: cornerRadius),
            build(child, style: style, isLayer: isLayer, axis: axis))))
    case .link(let url):
      return record(
        slot, make(.effect(.link(url), build(child, style: style, isLayer: isLayer, axis: axis))))
    case .widgetURL(let url):
      if widgetURL == nil { widgetURL = url }
      return record(slot, build(child, style: style, isLayer: isLayer, axis: axis))
    case .action(let action):
      return record(
        slot,
        make(.effect(.action(action), build(child, style: style, isLayer: isLayer, axis: axis))))
    case .invalidatable:
      // Drawn as it is; the host draws the invalidated look into the view itself
      // (`ViewNode.invalidatedLook`).
      return record(slot, build(child, style: style, isLayer: isLayer, axis: axis))
    case .layoutPriority(let priority):
      let node = build(child, style: style, isLayer: isLayer, axis: axis)
      node.priority = priority
      return record(slot, node)
    case .accentable(let on):
      return record(
        slot, make(.effect(.accent(on), build(child, style: style, isLayer: isLayer, axis: axis))))
    case .fixedSize(let horizontal, let vertical):
      return record(
        slot,
        make(
          .fixed(
            horizontal: horizontal, vertical: vertical,
            build(child, style: style, isLayer: isLayer, axis: axis))))
    case .position(let x, let y):
      return record(
        slot,
        make(.position(x: x, y: y, build(child, style: style, isLayer: isLayer, axis: axis))))
    case .transform(let transform):
      return record(
        slot,
        make(
          .effect(
            .transform(transform), build(child, style: style, isLayer: isLayer, axis: axis))))
    case .aspectRatio(let ratio, let fill):
      return record(
        slot,
        make(
          .aspect(
            ratio: ratio, fill: fill, build(child, style: style, isLayer: isLayer, axis: axis))))
    }
  }
}

/// A style that views inherit, resolved by the metrics once where it is set (at the root and
/// at each `.style` modifier): a text run with no style of its own, nearly every run, takes it
/// as it is, with no merged copy of the style.
struct InheritedStyle<Metrics: LayoutMetrics> {
  /// The style.
  let text: TextStyle
  /// The style, resolved by the metrics.
  let resolved: Metrics.ResolvedStyle

  init(_ text: TextStyle, resolved: Metrics.ResolvedStyle) {
    self.text = text
    self.resolved = resolved
  }
}
