import Foundation
import WidgetSchema

/// UIKit's image, for `Image(uiImage:)`: an image of the bundle's resources, a system symbol, or
/// an image's bytes (`UIImage(data:)`, `UIImage(contentsOfFile:)`), drawn as `Image(_:)` and
/// `Image(systemName:)` draw theirs.
open class UIImage: NSObject, @unchecked Sendable {
  // Unchecked: every stored property is a constant.

  /// The image's name in the bundle's `Resources/`, when it is one. SDK detail.
  public let _name: String?
  /// The SF Symbols name, when the image is a symbol. SDK detail.
  public let _systemName: String?
  /// The image's bytes (PNG, JPEG, GIF or SVG), when it was made from data or a file. SDK
  /// detail.
  public let _data: Data?

  private init(name: String?, systemName: String?, data: Data?) {
    _name = name
    _systemName = systemName
    _data = data
  }

  /// The image named `name` in the bundle's resources. Never nil here: the host looks the name
  /// up when it draws the entry and reports an image it does not find (`image-missing`).
  public convenience init?(named name: String) {
    self.init(name: name, systemName: nil, data: nil)
  }

  /// The SF Symbol `name`, drawn as a similar character.
  public convenience init?(systemName name: String) {
    self.init(name: nil, systemName: name, data: nil)
  }

  /// The image in `data`: a PNG, JPEG, GIF or SVG file's bytes; nil for anything else. The
  /// bytes travel with the entry, and the host keeps a copy to draw (docs/rendering.md#images).
  public convenience init?(data: Data) {
    guard ImageFormat(of: data) != nil else { return nil }
    self.init(name: nil, systemName: nil, data: data)
  }

  /// The image in `data`; `scale` is ignored (an image's size is its pixels).
  public convenience init?(data: Data, scale: CGFloat) {
    self.init(data: data)
  }

  /// The image in the file at `path`; nil when the file cannot be read or is not a PNG, JPEG,
  /// GIF or SVG image.
  public convenience init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    self.init(data: data)
  }

  /// The image's size in points: its pixel size for an image made from bytes (at scale 1);
  /// zero for named images and symbols, whose files the host reads.
  open var size: CGSize {
    guard let _data, let (width, height) = ImageFormat.pixelSize(of: [UInt8](_data.prefix(65_536)))
    else { return .zero }
    return CGSize(width: width, height: height)
  }

  /// The image's scale: 1.
  open var scale: CGFloat { 1 }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIImage else { return false }
    return _name == other._name && _systemName == other._systemName && _data == other._data
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(_name)
    hasher.combine(_systemName)
    hasher.combine(_data)
    return hasher.finalize()
  }
}
