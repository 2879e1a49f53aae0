import WidgetSchema

/// The fixed mapping from points to terminal cells: one column is 8 points wide and one row
/// 16 points tall, roughly the aspect of a terminal character and of 13–17 pt system text.
///
/// | family | points | cells |
/// |---|---|---|
/// | systemSmall | 170×170 | 21×10 |
/// | systemMedium | 364×170 | 45×10 |
/// | systemLarge | 364×382 | 45×23 |
/// | systemExtraLarge | 715×382 | 89×23 |
/// | accessoryCorner | 46×46 | 5×2 |
/// | accessoryCircular | 76×76 | 9×4 |
/// | accessoryRectangular | 172×76 | 21×4 |
/// | accessoryInline | 257×26 | 32×1 |
/// | control | 257×30 | 32×1 |
public enum CellMetrics {
  /// Points per column.
  public static let pointsPerColumn = 8.0
  /// Points per row.
  public static let pointsPerRow = 16.0

  /// The family's grid in columns and rows.
  public static func grid(for family: WidgetFamily) -> CellSize {
    grid(for: family.displaySize)
  }

  /// The grid of `size` points in columns and rows (at least one of each).
  public static func grid(for size: Size) -> CellSize {
    CellSize(
      width: max(1, Int(size.width / pointsPerColumn)),
      height: max(1, Int(size.height / pointsPerRow)))
  }

  /// A horizontal length in points, in whole columns (rounded).
  static func columns(_ points: Double) -> Int { max(0, Int((points / pointsPerColumn).rounded())) }

  /// A vertical length in points, in whole rows (rounded).
  static func rows(_ points: Double) -> Int { max(0, Int((points / pointsPerRow).rounded())) }
}

/// A size in terminal cells.
public struct CellSize: Equatable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)×\(height)" }
}
