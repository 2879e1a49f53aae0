import Foundation
import Testing
import WidgetSchema

@testable import WidgetRendering

/// `PointMetrics.measure` answers a proposal that a text fits unbounded with its unbounded
/// layout instead of asking Pango again: for every kind of text and proposal it must give what
/// Pango gives when it lays the text out in that box.
@Suite struct PointTextMeasureTests {
  static let strings = [
    "Hi", "Two words", "A longer line of text that wraps in a narrow box", "first\nsecond",
    "مرحبا بالعالم", "emoji 😀 and 中文", "",
  ]

  static let styles = [
    TextStyle(), TextStyle(lineLimit: 1), TextStyle(lineLimit: 2),
    TextStyle(multilineTextAlignment: .center), TextStyle(minimumScaleFactor: 0.5),
    TextStyle(font: Font(size: 30), truncationMode: .middle),
  ]

  static let lengths: [Double?] = [nil, 0, 8, 40, 90, 170, 1_000_000]

  @Test func measuringGivesWhatPangoLaysOut() throws {
    let c = try PixelLibraries.load()
    PixelLibraries.lock.withLock { _ in
      var metrics = PointMetrics(libraries: c, context: PixelRenderer.context(c))
      var compared = 0
      for string in Self.strings {
        for style in Self.styles {
          let text = metrics.text(
            TextNode(runs: [.verbatim(string)]), style: style, resolved: metrics.resolve(style)
          ) { run, _ in
            if case .verbatim(let string) = run.content { return string }
            return ""
          }
          for width in Self.lengths {
            for height in Self.lengths {
              let measured = PointMetrics.measure(text, width: width, height: height)
              let laidOut =
                string.isEmpty
                ? PointTextLines(size: .zero, lines: [])
                : PointMetrics.layOut(text, width: width, height: height)
              #expect(
                measured == laidOut,
                "'\(string)' \(style) in \(String(describing: width)) × \(String(describing: height))"
              )
              compared += 1
            }
          }
        }
      }
      #expect(compared == Self.strings.count * Self.styles.count * 49)
    }
  }
}
