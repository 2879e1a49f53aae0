import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetRendering

/// A shape's `inset` (`inset(by:)`): drawn inside its frame by that much, in pixels and cells.
@Suite struct InsetShapeRenderingTests {
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func anInsetRectangleLeavesItsFramesEdgesUnpainted() throws {
    let red = ColorValue(red: 1, green: 0, blue: 0)
    func drawn(_ inset: Double?) throws -> (PNGImage, NodeGeometry) {
      let view = ViewNode.modified(
        .shape(ShapeNode(shape: .rectangle, fill: red, inset: inset)),
        .frame(Frame(width: 100, height: 100)))
      let image = try pixels.render(view, family: .systemSmall, now: now, scale: 1)
      return (try PNGImage(decoding: image.data), try #require(image.geometry.nodes.first))
    }
    let (whole, frame) = try drawn(nil)
    let (inset, _) = try drawn(20)
    let (x, y) = (Int(frame.x), Int(frame.y))
    #expect(whole.pixel(x + 10, y + 50).green < 50)
    #expect(inset.pixel(x + 10, y + 50).green > 200, "inside the inset: the background")
    #expect(inset.pixel(x + 50, y + 10).green > 200)
    #expect(inset.pixel(x + 50, y + 50).green < 50, "the middle is painted")
  }

  @Test func onTheGridTheInsetIsWholeCells() {
    func cells(_ inset: Double?) -> Int {
      let view = ViewNode.modified(
        .shape(ShapeNode(shape: .rectangle, inset: inset)), .frame(Frame(width: 80, height: 64)))
      return grid.render(view, family: .systemSmall, now: now).lines.joined().filter {
        $0 == "█"
      }.count
    }
    #expect(cells(nil) == 40)
    // 16 points: two columns and a row on each edge.
    #expect(cells(16) == 6 * 2)
  }
}
