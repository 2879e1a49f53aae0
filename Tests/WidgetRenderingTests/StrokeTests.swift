import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetRendering

/// Stroked and trimmed shapes (`.stroke`, `.strokeBorder`, `.trim`), on the grid and in pixels.
@Suite struct StrokeTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let red = ColorValue(name: "red")

  /// `shape` in a frame of `width`×`height` points, alone in the widget.
  static func framed(_ shape: ShapeNode, _ width: Double, _ height: Double) -> ViewNode {
    .modified(.shape(shape), .frame(Frame(width: width, height: height)))
  }

  /// The grid's lines with the spaces around the drawing trimmed.
  func drawn(_ view: ViewNode, _ family: WidgetFamily = .systemSmall) -> [String] {
    let lines = grid.render(view, family: family, now: now).lines.map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    let used = lines.filter { !$0.isEmpty }
    let indent = used.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return used.map { String($0.dropFirst(indent)) }
  }

  /// What the stream carries for strokes, trims, transforms and gauges follows its JSON Schema, and
  /// the schema refuses what the host refuses.
  @Test func theViewNodeSchemaDescribesStrokesTrimsTransformsAndGauges() throws {
    let schema = JSONSchemaValidator.stream
    let nodes: [ViewNode] = [
      .shape(
        ShapeNode(
          shape: .capsule, fill: Self.red,
          stroke: ShapeStroke(
            lineWidth: 3, lineCap: .square, lineJoin: .round, miterLimit: 2, dash: [1, 2],
            dashPhase: 1, inset: true),
          trim: ShapeTrim(from: 0.1, to: 0.9))),
      .gauge(GaugeNode(value: 0.5, style: .circular, tint: Self.red)),
      .shape(ShapeNode(shape: .path, path: PathRenderingTests.triangle)),
      .gauge(GaugeNode(value: nil, style: .linear)),
      .modified(
        .empty,
        .transform(
          Transform(
            offsetX: 1, offsetY: 2, rotation: 3, scaleX: 4, scaleY: 5, anchorX: 0, anchorY: 1))),
    ]
    for node in nodes {
      let json = String(decoding: try WidgetJSON.encode(node), as: UTF8.self)
      #expect(schema.problems(in: json, against: "view-node.schema.json") == [], "\(json)")
    }
    for bad in [
      #"{"type":"shape","shape":"circle","stroke":{"lineCap":"round"}}"#,
      #"{"type":"shape","shape":"circle","trim":{"from":0}}"#,
      #"{"type":"transform","child":{"type":"empty"},"scaleX":1000}"#,
      #"{"type":"gauge","value":0.5}"#, #"{"type":"gauge","style":"dial"}"#,
      #"{"type":"shape","shape":"path","path":{"commands":"MX","points":[]}}"#,
    ] {
      #expect(schema.problems(in: bad, against: "view-node.schema.json") != [], "\(bad)")
    }
  }

  @Test func aStrokedShapeIsItsOutlineOnTheGrid() {
    let stroke = ShapeStroke(lineWidth: 2)
    #expect(
      drawn(
        Self.framed(ShapeNode(shape: .roundedRectangle, cornerRadius: 8, stroke: stroke), 80, 48))
        == ["╭────────╮", "│        │", "╰────────╯"])
    #expect(
      drawn(Self.framed(ShapeNode(shape: .rectangle, stroke: stroke), 80, 48))
        == ["┌────────┐", "│        │", "└────────┘"])
    // A circle is as large as fits (48 points: 6 columns, 3 rows), dashed here.
    let dashed = ShapeStroke(lineWidth: 2, dash: [4, 2])
    #expect(
      drawn(Self.framed(ShapeNode(shape: .circle, stroke: dashed), 80, 48))
        == ["╭┄┄┄┄╮", "┆    ┆", "╰┄┄┄┄╯"])
    #expect(
      drawn(Self.framed(ShapeNode(shape: .capsule, stroke: stroke), 80, 16)) == ["──────────"])
  }

  @Test func aTrimKeepsItsPartOfTheOutlineFromWhereTheShapeStarts() {
    let stroke = ShapeStroke(lineWidth: 2)
    // A circle starts at its right and runs clockwise: its first half is the lower one.
    #expect(
      drawn(
        Self.framed(
          ShapeNode(shape: .circle, stroke: stroke, trim: ShapeTrim(from: 0, to: 0.5)), 80, 48))
        == ["     │", "╰────╯"])
    // A rectangle starts at its top left: its first quarter or so is the top edge.
    #expect(
      drawn(
        Self.framed(
          ShapeNode(shape: .rectangle, stroke: stroke, trim: ShapeTrim(from: 0, to: 0.4)), 80, 48))
        == ["┌────────┐"])
    // An empty or reversed trim draws nothing; values are clamped to 0…1.
    for trim in [ShapeTrim(from: 0.5, to: 0.5), ShapeTrim(from: 0.8, to: 0.2)] {
      #expect(
        drawn(Self.framed(ShapeNode(shape: .circle, stroke: stroke, trim: trim), 80, 48)) == [])
    }
    #expect(
      drawn(
        Self.framed(
          ShapeNode(shape: .rectangle, stroke: stroke, trim: ShapeTrim(from: -1, to: 2)), 80, 48))
        == ["┌────────┐", "│        │", "└────────┘"])
  }

  /// The frame of the first shape node drawn, in pixels at `scale`.
  func shapeFrame(_ view: ViewNode, scale: Int) throws -> (PNGImage, NodeGeometry) {
    let image = try pixels.render(view, family: .systemSmall, now: now, scale: scale)
    // The frame modifier, then its shape: the second node.
    let frame = try #require(image.geometry.nodes.dropFirst().first)
    return (try PNGImage(decoding: image.data), frame)
  }

  static func isRed(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
    pixel.red > 200 && pixel.green < 120 && pixel.blue < 120
  }

  static func isWhite(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
    pixel.red > 240 && pixel.green > 240 && pixel.blue > 240
  }

  @Test func aStrokedCircleIsARingAndATrimmedOneAnArc() throws {
    let ring = Self.framed(
      ShapeNode(shape: .circle, fill: Self.red, stroke: ShapeStroke(lineWidth: 8)), 100, 100)
    let (image, frame) = try shapeFrame(ring, scale: 1)
    let (centerX, centerY) = (Int(frame.x + frame.width / 2), Int(frame.y + frame.height / 2))
    #expect(Self.isWhite(image.pixel(centerX, centerY)), "the inside is not painted")
    for (dx, dy) in [(50, 0), (-50, 0), (0, 50), (0, -50)] {
      #expect(Self.isRed(image.pixel(centerX + dx - dx.signum() * 1, centerY + dy - dy.signum())))
    }
    // The first quarter: from the right, clockwise, to the bottom.
    let arc = Self.framed(
      ShapeNode(
        shape: .circle, fill: Self.red, stroke: ShapeStroke(lineWidth: 8),
        trim: ShapeTrim(from: 0, to: 0.25)), 100, 100)
    let (trimmed, _) = try shapeFrame(arc, scale: 1)
    #expect(Self.isRed(trimmed.pixel(centerX + 35, centerY + 35)), "the lower right is drawn")
    #expect(Self.isWhite(trimmed.pixel(centerX - 35, centerY - 35)), "the upper left is not")
    #expect(Self.isWhite(trimmed.pixel(centerX, centerY - 49)), "nor the top")
  }

  @Test func strokeBorderStaysInsideTheFrameAndStrokeStraddlesIt() throws {
    let stroke = ShapeStroke(lineWidth: 10)
    var border = stroke
    border.inset = true
    let inside = Self.framed(ShapeNode(shape: .rectangle, fill: Self.red, stroke: border), 100, 60)
    let (image, frame) = try shapeFrame(inside, scale: 1)
    let (left, middle) = (Int(frame.x), Int(frame.y + frame.height / 2))
    #expect(Self.isRed(image.pixel(left + 8, middle)), "the line is inside the frame")
    #expect(Self.isWhite(image.pixel(left - 3, middle)), "and not outside it")
    let straddling = Self.framed(
      ShapeNode(shape: .rectangle, fill: Self.red, stroke: stroke), 100, 60)
    let (outside, _) = try shapeFrame(straddling, scale: 1)
    #expect(Self.isRed(outside.pixel(left - 3, middle)), "half the line is outside the frame")
    #expect(Self.isWhite(outside.pixel(left + 8, middle)))
  }

  @Test func dashesLeaveGaps() throws {
    let dashed = Self.framed(
      ShapeNode(
        shape: .rectangle, fill: Self.red, stroke: ShapeStroke(lineWidth: 4, dash: [10, 10])),
      100, 60)
    let (image, frame) = try shapeFrame(dashed, scale: 1)
    let top = Int(frame.y)
    let painted = (Int(frame.x) + 1..<Int(frame.x + frame.width) - 1).map {
      Self.isRed(image.pixel($0, top))
    }
    #expect(painted.contains(true) && painted.contains(false))
    // A pattern of zeros is a solid line (Cairo would refuse it and stop drawing).
    let zeros = Self.framed(
      ShapeNode(
        shape: .rectangle, fill: Self.red, stroke: ShapeStroke(lineWidth: 4, dash: [0, 0])),
      100, 60)
    let (solid, _) = try shapeFrame(zeros, scale: 1)
    #expect(
      (Int(frame.x) + 1..<Int(frame.x + frame.width) - 1).allSatisfy {
        Self.isRed(solid.pixel($0, top))
      })
  }
}

