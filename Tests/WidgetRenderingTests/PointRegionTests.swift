import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// The pixel renderer's tap regions (points) are the grid's (cells): the same ids, URLs and
/// actions in the same order, so that a click on a picture taps what the grid would.
@Suite struct PointRegionTests {
  static let dates = DateText(
    locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
  let grid = Renderer(dates: dates)
  let pixels = PixelRenderer(dates: dates)
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func text(_ value: String) -> ViewNode { .text(TextNode(runs: [.verbatim(value)])) }
  static func link(_ url: String, _ label: String) -> ViewNode {
    .modified(text(label), .link(url))
  }
  static func button(_ name: String) -> ViewNode {
    .modified(text(name), .action(WidgetAction(name: name)))
  }

  /// Links and buttons in a stack, in a background's layer (drawn before its child), in an
  /// overlay's layer (drawn after), moved by an offset, and one under opacity 0 (not drawn).
  static let view = ViewNode.stack(
    StackNode(
      axis: .vertical,
      children: [
        link("https://a.example", "A"),
        .modified(button("Child"), .background(button("Behind"), alignment: .center)),
        .modified(link("https://b.example", "B"), .overlay(button("Above"), alignment: .center)),
        .modified(button("Hidden"), .opacity(0)),
        link("https://c.example", "C"),
      ]))

  @Test(arguments: [WidgetFamily.systemMedium, .systemSmall])
  func theyNumberRegionsAlike(_ family: WidgetFamily) throws {
    let cells = grid.render(Self.view, family: family, now: now).regions
    let points = try pixels.regions(Self.view, family: family, now: now)
    #expect(points.map(\.id) == cells.map(\.id))
    #expect(points.map(\.url) == cells.map(\.url))
    #expect(points.map(\.action) == cells.map(\.action))
    #expect(points.contains { $0.action?.name == "Behind" })
    #expect(!points.contains { $0.action?.name == "Hidden" })
    if family == .systemSmall { #expect(!points.contains { $0.url != nil }) }
  }

  @Test func aRegionIsWhereItsViewIsDrawn() throws {
    let view = ViewNode.modified(Self.button("Press"), .frame(Frame(width: 80, height: 40)))
    let image = try pixels.render(view, family: .systemSmall, now: now, scale: 1)
    let region = try #require(image.regions.first)
    // Centred in the 170-point square.
    #expect(region.contains(x: 85, y: 85))
    #expect(!region.contains(x: 10, y: 10))
    #expect(image.regions == (try pixels.regions(view, family: .systemSmall, now: now)))
  }
}
