import Foundation
import WidgetSchema

/// The key of a localized string: what a string literal given to `Text`, `Label` or `Link`
/// becomes, as in SwiftUI.
///
/// An interpolated literal keeps its values apart from the text around them: the key of
/// `"\(song) - \(artist)"` is `"%@ - %@"` and the values are its arguments, exactly as SwiftUI
/// builds the key it looks up in `Localizable.strings`. Values are formatted when the view is
/// resolved, with the conversion SwiftUI uses (`%lld` for integers, `%lf` for doubles, so
/// `"\(3.5)"` shows `3.500000`, as on iOS; give `specifier:` to choose). Dates interpolated with
/// a style stay dates, so the host formats them at display time.
///
/// The key is looked up in the bundle's `Resources/<lang>.lproj/Localizable.strings` (or the
/// table `Text` names) for the host's language, falling back to the development language and
/// then to the key itself; the arguments are substituted into the format found, positional
/// specifiers (`%2$@`) included, so a translation may reorder them.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
  /// The key: the literal, with a format specifier where each value was interpolated.
  let key: String
  /// The interpolated values, in order.
  let arguments: [Argument]
  /// False for a plain literal, whose `%` signs are text, not specifiers.
  let hasFormatting: Bool

  /// A key made of `value` as it is.
  public init(_ value: String) {
    key = value
    arguments = []
    hasFormatting = false
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  public init(stringInterpolation: StringInterpolation) {
    key = stringInterpolation.key
    arguments = stringInterpolation.arguments
    hasFormatting = true
  }

  /// An interpolated value.
  enum Argument: Equatable, Sendable {
    /// A string (`%@`).
    case string(String)
    /// A number, formatted with its specifier.
    case number(_FormatArgument)
    /// A date shown in a style the host formats at display time (`%@`).
    case date(Date, style: WidgetSchema.DateStyle)
    /// A text, with its own runs and styling (`%@`).
    case text(Text)
  }

  /// Builds a key from an interpolated literal.
  public struct StringInterpolation: StringInterpolationProtocol {
    var key = ""
    var arguments: [Argument] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      key.reserveCapacity(literalCapacity + 2 * interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) {
      key += literal.replacingOccurrences(of: "%", with: "%%")
    }

    /// Interpolates a string (`%@`).
    public mutating func appendInterpolation(_ string: String) {
      key += "%@"
      arguments.append(.string(string))
    }

    /// Interpolates a number with SwiftUI's specifier for its type (`%lld`, `%lf`, …).
    public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
      appendInterpolation(value, specifier: value._specifier)
    }

    /// Interpolates a number with a `printf` specifier: `"\(temperature, specifier: "%.1f")°"`.
    public mutating func appendInterpolation<T: _FormatSpecifiable>(
      _ value: T, specifier: String
    ) {
      key += specifier
      arguments.append(.number(value._formatArgument))
    }

    /// Interpolates a date the host formats at display time in `style` (`%@`).
    public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
      key += "%@"
      arguments.append(.date(date, style: style.style))
    }

    /// Interpolates a text, keeping its styling (`%@`).
    public mutating func appendInterpolation(_ text: Text) {
      key += "%@"
      arguments.append(.text(text))
    }

    /// Appends a range of dates, formatted by the host (`%@`, as `Text(start...end)`).
    public mutating func appendInterpolation(_ dates: ClosedRange<Date>) {
      appendInterpolation(Text(dates))
    }

    /// Appends a date interval, formatted by the host (`%@`, as `Text(interval)`).
    public mutating func appendInterpolation(_ interval: DateInterval) {
      appendInterpolation(Text(interval))
    }

    /// Appends an image, shown in the line of text: `Text("\(Image(systemName: "star")) 4.5")`.
    public mutating func appendInterpolation(_ image: Image) {
      appendInterpolation(Text(image))
    }

    /// Interpolates a value formatted by `format` (`%@`): `"\(price, format: .number)"`.
    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatOutput == String {
      appendInterpolation(format.format(input))
    }

    /// Interpolates a value formatted by `formatter`, or its description (`%@`).
    public mutating func appendInterpolation<Subject: ReferenceConvertible>(
      _ subject: Subject, formatter: Formatter? = nil
    ) {
      appendInterpolation(formatter?.string(for: subject) ?? String(describing: subject))
    }

    /// Interpolates an object formatted by `formatter`, or its description (`%@`).
    public mutating func appendInterpolation<Subject: NSObject>(
      _ subject: Subject, formatter: Formatter? = nil
    ) {
      appendInterpolation(formatter?.string(for: subject) ?? subject.description)
    }
  }

  /// The format to show: the key's string in `table` (`Localizable` when nil) of the bundle's
  /// strings for the host's language, or the key itself when no language has it.
  func format(in environment: EnvironmentValues, table: String? = nil) -> String {
    _BundleStrings.string(forKey: key, table: table) ?? key
  }

  /// The runs this key shows: the format with the arguments substituted, adjacent plain
  /// strings merged into one run. Unlocalized, the key itself is the format.
  func runs(
    in environment: EnvironmentValues, table: String? = nil, localized: Bool = true
  ) -> [TextRun] {
    let format = localized ? format(in: environment, table: table) : key
    let markup = InlineMarkdown.mayHaveMarkup(format)
    guard hasFormatting || markup else { return [.verbatim(format)] }
    // The format's pieces: its characters, and each specifier's value as runs. Without Markdown
    // characters (most keys) the literal pieces go in whole.
    var runs = TextRunBuilder()
    var tokens: [InlineMarkdown.Token] = []
    var values: [[TextRun]] = []
    func literal(_ text: String) {
      if markup { tokens += text.map { .character($0) } } else { runs.append(text) }
    }
    func value(_ value: [TextRun]) {
      // An empty string adds nothing.
      let value = value.filter {
        if case .verbatim(let text) = $0.content { !text.isEmpty } else { true }
      }
      if markup {
        values.append(value)
        tokens.append(.argument(values.count - 1))
      } else {
        runs.append(contentsOf: value)
      }
    }
    if hasFormatting {
      var next = 0
      var scanner = FormatScanner(format)
      while let piece = scanner.next() {
        switch piece {
        case .literal(let text):
          literal(text)
        case .specifier(let specifier, let position):
          let index = position.map { $0 - 1 } ?? next
          if position == nil { next += 1 }
          guard arguments.indices.contains(index) else {
            literal(specifier.text)
            continue
          }
          switch arguments[index] {
          case .string(let string): value([.verbatim(string)])
          case .number(let number): value([.verbatim(number.formatted(with: specifier))])
          case .date(let date, let style): value([.date(date, style: style)])
          case .text(let text): value(text.runs(in: environment))
          }
        }
      }
    } else {
      literal(format)
    }
    for piece in markup ? InlineMarkdown.parse(tokens) : [] {
      switch piece.token {
      case .character(let character):
        runs.append(TextRun(.verbatim(String(character)), style: piece.style))
      case .argument(let index):
        for var run in values[index] {
          run.style = piece.style.merged(with: run.style)
          runs.append(run)
        }
      }
    }
    return runs.runs.isEmpty ? [.verbatim("")] : runs.runs
  }

  /// The key as plain text, not localized, with arguments substituted and dates in ISO 8601
  /// (for places that take a plain string, such as a configuration's display name, which the
  /// host localizes itself). SDK detail.
  public var _plainText: String {
    runs(in: EnvironmentValues(), localized: false).map { run in
      switch run.content {
      case .verbatim(let text): text
      case .date(let date, _): ISO8601DateFormatter().string(from: date)
      case .dateRange(let start, let end), .timerInterval(let start, let end, _):
        ISO8601DateFormatter().string(from: start) + "/" + ISO8601DateFormatter().string(from: end)
      case .image: ""
      }
    }.joined()
  }
}

