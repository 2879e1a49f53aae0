import Foundation

/// UIKit's colour, for widget code that names colours the UIKit way:
/// `Color(uiColor: .systemBlue)`, `Color(.secondaryLabel)`. The system colours are the named
/// colours the host draws (docs/swiftui-coverage.md, "UIKit"); others are RGB.
open class UIColor: NSObject, @unchecked Sendable {
  // Unchecked: every stored property is a constant.

  /// The named system colour the host draws (`red`, `secondary`, `background`, …), or nil
  /// for an RGB colour. SDK detail.
  public let _name: String?
  /// The RGB components in 0…1 of a colour that has no name. SDK detail.
  public let _components: (red: Double, green: Double, blue: Double)?
  /// The opacity, 0…1.
  public let _alpha: Double
  /// The components and opacity in the dark appearance of a colour set that has one. SDK
  /// detail.
  public let _dark: (red: Double, green: Double, blue: Double, alpha: Double)?

  private init(
    name: String?, components: (Double, Double, Double)?, alpha: Double,
    dark: (red: Double, green: Double, blue: Double, alpha: Double)? = nil
  ) {
    _name = name
    _components = components.map { (red: $0.0, green: $0.1, blue: $0.2) }
    _alpha = Self.unit(alpha)
    _dark = dark
  }

  private convenience init(system name: String) {
    self.init(name: name, components: nil, alpha: 1)
  }

  private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

  /// A colour of red, green and blue components and an opacity, each in 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(
      name: nil,
      components: (Self.unit(Double(red)), Self.unit(Double(green)), Self.unit(Double(blue))),
      alpha: Double(alpha))
  }

  /// A grey of `white` (0 black, 1 white) and an opacity.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// A colour of hue, saturation and brightness, each in 0…1, and an opacity.
  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let h = (Self.unit(Double(hue)) * 6).truncatingRemainder(dividingBy: 6)
    let s = Self.unit(Double(saturation))
    let v = Self.unit(Double(brightness))
    let c = v * s
    let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double) =
      switch Int(h) {
      case 0: (c, x, 0)
      case 1: (x, c, 0)
      case 2: (0, c, x)
      case 3: (0, x, c)
      case 4: (x, 0, c)
      default: (c, 0, x)
      }
    let m = v - c
    self.init(
      red: CGFloat(r + m), green: CGFloat(g + m), blue: CGFloat(b + m), alpha: alpha)
  }

  /// The colour set `name` of the bundle's asset catalogs (`Resources/*.xcassets`), with its
  /// dark appearance when the set has one; nil when no catalog has it.
  public convenience init?(named name: String) {
    guard let (color, dark) = _AssetCatalog.colorSet(named: name) else { return nil }
    self.init(
      name: nil, components: (color.red, color.green, color.blue), alpha: color.alpha,
      dark: dark.map { (red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) })
  }

  /// As ``init(named:)``: the bundle's catalogs are the only ones.
  public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traits: Any?) {
    self.init(named: name)
  }

  /// The same colour with opacity `alpha`.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(
      name: _name, components: _components.map { ($0.red, $0.green, $0.blue) },
      alpha: Double(alpha),
      dark: _dark.map { (red: $0.red, green: $0.green, blue: $0.blue, alpha: Double(alpha)) })
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    return _name == other._name && _alpha == other._alpha
      && _components.map { [$0.red, $0.green, $0.blue] }
        == other._components.map { [$0.red, $0.green, $0.blue] }
      && _dark.map { [$0.red, $0.green, $0.blue, $0.alpha] }
        == other._dark.map { [$0.red, $0.green, $0.blue, $0.alpha] }
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(_name)
    hasher.combine(_alpha)
    if let components = _components {
      hasher.combine(components.red)
      hasher.combine(components.green)
      hasher.combine(components.blue)
    }
    return hasher.finalize()
  }

  // The system colours.
  /// Red.
  public static let systemRed = UIColor(system: "red")
  /// Orange.
  public static let systemOrange = UIColor(system: "orange")
  /// Yellow.
  public static let systemYellow = UIColor(system: "yellow")
  /// Green.
  public static let systemGreen = UIColor(system: "green")
  /// Mint.
  public static let systemMint = UIColor(system: "mint")
  /// Teal.
  public static let systemTeal = UIColor(system: "teal")
  /// Cyan.
  public static let systemCyan = UIColor(system: "cyan")
  /// Blue.
  public static let systemBlue = UIColor(system: "blue")
  /// Indigo.
  public static let systemIndigo = UIColor(system: "indigo")
  /// Purple.
  public static let systemPurple = UIColor(system: "purple")
  /// Pink.
  public static let systemPink = UIColor(system: "pink")
  /// Brown.
  public static let systemBrown = UIColor(system: "brown")
  /// Grey.
  public static let systemGray = UIColor(system: "gray")
  /// The lighter greys, approximated as grey.
  public static let systemGray2 = UIColor(system: "gray")
  /// See ``systemGray2``.
  public static let systemGray3 = UIColor(system: "gray")
  /// See ``systemGray2``.
  public static let systemGray4 = UIColor(system: "gray")
  /// See ``systemGray2``.
  public static let systemGray5 = UIColor(system: "gray")
  /// See ``systemGray2``.
  public static let systemGray6 = UIColor(system: "gray")
  /// The accent colour. (UIKit's name, which repeats the type's.)
  // swift-format-ignore: DontRepeatTypeInStaticProperties
  public static let tintColor = UIColor(system: "accentColor")
  /// Primary text.
  public static let label = UIColor(system: "primary")
  /// Secondary text.
  public static let secondaryLabel = UIColor(system: "secondary")
  /// Tertiary text, approximated as secondary.
  public static let tertiaryLabel = UIColor(system: "secondary")
  /// Quaternary text, approximated as secondary.
  public static let quaternaryLabel = UIColor(system: "secondary")
  /// Placeholder text, approximated as secondary.
  public static let placeholderText = UIColor(system: "secondary")
  /// The system background.
  public static let systemBackground = UIColor(system: "background")
  /// The grouped background, approximated as the system background.
  public static let systemGroupedBackground = UIColor(system: "background")
  /// Content on the background, approximated as a faint grey (the system fill).
  public static let secondarySystemBackground = UIColor(
    name: "gray", components: nil, alpha: 0.2)
  /// See ``secondarySystemBackground``.
  public static let tertiarySystemBackground = UIColor(name: "gray", components: nil, alpha: 0.2)
  /// The fills for shapes, approximated as a faint grey.
  public static let systemFill = UIColor(name: "gray", components: nil, alpha: 0.2)
  /// See ``systemFill``.
  public static let secondarySystemFill = UIColor(name: "gray", components: nil, alpha: 0.2)
  /// Separator lines, approximated as grey.
  public static let separator = UIColor(system: "gray")
  /// Black.
  public static let black = UIColor(system: "black")
  /// White.
  public static let white = UIColor(system: "white")
  /// Transparent.
  public static let clear = UIColor(system: "clear")
  /// Pure red (1, 0, 0).
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  /// Pure green (0, 1, 0).
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  /// Pure blue (0, 0, 1).
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  /// Cyan (0, 1, 1).
  public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
  /// Magenta (1, 0, 1).
  public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
  /// Yellow (1, 1, 0).
  public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
  /// Orange (1, 0.5, 0).
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  /// Purple (0.5, 0, 0.5).
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  /// Brown (0.6, 0.4, 0.2).
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
  /// Grey 0.5.
  public static let gray = UIColor(white: 0.5, alpha: 1)
  /// Grey 1/3.
  public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
  /// Grey 2/3.
  public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
}
