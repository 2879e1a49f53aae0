import Foundation
import WidgetSchema

/// The sizes views are offered, estimated in the bundle for ``GeometryReader``: the host lays
/// views out, but a reader's content is built before that. Modifiers change the offer as the
/// host's layout does (a frame sets it, padding takes its insets off); a stack with a reader in
/// it offers each view what the others leave, their lengths estimated from the resolved nodes.
enum ProposalEstimate {
  /// What `modifier` offers its child when it is offered `size`.
  static func offer(_ size: CGSize, inside modifier: WidgetSchema.Modifier) -> CGSize {
    switch modifier {
    case .frame(let frame):
      return CGSize(
        width: length(size.width, fixed: frame.width, min: frame.minWidth, max: frame.maxWidth),
        height: length(
          size.height, fixed: frame.height, min: frame.minHeight, max: frame.maxHeight))
    case .padding(let insets):
      return CGSize(
        width: max(0, size.width - insets.leading - insets.trailing),
        height: max(0, size.height - insets.top - insets.bottom))
    case .aspectRatio(let ratio?, fill: false) where ratio > 0 && ratio.isFinite:
      let width = min(size.width, size.height * ratio)
      return CGSize(width: width, height: width / ratio)
    default:
      return size
    }
  }

  /// A frame's offer along one axis: its fixed length, else the offer within its bounds.
  private static func length(_ offered: CGFloat, fixed: Double?, min: Double?, max: Double?)
    -> CGFloat
  {
    if let fixed, fixed.isFinite { return CGFloat(fixed) }
    var length = Double(offered)
    if let max, max.isFinite { length = Swift.min(length, max) }
    if let min, min.isFinite { length = Swift.max(length, min) }
    return CGFloat(length)
  }

  /// The stack's views resolved for the space each is left: first for the whole offer; if a
  /// geometry reader was among them, again, each view along `axis` offered what the views of
  /// a known length leave, shared among the others.
  static func stackChildren(
    axis: StackAxis, spacing: Double?, in environment: EnvironmentValues,
    resolve: (EnvironmentValues) -> [ViewNode]
  ) -> [ViewNode] {
    guard axis != .z else { return resolve(environment) }
    var counting = environment
    let readers = _GeometryReaderCount()
    counting._geometryReaders = readers
    let first = resolve(counting)
    guard readers.count > 0, first.count > 1 else { return first }
    environment._geometryReaders?.count += readers.count
    let horizontal = axis == .horizontal
    let offered = Double(
      horizontal ? environment._proposedSize.width : environment._proposedSize.height)
    let lengths = first.map { length(of: $0, horizontal: horizontal) }
    let known = lengths.compactMap { $0 }.reduce(0, +)
    let flexible = max(1, lengths.count { $0 == nil })
    let gaps = (spacing ?? 8) * Double(first.count - 1)
    let share = max(0, (offered - known - gaps) / Double(flexible))
    var shared = environment
    if horizontal {
      shared._proposedSize.width = CGFloat(share)
    } else {
      shared._proposedSize.height = CGFloat(share)
    }
    return resolve(shared)
  }

  /// The estimated length of `node` along one axis, in points; nil when it takes what it is
  /// offered (shapes, colours, spacers, flexible frames, geometry readers).
  static func length(of node: ViewNode, horizontal: Bool, style: TextStyle = TextStyle()) -> Double?
  {
    switch node {
    case .empty:
      return 0
    case .divider:
      return 1
    case .text(let text):
      let size = fontSize(style)
      guard horizontal else { return (size * 1.2).rounded(.up) }
      let characters = text.runs.reduce(0) { count, run in
        switch run.content {
        case .verbatim(let string): return count + string.count
        case .date: return count + 8
        case .dateRange: return count + 16
        case .timerInterval: return count + 5
        case .image: return count + 2
        }
      }
      return (Double(characters) * size * 0.55).rounded(.up)
    case .image(let image):
      if image.resizable { return nil }
      return (fontSize(style) * 1.2).rounded(.up)
    case .shape, .color, .gradient, .spacer:
      return nil
    case .gauge(let gauge):
      return gauge.style == .linear && !horizontal ? 4 : nil
    case .toggle:
      return horizontal ? 51 : 31
    case .stack(let stack):
      let along = (stack.axis == .horizontal) == horizontal && stack.axis != .z
      let lengths = stack.children.map { length(of: $0, horizontal: horizontal, style: style) }
      if along {
        guard !lengths.contains(where: { $0 == nil }) else { return nil }
        let gaps = (stack.spacing ?? 8) * Double(max(0, lengths.count - 1))
        return lengths.compactMap { $0 }.reduce(gaps, +)
      }
      return lengths.compactMap { $0 }.max() ?? (lengths.isEmpty ? 0 : nil)
    case .modified(let child, let modifier):
      switch modifier {
      case .frame(let frame):
        if let fixed = horizontal ? frame.width : frame.height, fixed.isFinite { return fixed }
        if let maxLength = horizontal ? frame.maxWidth : frame.maxHeight, maxLength == .infinity {
          return nil
        }
        return length(of: child, horizontal: horizontal, style: style)
      case .padding(let insets):
        let inner = length(of: child, horizontal: horizontal, style: style)
        return inner.map {
          $0 + (horizontal ? insets.leading + insets.trailing : insets.top + insets.bottom)
        }
      case .style(let inner):
        return length(of: child, horizontal: horizontal, style: style.merged(with: inner))
      case .position:
        return nil
      default:
        return length(of: child, horizontal: horizontal, style: style)
      }
    }
  }

  /// The font size a style sets, in points (the body style's when none is set).
  private static func fontSize(_ style: TextStyle) -> Double {
    style.font?.size ?? style.font?.textStyle?.pointSize ?? FontTextStyle.body.pointSize
  }
}