/// A number interpolated into a ``LocalizedStringKey``. SDK detail.
public struct _FormatArgument: Equatable, Sendable {
  enum Value: Equatable, Sendable {
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double)
  }

  let value: Value

  /// The number formatted with `specifier` (its flags, width and precision kept, its length
  /// and conversion adapted to the number's type), as `String(format:)` would.
  func formatted(with specifier: FormatSpecifier) -> String {
    switch (value, specifier.conversion) {
    case (.signed(let number), "d"), (.signed(let number), "i"):
      String(format: "%\(specifier.options)lld", number)
    case (.signed(let number), "x"), (.signed(let number), "X"), (.signed(let number), "o"),
      (.signed(let number), "u"):
      String(format: "%\(specifier.options)ll\(specifier.conversion)", number)
    case (.unsigned(let number), "d"), (.unsigned(let number), "i"),
      (.unsigned(let number), "u"):
      String(format: "%\(specifier.options)llu", number)
    case (.unsigned(let number), "x"), (.unsigned(let number), "X"), (.unsigned(let number), "o"):
      String(format: "%\(specifier.options)ll\(specifier.conversion)", number)
    case (.floating(let number), "f"), (.floating(let number), "F"), (.floating(let number), "e"),
      (.floating(let number), "E"), (.floating(let number), "g"), (.floating(let number), "G"),
      (.floating(let number), "a"), (.floating(let number), "A"):
      String(format: "%\(specifier.options)\(specifier.conversion)", number)
    case (.signed(let number), _): String(number)
    case (.unsigned(let number), _): String(number)
    case (.floating(let number), _): String(number)
    }
  }
}

/// A number that can be interpolated into a ``LocalizedStringKey``, with SwiftUI's default
/// specifier for its type.
public protocol _FormatSpecifiable: Equatable {
  /// The number. SDK detail.
  var _formatArgument: _FormatArgument { get }
  /// The specifier SwiftUI uses for the type (`%lld` for `Int`, `%lf` for `Double`, …).
  var _specifier: String { get }
}

