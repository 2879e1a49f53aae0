import Foundation

/// UIKit's image, for `Image(uiImage:)`: an image of the bundle's resources or a system
/// symbol, drawn as `Image(_:)` and `Image(systemName:)` draw them. Images made from data or
/// files are not offered (docs/swiftui-coverage.md, "UIKit").
open class UIImage: NSObject, @unchecked Sendable {
  // Unchecked: every stored property is a constant.

  /// The image's name in the bundle's `Resources/`, when it is one. SDK detail.
  public let _name: String?
  /// The SF Symbols name, when the image is a symbol. SDK detail.
  public let _systemName: String?

  private init(name: String?, systemName: String?) {
    _name = name
    _systemName = systemName
  }

  /// The image named `name` in the bundle's resources. Never nil here: the host looks the name
  /// up when it draws the entry and reports an image it does not find (`image-missing`).
  public convenience init?(named name: String) {
    self.init(name: name, systemName: nil)
  }

  /// The SF Symbol `name`, drawn as a similar character.
  public convenience init?(systemName name: String) {
    self.init(name: nil, systemName: name)
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIImage else { return false }
    return _name == other._name && _systemName == other._systemName
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(_name)
    hasher.combine(_systemName)
    return hasher.finalize()
  }
}
