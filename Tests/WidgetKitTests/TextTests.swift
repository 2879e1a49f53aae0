import Foundation
import Testing
import WidgetSchema

@testable import SwiftUI
@testable import WidgetKit

/// Text: localized keys and their interpolation, and the modifiers that style runs.
@Suite struct TextTests {
  let date = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func literalsAreLocalizedStringKeysAndStringsAreVerbatim() {
    #expect(Text("Hello").segments == [Text.Segment(content: .localized("Hello", table: nil))])
    let value = "Hello"
    #expect(Text(value).segments == [Text.Segment(content: .verbatim("Hello"))])
    #expect(Text(value[...]).segments == [Text.Segment(content: .verbatim("Hello"))])
    #expect(Text(verbatim: "%d").segments == [Text.Segment(content: .verbatim("%d"))])
    #expect(resolved(Text("Hello")) == plain("Hello"))
    #expect(resolved(Text("Sale", tableName: "Shop")) == plain("Sale"))
  }

  @Test func keysKeepTheirFormatAndArguments() {
    let song = "Song"
    let artist = "Artist"
    let key: LocalizedStringKey = "\(song) - \(artist)"
    #expect(key.key == "%@ - %@")
    #expect(key.arguments == [.string("Song"), .string("Artist")])
    #expect(runs(Text(key)) == [.verbatim("Song - Artist")])

    let count = 3
    let ratio = 0.5
    let numbers: LocalizedStringKey = "\(count) items, \(ratio) full, 100%"
    #expect(numbers.key == "%lld items, %lf full, 100%%")
    #expect(runs(Text(numbers)) == [.verbatim("3 items, 0.500000 full, 100%")])
  }

  @Test func plainLiteralsShowPercentSignsAndSpecifiersAsText() {
    #expect(runs(Text("100% of %d")) == [.verbatim("100% of %d")])
  }

