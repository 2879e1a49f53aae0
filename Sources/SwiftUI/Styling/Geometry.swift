import Foundation

/// An edge of a rectangle.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
  case top
  case leading
  case bottom
  case trailing

  /// A set of edges: `.padding(.horizontal, 8)`.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int8

    /// Creates a set from its raw value.
    public init(rawValue: Int8) {
      self.rawValue = rawValue
    }

    /// The set holding only `edge`.
    public init(_ edge: Edge) {
      self.rawValue = 1 << edge.rawValue
    }

    /// The top edge.
    public static let top = Set(.top)
    /// The leading edge.
    public static let leading = Set(.leading)
    /// The bottom edge.
    public static let bottom = Set(.bottom)
    /// The trailing edge.
    public static let trailing = Set(.trailing)
    /// Leading and trailing.
    public static let horizontal: Set = [.leading, .trailing]
    /// Top and bottom.
    public static let vertical: Set = [.top, .bottom]
    /// Every edge.
    public static let all: Set = [.top, .leading, .bottom, .trailing]
  }
}

/// Lengths in points on each edge of a rectangle: `.padding(EdgeInsets(top: 4, …))`.
public struct EdgeInsets: Equatable, Sendable {
  /// The top inset.
  public var top: CGFloat
  /// The leading inset.
  public var leading: CGFloat
  /// The bottom inset.
  public var bottom: CGFloat
  /// The trailing inset.
  public var trailing: CGFloat

  /// Creates insets; omitted edges are 0.
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// A point in a view's unit square, (0, 0) the top leading corner (gradients' start and end).
public struct UnitPoint: Hashable, Sendable {
  /// The horizontal position, 0 at the leading edge.
  public var x: CGFloat
  /// The vertical position, 0 at the top.
  public var y: CGFloat

  /// Creates a point.
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }

  /// (0, 0).
  public static let zero = UnitPoint(x: 0, y: 0)
  /// (0.5, 0.5).
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  /// (0, 0.5).
  public static let leading = UnitPoint(x: 0, y: 0.5)
  /// (1, 0.5).
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  /// (0.5, 0).
  public static let top = UnitPoint(x: 0.5, y: 0)
  /// (0.5, 1).
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  /// (0, 0).
  public static let topLeading = UnitPoint(x: 0, y: 0)
  /// (1, 0).
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  /// (0, 1).
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  /// (1, 1).
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// How content is scaled to the space it is given: `.aspectRatio(contentMode: .fill)`.
public enum ContentMode: Hashable, CaseIterable, Sendable {
  /// Scale to fit inside, keeping the aspect ratio.
  case fit
  /// Scale to fill, keeping the aspect ratio; may overflow.
  case fill
}

/// The horizontal or the vertical axis.
public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal
  case vertical

  /// Axes, as a set.
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The horizontal axis.
    public static let horizontal = Set(rawValue: 1)
    /// The vertical axis.
    public static let vertical = Set(rawValue: 2)
  }
}
