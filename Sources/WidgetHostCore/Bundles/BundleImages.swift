import Foundation
import Synchronization
import WidgetSchema

/// Finds the named images of a bundle's views (`Image("name")`) in its `Resources/` folder and
/// records what it found in the view tree, so entries stay self-contained and rendering reads
/// no files.
///
/// `Image("logo")` is, in this order: `Resources/logo` when the name has an extension, then
/// `logo.png`, `logo@2x.png`, `logo@3x.png` and the same for `jpg`, `jpeg`, `gif`, `svg`,
/// `webp`, `pdf`, then the first image file of an asset catalog's `logo.imageset` folder
/// (`Resources/Assets.xcassets/logo.imageset/`, as Xcode keeps images). Lookups are cached per
/// name for the life of the bundle.
final class BundleImages: Sendable {
  /// What one name resolved to.
  struct Found: Sendable, Equatable {
    var path: String
    var pixelWidth: Int?
    var pixelHeight: Int?
  }

  /// The file extensions tried, in order.
  static let extensions = ["png", "jpg", "jpeg", "gif", "svg", "webp", "pdf"]

  let resourcesPath: String
  private let cache = Mutex<[String: Found?]>([:])

  init(resourcesPath: String) {
    self.resourcesPath = resourcesPath
  }

  /// `view` with every named image resolved (`path`, pixel size) or marked `missing`, and the
  /// names of the missing ones, each once, in order of appearance.
  /// A tree without named images is returned as it is: rebuilding it would allocate every
  /// stack and modifier of the entry a second time, and the entry keeps the copy for as long
  /// as it is shown.
  func resolve(_ view: ViewNode) -> (view: ViewNode, missing: [String]) {
    guard Self.containsNamedImage(view) else { return (view, []) }
    var missing: [String] = []
    func visit(_ node: ViewNode) -> ViewNode {
      switch node {
      case .image(var image):
        guard let name = image.name else { return node }
        if let found = find(name) {
          image.path = found.path
          image.pixelWidth = found.pixelWidth
          image.pixelHeight = found.pixelHeight
          image.missing = false
        } else {
          image.path = nil
          image.missing = true
          if !missing.contains(name) { missing.append(name) }
        }
        return .image(image)
      case .stack(var stack):
        stack.children = stack.children.map(visit)
        return .stack(stack)
      case .modified(let child, let modifier):
        // The child first: names are reported in reading order, content before its layers.
        let content = visit(child)
        let layer: Modifier =
          switch modifier {
          case .background(let layer, let alignment):
            .background(visit(layer), alignment: alignment)
          case .overlay(let layer, let alignment): .overlay(visit(layer), alignment: alignment)
          case .containerBackground(let layer): .containerBackground(visit(layer))
          default: modifier
          }
        return .modified(content, layer)
      default:
        return node
      }
    }
    let resolved = visit(view)
    return (resolved, missing)
  }

  /// Whether `node` has an `Image("name")` anywhere, layers included.
  static func containsNamedImage(_ node: ViewNode) -> Bool {
    switch node {
    case .image(let image): image.name != nil
    case .stack(let stack): stack.children.contains(where: containsNamedImage)
    case .modified(let child, let modifier):
      containsNamedImage(child)
        || {
          switch modifier {
          case .background(let layer, _), .overlay(let layer, _), .containerBackground(let layer):
            containsNamedImage(layer)
          default: false
          }
        }()
    default: false
    }
  }

  /// The file for `name`, or nil.
  func find(_ name: String) -> Found? {
    if let cached = cache.withLock({ $0[name] }) { return cached }
    let found = search(name)
    cache.withLock { $0[name] = found }
    return found
  }

  private func search(_ name: String) -> Found? {
    // A name is a file name inside Resources, never a path out of it.
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return nil }
    let folder = URL(fileURLWithPath: resourcesPath)
    var candidates: [URL] = []
    if Self.extensions.contains((name as NSString).pathExtension.lowercased()) {
      candidates.append(folder.appendingPathComponent(name))
    }
    for ext in Self.extensions {
      for scale in ["", "@2x", "@3x"] {
        candidates.append(folder.appendingPathComponent("\(name)\(scale).\(ext)"))
      }
    }
    let fileManager = FileManager.default
    if let path = candidates.first(where: { isFile($0.path) })?.path {
      return Self.measure(path)
    }
    let catalogs = ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".xcassets") }.sorted()
    for catalog in catalogs {
      let imageSet = folder.appendingPathComponent(catalog).appendingPathComponent(
        "\(name).imageset")
      let files = ((try? fileManager.contentsOfDirectory(atPath: imageSet.path)) ?? []).sorted()
      if let file = files.first(where: {
        Self.extensions.contains(($0 as NSString).pathExtension.lowercased())
      }) {
        return Self.measure(imageSet.appendingPathComponent(file).path)
      }
    }
    return nil
  }

  private func isFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue
  }

  /// The file with its pixel size, read from the first bytes of PNG, GIF and JPEG files and
  /// the `width`/`height` (or `viewBox`) of SVG files.
  static func measure(_ path: String) -> Found {
    var found = Found(path: path)
    guard let handle = FileHandle(forReadingAtPath: path) else { return found }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data())
    if let (width, height) = pixelSize(of: head) {
      found.pixelWidth = width
      found.pixelHeight = height
    }
    return found
  }

  /// The pixel size in the first bytes of an image file, if its format is known.
  static func pixelSize(of bytes: [UInt8]) -> (Int, Int)? {
    func big(_ offset: Int, _ count: Int) -> Int {
      bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
    // PNG: signature, then the IHDR chunk's width and height.
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return (big(16, 4), big(20, 4))
    }
    // GIF: little-endian logical screen size.
    if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
      return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
    }
    // JPEG: the first start-of-frame marker.
    if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
      var offset = 2
      while offset + 9 < bytes.count {
        guard bytes[offset] == 0xFF else { return nil }
        let marker = bytes[offset + 1]
        let length = big(offset + 2, 2)
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
          return (big(offset + 7, 2), big(offset + 5, 2))
        }
        offset += 2 + length
      }
      return nil
    }
    // SVG: width and height attributes in pixels, else the viewBox.
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    guard let open = text.range(of: "<svg") else { return nil }
    let tag = String(text[open.lowerBound...].prefix { $0 != ">" })
    func attribute(_ name: String) -> String? {
      guard let start = tag.range(of: " \(name)=\"") else { return nil }
      return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }
    func pixels(_ value: String?) -> Int? {
      guard let value else { return nil }
      let number = value.hasSuffix("px") ? String(value.dropLast(2)) : value
      return Double(number).map { Int($0.rounded()) }
    }
    if let width = pixels(attribute("width")), let height = pixels(attribute("height")) {
      return (width, height)
    }
    if let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }),
      box.count == 4, let width = Double(box[2]), let height = Double(box[3])
    {
      return (Int(width.rounded()), Int(height.rounded()))
    }
    return nil
  }
}
