import Foundation
import WidgetSchema

/// A symbol, an image from the bundle's resources, or an image made from bytes
/// (`Image(uiImage: UIImage(data:))`).
///
/// The host draws images on a terminal grid as a character: a similar one for well-known
/// SF Symbols, a generic mark for the rest and for named images (see docs/swiftui-coverage.md).
/// The JSON view tree keeps the names for other renderers.
public struct Image: _PrimitiveView, Equatable, Sendable {
  var node: ImageNode

  init(node: ImageNode) {
    self.node = node
  }

  /// An SF Symbols symbol: `Image(systemName: "play.fill")`.
  public init(systemName: String) {
    node = ImageNode(systemName: systemName)
  }

  /// An SF Symbols symbol with a variable value (`Image(systemName: "wifi", variableValue:
  /// 0.5)`): the symbol, drawn whole; a symbol is one character, whose layers cannot be
  /// filled in part.
  public init(systemName: String, variableValue: Double?) {
    self.init(systemName: systemName)
  }

  /// An image in the bundle's `Resources/` folder. `bundle` is ignored: a widget bundle has one
  /// resource folder.
  public init(_ name: String, bundle: Bundle? = nil) {
    node = ImageNode(name: name)
  }

  /// An image in the bundle's resources that accessibility ignores.
  public init(decorative name: String, bundle: Bundle? = nil) {
    self.init(name, bundle: bundle)
  }

  /// This image, filling the space it is offered instead of keeping its own size. The insets
  /// and mode are ignored.
  public func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch
  ) -> Image {
    var image = self
    image.node.resizable = true
    return image
  }

  /// Whether the image is drawn as a template in the foreground colour. Ignored: symbols are
  /// drawn in the text's colour, named images as a mark.
  public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

  /// Ignored: images are not smoothed on a grid.
  public func interpolation(_ interpolation: Interpolation) -> Image { self }

  /// Ignored: images are not smoothed on a grid.
  public func antialiased(_ isAntialiased: Bool) -> Image { self }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    [.image(node(in: environment))]
  }

  /// The image's node, its symbol's variant chosen by `environment`.
  func node(in environment: EnvironmentValues) -> ImageNode {
    var node = node
    if let name = node.systemName {
      node.systemName = environment.symbolVariants.applied(to: name)
    }
    return node
  }

  /// How a resizable image fills its space.
  public enum ResizingMode: Hashable, Sendable {
    case tile
    case stretch
  }

  /// Whether an image is drawn as is or as a template.
  public enum TemplateRenderingMode: Hashable, Sendable {
    case template
    case original
  }

  /// The quality of image scaling.
  public enum Interpolation: Hashable, Sendable {
    case none
    case low
    case medium
    case high
  }

  /// The size of a symbol relative to the text around it: `.imageScale(.small)`.
  public enum Scale: Hashable, Sendable {
    case small
    case medium
    case large
  }
}

/// How symbols with several layers are coloured: `.symbolRenderingMode(.hierarchical)`.
/// Ignored: a symbol is one character.
public struct SymbolRenderingMode: Hashable, Sendable {
  private let name: String

  /// One colour.
  public static let monochrome = SymbolRenderingMode(name: "monochrome")
  /// The symbol's own colours.
  public static let multicolor = SymbolRenderingMode(name: "multicolor")
  /// Shades of one colour.
  public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
  /// Colours given with `foregroundStyle`.
  public static let palette = SymbolRenderingMode(name: "palette")
}
