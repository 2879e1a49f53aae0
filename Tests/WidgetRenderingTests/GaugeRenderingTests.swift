import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// `fixedSize`: the child takes its ideal length along the axes set, past its parent's offer.
@Suite struct FixedSizeTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  func drawn(_ horizontal: Bool, _ vertical: Bool) -> [String] {
    var text = ViewNode.text(TextNode(runs: [.verbatim("one two three")]))
    if horizontal || vertical {
      text = .modified(text, .fixedSize(horizontal: horizontal, vertical: vertical))
    }
    let view = ViewNode.modified(text, .frame(Frame(width: 48, height: 16)))
    return grid.render(view, family: .systemSmall, now: now).lines.map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  @Test func aFixedTextIsNotWrappedOrTruncated() {
    // Six columns and one row offered: the text is cut to fit.
    #expect(drawn(false, false).count == 1)
    #expect(drawn(false, false).first?.count ?? 0 <= 6)
    // Fixed horizontally: one line as long as the text, past the frame.
    #expect(drawn(true, false) == ["one two three"])
    // Fixed vertically: as many lines as six columns need.
    #expect(drawn(false, true).count == 3)
  }
}

/// `gauge` nodes: a bar or a ring, on the grid and in pixels.
@Suite struct GaugeRenderingTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let green = ColorValue(name: "green")

  static func framed(_ gauge: GaugeNode, _ width: Double, _ height: Double? = nil) -> ViewNode {
    .modified(.gauge(gauge), .frame(Frame(width: width, height: height)))
  }

  @Test func onTheGridEveryGaugeIsABar() {
    for style in GaugeStyleKind.allCases {
      let lines = grid.render(
        Self.framed(GaugeNode(value: 0.3, style: style), 80, 48), family: .systemSmall, now: now
      ).lines.filter { $0.contains("━") || $0.contains("─") }
      #expect(lines.count == 1, "\(style)")
      #expect(lines.first?.filter { $0 == "━" }.count == 3, "\(style): 3 of 10 columns done")
      #expect(lines.first?.filter { $0 == "─" }.count == 7, "\(style)")
    }
    let spinner = grid.render(
      Self.framed(GaugeNode(value: nil, style: .circularCapacity), 80, 48), family: .systemSmall,
      now: now)
    #expect(spinner.lines.contains { $0.contains("⋯⋯⋯") })
  }

  @Test func aLinearGaugeIsAThinBarAsWideAsItIsOffered() throws {
    let bar = ViewNode.modified(
      .gauge(GaugeNode(value: 0.5, style: .linear, tint: Self.green)), .frame(Frame(width: 100)))
    let image = try pixels.render(bar, family: .systemSmall, now: now, scale: 1)
    let frame = try #require(image.geometry.nodes.dropFirst().first)
    #expect(frame.width == 100 && frame.height == 4)
    let png = try PNGImage(decoding: image.data)
    let y = Int(frame.y + 2)
    let done = png.pixel(Int(frame.x) + 25, y)
    let left = png.pixel(Int(frame.x) + 75, y)
    #expect(Int(done.green) > Int(done.red) + 60, "the first half in the tint: \(done)")
    #expect(left.red > 150 && abs(Int(left.red) - Int(left.green)) < 20, "the rest grey: \(left)")
  }

  @Test func aCircularGaugeIsAnOpenRingAndACapacityOneAClosedRing() throws {
    func ring(_ style: GaugeStyleKind, _ value: Double) throws -> (PNGImage, NodeGeometry) {
      let image = try pixels.render(
        Self.framed(GaugeNode(value: value, style: style, tint: Self.green), 100, 100),
        family: .systemSmall, now: now, scale: 1)
      return (
        try PNGImage(decoding: image.data), try #require(image.geometry.nodes.dropFirst().first)
      )
    }
    let (open, frame) = try ring(.circular, 1)
    let (x, y) = (Int(frame.x + 50), Int(frame.y + 50))
    #expect(StrokeTests.isWhite(open.pixel(x, y + 46)), "the gap at the bottom")
    #expect(!StrokeTests.isWhite(open.pixel(x, y - 46)), "the ring at the top")
    let (closed, _) = try ring(.circularCapacity, 0.5)
    let right = closed.pixel(x + 46, y)
    let leftSide = closed.pixel(x - 46, y)
    #expect(Int(right.green) > Int(right.red) + 60, "half done from the top: the right")
    #expect(Int(leftSide.green) < Int(leftSide.red) + 60, "the left side is track")
  }
}
