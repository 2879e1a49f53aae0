import Foundation
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

/// Golden pictures: every family of every Swift example at 2×, as the real binary draws it
/// (`run --once --format json --pictures DIR`), compared with the PNGs in Golden/pixels (looked
/// at by eye when they were made) with the tolerance of ``PixelComparison``. Views with dates are
/// drawn again with their dates pinned to 2027-01-15T08:00:00Z, as ``GoldenTests`` pins the
/// grid; the stream's geometry is checked against the frames the renderer drew.
/// SystemStatus (the C example) shows the machine's uptime and load, which no golden can pin.
/// `UPDATE_GOLDEN=1 swift test --filter PixelGoldenTests` rewrites the files.
@Suite(.serialized) struct PixelGoldenTests {
  static let folder = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/EndToEndTests/Golden/pixels")
  static let renderer = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

  static let examples: [(library: String, kind: String, families: [WidgetFamily])] =
    GoldenTests.examples + [
      ("libAnimals.so", "XG_Widget", [.systemSmall, .systemMedium, .systemLarge])
    ]

  static var cases: [String] {
    examples.flatMap { example in
      example.families.map { "\(example.library) \(example.kind) \($0.rawValue)" }
    }
  }

  @Test(arguments: cases)
  func examplesMatchTheirGoldenPictures(_ name: String) throws {
    let parts = name.split(separator: " ").map(String.init)
    let (library, kind, family) = (parts[0], parts[1], WidgetFamily(rawValue: parts[2])!)
    let selection =
      library == "libWishes.so"
      ? [
        LocalizationTests.wishes, "--instance",
        LocalizationTests.instance(url: LocalizationTests.deadServer),
      ]
      : [TestSupport.product(library).path, "--kind", kind, "--family", family.rawValue]
    let pictures = TestSupport.temporaryDirectory("pictures")
    let result = try Products.run(
      ["run"] + selection + [
        "--once", "--format", "json", "--locale", "en", "--pictures", pictures.path,
      ])
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let instance = "\(kind)/\(family.rawValue)"
    let entry = try #require(StreamChecks.entries(events, instance: instance).first)
    let (view, hasDates) = GoldenTests.pinned(entry.view)
    let drawn = try Self.renderer.render(view, family: family, now: GoldenTests.moment, scale: 2)
    var png = try PNGImage(decoding: drawn.data)
    if !hasDates {
      // The binary's own picture, and the geometry its stream carries, are what the renderer
      // draws for the same view.
      let file = pictures.appendingPathComponent(
        instance.replacingOccurrences(of: "/", with: "_") + ".png")
      let binary = try PNGImage(decoding: Array(try Data(contentsOf: file)))
      #expect(PixelComparison.differences(binary, png) == nil, "the binary drew another picture")
      png = binary
      #expect(entry.geometry == drawn.geometry, "the stream's geometry is where the renderer drew")
    }
    #expect(entry.geometry?.nodes.count == drawn.geometry.nodes.count)
    let golden = Self.folder.appendingPathComponent("\(kind)-\(family.rawValue).png")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
      try Data(drawn.data).write(to: golden)
      return
    }
    let expected = try PNGImage(decoding: Array(try Data(contentsOf: golden)))
    if let difference = PixelComparison.differences(png, expected) {
      let actual = TestSupport.temporaryDirectory("golden").appendingPathComponent(
        golden.lastPathComponent)
      try Data(drawn.data).write(to: actual)
      Issue.record("\(name) differs from \(golden.path): \(difference); drawn: \(actual.path)")
    }
  }
}

/// The perceptual comparison of two pictures (docs/rendering.md, "Golden pictures"): both are
/// composited over white and averaged over 2×2 pixels (one point at 2×), so that a glyph's
/// antialiasing moving by a fraction of a pixel does not count; then a point differs when a
/// channel differs by more than 32 of 255. Pictures match when they have the same size, at most
/// 0.5 % of points differ and the mean difference is under 2 of 255.
enum PixelComparison {
  static let threshold = 32.0
  static let differingShare = 0.005
  static let meanLimit = 2.0

  /// Why `a` and `b` do not match, or nil when they do.
  static func differences(_ a: PNGImage, _ b: PNGImage) -> String? {
    guard a.width == b.width, a.height == b.height else {
      return "\(a.width)×\(a.height) pixels against \(b.width)×\(b.height)"
    }
    func point(_ image: PNGImage, _ x: Int, _ y: Int) -> [Double] {
      var sum = [0.0, 0.0, 0.0]
      var count = 0.0
      for dy in 0..<2 where y + dy < image.height {
        for dx in 0..<2 where x + dx < image.width {
          let pixel = image.pixel(x + dx, y + dy)
          let alpha = Double(pixel.alpha) / 255
          for (index, value) in [pixel.red, pixel.green, pixel.blue].enumerated() {
            sum[index] += Double(value) * alpha + 255 * (1 - alpha)
          }
          count += 1
        }
      }
      return sum.map { $0 / count }
    }
    var differing = 0
    var total = 0.0
    var points = 0
    for y in stride(from: 0, to: a.height, by: 2) {
      for x in stride(from: 0, to: a.width, by: 2) {
        let (p, q) = (point(a, x, y), point(b, x, y))
        let difference = zip(p, q).map { abs($0 - $1) }.max() ?? 0
        if difference > threshold { differing += 1 }
        total += difference
        points += 1
      }
    }
    let share = Double(differing) / Double(max(1, points))
    let mean = total / Double(max(1, points))
    guard share > differingShare || mean > meanLimit else { return nil }
    return "\(differing) of \(points) points differ (\(String(format: "%.2f", share * 100)) %), "
      + "mean difference \(String(format: "%.2f", mean)) of 255"
  }
}
