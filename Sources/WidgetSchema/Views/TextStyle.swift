/// Styling that text inherits from the views around it, or carries per run. Every field is
/// optional: an inner value overrides an outer one, a missing one inherits.
@JSONFields
public struct TextStyle: Codable, Sendable, Equatable {
  /// The font.
  public var font: Font?
  /// The weight (`.bold()`, `.fontWeight(_:)`); overrides the font's own.
  public var weight: FontWeight?
  /// `.italic()`.
  public var italic: Bool?
  /// `.underline()`.
  public var underline: Bool?
  /// `.strikethrough()`.
  public var strikethrough: Bool?
  /// `.foregroundColor(_:)`, `.foregroundStyle(_:)`.
  public var foreground: ColorValue?
  /// `.foregroundStyle(_:)` with a gradient: text is painted with it, in its own frame, and
  /// shapes without a fill of their own are filled with it. It goes with ``foreground``, which
  /// is then the gradient's ``GradientValue/representative`` colour: an inner style that sets
  /// `foreground` replaces both (see ``merged(with:)``).
  public var foregroundGradient: GradientValue?
  /// `.lineLimit(_:)`; 0 means no limit (`.lineLimit(nil)`).
  public var lineLimit: Int?
  /// `.multilineTextAlignment(_:)`.
  public var multilineTextAlignment: TextAlignment?
  /// `.truncationMode(_:)`.
  public var truncationMode: TruncationMode?
  /// `.minimumScaleFactor(_:)`.
  public var minimumScaleFactor: Double?
  /// `.redacted(reason: .placeholder)`: text is drawn as blocks.
  public var redacted: Bool?
  /// `.environment(\.timeZone, …)`: the IANA time zone (`Asia/Tokyo`) that dates and date
  /// ranges in text are shown in; nil: the host's.
  public var timeZone: String?

  /// Creates a style.
  public init(
    font: Font? = nil, weight: FontWeight? = nil, italic: Bool? = nil, underline: Bool? = nil,
    strikethrough: Bool? = nil, foreground: ColorValue? = nil,
    foregroundGradient: GradientValue? = nil, lineLimit: Int? = nil,
    multilineTextAlignment: TextAlignment? = nil, truncationMode: TruncationMode? = nil,
    minimumScaleFactor: Double? = nil, redacted: Bool? = nil, timeZone: String? = nil
  ) {
    self.font = font
    self.weight = weight
    self.italic = italic
    self.underline = underline
    self.strikethrough = strikethrough
    self.foreground = foreground
    self.foregroundGradient = foregroundGradient
    self.lineLimit = lineLimit
    self.multilineTextAlignment = multilineTextAlignment
    self.truncationMode = truncationMode
    self.minimumScaleFactor = minimumScaleFactor
    self.redacted = redacted
    self.timeZone = timeZone
  }

  /// True when no field is set.
  ///
  /// Field by field rather than `self == TextStyle()`: it runs for every text run a reply is
  /// read into and every run an `entry` event writes, and the derived `==` compares the
  /// fonts' and colours' fields too.
  public var isEmpty: Bool {
    font == nil && weight == nil && italic == nil && underline == nil && strikethrough == nil
      && foreground == nil && foregroundGradient == nil && lineLimit == nil
      && multilineTextAlignment == nil
      && truncationMode == nil && minimumScaleFactor == nil && redacted == nil
      && timeZone == nil
  }

  /// This style with every field that `inner` sets replaced by `inner`'s value; the foreground
  /// colour and gradient are one field: `inner`'s colour comes with its gradient or none, and
  /// its gradient with its colour (the gradient's representative one when it gives none).
  public func merged(with inner: TextStyle) -> TextStyle {
    TextStyle(
      font: inner.font ?? font, weight: inner.weight ?? weight, italic: inner.italic ?? italic,
      underline: inner.underline ?? underline,
      strikethrough: inner.strikethrough ?? strikethrough,
      foreground: inner.foreground ?? inner.foregroundGradient?.representative ?? foreground,
      foregroundGradient: inner.foreground != nil || inner.foregroundGradient != nil
        ? inner.foregroundGradient : foregroundGradient,
      lineLimit: inner.lineLimit ?? lineLimit,
      multilineTextAlignment: inner.multilineTextAlignment ?? multilineTextAlignment,
      truncationMode: inner.truncationMode ?? truncationMode,
      minimumScaleFactor: inner.minimumScaleFactor ?? minimumScaleFactor,
      redacted: inner.redacted ?? redacted, timeZone: inner.timeZone ?? timeZone)
  }

  /// Whether text in this style is drawn bold: a weight of semibold or more, given or implied
  /// by the font (`.headline` is semibold).
  public var isBold: Bool {
    let effective = weight ?? font?.weight ?? font?.textStyle?.defaultWeight ?? .regular
    return effective >= .semibold
  }
}

/// A font: a text style (`.title2`) or a size (`.system(size:weight:design:)`).
@JSONFields
public struct Font: Codable, Sendable, Equatable {
  /// The text style, for `.largeTitle`, `.title2`, `.caption`, ….
  public var textStyle: FontTextStyle?
  /// The size in points, for `.system(size:)`.
  public var size: Double?
  /// The weight given with the font.
  public var weight: FontWeight?
  /// `default`, `monospaced`, `rounded` or `serif`.
  public var design: String?

