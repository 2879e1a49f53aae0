import Foundation
import PixelLibrariesCheck
import Testing
import WidgetSchema

@testable import WidgetRendering

/// Images inside text (`Text("\(Image(systemName: "star.fill")) 4.5")`): drawn in the line, in
/// the text's font, on the grid and in pixels.
@Suite struct InlineImageRenderingTests {
  let dates = DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func rating(_ image: ImageNode?) -> ViewNode {
    var runs: [TextRun] = [.verbatim(" 4.5")]
    if let image { runs.insert(.image(image), at: 0) }
    return .text(TextNode(runs: runs))
  }

  @Test func theGridDrawsASymbolsGlyphAndANamedImagesMarkInTheLine() {
    let renderer = Renderer(dates: dates)
    func line(_ view: ViewNode) -> String {
      renderer.render(view, family: .systemSmall, now: now).lines.first {
        $0.contains("4.5")
      }?.trimmingCharacters(in: .whitespaces) ?? ""
    }
    #expect(line(Self.rating(ImageNode(systemName: "star.fill"))) == "★ 4.5")
    #expect(line(Self.rating(ImageNode(name: "badge", path: "/r/badge.png"))) == "▣ 4.5")
    #expect(line(Self.rating(ImageNode(name: "gone", missing: true))) == "⊠ 4.5")
  }

  @Test func pixelsDrawTheSymbolInTheTextsFontBeforeTheText() throws {
    let renderer = PixelRenderer(dates: dates)
    func width(_ view: ViewNode, _ size: Double) throws -> Double {
      let styled = ViewNode.modified(view, .style(TextStyle(font: Font(size: size))))
      let image = try renderer.render(styled, family: .systemMedium, now: now, scale: 1)
      #expect(image.warnings.isEmpty, "\(image.warnings)")
      // The text node is the first node with a baseline.
      return try #require(image.geometry.nodes.first { $0.baselines != nil }).width
    }
    let plain = try width(Self.rating(nil), 17)
    let starred = try width(Self.rating(ImageNode(systemName: "star.fill")), 17)
    #expect(starred > plain + 8, "the star takes room in the line: \(plain) → \(starred)")
    // It grows with the font, as a character does.
    let large = try width(Self.rating(ImageNode(systemName: "star.fill")), 34)
    let largePlain = try width(Self.rating(nil), 34)
    #expect(large - largePlain > 1.6 * (starred - plain))
    // And it is drawn: the line's left end has ink where the star is.
    let image = try renderer.render(
      Self.rating(ImageNode(systemName: "star.fill")), family: .systemMedium, now: now, scale: 1)
    let text = try #require(image.geometry.nodes.first { $0.baselines != nil })
    let png = try PNGImage(decoding: image.data)
    var inked = false
    for y in Int(text.y)..<Int(text.y + text.height) {
      for x in Int(text.x)..<Int(text.x) + 12 where png.pixel(x, y).red < 128 { inked = true }
    }
    #expect(inked)
  }
}
