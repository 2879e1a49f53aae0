import Foundation
import WidgetSchema

/// A font: a text style (`.title2`) or a size (`.system(size: 13)`), with a weight and design.
///
/// On a terminal grid every font is the terminal's: the host uses the weight (bold or not) and
/// keeps the rest in the view tree for other renderers. See docs/swiftui-coverage.md.
public struct Font: Equatable, Sendable {
  var value: WidgetSchema.Font
  var isItalic = false

  init(_ value: WidgetSchema.Font, italic: Bool = false) {
    self.value = value
    self.isItalic = italic
  }

  /// The style text takes from this font.
  var textStyle: WidgetSchema.TextStyle {
    WidgetSchema.TextStyle(font: value, italic: isItalic ? true : nil)
  }

  // MARK: Text styles

  /// The largest title.
  public static let largeTitle = Font(style: .largeTitle)
  /// A title.
  public static let title = Font(style: .title)
  /// A second-level title.
  public static let title2 = Font(style: .title2)
  /// A third-level title.
  public static let title3 = Font(style: .title3)
  /// Headings; semibold.
  public static let headline = Font(style: .headline)
  /// Subheadings.
  public static let subheadline = Font(style: .subheadline)
  /// Body text, the default.
  public static let body = Font(style: .body)
  /// Callouts.
  public static let callout = Font(style: .callout)
  /// Footnotes.
  public static let footnote = Font(style: .footnote)
  /// Captions.
  public static let caption = Font(style: .caption)
  /// Smaller captions.
  public static let caption2 = Font(style: .caption2)

  private init(style: TextStyle) {
    self.init(WidgetSchema.Font(textStyle: style.value))
  }

  /// The system font at `size` points.
  public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
    Font(
      WidgetSchema.Font(size: Double(size), weight: weight?.value, design: design?.name))
  }

  /// The system font in a text style.
  public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil)
    -> Font
  {
    Font(
      WidgetSchema.Font(textStyle: style.value, weight: weight?.value, design: design?.name))
  }

  /// A font by name. Approximated: the system font at `size`; the name is not kept.
  public static func custom(_ name: String, size: CGFloat) -> Font {
    system(size: size)
  }

  /// A font by name, scaled like `textStyle`. Approximated: the system font at `size`.
  public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font
  {
    system(size: size)
  }

  /// A font by name at a fixed size. Approximated: the system font at `size`.
  public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
    system(size: fixedSize)
  }

  // MARK: Variations

  /// This font in `weight`.
  public func weight(_ weight: Weight) -> Font {
    var font = self
    font.value.weight = weight.value
    return font
  }

  /// This font, bold.
  public func bold() -> Font { weight(.bold) }

  /// This font, italic.
  public func italic() -> Font {
    var font = self
    font.isItalic = true
    return font
  }

  /// This font with every character the same width.
  public func monospaced() -> Font {
    var font = self
    font.value.design = Design.monospaced.name
    return font
  }

  /// This font with digits of one width. Ignored: a terminal's digits already are.
  public func monospacedDigit() -> Font { self }

  // MARK: Nested types

  /// SwiftUI's text styles, from `largeTitle` to `caption2`.
  public enum TextStyle: CaseIterable, Hashable, Sendable {
    case largeTitle
    case title
    case title2
    case title3
    case headline
    case subheadline
    case body
    case callout
    case footnote
    case caption
    case caption2

    var value: FontTextStyle {
      switch self {
      case .largeTitle: .largeTitle
      case .title: .title
      case .title2: .title2
      case .title3: .title3
      case .headline: .headline
      case .subheadline: .subheadline
      case .body: .body
      case .callout: .callout
      case .footnote: .footnote
      case .caption: .caption
      case .caption2: .caption2
      }
    }
  }

  /// A font weight, from `ultraLight` to `black`.
  public struct Weight: Hashable, Sendable {
    let value: FontWeight

    /// The lightest weight.
    public static let ultraLight = Weight(value: .ultraLight)
    /// Thin.
    public static let thin = Weight(value: .thin)
    /// Light.
    public static let light = Weight(value: .light)
    /// Regular, the default.
    public static let regular = Weight(value: .regular)
    /// Medium.
    public static let medium = Weight(value: .medium)
    /// Semibold: drawn bold on a terminal.
    public static let semibold = Weight(value: .semibold)
    /// Bold.
    public static let bold = Weight(value: .bold)
    /// Heavy.
    public static let heavy = Weight(value: .heavy)
    /// The heaviest weight.
    public static let black = Weight(value: .black)
  }

  /// A font design.
  public enum Design: Hashable, Sendable {
    case `default`
    case serif
    case rounded
    case monospaced

    var name: String {
      switch self {
      case .default: "default"
      case .serif: "serif"
      case .rounded: "rounded"
      case .monospaced: "monospaced"
      }
    }
  }
}

/// How the lines of a multiline text line up: `.multilineTextAlignment(.center)`.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
  case leading
  case center
  case trailing

  var value: WidgetSchema.TextAlignment {
    switch self {
    case .leading: .leading
    case .center: .center
    case .trailing: .trailing
    }
  }
}
