import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// `.stroke`, `.strokeBorder`, `.trim` and `.border`, as widget code writes them (progress rings,
/// outlined badges): each becomes the shape node the host draws.
@Suite struct ShapeStrokeTests {
  let red = ColorValue(name: "red")

  @Test func strokeWithAStylePaintsTheOutline() {
    #expect(
      resolved(Circle().stroke(Color.red, lineWidth: 4))
        == .shape(ShapeNode(shape: .circle, fill: red, stroke: ShapeStroke(lineWidth: 4))))
    #expect(
      resolved(Circle().stroke(.red, style: StrokeStyle(lineWidth: 3, dash: [5, 2])))
        == .shape(
          ShapeNode(shape: .circle, fill: red, stroke: ShapeStroke(lineWidth: 3, dash: [5, 2]))))
  }

  @Test func strokeWithoutAStyleIsAShapeToFillOrColour() {
    #expect(
      resolved(Capsule().stroke(lineWidth: 2).fill(Color.red))
        == .shape(ShapeNode(shape: .capsule, fill: red, stroke: ShapeStroke(lineWidth: 2))))
    let foreground = resolved(Rectangle().stroke(style: StrokeStyle(lineJoin: .round)))
    #expect(
      foreground == .shape(ShapeNode(shape: .rectangle, stroke: ShapeStroke(lineJoin: .round))))
  }

  /// A progress ring as widgets draw it: a trimmed circle, stroked with round caps.
  @Test func aTrimmedStrokedCircleIsAnArc() {
    let ring = Circle()
      .trim(from: 0, to: 0.7)
      .stroke(Color.green, style: StrokeStyle(lineWidth: 6, lineCap: .round))
    #expect(
      resolved(ring)
        == .shape(
          ShapeNode(
            shape: .circle, fill: ColorValue(name: "green"),
            stroke: ShapeStroke(lineWidth: 6, lineCap: .round),
            trim: ShapeTrim(from: 0, to: 0.7))))
  }

  @Test func strokeBorderIsInset() {
    #expect(
      resolved(RoundedRectangle(cornerRadius: 8).strokeBorder(Color.red, lineWidth: 2))
        == .shape(
          ShapeNode(
            shape: .roundedRectangle, cornerRadius: 8, fill: red,
            stroke: ShapeStroke(lineWidth: 2, inset: true))))
    #expect(
      resolved(Circle().strokeBorder(lineWidth: 1))
        == .shape(ShapeNode(shape: .circle, stroke: ShapeStroke(lineWidth: 1, inset: true))))
  }

  @Test func borderIsAnInsetRectangleOverTheView() {
    #expect(
      resolved(Text("x").border(Color.red, width: 2))
        == .modified(
          plain("x"),
          .overlay(
            .shape(
              ShapeNode(
                shape: .rectangle, fill: red, stroke: ShapeStroke(lineWidth: 2, inset: true))),
            alignment: .center)))
  }
}
