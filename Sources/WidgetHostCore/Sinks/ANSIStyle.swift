import WidgetRendering
import WidgetSchema

/// Turns an entry's lines and style spans into text with ANSI SGR escape sequences.
enum ANSIStyle {
  static let reset = "\u{1B}[0m"

  /// `lines` with each span's style applied.
  static func styled(_ lines: [String], spans: [Span]) -> [String] {
    var byRow: [Int: [Span]] = [:]
    for span in spans { byRow[span.row, default: []].append(span) }
    return lines.enumerated().map { row, line in
      guard let rowSpans = byRow[row], !rowSpans.isEmpty else { return line }
      var result = ""
      var column = 0
      var current = ""
      for character in line {
        let span = rowSpans.first { column >= $0.column && column < $0.column + $0.length }
        let codes = span.map(sgr) ?? ""
        if codes != current {
          result += reset + (codes.isEmpty ? "" : "\u{1B}[\(codes)m")
          current = codes
        }
        result.append(character)
        column += max(1, TextWidth.of(character))
      }
      if !current.isEmpty { result += reset }
      return result
    }
  }

  /// The SGR parameters for a span.
  static func sgr(_ span: Span) -> String {
    var codes: [String] = []
    if span.bold == true { codes.append("1") }
    if span.dim == true || span.redacted == true { codes.append("2") }
    if span.italic == true { codes.append("3") }
    if span.underline == true { codes.append("4") }
    if span.strikethrough == true { codes.append("9") }
    if let foreground = span.foreground, let code = color(foreground, background: false) {
      codes.append(code)
    }
    if let background = span.background, let code = color(background, background: true) {
      codes.append(code)
    }
    return codes.joined(separator: ";")
  }

  private static func color(_ color: ColorValue, background: Bool) -> String? {
    if let red = color.red, let green = color.green, let blue = color.blue {
      let scale = background && color.opacity < 1 ? color.opacity : 1
      let components = [red, green, blue].map { String(Int(($0 * scale * 255).rounded())) }
      return (background ? "48;2;" : "38;2;") + components.joined(separator: ";")
    }
    guard let name = color.name else { return nil }
    if background && color.opacity < 0.5 { return "48;5;236" }
    let palette: [String: Int] = [
      "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "purple": 5, "indigo": 5,
      "cyan": 6, "teal": 6, "mint": 6, "white": 7, "accentColor": 4,
    ]
    let extended: [String: Int] = [
      "orange": 208, "pink": 205, "brown": 130, "gray": 244, "secondary": 244,
    ]
    if let base = palette[name] { return String((background ? 40 : 30) + base) }
    if let index = extended[name] { return (background ? "48;5;" : "38;5;") + String(index) }
    return nil  // primary and clear: the terminal's own colours.
  }
}
