import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// `position`: the node takes all it is offered, its child centred at the point, in pixels and
/// on the grid.
@Suite struct PositionRenderingTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func theChildIsCentredAtThePointAndTheNodeTakesTheOffer() throws {
    let box = ViewNode.modified(
      .shape(ShapeNode(shape: .rectangle)), .frame(Frame(width: 20, height: 10)))
    let view = ViewNode.modified(
      .modified(box, .position(x: 30, y: 20)), .frame(Frame(width: 100, height: 100)))
    let image = try pixels.render(view, family: .systemSmall, now: now, scale: 1)
    // Preorder: the frame, the position, the box's frame, the rectangle.
    let nodes = image.geometry.nodes
    try #require(nodes.count == 4)
    let outer = nodes[0]
    #expect(nodes[1] == outer, "the position takes the whole offer")
    #expect(nodes[2].x == outer.x + 20)
    #expect(nodes[2].y == outer.y + 15)
    #expect(nodes[2].width == 20 && nodes[2].height == 10)
  }

  @Test func aPositionedViewPushesItsSiblingsAway() throws {
    // In a vertical stack the positioned view takes all the height left to it, as in SwiftUI.
    let view = ViewNode.modified(
      .stack(
        StackNode(
          axis: .vertical, spacing: 0,
          children: [
            .modified(.text(TextNode(runs: [.verbatim("a")])), .position(x: 10, y: 10)),
            .modified(.color(ColorValue(name: "red")), .frame(Frame(height: 20))),
          ])), .frame(Frame(width: 100, height: 100)))
    let image = try pixels.render(view, family: .systemSmall, now: now, scale: 1)
    let nodes = image.geometry.nodes
    // The frame, the stack, the position, the text, the colour's frame, the colour.
    try #require(nodes.count == 6)
    #expect(nodes[2].height == 80)
    #expect(nodes[4].y == nodes[0].y + 80)
  }

  /// The grid's rows with `node` in a 12 × 4 cell frame.
  func cells(_ node: ViewNode) -> [String] {
    grid.render(
      .modified(node, .frame(Frame(width: 96, height: 64))), family: .systemSmall, now: now
    )
    .lines
  }

  /// The row and column where `text` starts.
  func start(of text: String, in lines: [String]) -> (row: Int, column: Int)? {
    for (row, line) in lines.enumerated() {
      if let range = line.range(of: text) {
        return (row, line.distance(from: line.startIndex, to: range.lowerBound))
      }
    }
    return nil
  }

  @Test func onTheGridTheChildIsCentredAtThePointInWholeCells() throws {
    let text = ViewNode.text(TextNode(runs: [.verbatim("ab")]))
    let corner = cells(
      .modified(text, .frame(Frame(width: 96, height: 64, alignment: .topLeading))))
    let origin = try #require(start(of: "ab", in: corner))
    // Two columns and a row: centred at (8, 8) it sits in the frame's top leading cell.
    #expect(cells(.modified(text, .position(x: 8, y: 8))) == corner)
    // Centred at (40, 40): four columns right and two rows down of that.
    let moved = try #require(start(of: "ab", in: cells(.modified(text, .position(x: 40, y: 40)))))
    #expect(moved.row == origin.row + 2)
    #expect(moved.column == origin.column + 4)
    // Without a position the text is centred in the frame instead.
    #expect(cells(text) != corner)
  }
}
