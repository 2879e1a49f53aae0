import Foundation

/// The variants of SF Symbols: `Image(systemName: "heart").symbolVariant(.fill)` is
/// `heart.fill`, `.circle.fill` is `heart.circle.fill`.
public struct SymbolVariants: Hashable, Sendable {
  /// The name's suffixes, in the order SF Symbols names them: shape, slash, fill.
  private var shapeName: String?
  private var isSlashed = false
  private var isFilled = false

  private init(shape: String? = nil, slash: Bool = false, filled: Bool = false) {
    shapeName = shape
    isSlashed = slash
    isFilled = filled
  }

  /// No variant.
  public static let none = SymbolVariants()
  /// Filled.
  public static let fill = SymbolVariants(filled: true)
  /// In a circle.
  public static let circle = SymbolVariants(shape: "circle")
  /// In a square.
  public static let square = SymbolVariants(shape: "square")
  /// In a rectangle.
  public static let rectangle = SymbolVariants(shape: "rectangle")
  /// Struck through.
  public static let slash = SymbolVariants(slash: true)

  /// This variant filled.
  public var fill: SymbolVariants { merged(with: .fill) }
  /// This variant in a circle.
  public var circle: SymbolVariants { merged(with: .circle) }
  /// This variant in a square.
  public var square: SymbolVariants { merged(with: .square) }
  /// This variant in a rectangle.
  public var rectangle: SymbolVariants { merged(with: .rectangle) }
  /// This variant struck through.
  public var slash: SymbolVariants { merged(with: .slash) }

  /// Whether this variant has all of `other`'s.
  public func contains(_ other: SymbolVariants) -> Bool {
    (other.shapeName == nil || other.shapeName == shapeName) && (!other.isSlashed || isSlashed)
      && (!other.isFilled || isFilled)
  }

  func merged(with other: SymbolVariants) -> SymbolVariants {
    SymbolVariants(
      shape: other.shapeName ?? shapeName, slash: isSlashed || other.isSlashed,
      filled: isFilled || other.isFilled)
  }

  /// `name` in this variant as well as its own: its trailing variant suffixes and this
  /// variant's, in SF Symbols' order (`heart.fill` in `.circle` is `heart.circle.fill`).
  func applied(to name: String) -> String {
    var parts = name.split(separator: ".").map(String.init)
    var own = SymbolVariants.none
    while parts.count > 1, let last = parts.last {
      switch last {
      case "fill": own.isFilled = true
      case "slash": own.isSlashed = true
      case "circle", "square", "rectangle": own.shapeName = own.shapeName ?? last
      default: break
      }
      guard ["fill", "slash", "circle", "square", "rectangle"].contains(last) else { break }
      parts.removeLast()
    }
    let variant = own.merged(with: self)
    if let shape = variant.shapeName { parts.append(shape) }
    if variant.isSlashed { parts.append("slash") }
    if variant.isFilled { parts.append("fill") }
    return parts.joined(separator: ".")
  }
}

private struct SymbolVariantsKey: EnvironmentKey {
  static let defaultValue = SymbolVariants.none
}

extension EnvironmentValues {
  /// The variants the symbols here are drawn in.
  public var symbolVariants: SymbolVariants {
    get { self[SymbolVariantsKey.self] }
    set { self[SymbolVariantsKey.self] = newValue }
  }
}

extension View {
  /// Draws the SF Symbols in this view in `variant`, added to the names they give.
  public func symbolVariant(_ variant: SymbolVariants) -> some View {
    changingEnvironment { $0.symbolVariants = $0.symbolVariants.merged(with: variant) }
  }

  /// Ignored: the host cannot invert what is drawn below a view (a grid has no such blend).
  public func colorInvert() -> some View { self }
}
