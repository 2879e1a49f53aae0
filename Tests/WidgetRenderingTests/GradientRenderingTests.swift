import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetRendering

/// Gradients drawn: in pixels as Cairo patterns across the frame they paint, on the grid in
/// their representative colour; and what the stream carries for them follows its JSON Schema.
@Suite struct GradientRenderingTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let red = ColorValue(red: 1, green: 0, blue: 0)
  static let blue = ColorValue(red: 0, green: 0, blue: 1)
  static let green = ColorValue(red: 0, green: 1, blue: 0)
  static let white = ColorValue(red: 1, green: 1, blue: 1)

  typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

  /// `node` in a 100 × 100 frame alone in a small widget, drawn at scale 1, with the frame.
  func drawn(_ node: ViewNode, width: Double = 100) throws -> (PNGImage, NodeGeometry) {
    let view = ViewNode.modified(node, .frame(Frame(width: width, height: 100)))
    let image = try pixels.render(view, family: .systemSmall, now: now, scale: 1)
    let frame = try #require(image.geometry.nodes.first)
    return (try PNGImage(decoding: image.data), frame)
  }

  static func near(_ pixel: Pixel, _ red: Int, _ green: Int, _ blue: Int, within: Int = 40)
    -> Bool
  {
    abs(Int(pixel.red) - red) <= within && abs(Int(pixel.green) - green) <= within
      && abs(Int(pixel.blue) - blue) <= within
  }

  @Test func aLinearGradientRunsFromItsStartColourToItsEndColour() throws {
    let gradient = GradientValue.linear(
      [.init(color: Self.red, location: 0), .init(color: Self.blue, location: 1)],
      from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))
    let (image, frame) = try drawn(.gradient(gradient))
    let (x, y, middle) = (Int(frame.x), Int(frame.y), Int(frame.y + frame.height / 2))
    let leading = image.pixel(x + 1, middle)
    let trailing = image.pixel(x + 98, middle)
    let center = image.pixel(x + 50, middle)
    #expect(Self.near(leading, 255, 0, 0), "\(leading)")
    #expect(Self.near(trailing, 0, 0, 255), "\(trailing)")
    #expect(Self.near(center, 128, 0, 128, within: 12), "halfway is half of each: \(center)")
    // Along the other axis nothing changes.
    #expect(Self.near(image.pixel(x + 1, y + 2), 255, 0, 0))
    #expect(Self.near(image.pixel(x + 98, y + 97), 0, 0, 255))
    // Outside the frame, the widget's white background.
    #expect(Self.near(image.pixel(x - 3, middle), 255, 255, 255, within: 2))
  }

  @Test func aRadialGradientChangesFromItsCentreOutward() throws {
    let gradient = GradientValue.radial(
      [.init(color: Self.white, location: 0), .init(color: Self.blue, location: 1)],
      center: .init(x: 0.5, y: 0.5), startRadius: 0, endRadius: 50)
    let (image, frame) = try drawn(.gradient(gradient))
    let (cx, cy) = (Int(frame.x + 50), Int(frame.y + 50))
    let center = image.pixel(cx, cy)
    let edge = image.pixel(cx - 49, cy)
    let corner = image.pixel(Int(frame.x) + 1, Int(frame.y) + 1)
    #expect(Self.near(center, 255, 255, 255, within: 12), "\(center)")
    #expect(Self.near(edge, 0, 0, 255, within: 20), "\(edge)")
    // Past the end radius the last colour continues.
    #expect(Self.near(corner, 0, 0, 255, within: 2), "\(corner)")
    let halfway = image.pixel(cx + 25, cy)
    #expect(Self.near(halfway, 128, 128, 255, within: 14), "\(halfway)")
  }

  /// An elliptical gradient's circles take the frame's proportions: in a frame twice as wide as
  /// it is tall, the colour halfway across is the colour halfway down.
  @Test func anEllipticalGradientStretchesToItsFrame() throws {
    let gradient = GradientValue.elliptical(
      [.init(color: Self.white, location: 0), .init(color: Self.blue, location: 1)],
      center: .init(x: 0.5, y: 0.5), startRadiusFraction: 0, endRadiusFraction: 0.5)
    let (image, frame) = try drawn(.gradient(gradient), width: 160)
    let (cx, cy) = (Int(frame.x + 80), Int(frame.y + 50))
    #expect(frame.width == 160)
    #expect(Self.near(image.pixel(cx, cy), 255, 255, 255, within: 12))
    let across = image.pixel(cx + 40, cy)
    let down = image.pixel(cx, cy + 25)
    #expect(Self.near(across, 128, 128, 255, within: 14), "\(across)")
    #expect(Self.near(down, Int(across.red), Int(across.green), Int(across.blue), within: 6))
    // At the frame's edges, across and down, the last colour.
    #expect(Self.near(image.pixel(cx + 79, cy), 0, 0, 255, within: 8))
    #expect(Self.near(image.pixel(cx, cy + 49), 0, 0, 255, within: 8))
  }

  @Test func anAngularGradientTurnsClockwiseFromTheTrailingSide() throws {
    let gradient = GradientValue.angular(
      [
        .init(color: Self.red, location: 0), .init(color: Self.green, location: 0.5),
        .init(color: Self.red, location: 1),
      ], center: .init(x: 0.5, y: 0.5), startAngle: 0, endAngle: 360)
    let (image, frame) = try drawn(.gradient(gradient))
    let (cx, cy) = (Int(frame.x + 50), Int(frame.y + 50))
    // 0°: red; 180° (leading): green; 90° (below, clockwise on the screen): halfway.
    #expect(Self.near(image.pixel(cx + 40, cy + 1), 255, 0, 0, within: 20))
    #expect(Self.near(image.pixel(cx - 40, cy), 0, 255, 0, within: 20))
    let below = image.pixel(cx, cy + 40)
    #expect(Self.near(below, 128, 128, 0, within: 20), "\(below)")
    let above = image.pixel(cx, cy - 40)
    #expect(Self.near(above, 128, 128, 0, within: 20), "\(above)")
    // A half sweep leaves the other half: its first half the last colour, then the first.
    let half = GradientValue.angular(
      [.init(color: Self.red, location: 0), .init(color: Self.blue, location: 1)],
      center: .init(x: 0.5, y: 0.5), startAngle: 0, endAngle: 180)
    let (sweep, _) = try drawn(.gradient(half))
    #expect(Self.near(sweep.pixel(cx, cy + 40), 128, 0, 128, within: 20))
    // 225° (upper leading): in the missing half's first part, the last colour, blue.
    #expect(Self.near(sweep.pixel(cx - 30, cy - 28), 0, 0, 255, within: 10))
    // 315° (upper trailing): the first colour, red.
    #expect(Self.near(sweep.pixel(cx + 30, cy - 28), 255, 0, 0, within: 10))
  }

  @Test func aShapeFilledWithAGradientIsPaintedWithItInsideItsOutline() throws {
    let gradient = GradientValue.linear(
      [.init(color: Self.red, location: 0), .init(color: Self.blue, location: 1)],
      from: .init(x: 0.5, y: 0), to: .init(x: 0.5, y: 1))
    let (image, frame) = try drawn(
      .shape(ShapeNode(shape: .circle, fill: Self.blue, gradient: gradient)))
    let cx = Int(frame.x + 50)
    #expect(Self.near(image.pixel(cx, Int(frame.y) + 3), 255, 0, 0, within: 30))
    #expect(Self.near(image.pixel(cx, Int(frame.y) + 96), 0, 0, 255, within: 30))
    // The corners are outside the circle.
    #expect(Self.near(image.pixel(Int(frame.x) + 2, Int(frame.y) + 2), 255, 255, 255, within: 2))
    // A shape with no fill of its own takes the foreground's gradient.
    let inherited = ViewNode.modified(
      .shape(ShapeNode(shape: .rectangle)),
      .style(TextStyle(foreground: Self.blue, foregroundGradient: gradient)))
    let (painted, box) = try drawn(inherited)
    #expect(Self.near(painted.pixel(Int(box.x) + 50, Int(box.y) + 1), 255, 0, 0, within: 12))
    #expect(Self.near(painted.pixel(Int(box.x) + 50, Int(box.y) + 98), 0, 0, 255, within: 12))
  }

  @Test func textPaintedWithAGradientChangesColourAcrossItsFrame() throws {
    let gradient = GradientValue.linear(
      [.init(color: Self.red, location: 0), .init(color: Self.blue, location: 1)],
      from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))
    let text = ViewNode.modified(
      .text(TextNode(runs: [.verbatim("WWWW")])),
      .style(
        TextStyle(
          font: Font(size: 40, weight: .black), foreground: Self.blue,
          foregroundGradient: gradient)))
    let image = try pixels.render(text, family: .systemSmall, now: now, scale: 1)
    let frame = try #require(image.geometry.nodes.first)
    let png = try PNGImage(decoding: image.data)
    /// The inked pixels of the text's left or right quarter.
    func ink(_ from: Double, _ to: Double) -> [Pixel] {
      var found: [Pixel] = []
      for x in Int(frame.x + frame.width * from)..<Int(frame.x + frame.width * to) {
        for y in Int(frame.y)..<Int(frame.y + frame.height) {
          let pixel = png.pixel(x, y)
          if Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 500 { found.append(pixel) }
        }
      }
      return found
    }
    let left = ink(0, 0.25)
    let right = ink(0.75, 1)
    #expect(!left.isEmpty && !right.isEmpty)
    #expect(left.allSatisfy { $0.red > $0.blue }, "the leading quarter is red")
    #expect(right.allSatisfy { $0.blue > $0.red }, "the trailing quarter is blue")
  }

  @Test func onTheGridAGradientIsItsRepresentativeColour() {
    let gradient = GradientValue.linear(
      [
        .init(color: ColorValue(name: "yellow"), location: 0),
        .init(color: ColorValue(name: "orange"), location: 1),
      ], from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))
    let view = ViewNode.modified(
      .text(TextNode(runs: [.verbatim("Hi")])), .background(.gradient(gradient), alignment: .center)
    )
    let rendered = grid.render(view, family: .systemSmall, now: now)
    #expect(rendered.spans.contains { $0.background == ColorValue(name: "orange") })
    #expect(!rendered.spans.contains { $0.background == ColorValue(name: "yellow") })
  }

  @Test func theViewNodeSchemaDescribesGradients() throws {
    let schema = JSONSchemaValidator.stream
    let gradient = GradientValue.angular(
      [.init(color: Self.red, location: 0), .init(color: Self.blue, location: 1)],
      center: .init(x: 0.5, y: 0.5), startAngle: 0, endAngle: 90)
    let nodes: [ViewNode] = [
      .gradient(gradient),
      .gradient(
        .radial(
          [.init(color: ColorValue(name: "white"), location: 0)], center: .init(x: 0, y: 1),
          startRadius: 0, endRadius: 10)),
      .shape(ShapeNode(shape: .capsule, fill: Self.blue, gradient: gradient)),
      .gradient(
        .elliptical(
          [.init(color: ColorValue(name: "white"), location: 0)], center: .init(x: 0.5, y: 0.5),
          startRadiusFraction: 0, endRadiusFraction: 0.5)),
      .modified(
        .text(TextNode(runs: [.verbatim("a")])),
        .style(TextStyle(foreground: Self.blue, foregroundGradient: gradient))),
    ]
    for node in nodes {
      let json = String(decoding: try WidgetJSON.encode(node), as: UTF8.self)
      #expect(schema.problems(in: json, against: "view-node.schema.json") == [], "\(json)")
    }
    for bad in [
      #"{"type":"gradient"}"#,
      #"{"type":"gradient","gradient":{"kind":"linear","stops":[]}}"#,
      #"{"type":"gradient","gradient":{"kind":"spiral","stops":[]}}"#,
      #"{"type":"shape","shape":"circle","gradient":{"kind":"radial","stops":[],"center":{"x":0,"y":0},"startRadius":0,"endRadius":-1}}"#,
      #"{"type":"gradient","gradient":{"kind":"elliptical","stops":[],"center":{"x":0,"y":0},"startRadius":0,"endRadius":1}}"#,
    ] {
      #expect(schema.problems(in: bad, against: "view-node.schema.json") != [], "\(bad)")
    }
  }
}
