import Foundation
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

/// Rendering modes end to end (docs/rendering.md#rendering-modes): the real binary tells the
/// probe bundle the mode of each instance (`--rendering-mode`, a home-screen file's
/// `renderingMode`), the bundle's `@Environment(\.widgetRenderingMode)` sees it, and the
/// pictures are coloured by it. The probe's `renderingMode` kind shows "mode NAME" above a red
/// square in the accent group and a green one, over a yellow container background.
@Suite struct RenderingModeTests {
  /// The entries a `--once` run shows, by instance, with the folder its pictures went to.
  static func run(_ arguments: [String]) throws -> (entries: [String: EntryEvent], pictures: URL) {
    let pictures = TestSupport.temporaryDirectory("mode-pictures")
    let result = try Products.run(
      ["run", Products.runtimeProbe, "--once", "--format", "json", "--pictures", pictures.path]
        + arguments)
    #expect(result.status == 0, "\(result.errors)")
    var entries: [String: EntryEvent] = [:]
    for event in try StreamChecks.events(result.output.components(separatedBy: "\n")) {
      guard let instance = event.instance, case .entry(let entry) = event.payload else { continue }
      entries[instance] = entry
    }
    return (entries, pictures)
  }

  static func picture(_ instance: String, in folder: URL) throws -> PNGImage {
    let file = folder.appendingPathComponent(
      instance.replacingOccurrences(of: "/", with: "_") + ".png")
    return try PNGImage(decoding: Array(try Data(contentsOf: file)))
  }

  static func count(_ image: PNGImage, _ test: (Int, Int, Int) -> Bool) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x, y)
        if test(Int(pixel.red), Int(pixel.green), Int(pixel.blue)) { count += 1 }
      }
    }
    return count
  }

  static func isRed(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g < 90 && b < 90 }
  static func isYellow(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g > 180 && b < 60 }
  static func isAccent(_ r: Int, _ g: Int, _ b: Int) -> Bool {
    r < 30 && (115...150).contains(g) && b > 235
  }

  /// `--rendering-mode accented`: the bundle built its view in accented mode, the entry says
  /// so, and the picture has the accent group in the accent colour, nothing red and no
  /// container background; the same run in full colour draws red and yellow, no accent.
  @Test func theBundleSeesTheModeAndThePictureShowsIt() throws {
    let instance = "renderingMode/systemMedium"
    let accented = try Self.run(["--kind", "renderingMode", "--rendering-mode", "accented"])
    let entry = try #require(accented.entries[instance])
    #expect(RuntimeTests.text(of: entry.view) == "mode accented")
    #expect(entry.renderingMode == .accented)
    let tinted = try Self.picture(instance, in: accented.pictures)
    let square = 40 * 40 * 4  // one square at 2×
    #expect(Self.count(tinted, Self.isAccent) >= square * 9 / 10)
    #expect(Self.count(tinted, Self.isRed) == 0)
    #expect(Self.count(tinted, Self.isYellow) == 0)

    let full = try Self.run(["--kind", "renderingMode"])
    let fullEntry = try #require(full.entries[instance])
    #expect(RuntimeTests.text(of: fullEntry.view) == "mode fullColor")
    #expect(fullEntry.renderingMode == .fullColor)
    let colours = try Self.picture(instance, in: full.pictures)
    #expect(Self.count(colours, Self.isRed) >= square * 9 / 10)
    #expect(Self.count(colours, Self.isYellow) > square)
    #expect(Self.count(colours, Self.isAccent) == 0)
  }

  /// Instances of one kind and family in different modes do not share a timeline: each gets
  /// the view its bundle built for its own mode. A home-screen file's `renderingMode` wins over
  /// `--rendering-mode`, which applies to the others; an accessory family's default is vibrant.
  @Test func instancesInDifferentModesDoNotShare() throws {
    let home = TestSupport.temporaryDirectory("mode-home").appendingPathComponent("home.json")
    try Data(
      #"""
      {"instances": [
        {"id": "a", "kind": "renderingMode", "renderingMode": "accented"},
        {"id": "b", "kind": "renderingMode"},
        {"id": "c", "kind": "renderingMode", "renderingMode": "fullColor"},
        {"id": "d", "kind": "renderingMode", "family": "accessoryRectangular"}
      ]}
      """#.utf8
    ).write(to: home)
    let withFlag = try Self.run(["--home", home.path, "--rendering-mode", "vibrant"])
    #expect(RuntimeTests.text(of: try #require(withFlag.entries["a"]).view) == "mode accented")
    #expect(RuntimeTests.text(of: try #require(withFlag.entries["b"]).view) == "mode vibrant")
    #expect(RuntimeTests.text(of: try #require(withFlag.entries["c"]).view) == "mode fullColor")
    #expect(RuntimeTests.text(of: try #require(withFlag.entries["d"]).view) == "mode vibrant")
    let plain = try Self.run(["--home", home.path])
    #expect(RuntimeTests.text(of: try #require(plain.entries["b"]).view) == "mode fullColor")
    #expect(RuntimeTests.text(of: try #require(plain.entries["d"]).view) == "mode vibrant")
    #expect(plain.entries["d"]?.renderingMode == .vibrant)
  }

  /// A mode that is not one of the three is a usage error naming the choices.
  @Test func anUnknownModeIsAUsageError() throws {
    let result = try Products.run(["run", Products.runtimeProbe, "--rendering-mode", "tinted"])
    #expect(result.status == 2)
    #expect(
      result.errors.contains(
        "unknown rendering mode 'tinted' (expected fullColor, accented or vibrant)"),
      "\(result.errors)")
  }
}
