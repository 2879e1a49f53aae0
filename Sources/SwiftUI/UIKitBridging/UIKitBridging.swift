import Foundation
import UIKit
import WidgetSchema

// SwiftUI's initializers from UIKit's types, as on iOS (docs/swiftui-coverage.md, "UIKit").

extension Color {
  /// The colour of a `UIColor`: `Color(uiColor: .systemTeal)`; a system colour stays the named
  /// colour the host draws.
  public init(uiColor: UIColor) {
    if let name = uiColor._name {
      self.init(ColorValue(name: name, opacity: uiColor._alpha))
    } else {
      let rgb = uiColor._components ?? (red: 0, green: 0, blue: 0)
      self.init(
        ColorValue(
          red: rgb.red, green: rgb.green, blue: rgb.blue, opacity: uiColor._alpha,
          dark: uiColor._dark.map {
            ColorValue.Components(red: $0.red, green: $0.green, blue: $0.blue, opacity: $0.alpha)
          }))
    }
  }

  /// The colour of a `UIColor` (the older spelling of ``init(uiColor:)``).
  public init(_ color: UIColor) {
    self.init(uiColor: color)
  }
}

extension Image {
  /// The image of a `UIImage`: a named image of the bundle's resources, a symbol, or an image
  /// made from bytes.
  public init(uiImage: UIImage) {
    if let name = uiImage._systemName {
      self.init(systemName: name)
    } else if let data = uiImage._data {
      self.init(node: ImageNode(data: data))
    } else {
      self.init(uiImage._name ?? "")
    }
  }
}

extension Font {
  /// The font of a `UIFont`: the system font at its size and weight, or its text style.
  public init(_ font: UIFont) {
    let weights: [(CGFloat, Weight)] = [
      (-0.8, .ultraLight), (-0.6, .thin), (-0.4, .light), (0, .regular), (0.23, .medium),
      (0.3, .semibold), (0.4, .bold), (0.56, .heavy), (0.62, .black),
    ]
    let weight =
      weights.min { abs($0.0 - font._weight.rawValue) < abs($1.0 - font._weight.rawValue) }?.1
      ?? .regular
    let design: Design? = font._monospaced ? .monospaced : nil
    if let style = font._textStyle,
      let textStyle = TextStyle.allCases.first(where: { "\($0)" == style.rawValue })
    {
      self = .system(textStyle, design: design, weight: weight == .regular ? nil : weight)
    } else {
      self = .system(size: font.pointSize, weight: weight, design: design)
    }
  }
}