/// `transform` nodes: drawn moved, turned and scaled after layout, which they do not change.
@Suite struct TransformRenderingTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A red bar 80 points wide and 10 high, transformed.
  static func bar(_ transform: Transform) -> ViewNode {
    .modified(
      .modified(.color(ColorValue(name: "red")), .frame(Frame(width: 80, height: 10))),
      .transform(transform))
  }

  @Test func layoutIsTheSameWhateverTheTransform() throws {
    let plain = try pixels.geometry(Self.bar(Transform()), family: .systemSmall, now: now)
    for transform in [
      Transform(rotation: 90), Transform(offsetX: 30, offsetY: -20),
      Transform(scaleX: 2, scaleY: 0.5, anchorX: 0, anchorY: 0),
    ] {
      let geometry = try pixels.geometry(Self.bar(transform), family: .systemSmall, now: now)
      #expect(geometry == plain)
    }
  }

  @Test func aQuarterTurnMakesAWideBarTall() throws {
    let image = try pixels.render(
      Self.bar(Transform(rotation: 90)), family: .systemSmall, now: now, scale: 1)
    let png = try PNGImage(decoding: image.data)
    let frame = try #require(image.geometry.nodes.first)
    let (x, y) = (Int(frame.x + frame.width / 2), Int(frame.y + frame.height / 2))
    #expect(StrokeTests.isRed(png.pixel(x, y - 30)), "above the centre, once turned")
    #expect(StrokeTests.isWhite(png.pixel(x - 30, y)), "not beside it any more")
  }

  @Test func anOffsetMovesTheDrawingAndAZeroScaleHidesIt() throws {
    let moved = try pixels.render(
      Self.bar(Transform(offsetY: 40)), family: .systemSmall, now: now, scale: 1)
    let png = try PNGImage(decoding: moved.data)
    let frame = try #require(moved.geometry.nodes.first)
    let (x, y) = (Int(frame.x + frame.width / 2), Int(frame.y + frame.height / 2))
    #expect(StrokeTests.isWhite(png.pixel(x, y)))
    #expect(StrokeTests.isRed(png.pixel(x, y + 40)))
    let hidden = try pixels.render(
      Self.bar(Transform(scaleX: 0, scaleY: 1)), family: .systemSmall, now: now, scale: 1)
    let blank = try PNGImage(decoding: hidden.data)
    #expect(StrokeTests.isWhite(blank.pixel(x, y)))
  }

  @Test func onTheGridAnOffsetMovesByWholeCells() {
    func text(_ transform: Transform) -> [String] {
      let view = ViewNode.modified(
        .modified(.text(TextNode(runs: [.verbatim("hi")])), .transform(transform)),
        .frame(Frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)))
      return grid.render(view, family: .accessoryRectangular, now: now).lines.map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }
    }
    #expect(text(Transform()).prefix(2) == ["hi", ""])
    // 16 points right is two columns, 16 down one row; a turn is not drawn on a grid.
    #expect(text(Transform(offsetX: 16, offsetY: 16, rotation: 45)).prefix(2) == ["", "  hi"])
    let hidden = text(Transform(scaleX: 1, scaleY: 0))
    #expect(hidden.allSatisfy { $0.isEmpty })
  }
}