  @Test func numbersUseSwiftUISpecifiersOrTheOneGiven() {
    let temperature = 21.456
    let small: Int32 = -7
    let unsigned: UInt = 42
    let float: Float = 1.5
    let cg: CGFloat = 2
    #expect(runs(Text("\(temperature, specifier: "%.1f")°")) == [.verbatim("21.5°")])
    #expect(
      runs(Text("\(small)|\(unsigned)|\(float)|\(cg)")) == [
        .verbatim("-7|42|1.500000|2.000000")
      ])
    #expect(runs(Text("\(255, specifier: "%04x")")) == [.verbatim("00ff")])
  }

  @Test func datesWithAStyleStayDates() {
    let name = "Bus"
    #expect(
      runs(Text("\(name) at \(date, style: .time)!"))
        == [.verbatim("Bus at "), .date(date, style: .time), .verbatim("!")])
    #expect(runs(Text("\(date, style: .relative)")) == [.date(date, style: .relative)])
  }

  @Test func interpolatedTextKeepsItsStyling() {
    let bold = Text("world").bold()
    #expect(
      runs(Text("Hello, \(bold)!"))
        == [
          .verbatim("Hello, "), TextRun(.verbatim("world"), style: TextStyle(weight: .bold)),
          .verbatim("!"),
        ])
  }

  @Test func imagesSitInTheLineOfText() {
    let rating = 4.5
    #expect(
      runs(Text("\(Image(systemName: "star.fill")) \(rating, specifier: "%.1f")"))
        == [.image(ImageNode(systemName: "star.fill")), .verbatim(" 4.5")])
    #expect(
      runs(Text(Image(systemName: "bolt")).foregroundColor(.yellow) + Text(" 80%"))
        == [
          TextRun(
            .image(ImageNode(systemName: "bolt")),
            style: TextStyle(foreground: ColorValue(name: "yellow"))),
          .verbatim(" 80%"),
        ])
    #expect(runs(Text(Image("logo"))) == [.image(ImageNode(name: "logo"))])
    // The symbol variant of the environment applies, as to an image outside text.
    #expect(
      resolved(Text(Image(systemName: "heart")).symbolVariant(.fill))
        == .text(TextNode(runs: [.image(ImageNode(systemName: "heart.fill"))])))
    // A gallery name or description is a string: images leave it.
    #expect(Text("\(Image(systemName: "star"))!")._galleryText == "!")
  }

  @Test func dateRangesAndChosenTimeZonesStayForTheHost() {
    let end = date.addingTimeInterval(3600)
    #expect(runs(Text(date...end)) == [TextRun(.dateRange(date, end))])
    #expect(
      runs(Text(DateInterval(start: date, duration: 60)))
        == [TextRun(.dateRange(date, date.addingTimeInterval(60)))])
    #expect(
      runs(Text("Meeting \(date...end)"))
        == [.verbatim("Meeting "), TextRun(.dateRange(date, end))])
    // A world clock: each city's zone goes with its dates, not with the other runs.
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let clock = Text("Tokyo ") + Text(date, style: .time)
    #expect(
      resolved(clock.environment(\.timeZone, tokyo))
        == .text(
          TextNode(runs: [
            .verbatim("Tokyo "),
            TextRun(.date(date, style: .time), style: TextStyle(timeZone: "Asia/Tokyo")),
          ])))
    #expect(
      resolved(Text(date, style: .time)) == .text(TextNode(runs: [.date(date, style: .time)])))
  }

  @Test func theEnvironmentsLocaleIsTheHostsUnlessSet() {
    #expect(EnvironmentValues().locale == Locale.current)
    var environment = EnvironmentValues()
    environment.locale = Locale(identifier: "de_DE")
    environment.calendar = Calendar(identifier: .japanese)
    #expect(environment.locale.identifier == "de_DE")
    #expect(environment.calendar.identifier == .japanese)
    #expect(EnvironmentValues().timeZone == TimeZone.current)
  }

  @Test func literalsRenderInlineMarkdownAsSwiftUIDoes() {
    let bold = TextStyle(weight: .bold)
    #expect(
      runs(Text("Hello **world**")) == [
        .verbatim("Hello "), TextRun(.verbatim("world"), style: bold),
      ])
    let count = 3
    #expect(
      runs(Text("You have __\(count)__ *new* ~~old~~ tasks"))
        == [
          .verbatim("You have "), TextRun(.verbatim("3"), style: bold), .verbatim(" "),
          TextRun(.verbatim("new"), style: TextStyle(italic: true)), .verbatim(" "),
          TextRun(.verbatim("old"), style: TextStyle(strikethrough: true)), .verbatim(" tasks"),
        ])
    // Values are never Markdown; nor are delimiters without a partner, spaced ones, `_` inside
    // words, escaped ones, or anything in code.
    let starred = "**not bold**"
    #expect(runs(Text("\(starred)")) == [.verbatim("**not bold**")])
    #expect(runs(Text("2 * 3 * 4")) == [.verbatim("2 * 3 * 4")])
    #expect(runs(Text("a*b")) == [.verbatim("a*b")])
    #expect(runs(Text("snake_case_name")) == [.verbatim("snake_case_name")])
    #expect(runs(Text("\\*literal\\*")) == [.verbatim("*literal*")])
    #expect(runs(Text("run `make **all**`")) == [.verbatim("run make **all**")])
    #expect(
      runs(Text("Open [the app](myapp://home) now"))
        == [
          .verbatim("Open "),
          TextRun(
            .verbatim("the app"), style: TextStyle(foreground: ColorValue(name: "accentColor"))),
          .verbatim(" now"),
        ])
    // An interpolated text keeps its own styling under the Markdown's.
    let red = Text("hot").foregroundColor(.red)
    #expect(
      runs(Text("**very \(red)**"))
        == [
          TextRun(.verbatim("very "), style: bold),
          TextRun(
            .verbatim("hot"), style: TextStyle(weight: .bold, foreground: ColorValue(name: "red"))),
        ])
    // Verbatim strings are shown as they are.
    #expect(runs(Text(verbatim: "**x**")) == [.verbatim("**x**")])
    let plain = "**x**"
    #expect(runs(Text(plain)) == [.verbatim("**x**")])
  }

  @Test func formatStylesAndFormatters() {
    let formatter = NumberFormatter()
    formatter.numberStyle = .percent
    #expect(runs(Text("\(NSNumber(value: 0.25), formatter: formatter)")) == [.verbatim("25%")])
    #expect(runs(Text("\(12, format: .number)")) == [.verbatim("12")])
  }

  @Test func positionalSpecifiersAndMissingArguments() {
    // What a translation may do to a key: reorder the arguments.
    var scanner = FormatScanner("%2$@ by %1$@, %@ and %")
    var pieces: [FormatScanner.Piece] = []
    while let piece = scanner.next() { pieces.append(piece) }
    #expect(
      pieces == [
        .specifier(FormatSpecifier(text: "%2$@", options: "", conversion: "@"), position: 2),
        .literal(" by "),
        .specifier(FormatSpecifier(text: "%1$@", options: "", conversion: "@"), position: 1),
        .literal(", "),
        .specifier(FormatSpecifier(text: "%@", options: "", conversion: "@"), position: nil),
        .literal(" and "), .literal("%"),
      ])
    let one = "only"
    #expect(runs(Text("\(one) and %@ \(one)")) == [.verbatim("only and %@ only")])
  }

  @Test func textModifiersStyleEveryRun() {
    #expect(runs(Text("a").bold()) == [TextRun(.verbatim("a"), style: TextStyle(weight: .bold))])
    #expect(
      runs(Text("a").italic().underline().strikethrough().fontWeight(.light))
        == [
          TextRun(
            .verbatim("a"),
            style: TextStyle(weight: .light, italic: true, underline: true, strikethrough: true))
        ])
    #expect(
      runs(Text("a").font(.title2).foregroundColor(.red))
        == [
          TextRun(
            .verbatim("a"),
            style: TextStyle(
              font: WidgetSchema.Font(textStyle: .title2), foreground: ColorValue(name: "red")))
        ])
    #expect(
      runs(Text("a").foregroundStyle(.secondary))
        == [TextRun(.verbatim("a"), style: TextStyle(foreground: ColorValue(name: "secondary")))])
    #expect(
      runs(Text("a").font(.system(size: 8, weight: .bold, design: .monospaced)))
        == [
          TextRun(
            .verbatim("a"),
            style: TextStyle(
              font: WidgetSchema.Font(size: 8, weight: .bold, design: "monospaced")))
        ])
    #expect(
      runs(Text("a").font(.body.italic()))
        == [
          TextRun(
            .verbatim("a"),
            style: TextStyle(font: WidgetSchema.Font(textStyle: .body), italic: true))
        ])
    // nil and inactive modifiers change nothing.
    #expect(
      runs(Text("a").font(nil).fontWeight(nil).foregroundColor(nil).bold(false)) == [.verbatim("a")]
    )
  }

  @Test func concatenationKeepsPerRunStyling() {
    let text = Text("a").bold() + Text("b") + Text(date, style: .timer).italic()
    #expect(
      runs(text) == [
        TextRun(.verbatim("a"), style: TextStyle(weight: .bold)), .verbatim("b"),
        TextRun(.date(date, style: .timer), style: TextStyle(italic: true)),
      ])
    // A modifier on the whole applies to every part; a part's own value wins.
    #expect(
      runs((Text("a").fontWeight(.light) + Text("b")).bold()) == [
        TextRun(.verbatim("a"), style: TextStyle(weight: .light)),
        TextRun(.verbatim("b"), style: TextStyle(weight: .bold)),
      ])
  }

  @Test func viewModifiersOnTextWrapTheParagraph() {
    #expect(
      resolved(Text("a").lineLimit(1)) == style(plain("a"), TextStyle(lineLimit: 1)))
  }
}
