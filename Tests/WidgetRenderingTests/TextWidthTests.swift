import Foundation
import TestSupport
import Testing

@testable import WidgetRendering

/// Terminal column widths of characters and text, and the generated Unicode tables behind them.
@Suite struct TextWidthTests {
  static let tablesPath = "Sources/WidgetRendering/Text/UnicodeTables/TextWidthTables.swift"
  static let scriptPath =
    "Sources/WidgetRendering/Text/UnicodeTables/generate_width_tables.py"
  static let unicodeDataInstalled = FileManager.default.fileExists(
    atPath: "/usr/share/unicode/EastAsianWidth.txt")

  /// The width of `text` as one `Character`, checking that it is one.
  func characterWidth(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
    guard text.count == 1, let character = text.first else {
      Issue.record(
        "\(text.debugDescription) is \(text.count) characters", sourceLocation: sourceLocation)
      return nil
    }
    return TextWidth.of(character)
  }

  @Test func ascii() {
    #expect(TextWidth.of("") == 0)
    #expect(TextWidth.of("a") == 1)
    #expect(TextWidth.of("Hello, world!") == 13)
    #expect(TextWidth.of(" ~") == 2)
    #expect(characterWidth("a") == 1)
    #expect(characterWidth(" ") == 1)
    #expect(TextWidth.of("Hello"[...].dropFirst()) == 4)
  }

  @Test func latinWithCombiningMarks() {
    #expect(characterWidth("e\u{301}") == 1)
    #expect(TextWidth.of("e\u{301}") == 1)
    #expect(TextWidth.of("\u{E9}") == 1)
    #expect(TextWidth.of("Cafe\u{301} cr\u{E8}me br\u{FB}le\u{301}e") == 17)
    #expect(characterWidth("a\u{300}\u{316}\u{20DD}") == 1)  // Mn, Mn and Me
    #expect(characterWidth("\u{301}") == 0)  // a combining mark on its own
    #expect(TextWidth.of("Zalgo\u{336}\u{334}\u{335}") == 5)
  }

  @Test func cjk() {
    #expect(TextWidth.of("熊猫") == 4)
    #expect(TextWidth.of("这是颜色") == 8)
    #expect(TextWidth.of("寄语") == 4)
    #expect(TextWidth.of("熊猫 panda") == 10)
    #expect(TextWidth.of("\u{4DBF}\u{4E00}\u{9FFF}") == 6)  // Extension A and the main block
    #expect(TextWidth.of("\u{20000}\u{2A6DF}\u{3134A}") == 6)  // planes 2 and 3
    #expect(TextWidth.of("日本語ひらがなカタカナ") == 22)
    #expect(TextWidth.of("、。「」") == 8)
  }

  @Test func fullwidthAndHalfwidthForms() {
    #expect(TextWidth.of("ＡＢＣ") == 6)
    #expect(TextWidth.of("１２３！") == 8)
    #expect(TextWidth.of("\u{3000}") == 2)  // ideographic space
    #expect(TextWidth.of("￥￡") == 4)
    #expect(TextWidth.of("ｶﾀｶﾅ") == 4)  // halfwidth katakana
  }

  @Test func emoji() {
    #expect(characterWidth("🐼") == 2)
    #expect(characterWidth("🦁\u{FE0F}") == 2)
    #expect(characterWidth("🐯") == 2)
    #expect(characterWidth("🐱") == 2)
    #expect(characterWidth("▶\u{FE0F}") == 2)  // text by default, emoji with VS16
    #expect(characterWidth("▶") == 1)
    #expect(characterWidth("❤\u{FE0F}") == 2)
    #expect(characterWidth("1\u{FE0F}\u{20E3}") == 2)  // keycap
    #expect(characterWidth("🇯🇵") == 2)  // a flag: two regional indicators
    #expect(characterWidth("👍🏽") == 2)  // skin tone
    #expect(characterWidth("\u{1FAE9}") == 2)  // Unicode 16, newer than the tables: a future emoji
    #expect(characterWidth("\u{1F8B0}") == 1)  // Unicode 16 arrow: not in an emoji block
    #expect(TextWidth.of("熊猫🐼") == 6)
    #expect(TextWidth.of("🐼🦁️🐯🐱") == 8)
    #expect(TextWidth.of("▶️ play") == 7)
  }

  @Test func zwjSequences() {
    #expect(characterWidth("👨\u{200D}👩\u{200D}👧") == 2)
    #expect(TextWidth.of("👨‍👩‍👧") == 2)
    #expect(characterWidth("🏳\u{FE0F}\u{200D}🌈") == 2)
    #expect(characterWidth("👩🏽\u{200D}💻") == 2)
    #expect(TextWidth.of("👨‍👩‍👧 family") == 9)
  }

