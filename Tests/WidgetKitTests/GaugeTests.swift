import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// `Gauge` and `ProgressView` as widget code writes them: a `gauge` node with its labels.
@Suite struct GaugeTests {
  @Test func aLockScreenGaugeIsARingWithItsValueInTheMiddle() {
    let gauge = Gauge(value: 30, in: 0...120) {
      Text("Speed")
    } currentValueLabel: {
      Text("30")
    }
    .gaugeStyle(.accessoryCircular)
    .tint(.green)
    #expect(
      resolved(gauge)
        == .stack(
          StackNode(
            axis: .z,
            children: [
              .gauge(GaugeNode(value: 0.25, style: .circular, tint: ColorValue(name: "green"))),
              .modified(
                plain("30"), .style(TextStyle(font: WidgetSchema.Font(textStyle: .caption)))),
            ])))
  }

  @Test func aDefaultGaugeIsABarUnderItsLabel() {
    let gauge = Gauge(value: 0.5) { Text("Battery") }
    #expect(
      resolved(gauge)
        == .stack(
          StackNode(
            axis: .vertical, alignment: .leading, spacing: 4,
            children: [
              .stack(StackNode(axis: .horizontal, children: [plain("Battery")])),
              .gauge(GaugeNode(value: 0.5, style: .linear)),
            ])))
    let capacity = Gauge(value: 2, in: 0...4) { EmptyView() }.gaugeStyle(.accessoryCircularCapacity)
    #expect(
      resolved(capacity)
        == .stack(
          StackNode(axis: .z, children: [.gauge(GaugeNode(value: 0.5, style: .circularCapacity))])))
    let clamped = Gauge(value: 9, in: 0...4) { EmptyView() }
    #expect("\(resolved(clamped))".contains("value: Optional(1.0)"))
  }

  @Test func progressViews() {
    #expect(resolved(ProgressView(value: 0.3)) == .gauge(GaugeNode(value: 0.3, style: .linear)))
    #expect(
      resolved(ProgressView(value: 3, total: 4)) == .gauge(GaugeNode(value: 0.75, style: .linear)))
    #expect(
      resolved(ProgressView())
        == .modified(
          .gauge(GaugeNode(value: nil, style: .circularCapacity)),
          .frame(Frame(width: 20, height: 20))))
    #expect(
      resolved(ProgressView("Upload", value: 0.5))
        == .stack(
          StackNode(
            axis: .vertical, alignment: .leading, spacing: 4,
            children: [plain("Upload"), .gauge(GaugeNode(value: 0.5, style: .linear))])))
  }

  @Test func aTimerIntervalsProgressIsWhereItStandsAndItsLabelALiveTimer() {
    let start = Date().addingTimeInterval(-30)
    let end = start.addingTimeInterval(120)
    guard case .stack(let stack) = resolved(ProgressView(timerInterval: start...end)),
      case .gauge(let gauge) = stack.children.first
    else {
      Issue.record("a bar over a timer")
      return
    }
    // A quarter has passed: three quarters are left, counting down.
    #expect(abs((gauge.value ?? 0) - 0.75) < 0.01)
    #expect(stack.children.count == 2)
    #expect("\(stack.children[1])".contains("timer"))
    #expect(
      resolved(Text(timerInterval: start...end))
        == .text(TextNode(runs: [TextRun(.timerInterval(start, end, countsDown: true))])))
  }

  @Test func aPausedTimerStandsStillAtWhatItShowedThen() {
    let start = Date(timeIntervalSince1970: 0)
    let end = start.addingTimeInterval(75 * 60)
    let paused = start.addingTimeInterval(1)
    #expect(resolved(Text(timerInterval: start...end, pauseTime: paused)) == plain("1:14:59"))
    #expect(
      resolved(Text(timerInterval: start...end, pauseTime: paused, showsHours: false))
        == plain("74:59"))
    #expect(
      resolved(Text(timerInterval: start...end, pauseTime: paused, countsDown: false))
        == plain("0:01"))
    // A pause outside the interval stands at its nearer end.
    #expect(
      resolved(Text(timerInterval: start...end, pauseTime: end.addingTimeInterval(60)))
        == plain("0:00"))
  }
}
