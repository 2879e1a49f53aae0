/// The size classes a widget can be shown in, as in WidgetKit.
///
/// The raw value is the name used in manifests, contexts and the stream.
public enum WidgetFamily: String, JSONEnum, Sendable, Hashable {
  case systemSmall
  case systemMedium
  case systemLarge
  case systemExtraLarge
  case accessoryCorner
  case accessoryCircular
  case accessoryRectangular
  case accessoryInline
  /// A control (`ControlWidget`, iOS 18): one button or toggle with its symbol, title and value,
  /// on one line: a status-bar block, a row of the terminal.
  case control

  /// The family's size in points, as on an iPhone (accessoryCorner: as on an Apple Watch).
  public var displaySize: Size {
    switch self {
    case .systemSmall: Size(width: 170, height: 170)
    case .systemMedium: Size(width: 364, height: 170)
    case .systemLarge: Size(width: 364, height: 382)
    case .systemExtraLarge: Size(width: 715, height: 382)
    case .accessoryCorner: Size(width: 46, height: 46)
    case .accessoryCircular: Size(width: 76, height: 76)
    case .accessoryRectangular: Size(width: 172, height: 76)
    case .accessoryInline: Size(width: 257, height: 26)
    case .control: Size(width: 257, height: 30)
    }
  }

  /// The families a widget supports when its configuration names none: the three system families,
  /// as WidgetKit does on iOS.
  public static let defaultFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
}

/// A width and a height in points.
@JSONFields
public struct Size: Codable, Sendable, Hashable {
  /// The width in points.
  public var width: Double
  /// The height in points.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}