  @Test func hangul() {
    #expect(TextWidth.of("한국어") == 6)
    #expect(TextWidth.of("안녕하세요") == 10)
    #expect(characterWidth("\u{1100}\u{1161}\u{11A8}") == 2)  // conjoining jamo: 각
    #expect(characterWidth("\u{1100}") == 2)  // a leading consonant on its own
    #expect(characterWidth("\u{1161}") == 0)  // a medial vowel on its own
    #expect(TextWidth.of("\u{3131}\u{314F}") == 4)  // compatibility jamo
  }

  @Test func zeroWidthCharacters() {
    #expect(characterWidth("\u{200B}") == 0)  // zero width space
    #expect(characterWidth("\u{200D}") == 0)  // zero width joiner
    #expect(characterWidth("\u{200C}") == 0)  // zero width non-joiner
    #expect(characterWidth("\u{200E}") == 0)  // left-to-right mark
    #expect(characterWidth("\u{2060}") == 0)  // word joiner
    #expect(characterWidth("\u{FEFF}") == 0)  // zero width no-break space
    #expect(characterWidth("\u{FE0F}") == 0)  // a variation selector on its own
    #expect(TextWidth.of("a\u{200B}b") == 2)
    #expect(TextWidth.of("a\u{200D}b") == 2)
    #expect(TextWidth.of("\u{200B}\u{200B}") == 0)
    #expect(characterWidth("\u{AD}") == 1)  // soft hyphen: shown where a line breaks
  }

  @Test func controlCharacters() {
    for control in ["\u{0}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}"] {
      #expect(characterWidth(control) == 0, "\(control.debugDescription)")
    }
    #expect(characterWidth("\r\n") == 0)
    #expect(TextWidth.of("a\tb\n") == 2)
    #expect(TextWidth.of("ab\r\n") == 2)
    #expect(TextWidth.of("\u{1B}[1m熊") == 5)
  }

  @Test func textWidthIsTheSumOfCharacterWidths() {
    let samples = [
      "plain ASCII text", "line\r\nbreaks\tand\u{7}bells", "e\u{301}te\u{301}", "熊猫 🐼 panda",
      "👨‍👩‍👧 ▶️ 🇯🇵", "한국어 \u{1100}\u{1161}", "a\u{200B}b\u{AD}c", "ｶﾀｶﾅ ＡＢＣ",
    ]
    for sample in samples {
      #expect(
        TextWidth.of(sample) == sample.reduce(0) { $0 + TextWidth.of($1) },
        "\(sample.debugDescription)")
    }
  }

  @Test func tablesAreSortedMergedAndDisjoint() {
    for table in [TextWidthTables.wide, TextWidthTables.zeroWidth] {
      #expect(!table.isEmpty)
      for (previous, next) in zip(table, table.dropFirst()) {
        #expect(previous.upperBound + 1 < next.lowerBound, "\(previous) and \(next)")
      }
    }
    for range in TextWidthTables.wide {
      #expect(!TextWidthTables.zeroWidth.contains { $0.overlaps(range) }, "\(range)")
    }
    #expect(TextWidthTables.wide.contains { $0.contains(0x4E00) })
    #expect(TextWidthTables.zeroWidth.contains { $0.contains(0x301) })
  }

  @Test(
    .enabled(
      if: unicodeDataInstalled,
      """
      needs /usr/share/unicode/EastAsianWidth.txt from Debian's unicode-data package \
      (apt-get install unicode-data) to regenerate the width tables
      """))
  func committedTablesMatchTheGenerator() throws {
    let directory = TestSupport.temporaryDirectory("width-tables")
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("TextWidthTables.swift")
    let root = TestSupport.repositoryRoot
    let result = try TestSupport.run(
      "/usr/bin/env",
      ["python3", root.appendingPathComponent(Self.scriptPath).path, "--output", output.path])
    try #require(result.status == 0, "the generator failed: \(result.errors)")

    let generated = try String(contentsOf: output, encoding: .utf8)
    let committed = try String(
      contentsOf: root.appendingPathComponent(Self.tablesPath), encoding: .utf8)
    let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
    let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference = (0..<max(generatedLines.count, committedLines.count)).first {
      $0 >= generatedLines.count || $0 >= committedLines.count
        || generatedLines[$0] != committedLines[$0]
    }
    #expect(
      firstDifference == nil,
      """
      \(Self.tablesPath) is stale (first difference at line \((firstDifference ?? 0) + 1)); \
      regenerate it with `python3 \(Self.scriptPath)`
      """)
  }
}
