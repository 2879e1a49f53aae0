import WidgetSchema

/// How views in a `VStack` line up horizontally.
public struct HorizontalAlignment: Equatable, Sendable {
  let value: WidgetSchema.Alignment

  /// Leading edges lined up.
  public static let leading = HorizontalAlignment(value: .leading)
  /// Centres lined up.
  public static let center = HorizontalAlignment(value: .center)
  /// Trailing edges lined up.
  public static let trailing = HorizontalAlignment(value: .trailing)
}

/// How views in an `HStack` line up vertically.
public struct VerticalAlignment: Equatable, Sendable {
  let value: WidgetSchema.Alignment

  /// Top edges lined up.
  public static let top = VerticalAlignment(value: .top)
  /// Centres lined up.
  public static let center = VerticalAlignment(value: .center)
  /// Bottom edges lined up.
  public static let bottom = VerticalAlignment(value: .bottom)
  /// The baselines of the first lines of text lined up.
  public static let firstTextBaseline = VerticalAlignment(value: .firstTextBaseline)
  /// The baselines of the last lines of text lined up.
  public static let lastTextBaseline = VerticalAlignment(value: .lastTextBaseline)
}

/// How a view lines up in both directions inside a `ZStack` or a frame.
public struct Alignment: Equatable, Sendable {
  let value: WidgetSchema.Alignment

  /// Centred both ways.
  public static let center = Alignment(value: .center)
  /// Centred vertically, at the leading edge.
  public static let leading = Alignment(value: .leading)
  /// Centred vertically, at the trailing edge.
  public static let trailing = Alignment(value: .trailing)
  /// Centred horizontally, at the top.
  public static let top = Alignment(value: .top)
  /// Centred horizontally, at the bottom.
  public static let bottom = Alignment(value: .bottom)
  /// The top leading corner.
  public static let topLeading = Alignment(value: .topLeading)
  /// The top trailing corner.
  public static let topTrailing = Alignment(value: .topTrailing)
  /// The bottom leading corner.
  public static let bottomLeading = Alignment(value: .bottomLeading)
  /// The bottom trailing corner.
  public static let bottomTrailing = Alignment(value: .bottomTrailing)

  init(value: WidgetSchema.Alignment) {
    self.value = value
  }

  /// The alignment made of a horizontal and a vertical one. The view tree has one value per
  /// direction pair, so text baselines count as the centre here.
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    switch (horizontal.value, vertical.value) {
    case (.leading, .top): value = .topLeading
    case (.trailing, .top): value = .topTrailing
    case (_, .top): value = .top
    case (.leading, .bottom): value = .bottomLeading
    case (.trailing, .bottom): value = .bottomTrailing
    case (_, .bottom): value = .bottom
    case (.leading, _): value = .leading
    case (.trailing, _): value = .trailing
    default: value = .center
    }
  }

  /// The horizontal part.
  public var horizontal: HorizontalAlignment {
    switch value {
    case .leading, .topLeading, .bottomLeading: .leading
    case .trailing, .topTrailing, .bottomTrailing: .trailing
    default: .center
    }
  }

  /// The vertical part.
  public var vertical: VerticalAlignment {
    switch value {
    case .top, .topLeading, .topTrailing: .top
    case .bottom, .bottomLeading, .bottomTrailing: .bottom
    default: .center
    }
  }
}
