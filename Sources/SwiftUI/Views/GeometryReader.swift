import Foundation
import WidgetSchema

/// A view that fills the space it is offered and builds its content from that space's size:
/// `GeometryReader { proxy in Capsule().frame(width: proxy.size.width * progress) }`.
///
/// The host lays views out, so the content is built, in the bundle, for the space the SDK
/// estimates the reader is offered (``EnvironmentValues/_proposedSize``): the widget's size, less
/// padding, as frames set it, and in a stack what its other views leave (text estimated from its
/// font). The reader itself fills whatever space the host offers it, with its content at the top
/// leading corner, as in SwiftUI.
public struct GeometryReader<Content: View>: _PrimitiveView {
  /// The content, built from the proxy.
  public var content: (GeometryProxy) -> Content

  /// Creates a reader whose `content` is built from the space offered.
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
    self.content = content
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    environment._geometryReaders?.count += 1
    let proxy = GeometryProxy(size: environment._proposedSize)
    let nodes = ViewResolver.nodes(content(proxy), in: environment)
    let content: ViewNode =
      nodes.count == 1
      ? nodes[0] : .stack(StackNode(axis: .z, alignment: .topLeading, children: nodes))
    return [
      .modified(
        content,
        .frame(Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)))
    ]
  }
}

/// The space a ``GeometryReader`` is offered.
public struct GeometryProxy: Sendable {
  /// The size offered, in points.
  public let size: CGSize
  /// The safe area's insets: none in a widget.
  public var safeAreaInsets: EdgeInsets { EdgeInsets() }

  init(size: CGSize) {
    self.size = size
  }

  /// The reader's frame in `coordinateSpace`. Its origin is zero in every space: the SDK knows
  /// the sizes views are offered, not where the host places them.
  public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
    CGRect(origin: .zero, size: size)
  }
}

/// Where frames are measured from.
public enum CoordinateSpace: Hashable {
  /// The widget's.
  case global
  /// The view's own.
  case local
  /// The space a view named with `coordinateSpace(name:)`.
  case named(AnyHashable)
}

extension View {
  /// Names this view's coordinate space for `GeometryProxy.frame(in:)`; frames' origins are
  /// zero in every space here.
  public func coordinateSpace<T: Hashable>(name: T) -> some View { self }
}

/// How many geometry readers were built below a stack, so that the stack knows whether to build
/// its views again for the space each is left. SDK detail.
public final class _GeometryReaderCount: @unchecked Sendable {
  // Unchecked: used only while one view is being resolved, on one thread.
  var count = 0
}

private struct ProposedSizeKey: EnvironmentKey {
  static let defaultValue = CGSize(width: 170, height: 170)
}

private struct GeometryReaderCountKey: EnvironmentKey {
  static let defaultValue: _GeometryReaderCount? = nil
}

extension EnvironmentValues {
  /// The space the view being resolved is estimated to be offered, in points: the widget's size
  /// at the root (WidgetKit sets it from the context's `displaySize`). SDK detail.
  public var _proposedSize: CGSize {
    get { self[ProposedSizeKey.self] }
    set { self[ProposedSizeKey.self] = newValue }
  }

  /// Where geometry readers below count themselves. SDK detail.
  var _geometryReaders: _GeometryReaderCount? {
    get { self[GeometryReaderCountKey.self] }
    set { self[GeometryReaderCountKey.self] = newValue }
  }
}
