import Foundation
import WidgetSchema

/// The first of its views that fits the space offered, along `axes`; the last if none does:
/// `ViewThatFits { Text("Tuesday, 3 December"); Text("Tue 3") }`.
///
/// The choice is made in the bundle, as the content of a ``GeometryReader`` is built: from the
/// space the SDK estimates the view is offered and the lengths it estimates for each view (text
/// from its font). Views that take whatever they are offered fit.
public struct ViewThatFits<Content: View>: _PrimitiveView {
  let axes: Axis.Set
  let content: Content

  /// Chooses among `content`'s views along `axes`.
  public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
    self.axes = axes
    self.content = content()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let candidates = ViewResolver.nodes(content, in: environment)
    let offered = environment._proposedSize
    let fitting = candidates.first { node in
      let fitsWidth =
        !axes.contains(.horizontal)
        || (ProposalEstimate.length(of: node, horizontal: true) ?? 0) <= Double(offered.width)
      let fitsHeight =
        !axes.contains(.vertical)
        || (ProposalEstimate.length(of: node, horizontal: false) ?? 0) <= Double(offered.height)
      return fitsWidth && fitsHeight
    }
    return (fitting ?? candidates.last).map { [$0] } ?? []
  }
}
