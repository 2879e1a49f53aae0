import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// Date ranges (`Text(start...end)`) and dates in a chosen time zone
/// (`.environment(\.timeZone, …)`), as the host formats them at display time.
@Suite struct DateRunRenderingTests {
  let dates = DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
  // 2027-01-15 09:00:00 UTC.
  let nine = Date(timeIntervalSince1970: 1_800_003_600)

  @Test func aRangeOnOneDayShowsTimesAndAcrossDaysDatesToo() {
    #expect(dates.range(from: nine, to: nine.addingTimeInterval(5400)) == "9:00 – 10:30 AM")
    let nextDay = dates.range(from: nine, to: nine.addingTimeInterval(26 * 3600))
    #expect(nextDay.contains("Jan 15") && nextDay.contains("Jan 16"), "\(nextDay)")
    // An empty range is its one moment.
    #expect(dates.range(from: nine, to: nine) == "9:00 AM")
  }

  @Test func aZoneNamedInTheStyleWins() {
    #expect(dates.inZone("Asia/Tokyo").string(nine, style: .time, now: nine) == "6:00 PM")
    #expect(dates.inZone(nil).string(nine, style: .time, now: nine) == "9:00 AM")
  }

  @Test func theGridShowsEachCityInItsZone() {
    let renderer = Renderer(dates: dates)
    func clock(_ zone: String?) -> ViewNode {
      .text(
        TextNode(runs: [
          .verbatim("x "),
          TextRun(.date(nine, style: .time), style: TextStyle(timeZone: zone)),
        ]))
    }
    let view = ViewNode.stack(
      StackNode(
        axis: .vertical,
        children: [
          clock("America/New_York"), clock("Asia/Tokyo"), clock(nil),
          .modified(
            .text(TextNode(runs: [TextRun(.dateRange(nine, nine.addingTimeInterval(3600)))])),
            .style(TextStyle(timeZone: "Europe/Paris"))),
        ]))
    let lines = renderer.render(view, family: .systemMedium, now: nine).lines.map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    #expect(lines == ["x 4:00 AM", "x 6:00 PM", "x 9:00 AM", "10:00 – 11:00 AM"])
  }

  @Test func limitsRefuseAnUnknownZoneAndABackwardRange() {
    let zone = ViewNode.text(
      TextNode(runs: [TextRun(.date(nine, style: .time), style: TextStyle(timeZone: "Mars/Base"))]))
    #expect(
      ViewLimits.problem(in: zone, at: "view")?.description
        == "view.runs[0].attributes.timeZone: 'Mars/Base' is not a time zone identifier (like Europe/Paris)"
    )
    let backward = ViewNode.text(TextNode(runs: [TextRun(.dateRange(nine, nine - 1))]))
    #expect(
      ViewLimits.problem(in: backward, at: "view")?.description
        == "view.runs[0].to: the range ends before it starts ('from')")
  }

  /// `Text(timerInterval:countsDown:)`: a countdown stops at 0:00 at the interval's end, and a
  /// count up at the interval's length; in between it is redrawn each second, and once over
  /// never again.
  @Test func aTimerOverAnIntervalStandsStillOnceItIsOver() {
    let renderer = Renderer(dates: dates)
    let end = nine.addingTimeInterval(90)
    func shown(_ countsDown: Bool, at now: Date) -> (text: String, next: Date?) {
      let view = ViewNode.text(
        TextNode(runs: [TextRun(.timerInterval(nine, end, countsDown: countsDown))]))
      let drawn = renderer.render(view, family: .accessoryInline, now: now)
      return (drawn.lines.joined().trimmingCharacters(in: .whitespaces), drawn.nextLiveChange)
    }
    #expect(shown(true, at: nine.addingTimeInterval(30.5)).text == "0:59")
    #expect(shown(true, at: nine.addingTimeInterval(30.5)).next == nine.addingTimeInterval(31))
    #expect(shown(true, at: end.addingTimeInterval(600)) == ("0:00", nil))
    #expect(shown(false, at: nine.addingTimeInterval(30.5)).text == "0:30")
    #expect(shown(false, at: nine.addingTimeInterval(30.5)).next == nine.addingTimeInterval(31))
    #expect(shown(false, at: end.addingTimeInterval(600)) == ("1:30", nil))
    // Before the interval a countdown shows all of it, until the interval starts.
    #expect(shown(true, at: nine - 10).text == "1:30")
    #expect(shown(true, at: nine - 10).next == nine.addingTimeInterval(0.001))
    let backward = ViewNode.text(
      TextNode(runs: [TextRun(.timerInterval(nine, nine - 1, countsDown: true))]))
    #expect(
      ViewLimits.problem(in: backward, at: "view")?.description
        == "view.runs[0].to: the range ends before it starts ('from')")
  }
}
