import WidgetSchema

/// How a rendering mode colours what a widget draws (docs/rendering.md, "Rendering modes"):
/// `fullColor` as given; `accented` the accent group (views marked `widgetAccentable()`) in the
/// accent colour and the default group in white, each keeping its opacity; `vibrant` every
/// colour as white whose opacity is the colour's luminance in the dark appearance, as the lock
/// screen's vibrant material shows it.
struct ColorMapping {
  let mode: RenderingMode
  /// The appearance of the `fullColor` mode (the other modes are drawn on the dark lock screen
  /// or home screen whatever the appearance).
  var appearance: Appearance = .light

  /// The accent colour of the `accented` mode.
  static let accent = Palette.hex(0x0A84FF)
  static let white = Palette.hex(0xFFFFFF)

  /// Whether text is drawn in one colour per text (its shape a mask) rather than its runs'.
  var recolorsText: Bool { mode != .fullColor }

  /// `color` as drawn in the mode.
  func resolve(_ color: ColorValue, accented: Bool) -> Palette.RGBA {
    switch mode {
    case .fullColor:
      return Palette.rgba(color, appearance)
    case .accented:
      return map(Palette.rgba(color), accented: accented)
    case .vibrant:
      // The lock screen is dark: the label colours are light there.
      var rgba = Palette.rgba(color)
      if color.name == "primary" { rgba = Self.white.faded(rgba.alpha) }
      if color.name == "secondary" { rgba = Palette.hex(0xEBEBF5, alpha: 0.6).faded(color.opacity) }
      if color.name == "background" { rgba = Palette.hex(0x000000).faded(color.opacity) }
      return map(rgba, accented: accented)
    }
  }

  /// A colour given as RGBA, as drawn in the mode.
  func map(_ rgba: Palette.RGBA, accented: Bool) -> Palette.RGBA {
    switch mode {
    case .fullColor: rgba
    case .accented: (accented ? Self.accent : Self.white).faded(rgba.alpha)
    case .vibrant: Self.white.faded(rgba.alpha * rgba.luminance)
    }
  }
}
