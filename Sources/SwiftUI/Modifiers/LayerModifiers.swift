import Foundation
import WidgetSchema

// Backgrounds, overlays, clipping and opacity.

extension View {
  /// Draws `background` behind this view, sized to it. Disfavoured, as in SwiftUI: a gradient,
  /// both a view and a style, is taken as a style (`background(_:ignoresSafeAreaEdges:)`),
  /// which draws it the same.
  @_disfavoredOverload
  public func background<Background: View>(_ background: Background, alignment: Alignment = .center)
    -> some View
  {
    layered(background, alignment: alignment) { .background($0, alignment: $1) }
  }

  /// Draws the views `content` builds behind this view, sized to it (several are overlaid).
  public func background<Background: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> Background
  ) -> some View {
    background(content(), alignment: alignment)
  }

  /// Fills the space behind this view with `style`.
  public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
    -> some View
  {
    wrapped(in: .background(style.node, alignment: .center))
  }

  /// Fills the space behind this view with the system background (``BackgroundStyle``).
  public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
    background(.background, ignoresSafeAreaEdges: edges)
  }

  /// Draws `shape` filled with the system background behind this view:
  /// `.background(in: RoundedRectangle(cornerRadius: 8))`.
  public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
    background(.background, in: shape, fillStyle: fillStyle)
  }

  /// Fills the space behind this view with a colour (disambiguates `Color`, which is both a
  /// view and a style).
  public func background(_ color: Color, ignoresSafeAreaEdges edges: Edge.Set = .all)
    -> some View
  {
    wrapped(in: .background(.color(color.value), alignment: .center))
  }

  /// Draws `shape` filled with `style` behind this view: `.background(.blue, in: Capsule())`.
  public func background<S: ShapeStyle, T: Shape>(
    _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
  ) -> some View {
    var node = shape._shape
    style.painting(&node)
    return wrapped(in: .background(.shape(node), alignment: .center))
  }

  /// Draws `overlay` over this view, sized to it.
  @_disfavoredOverload
  public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center)
    -> some View
  {
    layered(overlay, alignment: alignment) { .overlay($0, alignment: $1) }
  }

  /// Draws the views `content` builds over this view, sized to it (several are overlaid).
  public func overlay<Overlay: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> Overlay
  ) -> some View {
    overlay(content(), alignment: alignment)
  }

  /// Covers this view with `style`.
  public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
    -> some View
  {
    wrapped(in: .overlay(style.node, alignment: .center))
  }

  /// Covers this view with a colour (disambiguates `Color`).
  public func overlay(_ color: Color, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
    wrapped(in: .overlay(.color(color.value), alignment: .center))
  }

  /// Draws `shape` filled with `style` over this view.
  public func overlay<S: ShapeStyle, T: Shape>(
    _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
  ) -> some View {
    var node = shape._shape
    style.painting(&node)
    return wrapped(in: .overlay(.shape(node), alignment: .center))
  }

  /// Sets this view's opacity, 0 (invisible) to 1.
  public func opacity(_ opacity: Double) -> some View {
    wrapped(in: .opacity(opacity.isNaN ? 1 : min(max(opacity, 0), 1)))
  }

  /// Hides this view: it keeps its place in the layout, and nothing of it is drawn.
  public func hidden() -> some View {
    opacity(0)
  }

  /// Clips this view to a rectangle with rounded corners.
  public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
    wrapped(in: .clip(.roundedRectangle, cornerRadius: max(0, Double(radius))))
  }

  /// Clips this view to `shape`.
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    let node = shape._shape
    return wrapped(in: .clip(node.shape, cornerRadius: node.cornerRadius))
  }

  /// Clips this view to its frame.
  public func clipped(antialiased: Bool = false) -> some View {
    wrapped(in: .clip(.rectangle, cornerRadius: nil))
  }

  /// Wraps each node of this view in the modifier `make` builds from `layer` resolved in the
  /// same environment; several layer views become a `ZStack`, none leaves the view as it is.
  private func layered<Layer: View>(
    _ layer: Layer, alignment: Alignment,
    _ make: @escaping (ViewNode, WidgetSchema.Alignment) -> WidgetSchema.Modifier
  ) -> some View {
    modifier(
      NodeModifier { environment in
        let nodes = ViewResolver.nodes(layer, in: environment)
        switch nodes.count {
        case 0: return nil
        case 1: return make(nodes[0], alignment.value)
        default:
          return make(
            .stack(StackNode(axis: .z, alignment: alignment.value, children: nodes)),
            alignment.value)
        }
      })
  }
}
