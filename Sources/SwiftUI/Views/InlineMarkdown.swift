import WidgetSchema

/// The inline Markdown that SwiftUI renders in a `Text` made from a ``LocalizedStringKey``
/// (`Text("Your **\(count)** tasks")`): strong (`**` or `__`), emphasis (`*` or `_`),
/// strikethrough (`~~`), code (`` ` ``, shown without its backticks), links (`[text](url)`, the
/// text in the accent colour) and backslash escapes. It is read from the format, after
/// localization, so a translation keeps its own; interpolated values are never read as
/// Markdown. Delimiters follow CommonMark's flanking rules in short: an opener is followed by
/// a character that is not a space, a closer preceded by one, and `_` does not open or close
/// inside a word (`snake_case` stays as it is); a delimiter with no partner is text.
enum InlineMarkdown {
  /// One piece of a format: a character, or an argument's place.
  enum Token: Equatable {
    case character(Character)
    case argument(Int)
  }

  /// What a piece shows, styled.
  struct Styled: Equatable {
    var token: Token
    var style: TextStyle
  }

  /// `tokens` with their Markdown applied: the delimiters gone, each remaining piece in its
  /// style.
  static func parse(_ tokens: [Token]) -> [Styled] {
    var output: [Styled] = []
    var style = TextStyle()
    var open: Set<String> = []
    var index = 0
    func character(at offset: Int) -> Character? {
      guard tokens.indices.contains(offset), case .character(let c) = tokens[offset] else {
        return nil
      }
      return c
    }
    func matches(_ delimiter: String, at offset: Int) -> Bool {
      for (step, c) in delimiter.enumerated() where character(at: offset + step) != c {
        return false
      }
      return true
    }
    func isSpace(_ offset: Int) -> Bool { character(at: offset)?.isWhitespace ?? false }
    func isWordCharacter(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber } ?? false }
    /// Whether `delimiter` at `offset` may open: a character that is not a space follows (an
    /// argument counts as one), and a closer for it comes later.
    func opens(_ delimiter: String, at offset: Int) -> Bool {
      let after = offset + delimiter.count
      guard after < tokens.count, !isSpace(after) else { return false }
      if delimiter.first == "_", isWordCharacter(character(at: offset - 1)) { return false }
      var probe = after + 1
      while probe + delimiter.count <= tokens.count {
        if matches(delimiter, at: probe), closes(delimiter, at: probe) { return true }
        probe += 1
      }
      return false
    }
    /// Whether `delimiter` at `offset` may close: what precedes it is not a space.
    func closes(_ delimiter: String, at offset: Int) -> Bool {
      guard offset > 0, !isSpace(offset - 1) else { return false }
      if delimiter.first == "_", isWordCharacter(character(at: offset + delimiter.count)) {
        return false
      }
      return true
    }
    func toggle(_ delimiter: String) {
      if open.remove(delimiter) == nil { open.insert(delimiter) }
      style = TextStyle()
      if open.contains("**") || open.contains("__") { style.weight = .bold }
      if open.contains("*") || open.contains("_") { style.italic = true }
      if open.contains("~~") { style.strikethrough = true }
    }
    while index < tokens.count {
      guard case .character(let c) = tokens[index] else {
        output.append(Styled(token: tokens[index], style: style))
        index += 1
        continue
      }
      // An escaped punctuation character is itself.
      if c == "\\", let next = character(at: index + 1), next.isPunctuation || next.isSymbol {
        output.append(Styled(token: .character(next), style: style))
        index += 2
        continue
      }
      // Code: its characters as they are, up to the closing backtick.
      if c == "`", let end = tokens[(index + 1)...].firstIndex(of: .character("`")) {
        for token in tokens[(index + 1)..<end] { output.append(Styled(token: token, style: style)) }
        index = end + 1
        continue
      }
      if c == "[", let link = self.link(in: tokens, at: index) {
        var linked = style
        linked.foreground = ColorValue(name: "accentColor")
        for styled in parse(Array(tokens[(index + 1)..<link.textEnd])) {
          output.append(Styled(token: styled.token, style: linked.merged(with: styled.style)))
        }
        index = link.end
        continue
      }
      var handled = false
      for delimiter in ["**", "__", "~~", "*", "_"] where matches(delimiter, at: index) {
        if open.contains(delimiter) ? closes(delimiter, at: index) : opens(delimiter, at: index) {
          toggle(delimiter)
          index += delimiter.count
          handled = true
        }
        break
      }
      if !handled {
        output.append(Styled(token: tokens[index], style: style))
        index += 1
      }
    }
    return output
  }

  /// A link `[text](destination)` starting at `start`: where its text ends (the `]`) and the
  /// index after its `)`.
  private static func link(in tokens: [Token], at start: Int) -> (textEnd: Int, end: Int)? {
    guard let close = tokens[(start + 1)...].firstIndex(of: .character("]")),
      tokens.indices.contains(close + 1), tokens[close + 1] == .character("("),
      let end = tokens[(close + 2)...].firstIndex(of: .character(")"))
    else { return nil }
    return (close, end + 1)
  }

  /// Whether `format` has a character Markdown gives a meaning to (most keys have none).
  static func mayHaveMarkup(_ format: String) -> Bool {
    format.utf8.contains {
      $0 == 0x2A || $0 == 0x5F || $0 == 0x7E || $0 == 0x60 || $0 == 0x5B
        || $0 == 0x5C
    }
  }
}
