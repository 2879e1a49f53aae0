import Foundation

/// UIKit's font, for `Font(uiFont)`: the system font at a size and weight, or a text style's.
/// Drawn as SwiftUI's `.system(size:weight:)` and text styles are (docs/swiftui-coverage.md,
/// "UIKit").
open class UIFont: NSObject, @unchecked Sendable {
  // Unchecked: every stored property is a constant.

  /// A font weight, as UIKit numbers them (-1 … 1).
  public struct Weight: RawRepresentable, Hashable, Sendable {
    public let rawValue: CGFloat

    public init(rawValue: CGFloat) {
      self.rawValue = rawValue
    }

    public static let ultraLight = Weight(rawValue: -0.8)
    public static let thin = Weight(rawValue: -0.6)
    public static let light = Weight(rawValue: -0.4)
    public static let regular = Weight(rawValue: 0)
    public static let medium = Weight(rawValue: 0.23)
    public static let semibold = Weight(rawValue: 0.3)
    public static let bold = Weight(rawValue: 0.4)
    public static let heavy = Weight(rawValue: 0.56)
    public static let black = Weight(rawValue: 0.62)
  }

  /// A text style: `UIFont.preferredFont(forTextStyle: .headline)`.
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    public static let largeTitle = TextStyle(rawValue: "largeTitle")
    public static let title1 = TextStyle(rawValue: "title")
    public static let title2 = TextStyle(rawValue: "title2")
    public static let title3 = TextStyle(rawValue: "title3")
    public static let headline = TextStyle(rawValue: "headline")
    public static let subheadline = TextStyle(rawValue: "subheadline")
    public static let body = TextStyle(rawValue: "body")
    public static let callout = TextStyle(rawValue: "callout")
    public static let footnote = TextStyle(rawValue: "footnote")
    public static let caption1 = TextStyle(rawValue: "caption")
    public static let caption2 = TextStyle(rawValue: "caption2")
  }

  /// The size in points, for a font of the system font at a size. SDK detail.
  public let _size: CGFloat?
  /// The weight. SDK detail.
  public let _weight: Weight
  /// The text style, for a font of one. SDK detail.
  public let _textStyle: TextStyle?
  /// Whether the font is monospaced. SDK detail.
  public let _monospaced: Bool

  private init(size: CGFloat?, weight: Weight, textStyle: TextStyle?, monospaced: Bool) {
    _size = size
    _weight = weight
    _textStyle = textStyle
    _monospaced = monospaced
  }

  /// The point size: the size given, or the text style's at the default Dynamic Type size.
  open var pointSize: CGFloat {
    if let size = _size { return size }
    let sizes: [String: CGFloat] = [
      "largeTitle": 34, "title": 28, "title2": 22, "title3": 20, "headline": 17, "body": 17,
      "callout": 16, "subheadline": 15, "footnote": 13, "caption": 12, "caption2": 11,
    ]
    return sizes[_textStyle?.rawValue ?? "body"] ?? 17
  }

  /// The system font at `fontSize` points and `weight`.
  open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(size: fontSize, weight: weight, textStyle: nil, monospaced: false)
  }

  /// The system font at `fontSize` points.
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .regular)
  }

  /// The bold system font at `fontSize` points.
  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .bold)
  }

  /// The monospaced system font at `fontSize` points and `weight`.
  open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(size: fontSize, weight: weight, textStyle: nil, monospaced: true)
  }

  /// The system font with digits of one width: on the grid every digit has one width anyway.
  open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    systemFont(ofSize: fontSize, weight: weight)
  }

  /// The font of `style` at the default Dynamic Type size.
  open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    UIFont(
      size: nil, weight: style == .headline ? .semibold : .regular, textStyle: style,
      monospaced: false)
  }
}
