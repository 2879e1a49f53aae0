import Foundation
import Testing

@testable import WidgetSchema

/// Gradients in the view tree: `gradient` nodes, shapes' `gradient` and styles'
/// `foregroundGradient`, read by the decoder and the fast reader alike, written by the stream's
/// writer as `JSONEncoder` writes them, and checked against the view limits.
@Suite struct GradientTests {
  static let linear = GradientValue.linear(
    [
      .init(color: ColorValue(name: "yellow"), location: 0),
      .init(color: ColorValue(red: 1, green: 0.5, blue: 0, opacity: 0.5), location: 0.75),
      .init(color: ColorValue(name: "orange"), location: 1),
    ], from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))
  static let radial = GradientValue.radial(
    [
      .init(color: ColorValue(name: "white"), location: 0),
      .init(color: ColorValue(name: "blue"), location: 1),
    ], center: .init(x: 0.5, y: 0.25), startRadius: 2, endRadius: 60.5)
  static let angular = GradientValue.angular(
    [
      .init(color: ColorValue(name: "red"), location: 0),
      .init(color: ColorValue(name: "green"), location: 0.5),
      .init(color: ColorValue(name: "red"), location: 1),
    ], center: .init(x: 0.5, y: 0.5), startAngle: -90, endAngle: 270)

  @Test func aGradientNodeReadsAsDocsSchemaShowsIt() throws {
    let json = #"""
      {"type": "gradient", "gradient": {"kind": "linear",
        "stops": [{"color": {"name": "yellow"}, "location": 0},
                  {"color": {"red": 1, "green": 0.5, "blue": 0, "opacity": 0.5}, "location": 0.75},
                  {"color": {"name": "orange"}, "location": 1}],
        "startPoint": {"x": 0, "y": 0.5}, "endPoint": {"x": 1, "y": 0.5}}}
      """#
    let node = try WidgetJSON.decode(ViewNode.self, from: Data(json.utf8))
    #expect(node == .gradient(Self.linear))
    #expect(ReplyReader.decode(ViewNode.self, from: Data(json.utf8)) == node)
  }

  /// Every kind, as a node, a shape's paint and a style's foreground, encoded and read back by
  /// both readers to the same value.
  @Test(arguments: [linear, radial, angular])
  func everyKindRoundTrips(_ gradient: GradientValue) throws {
    let nodes: [ViewNode] = [
      .gradient(gradient),
      .shape(ShapeNode(shape: .circle, fill: gradient.representative, gradient: gradient)),
      .modified(
        .text(
          TextNode(runs: [
            TextRun(
              .verbatim("a"),
              style: TextStyle(
                foreground: gradient.representative, foregroundGradient: gradient))
          ])),
        .style(TextStyle(foreground: gradient.representative, foregroundGradient: gradient))),
    ]
    for node in nodes {
      let data = try WidgetJSON.encode(node)
      #expect(try WidgetJSON.decode(ViewNode.self, from: data) == node)
      #expect(ReplyReader.decode(ViewNode.self, from: data) == node)
    }
    // Only the fields of its kind are written.
    let json = String(decoding: try WidgetJSON.encode(gradient), as: UTF8.self)
    #expect(json.contains("startPoint") == (gradient.kind == .linear))
    #expect(json.contains("startRadius") == (gradient.kind == .radial))
    #expect(json.contains("startAngle") == (gradient.kind == .angular))
  }

  @Test func aGradientWithoutTheFieldsOfItsKindIsRefusedByBoth() throws {
    for bad in [
      #"{"type":"gradient","gradient":{"kind":"linear","stops":[]}}"#,
      #"{"type":"gradient","gradient":{"kind":"radial","stops":[],"center":{"x":0,"y":0}}}"#,
      #"{"type":"gradient","gradient":{"kind":"angular","stops":[],"center":{"x":0}, "startAngle":0,"endAngle":1}}"#,
      #"{"type":"gradient","gradient":{"kind":"conic","stops":[]}}"#,
      #"{"type":"gradient","gradient":{"kind":"linear","stops":[{"color":{"name":"red"}}],"startPoint":{"x":0,"y":0},"endPoint":{"x":0,"y":1}}}"#,
      #"{"type":"gradient"}"#,
    ] {
      #expect(ReplyReader.decode(ViewNode.self, from: Data(bad.utf8)) == nil, "\(bad)")
      #expect(throws: SchemaError.self, "\(bad)") {
        try WidgetJSON.decode(ViewNode.self, from: Data(bad.utf8))
      }
    }
  }

  @Test func theRepresentativeColourIsTheStopNearestTheMiddle() {
    #expect(Self.linear.representative == ColorValue(red: 1, green: 0.5, blue: 0, opacity: 0.5))
    // Of two as near, the later: a colour's standard gradient stands for the colour itself.
    let standard = GradientValue.linear(
      [
        .init(color: ColorValue(name: "white"), location: 0),
        .init(color: ColorValue(name: "blue"), location: 1),
      ], from: .init(x: 0.5, y: 0), to: .init(x: 0.5, y: 1))
    #expect(standard.representative == ColorValue(name: "blue"))
    #expect(GradientValue(kind: .radial, stops: []).representative == ColorValue(name: "clear"))
  }

  @Test func anInnerColourReplacesAnOuterGradientAndAGradientBringsItsColour() {
    let outer = TextStyle(
      italic: true, foreground: Self.linear.representative, foregroundGradient: Self.linear)
    let red = outer.merged(with: TextStyle(foreground: ColorValue(name: "red")))
    #expect(red.foreground == ColorValue(name: "red"))
    #expect(red.foregroundGradient == nil)
    #expect(outer.merged(with: TextStyle(italic: false)).foregroundGradient == Self.linear)
    let radial = TextStyle().merged(with: TextStyle(foregroundGradient: Self.radial))
    #expect(radial.foreground == Self.radial.representative)
    #expect(radial.foregroundGradient == Self.radial)
  }

  @Test func theLimitsCheckAGradientsNumbers() {
    var many = Self.linear
    many.stops = Array(repeating: many.stops[0], count: ViewLimits.maximumGradientStops + 1)
    #expect(ViewLimits.problem(in: .gradient(many), at: "view")?.path == "view.gradient.stops")
    var far = Self.linear
    far.endPoint.x = 1e6
    #expect(
      ViewLimits.problem(in: .gradient(far), at: "view")?.path == "view.gradient.endPoint.x")
    var negative = Self.radial
    negative.endRadius = -1
    #expect(
      ViewLimits.problem(in: .shape(ShapeNode(shape: .circle, gradient: negative)), at: "v")?.path
        == "v.gradient.endRadius")
    var faint = Self.angular
    faint.stops[1].color.opacity = 2
    #expect(
      ViewLimits.problem(
        in: .modified(.empty, .style(TextStyle(foregroundGradient: faint))), at: "v")?.path
        == "v.foregroundGradient.stops[1].color.opacity")
    #expect(ViewLimits.problem(in: .gradient(Self.angular), at: "view") == nil)
  }

  @Test func aColourLightensTowardWhiteInBothAppearances() throws {
    let blue = try #require(ColorValue(name: "blue").lightened(by: 0.2))
    #expect(abs(blue.red! - 0.2) < 1e-9)
    #expect(abs(blue.blue! - 1) < 1e-9)
    #expect(blue.dark != nil)
    let rgb = try #require(ColorValue(red: 0.5, green: 0, blue: 1, opacity: 0.5).lightened(by: 0.5))
    #expect(rgb == ColorValue(red: 0.75, green: 0.5, blue: 1, opacity: 0.5))
    #expect(ColorValue(name: "primary").lightened(by: 0.2) == nil)
  }
}