  /// Creates a font.
  public init(
    textStyle: FontTextStyle? = nil, size: Double? = nil, weight: FontWeight? = nil,
    design: String? = nil
  ) {
    self.textStyle = textStyle
    self.size = size
    self.weight = weight
    self.design = design
  }
}

/// SwiftUI's text styles.
public enum FontTextStyle: String, JSONEnum, Sendable {
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

  /// The weight the style has unless one is given.
  public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }

  /// The style's size in points at the default Dynamic Type size, as iOS sets it.
  public var pointSize: Double {
    switch self {
    case .largeTitle: 34
    case .title: 28
    case .title2: 22
    case .title3: 20
    case .headline: 17
    case .body: 17
    case .callout: 16
    case .subheadline: 15
    case .footnote: 13
    case .caption: 12
    case .caption2: 11
    }
  }
}

/// Font weights, lightest first.
public enum FontWeight: String, JSONEnum, Sendable, Comparable {
  case ultraLight
  case thin
  case light
  case regular
  case medium
  case semibold
  case bold
  case heavy
  case black

  public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// `.multilineTextAlignment(_:)`.
public enum TextAlignment: String, JSONEnum, Sendable {
  case leading
  case center
  case trailing
}

/// `.truncationMode(_:)`: where "…" replaces text that does not fit.
public enum TruncationMode: String, JSONEnum, Sendable {
  case head
  case middle
  case tail
}

/// A colour: a named one (`red`, `primary`, `secondary`, `accentColor`, …) or RGB components in
/// 0…1, with an opacity; an RGB colour may have other components in the dark appearance (an
/// asset catalog's colour set with a dark variant). Named colours take the system's dark values.
///
/// JSON: `{"name": "red"}`, `{"red": 1, "green": 0.5, "blue": 0, "opacity": 0.8}`,
/// `{"red": 1, "green": 1, "blue": 1, "opacity": 1, "dark": {"red": 0.1, "green": 0.1,
/// "blue": 0.1, "opacity": 1}}`.
@JSONFields
public struct ColorValue: Codable, Sendable, Equatable {
  /// RGB components in 0…1 and an opacity: a colour's dark appearance.
  @JSONFields
  public struct Components: Codable, Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// 0 (transparent) to 1 (opaque).
    public var opacity: Double

    /// Creates the components.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
      self.red = red
      self.green = green
      self.blue = blue
      self.opacity = opacity
    }
  }

  /// A system colour's name.
  public var name: String?
  public var red: Double?
  public var green: Double?
  public var blue: Double?
  /// 0 (transparent) to 1 (opaque).
  public var opacity: Double
  /// An RGB colour's components in the dark appearance, when they differ; nil: the same.
  public var dark: Components?

  /// The system colours a bundle may name. `background` is the system background
  /// (`ShapeStyle.background`, `Color(uiColor: .systemBackground)`): white on iOS's light
  /// appearance, the terminal's own background on the grid.
  public static let names = [
    "primary", "secondary", "accentColor", "clear", "black", "white", "gray", "red", "orange",
    "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
    "background",
  ]

  /// A named colour.
  public init(name: String, opacity: Double = 1) {
    self.name = name
    self.opacity = opacity
  }

  /// An RGB colour, with other components in the dark appearance if `dark` is given.
  public init(
    red: Double, green: Double, blue: Double, opacity: Double = 1, dark: Components? = nil
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    self.opacity = opacity
    self.dark = dark
  }

  /// This colour with its opacity, in both appearances, multiplied by `factor` (0…1).
  public func fading(_ factor: Double) -> ColorValue {
    func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    var faded = self
    faded.opacity = unit(opacity * factor)
    faded.dark?.opacity = unit((dark?.opacity ?? 1) * factor)
    return faded
  }

  private enum CodingKeys: String, CodingKey {
    case name
    case red
    case green
    case blue
    case opacity
    case dark
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    opacity = try container.decodeIfPresent(Double.self, forKey: .opacity) ?? 1
    if let name = try container.decodeIfPresent(String.self, forKey: .name) {
      guard Self.names.contains(name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .name, in: container,
          debugDescription:
            "unknown colour '\(name)' (expected one of: \(Self.names.joined(separator: ", ")))")
      }
      self.name = name
      return
    }
    func component(_ key: CodingKeys) throws -> Double {
      let value = try container.decode(Double.self, forKey: key)
      guard (0...1).contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "must be between 0 and 1, got \(value)")
      }
      return value
    }
    red = try component(.red)
    green = try component(.green)
    blue = try component(.blue)
    if let dark = try container.decodeIfPresent(Components.self, forKey: .dark) {
      for value in [dark.red, dark.green, dark.blue, dark.opacity] where !(0...1).contains(value) {
        throw DecodingError.dataCorruptedError(
          forKey: .dark, in: container,
          debugDescription: "components must be between 0 and 1, got \(value)")
      }
      self.dark = dark
    }
  }
}
