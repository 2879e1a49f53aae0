import Foundation
import Synchronization
import WidgetSchema

/// Finds the named images of a bundle's views (`Image("name")`) in its `Resources/` folder, and
/// keeps the images it sends as bytes in the ``ImageStore``, and records what it found in the
/// view tree, so entries stay self-contained and rendering reads no files but the images'.
///
/// `Image("logo")` is, in this order: `Resources/logo` when the name has an extension, then
/// `logo.png`, `logo@2x.png`, `logo@3x.png` and the same for `jpg`, `jpeg`, `gif`, `svg`,
/// `webp`, `pdf`, then the first image file of an asset catalog's `logo.imageset` folder
/// (`Resources/Assets.xcassets/logo.imageset/`, as Xcode keeps images). Lookups are cached per
/// name for the life of the bundle.
final class BundleImages: Sendable {
  /// What one image resolved to.
  struct Found: Sendable, Equatable {
    var path: String
    var pixelWidth: Int?
    var pixelHeight: Int?
  }

  /// An image that is drawn as a fallback mark.
  enum Problem: Equatable {
    /// No file in `Resources/` has this name.
    case notFound(name: String)
    /// The image's bytes could not be kept (``ImageStore``), for this reason.
    case notKept(reason: String)
  }

  /// The file extensions tried, in order.
  static let extensions = ["png", "jpg", "jpeg", "gif", "svg", "webp", "pdf"]

  /// The bundle's `Resources/` folder; nil for a bundle without one (a bare library), whose
  /// named images are left as they are.
  let resourcesPath: String?
  let store: ImageStore
  private let cache = Mutex<[String: Found?]>([:])

  init(resourcesPath: String?, store: ImageStore = .shared) {
    self.resourcesPath = resourcesPath
    self.store = store
  }

  /// `view` with every named image and image from bytes resolved (`path`, pixel size) or
  /// marked `missing`, and what is missing, each once, in order of appearance.
  /// A tree without such images is returned as it is: rebuilding it would allocate every
  /// stack and modifier of the entry a second time, and the entry keeps the copy for as long
  /// as it is shown.
  func resolve(_ view: ViewNode) -> (view: ViewNode, problems: [Problem]) {
    guard Self.containsImageToResolve(view) else { return (view, []) }
    var problems: [Problem] = []
    func note(_ problem: Problem) {
      if !problems.contains(problem) { problems.append(problem) }
    }
    func resolved(_ image: ImageNode) -> ImageNode {
      var image = image
      if let data = image.data {
        image.data = nil
        switch store.keep(data) {
        case .success(let found):
          image.path = found.path
          image.pixelWidth = found.pixelWidth
          image.pixelHeight = found.pixelHeight
          image.missing = false
        case .failure(let failure):
          image.path = nil
          image.missing = true
          note(.notKept(reason: failure.reason))
        }
      } else if let name = image.name, resourcesPath != nil {
        if let found = find(name) {
          image.path = found.path
          image.pixelWidth = found.pixelWidth
          image.pixelHeight = found.pixelHeight
          image.missing = false
        } else {
          image.path = nil
          image.missing = true
          note(.notFound(name: name))
        }
      }
      return image
    }
    func visit(_ node: ViewNode) -> ViewNode {
      switch node {
      case .image(let image):
        return .image(resolved(image))
      case .text(var text):
        for index in text.runs.indices {
          if case .image(let image) = text.runs[index].content, Self.needsResolving(image) {
            text.runs[index].content = .image(resolved(image))
          }
        }
        return .text(text)
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
    return (resolved, problems)
  }

  /// Whether `image` names a file to find or brings bytes to keep.
  static func needsResolving(_ image: ImageNode) -> Bool {
    image.name != nil || image.data != nil
  }

  /// Whether `node` has an `Image("name")` or an image from bytes anywhere, layers and text
  /// runs included.
  static func containsImageToResolve(_ node: ViewNode) -> Bool {
    switch node {
    case .image(let image): needsResolving(image)
    case .text(let text):
      text.runs.contains {
        if case .image(let image) = $0.content { needsResolving(image) } else { false }
      }
    case .stack(let stack): stack.children.contains(where: containsImageToResolve)
    case .modified(let child, let modifier):
      containsImageToResolve(child)
        || {
          switch modifier {
          case .background(let layer, _), .overlay(let layer, _), .containerBackground(let layer):
            containsImageToResolve(layer)
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
    guard let resourcesPath else { return nil }
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
    if let (width, height) = ImageFormat.pixelSize(of: head) {
      found.pixelWidth = width
      found.pixelHeight = height
    }
    return found
  }
}
