import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// A custom shape as widget code writes one.
struct Triangle: Shape {
  func path(in rect: CGRect) -> Path {
    var path = Path()
    path.move(to: CGPoint(x: rect.midX, y: rect.minY))
    path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
    path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
    path.closeSubpath()
    return path
  }
}

/// `Path` and custom `Shape`s: a `path` shape node.
@Suite struct PathTests {
  @Test func aCustomShapeIsItsPathInTheSpaceOffered() {
    // systemSmall offers 170 × 170; 50 × 20 inside this frame.
    #expect(
      resolved(Triangle().fill(Color.red).frame(width: 50, height: 20))
        == .modified(
          .shape(
            ShapeNode(
              shape: .path,
              path: PathNode(
                width: 50, height: 20, commands: "MLLZ", points: [25, 0, 50, 20, 0, 20]),
              fill: ColorValue(name: "red"))),
          .frame(Frame(width: 50, height: 20))))
    #expect(
      resolved(Triangle().stroke(Color.red, lineWidth: 2))
        == .shape(
          ShapeNode(
            shape: .path,
            path: PathNode(
              width: 170, height: 170, commands: "MLLZ", points: [85, 0, 170, 170, 0, 170]),
            fill: ColorValue(name: "red"), stroke: ShapeStroke(lineWidth: 2))))
  }

  /// A line chart as widgets draw them: a path in the view's own points.
  @Test func aPathAsAViewIsInItsOwnPoints() {
    let chart = Path { path in
      path.addLines([CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 4), CGPoint(x: 20, y: 8)])
    }
    .stroke(Color.blue, lineWidth: 2)
    #expect(
      resolved(chart)
        == .shape(
          ShapeNode(
            shape: .path,
            path: PathNode(
              width: nil, height: nil, commands: "MLL", points: [0, 10, 10, 4, 20, 8]),
            fill: ColorValue(name: "blue"), stroke: ShapeStroke(lineWidth: 2))))
  }

  @Test func pathsBuildLikeCoreGraphics() {
    var path = Path()
    #expect(path.isEmpty && path.currentPoint == nil && path.boundingRect.isNull)
    path.addArc(
      center: CGPoint(x: 10, y: 10), radius: 10, startAngle: .zero, endAngle: .degrees(180),
      clockwise: false)
    // The lower half, on the screen: from the right, down, to the left, in two quarter curves.
    #expect(path._shape.path?.commands == "MCC")
    let end = path.currentPoint ?? .zero
    #expect(abs(end.x) < 1e-9 && abs(end.y - 10) < 1e-9)
    #expect(path.boundingRect.maxY > 19)
    var clockwise = Path()
    clockwise.addArc(
      center: .zero, radius: 1, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
    #expect(clockwise._shape.path?.commands == "MCCC", "three quarters the other way")
    #expect(
      Circle().path(in: CGRect(x: 0, y: 0, width: 40, height: 20)).boundingRect
        == CGRect(x: 10, y: 0, width: 20, height: 20))
    #expect(Path(CGRect(x: 0, y: 0, width: 4, height: 2))._shape.path?.commands == "MLLLZ")
  }
}