extension Int: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .signed(Int64(self))) }
  public var _specifier: String { "%lld" }
}

extension Int8: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .signed(Int64(self))) }
  public var _specifier: String { "%d" }
}

extension Int16: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .signed(Int64(self))) }
  public var _specifier: String { "%d" }
}

extension Int32: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .signed(Int64(self))) }
  public var _specifier: String { "%d" }
}

extension Int64: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .signed(self)) }
  public var _specifier: String { "%lld" }
}

extension UInt: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .unsigned(UInt64(self))) }
  public var _specifier: String { "%llu" }
}

extension UInt8: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .unsigned(UInt64(self))) }
  public var _specifier: String { "%u" }
}

extension UInt16: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .unsigned(UInt64(self))) }
  public var _specifier: String { "%u" }
}

extension UInt32: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .unsigned(UInt64(self))) }
  public var _specifier: String { "%u" }
}

extension UInt64: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .unsigned(self)) }
  public var _specifier: String { "%llu" }
}

extension Double: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .floating(self)) }
  public var _specifier: String { "%lf" }
}

extension Float: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .floating(Double(self))) }
  public var _specifier: String { "%f" }
}

extension CGFloat: _FormatSpecifiable {
  public var _formatArgument: _FormatArgument { _FormatArgument(value: .floating(Double(self))) }
  public var _specifier: String { "%lf" }
}

/// One `printf` specifier of a format: `%@`, `%lld`, `%2$.1f`, …
struct FormatSpecifier: Equatable {
  /// The specifier as written.
  var text: String
  /// Flags, width and precision, e.g. `-08.2`.
  var options: String
  /// The conversion character, e.g. `@`, `d`, `f`.
  var conversion: Character
}

/// Splits a format into literal text and specifiers.
struct FormatScanner {
  enum Piece: Equatable {
    case literal(String)
    /// A specifier and its 1-based position, if it names one (`%2$@`).
    case specifier(FormatSpecifier, position: Int?)
  }

  private let characters: [Character]
  private var index = 0

  init(_ format: String) {
    characters = Array(format)
  }

  mutating func next() -> Piece? {
    guard index < characters.count else { return nil }
    if characters[index] != "%" {
      var literal = ""
      while index < characters.count, characters[index] != "%" {
        literal.append(characters[index])
        index += 1
      }
      return .literal(literal)
    }
    if index + 1 < characters.count, characters[index + 1] == "%" {
      index += 2
      return .literal("%")
    }
    if let (specifier, position, end) = specifier(at: index) {
      index = end
      return .specifier(specifier, position: position)
    }
    // A lone "%" that starts no specifier is text.
    index += 1
    return .literal("%")
  }

  /// Parses `%[n$][flags][width][.precision][length]conversion` at `start`.
  private func specifier(at start: Int) -> (FormatSpecifier, Int?, Int)? {
    var cursor = start + 1
    func digits() -> String {
      var result = ""
      while cursor < characters.count, characters[cursor].isASCII, characters[cursor].isNumber {
        result.append(characters[cursor])
        cursor += 1
      }
      return result
    }
    var position: Int?
    let leading = digits()
    if !leading.isEmpty, cursor < characters.count, characters[cursor] == "$" {
      position = Int(leading)
      cursor += 1
    } else {
      cursor = start + 1
    }
    var options = ""
    while cursor < characters.count, "-+ #0'".contains(characters[cursor]) {
      options.append(characters[cursor])
      cursor += 1
    }
    options += digits()
    if cursor < characters.count, characters[cursor] == "." {
      cursor += 1
      options += "." + digits()
    }
    while cursor < characters.count, "hlqLzjt".contains(characters[cursor]) {
      cursor += 1
    }
    guard cursor < characters.count, "@dDiuUxXoOfFeEgGaAcCsSp".contains(characters[cursor])
    else { return nil }
    let conversion = characters[cursor]
    let text = String(characters[start...cursor])
    return (
      FormatSpecifier(text: text, options: options, conversion: conversion), position, cursor + 1
    )
  }
}

/// Collects runs, merging adjacent plain strings with the same style.
struct TextRunBuilder {
  var runs: [TextRun] = []

  mutating func append(_ text: String) {
    guard !text.isEmpty else { return }
    append(.verbatim(text))
  }

  mutating func append(_ run: TextRun) {
    if case .verbatim(let text) = run.content, let last = runs.last,
      case .verbatim(let previous) = last.content, last.style == run.style
    {
      runs[runs.count - 1].content = .verbatim(previous + text)
    } else {
      runs.append(run)
    }
  }

  mutating func append(contentsOf runs: [TextRun]) {
    for run in runs { append(run) }
  }
}
