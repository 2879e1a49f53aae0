import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// `.rotationEffect`, `.scaleEffect` and `.offset`: each a `transform` node about its anchor.
@Suite struct TransformTests {
  @Test func anglesConvert() {
    #expect(Angle.degrees(180).radians == .pi)
    #expect(Angle.radians(.pi / 2).degrees == 90)
    #expect(Angle.zero < .degrees(1))
    #expect((Angle.degrees(30) + .degrees(60)).degrees == 90)
  }

  @Test func rotationEffectTurnsAboutTheCentreUnlessTold() {
    #expect(
      resolved(Text("x").rotationEffect(.degrees(-90)))
        == .modified(plain("x"), .transform(Transform(rotation: -90))))
    #expect(
      resolved(Text("x").rotationEffect(.radians(.pi), anchor: .topLeading))
        == .modified(plain("x"), .transform(Transform(rotation: 180, anchorX: 0, anchorY: 0))))
  }

  @Test func scaleEffectAndOffset() {
    #expect(
      resolved(Text("x").scaleEffect(0.5))
        == .modified(plain("x"), .transform(Transform(scaleX: 0.5, scaleY: 0.5))))
    #expect(
      resolved(Text("x").scaleEffect(x: -1, anchor: .bottom))
        == .modified(plain("x"), .transform(Transform(scaleX: -1, anchorY: 1))))
    #expect(
      resolved(Text("x").scaleEffect(CGSize(width: 2, height: 3)))
        == .modified(plain("x"), .transform(Transform(scaleX: 2, scaleY: 3))))
    #expect(
      resolved(Text("x").offset(x: 4, y: -2))
        == .modified(plain("x"), .transform(Transform(offsetX: 4, offsetY: -2))))
    #expect(
      resolved(Text("x").offset(CGSize(width: 1, height: 2)))
        == .modified(plain("x"), .transform(Transform(offsetX: 1, offsetY: 2))))
  }

  /// The progress ring widgets draw: a trimmed circle turned to start at the top.
  @Test func aProgressRingStartsAtTheTop() {
    let ring = Circle()
      .trim(from: 0, to: 0.25)
      .stroke(Color.blue, style: StrokeStyle(lineWidth: 4, lineCap: .round))
      .rotationEffect(.degrees(-90))
    #expect(
      resolved(ring)
        == .modified(
          .shape(
            ShapeNode(
              shape: .circle, fill: ColorValue(name: "blue"),
              stroke: ShapeStroke(lineWidth: 4, lineCap: .round),
              trim: ShapeTrim(from: 0, to: 0.25))),
          .transform(Transform(rotation: -90))))
  }
}

@Suite struct FixedSizeModifierTests {
  @Test func fixedSizeIsAModifierNode() {
    #expect(
      resolved(Text("x").fixedSize())
        == .modified(plain("x"), .fixedSize(horizontal: true, vertical: true)))
    #expect(
      resolved(Text("x").fixedSize(horizontal: false, vertical: true))
        == .modified(plain("x"), .fixedSize(horizontal: false, vertical: true)))
  }
}

@Suite struct TextCaseAndFlatTurnTests {
  @Test func textCaseChangesTheTextInside() {
    #expect(resolved(Text("Mon").textCase(.uppercase)) == plain("MON"))
    #expect(
      resolved(VStack { Text("ABC") }.textCase(.lowercase))
        == .stack(StackNode(axis: .vertical, children: [plain("abc")])))
    #expect(resolved(Text("Mon").textCase(nil)) == plain("Mon"))
  }

  @Test func aTurnInDepthIsDrawnFlat() {
    #expect(
      resolved(Text("x").rotation3DEffect(.degrees(90), axis: (x: 0, y: 0, z: 1)))
        == .modified(plain("x"), .transform(Transform(rotation: 90))))
    guard
      case .modified(_, .transform(let flipped)) = resolved(
        Text("x").rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0)))
    else {
      Issue.record("a transform")
      return
    }
    #expect(abs(flipped.scaleX + 1) < 1e-9 && flipped.scaleY == 1, "mirrored")
  }
}

@Suite struct PositionModifierTests {
  @Test func positionIsAModifierNodeAtThePoint() {
    #expect(
      resolved(Text("x").position(x: 30, y: 12.5))
        == .modified(plain("x"), .position(x: 30, y: 12.5)))
    #expect(
      resolved(Text("x").position(CGPoint(x: 4, y: 5)))
        == .modified(plain("x"), .position(x: 4, y: 5)))
    // Both coordinates default to 0, as in SwiftUI.
    #expect(resolved(Text("x").position(y: 7)) == .modified(plain("x"), .position(x: 0, y: 7)))
  }
}

@Suite struct InsetShapeTests {
  @Test func insetByIsTheShapesInsetAndARoundedRectangleLosesAsMuchRadius() {
    #expect(
      resolved(RoundedRectangle(cornerRadius: 10).inset(by: 4))
        == .shape(ShapeNode(shape: .roundedRectangle, cornerRadius: 6, inset: 4)))
    #expect(
      resolved(Circle().inset(by: 2).inset(by: 3)) == .shape(ShapeNode(shape: .circle, inset: 5)))
    #expect(
      resolved(Capsule().inset(by: 2).strokeBorder(lineWidth: 1))
        == .shape(
          ShapeNode(shape: .capsule, stroke: ShapeStroke(lineWidth: 1, inset: true), inset: 2)))
    #expect(resolved(Ellipse().inset(by: -1)) == .shape(ShapeNode(shape: .ellipse, inset: -1)))
    #expect(resolved(Rectangle().inset(by: 8)) == .shape(ShapeNode(shape: .rectangle, inset: 8)))
  }
}
