import WidgetSchema

/// Turns SDK views into the host's view tree.
///
/// This is the seam between the SDK and the host: everything a bundle shows passes through
/// ``resolve(_:in:)``, which evaluates `body` properties with the environment in place (so
/// `@Environment` reads the right values) and asks primitive views for their nodes.
public enum ViewResolver {
  /// Resolves `view` into one node: several top-level views become a vertical stack, as SwiftUI
  /// lays out a widget body with several views.
  public static func resolve<V: View>(_ view: V, in environment: EnvironmentValues) -> ViewNode {
    let nodes = self.nodes(view, in: environment)
    switch nodes.count {
    case 0: return .empty
    case 1: return nodes[0]
    default: return .stack(StackNode(axis: .vertical, children: nodes))
    }
  }

  /// The nodes `view` contributes to its parent (none for `EmptyView`, several for a group).
  public static func nodes<V: View>(_ view: V, in environment: EnvironmentValues) -> [ViewNode] {
    if let primitive = view as? any _PrimitiveView {
      return primitive._nodes(in: environment)
    }
    return EnvironmentValues.$current.withValue(environment) {
      nodes(view.body, in: environment)
    }
  }

  /// The nodes of several child views, in order.
  static func nodes(of children: [any View], in environment: EnvironmentValues) -> [ViewNode] {
    var result: [ViewNode] = []
    for child in children {
      result.append(contentsOf: nodes(child, in: environment))
    }
    return result
  }
}
