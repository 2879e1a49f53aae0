/// Where an entry's views were laid out, in points, so that a program can draw the widget
/// without doing layout: the `geometry` of an `entry` event (docs/stream.md#geometry).
@JSONFields
public struct EntryGeometry: Codable, Sendable, Equatable {
  /// The widget's width in points (its family's).
  public var width: Double
  /// The widget's height in points.
  public var height: Double
  /// One frame per node of the entry's `view`, in the tree's preorder: a node, then its
  /// `child`, then its `layer`, then its `children` in order. A modifier that changes no
  /// geometry (a style, `widgetURL`, …) has its child's frame.
  public var nodes: [NodeGeometry]

  /// Creates a geometry.
  public init(width: Double, height: Double, nodes: [NodeGeometry]) {
    self.width = width
    self.height = height
    self.nodes = nodes
  }
}

/// A node's frame in points from the widget's top left, and for text, its lines' baselines.
@JSONFields
public struct NodeGeometry: Codable, Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double
  /// For a text node: the distance of each line's baseline from the widget's top, in points.
  public var baselines: [Double]?

  /// Creates a frame.
  public init(x: Double, y: Double, width: Double, height: Double, baselines: [Double]? = nil) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.baselines = baselines
  }
}
