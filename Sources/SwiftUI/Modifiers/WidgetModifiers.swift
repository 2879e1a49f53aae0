import Foundation
import WidgetSchema

/// Where a container background goes: `.containerBackground(.blue, for: .widget)`.
public struct ContainerBackgroundPlacement: Hashable, Sendable {
  private let name: String

  /// The widget's background, behind all its content and its margins.
  public static let widget = ContainerBackgroundPlacement(name: "widget")
}

extension View {
  /// Opens `url` when the widget is tapped anywhere outside a `Link`; nil sets nothing.
  public func widgetURL(_ url: URL?) -> some View {
    modifier(NodeModifier { _ in url.map { .widgetURL($0.absoluteString) } })
  }

  /// Makes `style` the widget's background (`placement` is `.widget`, the only one).
  public func containerBackground<S: ShapeStyle>(
    _ style: S, for placement: ContainerBackgroundPlacement
  ) -> some View {
    wrapped(in: .containerBackground(style.node))
  }

  /// Makes the views `content` builds the widget's background (several are overlaid): offered the
  /// widget's size and centred in it, or placed by `alignment`, as on iOS.
  public func containerBackground<V: View>(
    for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
    @ViewBuilder content: () -> V
  ) -> some View {
    let layer = content()
    return modifier(
      NodeModifier { environment in
        let nodes = ViewResolver.nodes(layer, in: environment)
        let group: ViewNode
        switch nodes.count {
        case 0: return nil
        case 1: group = nodes[0]
        default: group = .stack(StackNode(axis: .z, alignment: alignment.value, children: nodes))
        }
        // The host centres a container background in the widget; another alignment places
        // the group in a frame that fills the widget.
        guard alignment.value != .center else { return .containerBackground(group) }
        return .containerBackground(
          .modified(
            group,
            .frame(Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment.value))))
      })
  }

  /// Marks this view as part of the accent group in the `.accented` rendering mode.
  public func widgetAccentable(_ accentable: Bool = true) -> some View {
    wrapped(in: .accentable(accentable))
  }
}
