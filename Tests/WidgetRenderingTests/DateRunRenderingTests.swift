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
}
