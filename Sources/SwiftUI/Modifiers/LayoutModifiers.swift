import Foundation
import WidgetSchema

extension View {
  /// Pads `edges` by `length` points, or by SwiftUI's default of 16 points when `length` is
  /// nil: `.padding()`, `.padding(.horizontal)`, `.padding(.top, 4)`.
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    let length = length ?? 16
    func inset(_ edge: Edge.Set) -> CGFloat { edges.contains(edge) ? length : 0 }
    return padding(
      EdgeInsets(
        top: inset(.top), leading: inset(.leading), bottom: inset(.bottom),
        trailing: inset(.trailing)))
  }

  /// Pads every edge by `length` points.
  public func padding(_ length: CGFloat) -> some View {
    padding(.all, length)
  }

  /// Pads each edge by its inset.
  public func padding(_ insets: EdgeInsets) -> some View {
    wrapped(
      in: .padding(
        WidgetSchema.EdgeInsets(
          top: Double(insets.top), leading: Double(insets.leading),
          bottom: Double(insets.bottom), trailing: Double(insets.trailing))))
  }

  /// Gives this view a fixed width and/or height; the view is placed inside by `alignment`.
  /// Negative lengths count as 0.
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  {
    wrapped(
      in: .frame(
        Frame(
          width: Self.length(width), height: Self.length(height), alignment: alignment.value)))
  }

  /// Gives this view a flexible frame: `.frame(maxWidth: .infinity, alignment: .leading)`.
  /// Negative lengths count as 0.
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View {
    wrapped(
      in: .frame(
        Frame(
          minWidth: Self.length(minWidth), idealWidth: Self.length(idealWidth),
          maxWidth: Self.length(maxWidth), minHeight: Self.length(minHeight),
          idealHeight: Self.length(idealHeight), maxHeight: Self.length(maxHeight),
          alignment: alignment.value)))
  }

  /// Offers the view the largest (`.fit`) or smallest (`.fill`) size of `aspectRatio` (width
  /// over height; nil: the view's ideal size's, an image's own) inside or around the space it
  /// is given.
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    let ratio = aspectRatio.map(Double.init).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    return wrapped(in: .aspectRatio(ratio, fill: contentMode == .fill))
  }

  /// `aspectRatio(_:contentMode:)` with the ratio of `aspectRatio`'s width to its height.
  public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
    self.aspectRatio(aspectRatio.width / aspectRatio.height, contentMode: contentMode)
  }

  /// `aspectRatio(contentMode: .fit)`: scaled to fit the space given, keeping its aspect.
  public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

  /// `aspectRatio(contentMode: .fill)`: scaled to fill the space given, keeping its aspect
  /// (it may overflow; clip it with `.clipped()`).
  public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

  /// Sets the priority with which the enclosing stack gives this view space (default 0).
  public func layoutPriority(_ value: Double) -> some View {
    wrapped(in: .layoutPriority(value))
  }

  private static func length(_ value: CGFloat?) -> Double? {
    guard let value, !value.isNaN else { return nil }
    return max(0, Double(value))
  }
}

extension View {
  /// Gives this view its ideal size both ways, even past what its parent offers: a text is not
  /// wrapped or truncated.
  public func fixedSize() -> some View {
    fixedSize(horizontal: true, vertical: true)
  }

  /// Gives this view its ideal length along each axis set: `.fixedSize(horizontal: false,
  /// vertical: true)` lets a text wrap onto as many lines as it needs.
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
    wrapped(in: .fixedSize(horizontal: horizontal, vertical: vertical))
  }
}

extension View {
  /// Positions the centre of this view at `position` in its parent's coordinate space: the
  /// modified view takes all the space it is offered, and this view, offered the same, is
  /// centred at that point.
  public func position(_ position: CGPoint) -> some View {
    self.position(x: position.x, y: position.y)
  }

  /// Positions the centre of this view at (`x`, `y`) in its parent's coordinate space: the
  /// modified view takes all the space it is offered, and this view, offered the same, is
  /// centred at that point.
  public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
    wrapped(in: .position(x: Double(x), y: Double(y)))
  }
}
