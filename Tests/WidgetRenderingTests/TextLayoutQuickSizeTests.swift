import Testing

@testable import WidgetRendering
@testable import WidgetSchema

/// The one-line shortcut of measuring and drawing text: wherever ``TextLayout/quickSize`` answers,
/// it answers what breaking the text into lines gives; the stack's memory of answers gives
/// back what it was given.
@Suite struct TextLayoutQuickSizeTests {
  /// Glyphs for `text`, one per ASCII byte, in style `style` (or the styles given per glyph).
  func glyphs(_ text: String, style: UInt32 = 0, styles: [UInt32]? = nil) -> [Glyph] {
    text.utf8.enumerated().map { index, byte in
      Glyph(code: UInt32(byte), width: byte == 0x0A ? 0 : 1, style: styles?[index] ?? style)
    }
  }

  @Test func agreesWithTheLinesWhereverItAnswers() {
    let texts: [[Glyph]] = [
      [], glyphs("a"), glyphs("load 1.23"), glyphs(" leading space"), glyphs("two\nlines"),
      glyphs("ab cd", styles: [0, 0, 1, 1, 1]), glyphs("a rather long line of text to wrap"),
      glyphs("\n"), glyphs("trailing "),
    ]
    var styles: [TextStyle] = [TextStyle()]
    for limit in [0, 1, 2, 3] { styles.append(TextStyle(lineLimit: limit)) }
    styles.append(TextStyle(truncationMode: .head))
    let lengths: [Int?] = [nil, 0, 1, 2, 4, 9, 12, 40, 1 << 20]
    var answered = 0
    for text in texts {
      let summary = TextLayout.Summary(text)
      for style in styles.map(TextLayout.Paragraph.init) {
        for width in lengths {
          for height in lengths {
            guard
              let size = TextLayout.quickSize(summary, width: width, height: height, style: style)
            else { continue }
            answered += 1
            let lines = TextLayout.lines(text, width: width, height: height, style: style)
            #expect(
              lines.count == size.height, "\(text.count) glyphs, \(width ?? -1)×\(height ?? -1)")
            #expect(
              lines.map(TextLayout.width).max() ?? 0 == size.width,
              "\(text.count) glyphs, \(width ?? -1)×\(height ?? -1)")
            if size.height == 1 { #expect(lines == [text]) }
          }
        }
      }
    }
    // It answers for most one-line proposals, or it saves nothing.
    #expect(answered > 300)
  }

  @Test func declinesWhatWrappingOrTruncationChanges() {
    let style = TextLayout.Paragraph(TextStyle())
    // Too wide for the line: wrapped or truncated.
    #expect(
      TextLayout.quickSize(
        TextLayout.Summary(glyphs("load 1.23")), width: 4, height: 3, style: style)
        == nil)
    // A leading space, which wrapping drops.
    #expect(
      TextLayout.quickSize(TextLayout.Summary(glyphs(" x")), width: 10, height: 3, style: style)
        == nil)
    // Two styles: wrapping restyles the spaces between words.
    #expect(
      TextLayout.quickSize(
        TextLayout.Summary(glyphs("a b", styles: [1, 0, 2])), width: 10, height: 3, style: style)
        == nil)
    // Two paragraphs.
    #expect(
      TextLayout.quickSize(TextLayout.Summary(glyphs("a\nb")), width: 10, height: 3, style: style)
        == nil)
  }

  @Test func remembersEachAnswerByProposal() {
    var remembered = Remembered<Int>()
    var computed = 0
    let proposals = (0..<5).map { Proposal(width: Double($0), height: $0 == 3 ? nil : 1) }
    for _ in 0..<3 {
      for (index, proposal) in proposals.enumerated() {
        let value = remembered.value(for: proposal) { _ in
          computed += 1
          return index * 10
        }
        #expect(value == index * 10)
      }
    }
    #expect(computed == proposals.count)
  }
}
