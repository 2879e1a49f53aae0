import Foundation
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// Named images: where the host finds them, the sizes it reads, and how they are drawn.
@Suite struct BundleImagesTests {
  static func png(width: Int, height: Int) -> Data {
    func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
    return Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + be32(width) + be32(height) + [8, 2, 0, 0, 0])
  }

  static func resources(_ files: [String: Data]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-host-images-\(UUID().uuidString)")
    for (path, data) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    return folder.path
  }

  @Test func pixelSizesOfKnownFormats() {
    #expect(ImageFormat.pixelSize(of: [UInt8](Self.png(width: 60, height: 30)))! == (60, 30))
    let gif = Array("GIF89a".utf8) + [0x2C, 0x01, 0x10, 0x00]
    #expect(ImageFormat.pixelSize(of: gif)! == (300, 16))
    // JPEG: SOI, an APP0 segment to skip, then SOF0 (height 0x0102, width 0x0304).
    let jpeg: [UInt8] =
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00]
      + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x02, 0x03, 0x04, 0x03]
    #expect(ImageFormat.pixelSize(of: jpeg)! == (0x0304, 0x0102))
    let svg = #"<?xml version="1.0"?><svg xmlns="x" width="24px" height="12">"#
    #expect(ImageFormat.pixelSize(of: Array(svg.utf8))! == (24, 12))
    let viewBox = #"<svg xmlns="x" viewBox="0 0 100 50">"#
    #expect(ImageFormat.pixelSize(of: Array(viewBox.utf8))! == (100, 50))
    #expect(ImageFormat.pixelSize(of: Array("not an image".utf8)) == nil)
  }

  @Test func lookupOrderScalesAndAssetCatalogs() throws {
    let path = try Self.resources([
      "logo@2x.png": Self.png(width: 60, height: 60),
      "logo.jpg": Data([0xFF, 0xD8]),
      "Assets.xcassets/bg.imageset/Contents.json": Data("{}".utf8),
      "Assets.xcassets/bg.imageset/background.png": Self.png(width: 364, height: 170),
      "icon.svg": Data(#"<svg width="8" height="8">"#.utf8),
      "folder.png/inner": Data(),
    ])
    let images = BundleImages(resourcesPath: path)
    // logo.png is absent, logo@2x.png comes before any jpg.
    #expect(images.find("logo")?.path == "\(path)/logo@2x.png")
    #expect(images.find("logo")?.pixelWidth == 60)
    #expect(images.find("bg")?.path == "\(path)/Assets.xcassets/bg.imageset/background.png")
    #expect(images.find("icon.svg")?.pixelHeight == 8)
    #expect(images.find("icon")?.path == "\(path)/icon.svg")
    #expect(images.find("folder") == nil)
    #expect(images.find("../logo@2x") == nil)
    #expect(images.find("missing") == nil)
  }

  @Test func resolveMarksEveryNamedImageIncludingLayers() throws {
    let path = try Self.resources(["logo.png": Self.png(width: 2, height: 2)])
    let view = ViewNode.modified(
      .stack(
        StackNode(
          axis: .horizontal,
          children: [
            .image(ImageNode(name: "logo")), .image(ImageNode(systemName: "star")),
            .image(ImageNode(name: "gone")), .image(ImageNode(name: "gone")),
          ])),
      .background(.image(ImageNode(name: "bg", resizable: true)), alignment: .center))
    let (resolved, problems) = BundleImages(resourcesPath: path).resolve(view)
    #expect(problems == [.notFound(name: "gone"), .notFound(name: "bg")])
    guard case .modified(.stack(let stack), .background(.image(let background), _)) = resolved
    else {
      Issue.record("unexpected shape: \(resolved)")
      return
    }
    #expect(background.missing)
    guard case .image(let logo) = stack.children[0], case .image(let star) = stack.children[1],
      case .image(let gone) = stack.children[2]
    else {
      Issue.record("unexpected children")
      return
    }
    #expect(logo.path == "\(path)/logo.png" && !logo.missing && logo.pixelWidth == 2)
    #expect(star.path == nil && !star.missing)
    #expect(gone.missing && gone.path == nil)
  }

  @Test func treesWithoutNamedImagesAreKeptAsTheyAre() throws {
    let path = try Self.resources([:])
    let plain = ViewNode.modified(
      .stack(
        StackNode(
          axis: .vertical,
          children: [
            .text(TextNode(runs: [.verbatim("a")])), .image(ImageNode(systemName: "star")),
          ])),
      .overlay(.text(TextNode(runs: [.verbatim("b")])), alignment: .center))
    #expect(!BundleImages.containsImageToResolve(plain))
    let (resolved, problems) = BundleImages(resourcesPath: path).resolve(plain)
    #expect(resolved == plain && problems.isEmpty)
    // A named image anywhere, layers included, still gets resolved.
    let layered: [ViewNode] = [
      .modified(
        .text(TextNode(runs: [.verbatim("a")])),
        .overlay(.image(ImageNode(name: "x")), alignment: .center)),
      .modified(
        .text(TextNode(runs: [.verbatim("a")])), .containerBackground(.image(ImageNode(name: "x")))),
      .stack(StackNode(axis: .horizontal, children: [plain, .image(ImageNode(name: "x"))])),
      .text(TextNode(runs: [.verbatim("a "), .image(ImageNode(name: "x"))])),
    ]
    for view in layered {
      #expect(BundleImages.containsImageToResolve(view))
      #expect(BundleImages(resourcesPath: path).resolve(view).problems == [.notFound(name: "x")])
    }
  }

  @Test func imagesFromBytesAreKeptInOneFileByContent() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "image-store-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let store = ImageStore(directory: cache)
    let png = Self.png(width: 40, height: 20)
    let view = ViewNode.stack(
      StackNode(
        axis: .vertical,
        children: [
          .image(ImageNode(data: png, resizable: true)),
          .text(TextNode(runs: [.image(ImageNode(data: png)), .verbatim(" photo")])),
        ]))
    let (resolved, problems) = BundleImages(resourcesPath: nil, store: store).resolve(view)
    #expect(problems.isEmpty)
    guard case .stack(let stack) = resolved, case .image(let image) = stack.children[0],
      case .text(let text) = stack.children[1], case .image(let inline) = text.runs[0].content
    else {
      Issue.record("unexpected shape: \(resolved)")
      return
    }
    // The bytes leave the tree; a file named by them takes their place, once for both.
    #expect(image.data == nil && inline.data == nil)
    let path = try #require(image.path)
    #expect(inline.path == path && path.hasPrefix(cache + "/") && path.hasSuffix(".png"))
    #expect(FileManager.default.contents(atPath: path) == png)
    #expect(image.pixelWidth == 40 && image.pixelHeight == 20 && image.resizable && !image.missing)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1)
    // Another store (another run) finds the same file.
    #expect(try ImageStore(directory: cache).keep(png).get().path == path)
    // A file with the name of other bytes but not their content (a hash collision) is left
    // alone: those bytes get a file of their own.
    let other = Self.png(width: 41, height: 20)
    let taken = "\(cache)/\(ImageStore.hash(other))-\(other.count).png"
    try png.write(to: URL(fileURLWithPath: taken))
    let otherPath = try ImageStore(directory: cache).keep(other).get().path
    #expect(otherPath == "\(cache)/\(ImageStore.hash(other))-\(other.count)-1.png")
    #expect(FileManager.default.contents(atPath: otherPath) == other)
    #expect(FileManager.default.contents(atPath: taken) == png)
  }

  @Test func bytesThatCannotBeKeptAreMissingWithTheReason() throws {
    // The cache's folder cannot be made: a file stands where it would be.
    let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
      "image-store-file-\(UUID().uuidString)")
    try Data("x".utf8).write(to: blocker)
    defer { try? FileManager.default.removeItem(at: blocker) }
    let store = ImageStore(directory: blocker.path + "/images")
    let view = ViewNode.image(ImageNode(data: Self.png(width: 2, height: 2)))
    let (resolved, problems) = BundleImages(resourcesPath: nil, store: store).resolve(view)
    guard case .image(let image) = resolved, case .notKept(let reason) = problems.first else {
      Issue.record("unexpected: \(resolved) \(problems)")
      return
    }
    #expect(image.missing && image.data == nil && image.path == nil)
    #expect(reason.contains("cannot create \(blocker.path)/images"), "\(reason)")
  }

  @Test func foundAndMissingImagesAreDrawnDifferently() {
    let renderer = Renderer(
      dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
    func lines(_ image: ImageNode, width: Double, height: Double) -> [String] {
      let view = ViewNode.modified(
        .image(image), .frame(Frame(width: width, height: height, alignment: .center)))
      return renderer.render(view, family: .systemSmall, now: Date()).lines.filter {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty
      }.map { $0.trimmingCharacters(in: .whitespaces) }
    }
    // A found image is a mosaic of its pixels (Tests/WidgetRenderingTests/GridImageTests); one
    // whose file cannot be read, like a missing one, a faint box with ⊠ in its middle.
    let unreadable = ImageNode(name: "logo", resizable: true, path: "/r/logo.png")
    let missing = ImageNode(name: "logo", resizable: true, missing: true)
    #expect(lines(unreadable, width: 64, height: 48) == ["░░░░░░░░", "░░░⊠░░░░", "░░░░░░░░"])
    #expect(lines(missing, width: 64, height: 48) == ["░░░░░░░░", "░░░⊠░░░░", "░░░░░░░░"])
    #expect(lines(ImageNode(name: "logo", missing: true), width: 8, height: 17) == ["⊠"])
    #expect(lines(ImageNode(name: "logo", path: "/r/logo.png"), width: 8, height: 17) == ["▣"])
  }
}
