import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Gradients as widget code writes them (`LinearGradient` backgrounds, `.fill(.blue.gradient)`,
/// gradient-stroked rings, gradient text): each reaches the tree whole, its stops, points, radii
/// and angles, with its representative colour beside it.
@Suite struct GradientStyleTests {
  let stops: [GradientValue.Stop] = [
    .init(color: ColorValue(name: "yellow"), location: 0),
    .init(color: ColorValue(name: "orange"), location: 1),
  ]

  @Test func aLinearGradientAsAViewIsAGradientNode() {
    #expect(
      resolved(
        LinearGradient(colors: [.yellow, .orange], startPoint: .leading, endPoint: .trailing))
        == .gradient(.linear(stops, from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))))
    let stepped = LinearGradient(
      stops: [.init(color: .red, location: 0.2), .init(color: .blue, location: 0.9)],
      startPoint: .topLeading, endPoint: .bottomTrailing)
    #expect(
      resolved(stepped)
        == .gradient(
          .linear(
            [
              .init(color: ColorValue(name: "red"), location: 0.2),
              .init(color: ColorValue(name: "blue"), location: 0.9),
            ], from: .init(x: 0, y: 0), to: .init(x: 1, y: 1))))
  }

  @Test func ellipticalGradientsCarryTheirFractions() {
    #expect(
      resolved(EllipticalGradient(colors: [.yellow, .orange]))
        == .gradient(
          .elliptical(
            stops, center: .init(x: 0.5, y: 0.5), startRadiusFraction: 0, endRadiusFraction: 0.5)))
    #expect(
      resolved(
        Rectangle().fill(
          .ellipticalGradient(colors: [.yellow, .orange], center: .top, endRadiusFraction: 1)))
        == .shape(
          ShapeNode(
            shape: .rectangle,
            fill: GradientValue.elliptical(
              stops, center: .init(x: 0.5, y: 0), startRadiusFraction: 0, endRadiusFraction: 1
            ).representative,
            gradient: .elliptical(
              stops, center: .init(x: 0.5, y: 0), startRadiusFraction: 0, endRadiusFraction: 1))))
  }

  @Test func radialAndAngularGradientsCarryTheirGeometry() {
    #expect(
      resolved(
        RadialGradient(
          colors: [.yellow, .orange], center: .center, startRadius: 5, endRadius: 80))
        == .gradient(.radial(stops, center: .init(x: 0.5, y: 0.5), startRadius: 5, endRadius: 80)))
    #expect(
      resolved(
        AngularGradient(
          colors: [.yellow, .orange], center: .top, startAngle: .degrees(-90),
          endAngle: .degrees(90)))
        == .gradient(.angular(stops, center: .init(x: 0.5, y: 0), startAngle: -90, endAngle: 90)))
    // A conic gradient is a whole turn from its angle.
    let conic = resolved(
      AngularGradient(colors: [.yellow, .orange], center: .center, angle: .degrees(45)))
    guard case .gradient(let gradient) = conic else {
      Issue.record("not a gradient: \(conic)")
      return
    }
    #expect(abs(gradient.startAngle - 45) < 1e-9 && abs(gradient.endAngle - 405) < 1e-9)
  }

  @Test func aShapeFilledOrStrokedWithAGradientCarriesIt() {
    let gradient = GradientValue.linear(stops, from: .init(x: 0.5, y: 0), to: .init(x: 0.5, y: 1))
    #expect(
      resolved(
        Capsule().fill(
          .linearGradient(colors: [.yellow, .orange], startPoint: .top, endPoint: .bottom)))
        == .shape(
          ShapeNode(shape: .capsule, fill: ColorValue(name: "orange"), gradient: gradient)))
    let ring = resolved(
      Circle().stroke(
        LinearGradient(colors: [.yellow, .orange], startPoint: .top, endPoint: .bottom),
        lineWidth: 6))
    #expect(
      ring
        == .shape(
          ShapeNode(
            shape: .circle, fill: ColorValue(name: "orange"), gradient: gradient,
            stroke: ShapeStroke(lineWidth: 6))))
  }

  /// `Color.blue.gradient`, as SwiftUI draws it: top to bottom, from the colour lightened to the
  /// colour; the grid's colour is the colour itself.
  @Test func aColoursGradientIsLighterAtTheTop() throws {
    guard case .shape(let shape) = resolved(Rectangle().fill(Color.blue.gradient)) else {
      Issue.record("not a shape")
      return
    }
    let gradient = try #require(shape.gradient)
    #expect(gradient.kind == .linear)
    #expect(gradient.startPoint == .init(x: 0.5, y: 0) && gradient.endPoint == .init(x: 0.5, y: 1))
    #expect(gradient.stops.count == 2)
    #expect(gradient.stops[1].color == ColorValue(name: "blue"))
    #expect((gradient.stops[0].color.red ?? 0) > 0.1)
    #expect(shape.fill == ColorValue(name: "blue"))
    // `Gradient` as a style is drawn the same way.
    #expect(
      resolved(Rectangle().fill(Gradient(colors: [.yellow, .orange])))
        == .shape(
          ShapeNode(
            shape: .rectangle, fill: ColorValue(name: "orange"),
            gradient: .linear(stops, from: .init(x: 0.5, y: 0), to: .init(x: 0.5, y: 1)))))
  }

  @Test func aGradientForegroundPaintsTextAndBackgroundsTakeGradients() {
    let gradient = GradientValue.linear(stops, from: .init(x: 0, y: 0.5), to: .init(x: 1, y: 0.5))
    let style = LinearGradient(
      colors: [.yellow, .orange], startPoint: .leading, endPoint: .trailing)
    #expect(
      resolved(Text("Hi").foregroundStyle(style))
        == .text(
          TextNode(runs: [
            TextRun(
              .verbatim("Hi"),
              style: TextStyle(foreground: ColorValue(name: "orange"), foregroundGradient: gradient)
            )
          ])))
    #expect(
      resolved(VStack { Text("Hi") }.foregroundStyle(style))
        == .modified(
          .stack(StackNode(axis: .vertical, children: [.text(TextNode(runs: [.verbatim("Hi")]))])),
          .style(TextStyle(foreground: ColorValue(name: "orange"), foregroundGradient: gradient))))
    #expect(
      resolved(Text("Hi").background(style))
        == .modified(
          .text(TextNode(runs: [.verbatim("Hi")])),
          .background(.gradient(gradient), alignment: .center)))
    #expect(
      resolved(Text("Hi").containerBackground(style, for: .widget))
        == .modified(
          .text(TextNode(runs: [.verbatim("Hi")])), .containerBackground(.gradient(gradient))))
  }
}
