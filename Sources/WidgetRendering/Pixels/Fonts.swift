import WidgetSchema

/// How text styles become fonts in points: iOS's default Dynamic Type sizes ("Large", the
/// default setting) and weights, and the installed families that stand in for Apple's
/// (docs/rendering.md, "Fonts").
enum Fonts {
  /// The families tried in order for each design: the design's own, then Noto Sans, then Noto
  /// Sans CJK SC for Chinese, Japanese and Korean (named, so that another CJK font installed
  /// beside it, such as the VL Gothic that i3's packages bring, does not change what is drawn);
  /// fontconfig falls back further by itself, to Noto Color Emoji. (Named in the list, the
  /// emoji font drew the digits: it has grey glyphs for 0–9, the keycaps' bases.)
  static func families(for design: String?) -> String {
    let primary =
      switch design {
      case "monospaced": "DejaVu Sans Mono"
      case "rounded": "Quicksand"
      case "serif": "Noto Serif"
      default: "Inter"
      }
    return primary + ",Noto Sans,Noto Sans CJK SC"
  }

  /// The largest font size drawn: a glyph larger than any widget shows nothing more, and
  /// rasterizing one costs in proportion to its area.
  static let maximumSize = 512.0
  /// The smallest.
  static let minimumSize = 1.0

  /// Pango's weight (100–900) for a SwiftUI weight.
  static func pangoWeight(_ weight: FontWeight) -> Int32 {
    switch weight {
    case .ultraLight: 100
    case .thin: 200
    case .light: 300
    case .regular: 400
    case .medium: 500
    case .semibold: 600
    case .bold: 700
    case .heavy: 800
    case .black: 900
    }
  }
}

/// A font resolved from a text style: family list, size in points, weight, slant.
struct PointFont: Equatable {
  var families: String
  var size: Double
  var weight: FontWeight
  var italic: Bool

  init(_ style: TextStyle) {
    let font = style.font
    families = Fonts.families(for: font?.design)
    let size = font?.size ?? font?.textStyle?.pointSize ?? FontTextStyle.body.pointSize
    // NaN and out-of-range sizes are clamped, never passed on.
    self.size =
      size.isNaN
      ? FontTextStyle.body.pointSize : min(max(size, Fonts.minimumSize), Fonts.maximumSize)
    weight = style.weight ?? font?.weight ?? font?.textStyle?.defaultWeight ?? .regular
    italic = style.italic ?? false
  }
}

/// The colours of named system colours, as iOS draws them in light appearance.
enum Palette {
  /// Red, green, blue and alpha in 0…1.
  struct RGBA: Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    /// This colour with its alpha multiplied by `opacity`.
    func faded(_ opacity: Double) -> RGBA {
      RGBA(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The colour's luminance (Rec. 709), 0…1.
    var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
  }

  static func hex(_ value: UInt32, alpha: Double = 1) -> RGBA {
    RGBA(
      red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
      blue: Double(value & 0xFF) / 255, alpha: alpha)
  }

  /// The default text colour (`label`).
  static let primary = hex(0x000000)
  /// The default container background (`systemBackground`).
  static let background = hex(0xFFFFFF)

  /// The default text colour in `appearance`.
  static func primary(_ appearance: Appearance) -> RGBA {
    appearance == .dark ? hex(0xFFFFFF) : primary
  }

  /// The container background in `appearance` (a dark widget's is #1C1C1E).
  static func background(_ appearance: Appearance) -> RGBA {
    appearance == .dark ? hex(0x1C1C1E) : background
  }

  /// `color` as RGBA in `appearance`, with its opacity; NaN and out-of-range components are
  /// clamped. Named colours take their iOS values in that appearance; in the dark one, an RGB
  /// colour its dark components when it has them.
  static func rgba(_ color: ColorValue, _ appearance: Appearance) -> RGBA {
    guard appearance == .dark else { return rgba(color) }
    if let components = color.dark {
      return rgba(
        ColorValue(
          red: components.red, green: components.green, blue: components.blue,
          opacity: components.opacity))
    }
    guard let name = color.name, let dark = darkColors[name] else { return rgba(color) }
    let opacity = color.opacity.isNaN ? 1 : min(max(color.opacity, 0), 1)
    return dark.faded(opacity)
  }

  /// The named colours whose dark values differ from their light ones (iOS's system colours).
  private static let darkColors: [String: RGBA] = [
    "primary": hex(0xFFFFFF), "secondary": hex(0xEBEBF5, alpha: 0.6),
    "accentColor": hex(0x0A84FF), "blue": hex(0x0A84FF), "red": hex(0xFF453A),
    "orange": hex(0xFF9F0A), "yellow": hex(0xFFD60A), "green": hex(0x30D158),
    "mint": hex(0x63E6E2), "teal": hex(0x40CBE0), "cyan": hex(0x64D2FF),
    "indigo": hex(0x5E5CE6), "purple": hex(0xBF5AF2), "pink": hex(0xFF375F),
    "brown": hex(0xAC8E68), "background": hex(0x1C1C1E),
  ]

  /// `color` as RGBA in the light appearance, with its opacity; NaN and out-of-range
  /// components are clamped.
  static func rgba(_ color: ColorValue) -> RGBA {
    let opacity = color.opacity.isNaN ? 1 : min(max(color.opacity, 0), 1)
    func unit(_ value: Double?) -> Double {
      guard let value, !value.isNaN else { return 0 }
      return min(max(value, 0), 1)
    }
    guard let name = color.name else {
      return RGBA(
        red: unit(color.red), green: unit(color.green), blue: unit(color.blue), alpha: opacity)
    }
    let base: RGBA =
      switch name {
      case "primary": primary
      // secondaryLabel: #3C3C43 at 60 %.
      case "secondary": hex(0x3C3C43, alpha: 0.6)
      case "accentColor", "blue": hex(0x007AFF)
      case "clear": hex(0, alpha: 0)
      case "black": hex(0x000000)
      case "white": hex(0xFFFFFF)
      case "gray": hex(0x8E8E93)
      case "red": hex(0xFF3B30)
      case "orange": hex(0xFF9500)
      case "yellow": hex(0xFFCC00)
      case "green": hex(0x34C759)
      case "mint": hex(0x00C7BE)
      case "teal": hex(0x30B0C7)
      case "cyan": hex(0x32ADE6)
      case "indigo": hex(0x5856D6)
      case "purple": hex(0xAF52DE)
      case "pink": hex(0xFF2D55)
      case "brown": hex(0xA2845E)
      case "background": background
      default: primary
      }
    return base.faded(opacity)
  }
}