/// `path` shapes: scaled from their box to the frame (or in its own points), filled or stroked.
@Suite struct PathRenderingTests {
  let grid = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let pixels = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// A triangle, point up, in a 10 × 10 box.
  static let triangle = PathNode(
    width: 10, height: 10, commands: "MLLZ", points: [5, 0, 10, 10, 0, 10])

  static func framed(_ shape: ShapeNode, _ width: Double, _ height: Double) -> ViewNode {
    .modified(.shape(shape), .frame(Frame(width: width, height: height)))
  }

  @Test func aFilledPathIsScaledToItsFrame() throws {
    let view = Self.framed(
      ShapeNode(shape: .path, path: Self.triangle, fill: StrokeTests.red), 100, 80)
    let image = try pixels.render(view, family: .systemSmall, now: now, scale: 1)
    let png = try PNGImage(decoding: image.data)
    let frame = try #require(image.geometry.nodes.dropFirst().first)
    let (x, y) = (Int(frame.x), Int(frame.y))
    #expect(StrokeTests.isRed(png.pixel(x + 50, y + 70)), "inside, near the base")
    #expect(StrokeTests.isWhite(png.pixel(x + 5, y + 10)), "outside, at the top left")
    #expect(StrokeTests.isRed(png.pixel(x + 95, y + 78)), "the base spans the frame")
  }

  @Test func onTheGridAFilledPathIsItsCellsAndAStrokedOneDots() {
    let filled = grid.render(
      Self.framed(ShapeNode(shape: .path, path: Self.triangle), 80, 64), family: .systemSmall,
      now: now
    ).lines.filter { $0.contains("█") }
    // Four rows, wider towards the base.
    #expect(filled.count == 4)
    #expect(
      filled.map { $0.filter { $0 == "█" }.count }
        == filled.map { $0.filter { $0 == "█" }.count }.sorted())
    let line = PathNode(width: nil, height: nil, commands: "ML", points: [0, 8, 72, 8])
    let stroked = grid.render(
      Self.framed(ShapeNode(shape: .path, path: line, stroke: ShapeStroke(lineWidth: 1)), 80, 16),
      family: .systemSmall, now: now
    ).lines.filter { $0.contains("•") }
    #expect(stroked.count == 1)
    #expect(
      stroked.first?.filter { $0 == "•" }.count == 10,
      "72 points from the frame's left: ten columns")
  }
}
