import Foundation
import WidgetSchema

/// A colour: a system colour (`.red`, `.primary`, `.accentColor`, …) or RGB components.
///
/// Used as a view it fills the space it is offered (`.color` in the view tree); used as a
/// style it colours text and shapes. The host maps colours to the terminal's palette.
public struct Color: _PrimitiveView, ShapeStyle, Equatable, Sendable {
  let value: ColorValue

  init(_ value: ColorValue) {
    self.value = value
  }

  private init(named name: String) {
    self.init(ColorValue(name: name))
  }

  /// The colour set `name` of the bundle's asset catalogs (`Resources/*.xcassets`), with its
  /// dark appearance when the set has one; clear, as SwiftUI draws a missing colour, when no
  /// catalog has it.
  public init(_ name: String, bundle: Bundle? = nil) {
    if let (light, dark) = _AssetCatalog.colorSet(named: name) {
      self.init(
        ColorValue(
          red: light.red, green: light.green, blue: light.blue, opacity: light.alpha,
          dark: dark.map {
            ColorValue.Components(red: $0.red, green: $0.green, blue: $0.blue, opacity: $0.alpha)
          }))
    } else {
      self.init(named: "clear")
    }
  }

  /// A colour from red, green and blue components in 0…1 (values outside are clamped).
  public init(
    _ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
    opacity: Double = 1
  ) {
    self.init(
      ColorValue(
        red: Self.clamp(red), green: Self.clamp(green), blue: Self.clamp(blue),
        opacity: Self.clamp(opacity)))
  }

  /// A grey: 0 is black, 1 is white.
  public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
    self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
  }

  /// A colour from hue, saturation and brightness in 0…1.
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    let h = (Self.clamp(hue) * 6).truncatingRemainder(dividingBy: 6)
    let s = Self.clamp(saturation)
    let v = Self.clamp(brightness)
    let chroma = v * s
    let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double) =
      switch h {
      case ..<1: (chroma, x, 0)
      case ..<2: (x, chroma, 0)
      case ..<3: (0, chroma, x)
      case ..<4: (0, x, chroma)
      case ..<5: (x, 0, chroma)
      default: (chroma, 0, x)
      }
    let m = v - chroma
    self.init(red: r + m, green: g + m, blue: b + m, opacity: opacity)
  }

  /// This colour with its opacity multiplied by `opacity`.
  public func opacity(_ opacity: Double) -> Color {
    Color(value.fading(opacity))
  }

  public var _color: ColorValue? { value }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.color(value)]
  }

  private static func clamp(_ component: Double) -> Double {
    component.isNaN ? 0 : min(max(component, 0), 1)
  }

  /// The colour space of RGB components. Every space is treated as sRGB.
  public enum RGBColorSpace: Hashable, Sendable {
    case sRGB
    case sRGBLinear
    case displayP3
  }

  // MARK: System colours

  /// The colour of primary content: the terminal's foreground.
  public static let primary = Color(named: "primary")
  /// The colour of secondary content: dimmed.
  public static let secondary = Color(named: "secondary")
  /// The widget's accent colour.
  // swift-format-ignore: DontRepeatTypeInStaticProperties
  public static let accentColor = Color(named: "accentColor")
  /// No colour at all.
  public static let clear = Color(named: "clear")
  /// Black.
  public static let black = Color(named: "black")
  /// White.
  public static let white = Color(named: "white")
  /// Grey.
  public static let gray = Color(named: "gray")
  /// Red.
  public static let red = Color(named: "red")
  /// Orange.
  public static let orange = Color(named: "orange")
  /// Yellow.
  public static let yellow = Color(named: "yellow")
  /// Green.
  public static let green = Color(named: "green")
  /// Mint.
  public static let mint = Color(named: "mint")
  /// Teal.
  public static let teal = Color(named: "teal")
  /// Cyan.
  public static let cyan = Color(named: "cyan")
  /// Blue.
  public static let blue = Color(named: "blue")
  /// Indigo.
  public static let indigo = Color(named: "indigo")
  /// Purple.
  public static let purple = Color(named: "purple")
  /// Pink.
  public static let pink = Color(named: "pink")
  /// Brown.
  public static let brown = Color(named: "brown")
}

extension ShapeStyle where Self == Color {
  /// ``Color/red`` as a style: `.foregroundStyle(.red)`.
  public static var red: Color { Color.red }
  /// ``Color/orange`` as a style.
  public static var orange: Color { Color.orange }
  /// ``Color/yellow`` as a style.
  public static var yellow: Color { Color.yellow }
  /// ``Color/green`` as a style.
  public static var green: Color { Color.green }
  /// ``Color/mint`` as a style.
  public static var mint: Color { Color.mint }
  /// ``Color/teal`` as a style.
  public static var teal: Color { Color.teal }
  /// ``Color/cyan`` as a style.
  public static var cyan: Color { Color.cyan }
  /// ``Color/blue`` as a style.
  public static var blue: Color { Color.blue }
  /// ``Color/indigo`` as a style.
  public static var indigo: Color { Color.indigo }
  /// ``Color/purple`` as a style.
  public static var purple: Color { Color.purple }
  /// ``Color/pink`` as a style.
  public static var pink: Color { Color.pink }
  /// ``Color/brown`` as a style.
  public static var brown: Color { Color.brown }
  /// ``Color/white`` as a style.
  public static var white: Color { Color.white }
  /// ``Color/gray`` as a style.
  public static var gray: Color { Color.gray }
  /// ``Color/black`` as a style.
  public static var black: Color { Color.black }
  /// ``Color/clear`` as a style.
  public static var clear: Color { Color.clear }
}
