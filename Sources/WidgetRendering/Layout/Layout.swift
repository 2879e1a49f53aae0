import Foundation
import WidgetSchema

/// Lays out layout nodes with SwiftUI's propose-and-respond model: a parent proposes a size,
/// the child answers with the size it wants, the parent places it. Lengths are points; the
/// metrics measure text and say how lengths round (the grid's keep whole cells).
///
/// Stacks offer space to children in order of layout priority and, within a priority, least
/// flexible first; spacers and shapes, being the most flexible, get what is left. Text wraps
/// at word boundaries and is truncated with "…" when it runs out of lines.
struct Layout<Metrics: LayoutMetrics> {
  let metrics: Metrics

  // MARK: Measuring

  func size(of node: LayoutNode<Metrics>, _ proposal: Proposal) -> LayoutSize {
    // A text that stays one line as it is needs neither its lines nor the cache.
    if let text = node.quickText, let size = metrics.quickSize(of: text, proposal) {
      return size
    }
    return node.size(for: proposal) { proposal in measure(node, proposal) }
  }

  private func measure(_ node: LayoutNode<Metrics>, _ proposal: Proposal) -> LayoutSize {
    switch node.kind {
    case .empty:
      return .zero
    case .text(let text):
      return metrics.size(of: text, proposal, node: node)
    case .symbol(let symbol):
      return metrics.size(of: symbol)
    case .gauge(let gauge) where gauge.style == .linear:
      return LayoutSize(
        width: proposal.width ?? metrics.idealFlexibleLength(horizontal: true),
        height: metrics.gaugeThickness)
    case .toggle:
      return metrics.toggleSize
    case .resizableImage, .shape, .color, .gauge:
      return LayoutSize(
        width: proposal.width ?? metrics.idealFlexibleLength(horizontal: true),
        height: proposal.height ?? metrics.idealFlexibleLength(horizontal: false))
    case .divider:
      return node.axis == .horizontal
        ? LayoutSize(
          width: metrics.dividerThickness(horizontal: true),
          height: proposal.height ?? metrics.idealFlexibleLength(horizontal: false))
        : LayoutSize(
          width: proposal.width ?? metrics.idealFlexibleLength(horizontal: true),
          height: metrics.dividerThickness(horizontal: false))
    case .spacer(let minLength):
      switch node.axis {
      case .horizontal:
        return LayoutSize(width: max(minLength, proposal.width ?? minLength), height: 0)
      case .vertical:
        return LayoutSize(width: 0, height: max(minLength, proposal.height ?? minLength))
      case .z, nil: return LayoutSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
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
      return LayoutSize(
        width: size.width + leading + trailing, height: size.height + top + bottom)
    case .background(_, _, let child), .overlay(_, _, let child), .effect(_, let child):
      return size(of: child, proposal)
    case .aspect(let ratio, let fill, let child):
      return size(of: child, aspectProposal(ratio, fill: fill, child, proposal))
    case .fixed(let horizontal, let vertical, let child):
      return size(
        of: child,
        Proposal(
          width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height))
    case .position(_, _, let child):
      // All that is offered; asked for its ideal size, the child's.
      guard let width = proposal.width, let height = proposal.height else {
        let ideal = size(of: child, proposal)
        return LayoutSize(
          width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
      }
      return LayoutSize(width: width, height: height)
    }
  }

  /// Where `.position(x:y:)` puts a child of `size`: its top leading corner, from the node's,
  /// so that its centre is at (`x`, `y`); on the grid at a whole cell, rounded as lengths are.
  func positionOrigin(x: Double, y: Double, _ size: LayoutSize) -> (x: Double, y: Double) {
    func coordinate(_ points: Double, horizontal: Bool) -> Double {
      guard points.isFinite else { return 0 }
      let length = metrics.length(abs(points), horizontal: horizontal)
      return points < 0 ? -length : length
    }
    return (
      coordinate(x - size.width / 2, horizontal: true),
      coordinate(y - size.height / 2, horizontal: false)
    )
  }

  // MARK: Aspect ratios

  /// What `.aspectRatio(ratio, contentMode:)` offers its child for `proposal`: the largest
  /// size of the ratio inside the offer (`fit`) or the smallest around it (`fill`); with one
  /// length offered, the other follows from it; with none, the child's ideal size. The ratio is
  /// the child's own when none is given: a resizable image's pixel size, else its ideal size.
  /// The grid's lengths round to whole cells, a fitted one never past the offer.
  func aspectProposal(
    _ ratio: Double?, fill: Bool, _ child: LayoutNode<Metrics>, _ proposal: Proposal
  ) -> Proposal {
    guard proposal.width != nil || proposal.height != nil else { return proposal }
    let ratio = ratio ?? ownRatio(of: child)
    var width: Double
    var height: Double
    switch (proposal.width, proposal.height) {
    case (let offered?, nil):
      (width, height) = (offered, offered / ratio)
    case (nil, let offered?):
      (width, height) = (offered * ratio, offered)
    case (let offeredWidth?, let offeredHeight?):
      // Wider than the ratio: a fitted size is as tall as the offer, a filling one as wide.
      if (offeredWidth > offeredHeight * ratio) != fill {
        (width, height) = (offeredHeight * ratio, offeredHeight)
      } else {
        (width, height) = (offeredWidth, offeredWidth / ratio)
      }
    case (nil, nil):
      return proposal
    }
    width = metrics.length(width, horizontal: true)
    height = metrics.length(height, horizontal: false)
    if !fill {
      if let offered = proposal.width { width = min(width, offered) }
      if let offered = proposal.height { height = min(height, offered) }
    }
    return Proposal(width: width, height: height)
  }

  /// The ratio of a child's own size: a resizable image's pixels, else its ideal size (1 when
  /// that is empty).
  private func ownRatio(of child: LayoutNode<Metrics>) -> Double {
    if case .resizableImage(let image, _, _) = child.kind, image.systemName == nil,
      let width = image.pixelWidth, let height = image.pixelHeight, width > 0, height > 0
    {
      return Double(width) / Double(height)
    }
    let ideal = size(of: child, Proposal(width: nil, height: nil))
    guard ideal.width > 0, ideal.height > 0, ideal.width.isFinite, ideal.height.isFinite else {
      return 1
    }
    return ideal.width / ideal.height
  }

  // MARK: Stacks

  /// A stack node's layout for `proposal`, computed once per node.
  func stackLayout(
    _ node: LayoutNode<Metrics>, _ axis: StackAxis, _ alignment: Alignment, _ spacing: Double,
    _ children: [LayoutNode<Metrics>], _ proposal: Proposal
  ) -> StackLayout {
    node.stackLayout(for: proposal) { proposal in
      let frames = stackFrames(axis, alignment, spacing, children, proposal)
      return StackLayout(size: frames.size, placements: frames.placements)
    }
  }

  /// What a stack knows of a child while it shares out its length.
  private struct StackChild {
    /// The child's length along the stack's axis when offered none.
    var minimum = 0.0
    /// How much longer the child gets when offered unbounded length.
    var flexibility = 0.0
    var isSpacer = false
  }

  /// A stack's size and where each child goes. One array of placements, which holds each
  /// child's size until it is placed, and two buffers on the stack, of what the sharing needs
  /// per child and for the group of a priority being served: a stack is laid out twice or more
  /// per render.
  func stackFrames(
    _ axis: StackAxis, _ alignment: Alignment, _ spacing: Double,
    _ children: [LayoutNode<Metrics>], _ proposal: Proposal
  ) -> (size: LayoutSize, placements: [Placement]) {
    // Filled by appending: `Array(repeating:count:)` looks up the array's type metadata at run
    // time on every call here (a hash table lookup in the profile).
    var placements: [Placement] = []
    placements.reserveCapacity(children.count)
    for _ in children {
      placements.append(Placement(x: 0, y: 0, size: .zero))
    }
    if axis == .z {
      var width = children.isEmpty ? 0 : -Double.infinity
      var height = children.isEmpty ? 0 : -Double.infinity
      for index in children.indices {
        let size = size(of: children[index], proposal)
        placements[index].size = size
        width = max(width, size.width)
        height = max(height, size.height)
      }
      let total = LayoutSize(width: width, height: height)
      for index in placements.indices {
        let child = placements[index].size
        placements[index].x = offset(
          child.width, in: total.width, Self.horizontal(alignment), horizontal: true)
        placements[index].y = offset(
          child.height, in: total.height, Self.vertical(alignment), horizontal: false)
      }
      return (total, placements)
    }
    let horizontal = axis == .horizontal
    let visible = children.count { !$0.isEmpty }
    let gaps = spacing * Double(max(0, visible - 1))
    let main = horizontal ? proposal.width : proposal.height
    let cross = horizontal ? proposal.height : proposal.width
    func propose(_ length: Double?) -> Proposal {
      horizontal ? Proposal(width: length, height: cross) : Proposal(width: cross, height: length)
    }
    func mainLength(_ size: LayoutSize) -> Double { horizontal ? size.width : size.height }

    if let main {
      // What the sharing needs per child and the group being served live in memory on the
      // stack: as arrays they were two allocations per layout of a stack, and the group grew
      // by reallocating. Both hold plain values.
      withUnsafeTemporaryAllocation(of: StackChild.self, capacity: children.count) { info in
        info.initialize(repeating: StackChild())
        withUnsafeTemporaryAllocation(of: Int.self, capacity: children.count) { groupStorage in
          groupStorage.initialize(repeating: 0)
          var remaining = max(0, main - gaps)
          var highest = -Double.infinity
          // Spacers keep their minimum and share only what the other children leave.
          var spacerMinimum = 0.0
          var spacerCount = 0
          for index in children.indices {
            let child = children[index]
            let minimum = mainLength(size(of: child, propose(0)))
            info[index].minimum = minimum
            info[index].flexibility =
              mainLength(size(of: child, propose(metrics.unbounded(horizontal: horizontal))))
              - minimum
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
            var reserved = 0.0
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
              let share = metrics.share(
                budget, among: group.count - position, horizontal: horizontal)
              let size = size(of: children[index], propose(max(share, info[index].minimum)))
              placements[index].size = size
              budget = max(0, budget - mainLength(size))
              remaining = max(0, remaining - mainLength(size))
            }
          }
          var position = 0
          for index in children.indices where info[index].isSpacer {
            let share = metrics.share(
              remaining, among: spacerCount - position, horizontal: horizontal)
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

    var crossExtent = children.isEmpty ? 0 : -Double.infinity
    var mainExtent = gaps
    for placement in placements {
      crossExtent = max(crossExtent, horizontal ? placement.size.height : placement.size.width)
      mainExtent += mainLength(placement.size)
    }
    let baselines: [Double]? =
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
    var position = 0.0
    for index in children.indices {
      let size = placements[index].size
      let crossOffset: Double
      if let baselines {
        crossOffset = baselineExtent - baselines[index]
      } else if horizontal {
        crossOffset = offset(
          size.height, in: crossExtent, Self.vertical(alignment), horizontal: false)
      } else {
        crossOffset = offset(
          size.width, in: crossExtent, Self.horizontal(alignment), horizontal: true)
      }
      placements[index].x = horizontal ? position : crossOffset
      placements[index].y = horizontal ? crossOffset : position
      if children[index].isEmpty { continue }
      position += mainLength(size) + spacing
    }
    let total =
      horizontal
      ? LayoutSize(width: mainExtent, height: crossTotal)
      : LayoutSize(width: crossTotal, height: mainExtent)
    return (total, placements)
  }

  /// The distance from a node's top to its first or last baseline.
  func baseline(of node: LayoutNode<Metrics>, _ size: LayoutSize, last: Bool) -> Double {
    switch node.kind {
    case .text(let text):
      return metrics.baseline(of: text, size, last: last, node: node)
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
          of: child, LayoutSize(width: size.width, height: max(0, size.height - top)), last: last)
    case .background(_, _, let child), .overlay(_, _, let child), .effect(_, let child),
      .aspect(_, _, let child), .fixed(_, _, let child):
      return baseline(of: child, size, last: last)
    case .position(let x, let y, let child):
      let childSize = self.size(of: child, Proposal(width: size.width, height: size.height))
      return positionOrigin(x: x, y: y, childSize).y + baseline(of: child, childSize, last: last)
    case .frame(let frame, let child):
      let layout = frameLayout(frame, child, Proposal(width: size.width, height: size.height))
      return layout.child.y + baseline(of: child, layout.child.size, last: last)
    default:
      return metrics.baseline(ofHeight: size.height)
    }
  }

  // MARK: Frames

  func frameLayout(_ frame: Frame, _ child: LayoutNode<Metrics>, _ proposal: Proposal) -> (
    size: LayoutSize, child: Placement
  ) {
    func axis(
      fixed: Double?, minimum: Double?, ideal: Double?, maximum: Double?, proposed: Double?,
      horizontal: Bool
    ) -> (childProposal: Double?, resolve: (Double) -> Double) {
      let metrics = metrics
      func length(_ points: Double) -> Double { metrics.length(points, horizontal: horizontal) }
      if let fixed {
        let length = length(fixed)
        return (length, { _ in length })
      }
      let low = minimum.map(length)
      let high = maximum.map(length)
      guard low != nil || high != nil else {
        let idealLength = ideal.map(length)
        return (proposed ?? idealLength, { $0 })
      }
      var childProposal = proposed ?? ideal.map(length)
      if let value = childProposal {
        var clamped = value
        if let low { clamped = max(clamped, low) }
        if let high { clamped = min(clamped, high) }
        childProposal = clamped
      }
      let idealLength = ideal.map(length)
      return (
        childProposal,
        { childLength in
          let lower = low ?? childLength
          let upper = max(high ?? childLength, lower)
          let target = proposed ?? idealLength ?? childLength
          return min(max(target, lower), upper)
        }
      )
    }
    let width = axis(
      fixed: frame.width, minimum: frame.minWidth, ideal: frame.idealWidth, maximum: frame.maxWidth,
      proposed: proposal.width, horizontal: true)
    let height = axis(
      fixed: frame.height, minimum: frame.minHeight, ideal: frame.idealHeight,
      maximum: frame.maxHeight, proposed: proposal.height, horizontal: false)
    let childSize = size(
      of: child, Proposal(width: width.childProposal, height: height.childProposal))
    let total = LayoutSize(
      width: width.resolve(childSize.width), height: height.resolve(childSize.height))
    let placement = Placement(
      x: offset(
        childSize.width, in: total.width, Self.horizontal(frame.alignment), horizontal: true),
      y: offset(
        childSize.height, in: total.height, Self.vertical(frame.alignment), horizontal: false),
      size: childSize)
    return (total, placement)
  }

  // MARK: Placing

  /// Places `node` at `rect` and everything inside it, as drawing finds them: each node's
  /// ``LayoutNode/frame`` is set.
  func place(_ node: LayoutNode<Metrics>, in rect: LayoutRect) {
    node.frame = rect
    switch node.kind {
    case .empty, .spacer, .resizableImage, .text, .symbol, .shape, .color, .divider, .gauge,
      .toggle:
      return
    case .stack(let axis, let alignment, let spacing, let children):
      let layout = stackLayout(
        node, axis, alignment, spacing, children, Proposal(width: rect.width, height: rect.height))
      for (child, placement) in zip(children, layout.placements) {
        place(
          child,
          in: LayoutRect(
            x: rect.x + placement.x, y: rect.y + placement.y, width: placement.size.width,
            height: placement.size.height))
      }
    case .frame(let frame, let child):
      let layout = frameLayout(frame, child, Proposal(width: rect.width, height: rect.height))
      place(
        child,
        in: LayoutRect(
          x: rect.x + layout.child.x, y: rect.y + layout.child.y, width: layout.child.size.width,
          height: layout.child.size.height))
    case .padding(let top, let leading, let bottom, let trailing, let child):
      place(
        child,
        in: LayoutRect(
          x: rect.x + leading, y: rect.y + top, width: max(0, rect.width - leading - trailing),
          height: max(0, rect.height - top - bottom)))
    case .background(let layer, let alignment, let child),
      .overlay(let layer, let alignment, let child):
      place(child, in: rect)
      let layerSize = size(of: layer, Proposal(width: rect.width, height: rect.height))
      place(
        layer,
        in: LayoutRect(
          x: rect.x
            + offset(layerSize.width, in: rect.width, Self.horizontal(alignment), horizontal: true),
          y: rect.y
            + offset(layerSize.height, in: rect.height, Self.vertical(alignment), horizontal: false),
          width: layerSize.width, height: layerSize.height))
    case .effect(_, let child), .aspect(_, _, let child), .fixed(_, _, let child):
      place(child, in: rect)
    case .position(let x, let y, let child):
      let childSize = size(of: child, Proposal(width: rect.width, height: rect.height))
      let origin = positionOrigin(x: x, y: y, childSize)
      place(
        child,
        in: LayoutRect(
          x: rect.x + origin.x, y: rect.y + origin.y, width: childSize.width,
          height: childSize.height))
    }
  }

  /// Lays out a widget's root and its container backgrounds in a widget of `size`: the body is
  /// proposed the whole widget and centred in it; the backgrounds fill it.
  func placeWidget(
    _ root: LayoutNode<Metrics>, backgrounds: [LayoutNode<Metrics>], size widget: LayoutSize
  ) {
    // A container background is offered the widget's size and centred in it, as SwiftUI
    // centres a background: a photo scaled to fill overflows on both sides, clipped by the
    // widget's shape.
    let offer = Proposal(width: widget.width, height: widget.height)
    for background in backgrounds {
      let size = size(of: background, offer)
      place(
        background,
        in: LayoutRect(
          x: metrics.half(widget.width - size.width, horizontal: true),
          y: metrics.half(widget.height - size.height, horizontal: false),
          width: size.width, height: size.height))
    }
    let size = size(of: root, Proposal(width: widget.width, height: widget.height))
    let clipped = LayoutSize(
      width: min(size.width, widget.width), height: min(size.height, widget.height))
    place(
      root,
      in: LayoutRect(
        x: offset(clipped.width, in: widget.width, .center, horizontal: true),
        y: offset(clipped.height, in: widget.height, .center, horizontal: false),
        width: size.width, height: size.height))
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

  func offset(_ length: Double, in extent: Double, _ position: Position, horizontal: Bool)
    -> Double
  {
    let free = max(0, extent - length)
    switch position {
    case .start: return 0
    case .center: return metrics.half(free, horizontal: horizontal)
    case .end: return free
    }
  }
}
