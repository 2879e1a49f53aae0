import FoundationEssentials

/// A `.strings` file (Xcode's `Localizable.strings` format), parsed.
///
/// The format: `"key" = "value";` pairs, `/* … */` and `// …` comments anywhere between tokens,
/// C escapes inside quotes (`\"`, `\\`, `\n`, `\t`, `\r`, `\0`…`\377` octal, `\U` and `\u`
/// followed by four hex digits, surrogate pairs joined), unquoted keys and values made of
/// letters, digits and `_$+/:.-`, and `"key";` alone (the value is the key). The file is UTF-8
/// (with or without a byte-order mark) or UTF-16 with a byte-order mark, as Xcode writes it.
/// A key given twice keeps its last value, as Foundation does.
public enum StringsFile {
  /// Parses the file at `path`.
  public static func read(_ path: String) throws(StringsFileError) -> [String: String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw StringsFileError(file: path, line: 0, message: "cannot read the file")
    }
    return try parse(data, file: path)
  }

  /// Parses `data`; `file` names it in errors.
  public static func parse(_ data: Data, file: String) throws(StringsFileError) -> [String: String]
  {
    let text = try decode(data, file: file)
    var parser = Parser(characters: Array(text.unicodeScalars), file: file)
    return try parser.parse()
  }

  /// The text of `data`: UTF-16 (either byte order) after its byte-order mark, else UTF-8.
  static func decode(_ data: Data, file: String) throws(StringsFileError) -> String {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let littleEndian = bytes[0] == 0xFF
      guard bytes.count % 2 == 0 else {
        throw StringsFileError(
          file: file, line: 0, message: "not valid UTF-16: an odd number of bytes")
      }
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2 - 1)
      var index = 2
      while index + 1 < bytes.count {
        let (low, high) =
          littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
        units.append(UInt16(high) << 8 | UInt16(low))
        index += 2
      }
      var text = ""
      var line = 1
      var iterator = units.makeIterator()
      var decoder = UTF16()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
          if scalar == "\n" { line += 1 }
          text.unicodeScalars.append(scalar)
        case .emptyInput:
          return text
        case .error:
          throw StringsFileError(
            file: file, line: line, message: "not valid UTF-16: an unpaired surrogate")
        }
      }
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    var text = ""
    var line = 1
    var iterator = body.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" { line += 1 }
        text.unicodeScalars.append(scalar)
      case .emptyInput:
        return text
      case .error:
        throw StringsFileError(
          file: file, line: line,
          message: "not valid UTF-8 (save it as UTF-8, or UTF-16 with a byte-order mark)")
      }
    }
  }

  private struct Parser {
    let characters: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1

    init(characters: [Unicode.Scalar], file: String) {
      self.characters = characters
      self.file = file
    }

    func error(_ message: String, line: Int? = nil) -> StringsFileError {
      StringsFileError(file: file, line: line ?? self.line, message: message)
    }

    mutating func parse() throws(StringsFileError) -> [String: String] {
      var table: [String: String] = [:]
      while true {
        try skipTrivia()
        guard index < characters.count else { return table }
        let keyLine = line
        let key = try token(what: "a key")
        try skipTrivia()
        guard index < characters.count else {
          throw error("'\(key)': expected '=' or ';' after the key, found the end of the file")
        }
        if characters[index] == ";" {
          index += 1
          table[key] = key
          continue
        }
        guard characters[index] == "=" else {
          throw error("'\(key)': expected '=' after the key, found '\(characters[index])'")
        }
        index += 1
        try skipTrivia()
        guard index < characters.count else {
          throw error("'\(key)': expected a value after '=', found the end of the file")
        }
        let value = try token(what: "a value")
        try skipTrivia()
        guard index < characters.count, characters[index] == ";" else {
          let found = index < characters.count ? "'\(characters[index])'" : "the end of the file"
          throw error(
            "'\(key)': expected ';' after the value (the entry starts on line \(keyLine)), "
              + "found \(found)")
        }
        index += 1
        table[key] = value
      }
    }

    /// Skips white space and comments.
    mutating func skipTrivia() throws(StringsFileError) {
      while index < characters.count {
        let character = characters[index]
        if character == "\n" {
          line += 1
          index += 1
        } else if character.properties.isWhitespace {
          index += 1
        } else if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
          let start = line
          index += 2
          while true {
            guard index + 1 < characters.count else {
              throw error(
                "a comment opened with '/*' on line \(start) is never closed", line: start)
            }
            if characters[index] == "*" && characters[index + 1] == "/" {
              index += 2
              break
            }
            if characters[index] == "\n" { line += 1 }
            index += 1
          }
        } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
          while index < characters.count, characters[index] != "\n" { index += 1 }
        } else {
          return
        }
      }
    }

    static func isUnquoted(_ character: Unicode.Scalar) -> Bool {
      (character.isASCII && (character.properties.isAlphabetic || ("0"..."9").contains(character)))
        || "_$+/:.-".unicodeScalars.contains(character)
    }

    /// A quoted or unquoted string.
    mutating func token(what: String) throws(StringsFileError) -> String {
      let character = characters[index]
      if character == "\"" { return try quoted() }
      guard Self.isUnquoted(character) else {
        throw error("expected \(what) (a quoted string), found '\(character)'")
      }
      var text = ""
      while index < characters.count, Self.isUnquoted(characters[index]) {
        // `//` and `/*` start comments, not text.
        if characters[index] == "/", index + 1 < characters.count,
          characters[index + 1] == "/" || characters[index + 1] == "*"
        {
          break
        }
        text.unicodeScalars.append(characters[index])
        index += 1
      }
      return text
    }

    mutating func quoted() throws(StringsFileError) -> String {
      let start = line
      index += 1
      var text = ""
      var pendingHighSurrogate: UInt32?
      func append(_ scalar: Unicode.Scalar) {
        if pendingHighSurrogate != nil {
          text.unicodeScalars.append("\u{FFFD}")
          pendingHighSurrogate = nil
        }
        text.unicodeScalars.append(scalar)
      }
      while true {
        guard index < characters.count else {
          throw error("a string opened with '\"' on line \(start) is never closed", line: start)
        }
        let character = characters[index]
        index += 1
        if character == "\"" {
          if pendingHighSurrogate != nil { text.unicodeScalars.append("\u{FFFD}") }
          return text
        }
        if character == "\n" { line += 1 }
        guard character == "\\" else {
          append(character)
          continue
        }
        guard index < characters.count else {
          throw error("a string opened with '\"' on line \(start) is never closed", line: start)
        }
        let escaped = characters[index]
        index += 1
        switch escaped {
        case "n": append("\n")
        case "t": append("\t")
        case "r": append("\r")
        case "a": append("\u{07}")
        case "b": append("\u{08}")
        case "f": append("\u{0C}")
        case "v": append("\u{0B}")
        case "0"..."7":
          var value = escaped.value - 48
          var digits = 1
          while digits < 3, index < characters.count, ("0"..."7").contains(characters[index]) {
            value = value * 8 + characters[index].value - 48
            index += 1
            digits += 1
          }
          append(Unicode.Scalar(value) ?? "\u{FFFD}")
        case "U", "u":
          var value: UInt32 = 0
          for _ in 0..<4 {
            guard index < characters.count, let digit = hexValue(characters[index]) else {
              throw error("'\\\(escaped)' must be followed by four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
          }
          if (0xD800...0xDBFF).contains(value) {
            if pendingHighSurrogate != nil { text.unicodeScalars.append("\u{FFFD}") }
            pendingHighSurrogate = value
          } else if (0xDC00...0xDFFF).contains(value) {
            if let high = pendingHighSurrogate {
              pendingHighSurrogate = nil
              let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
              text.unicodeScalars.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
            } else {
              append("\u{FFFD}")
            }
          } else {
            append(Unicode.Scalar(value) ?? "\u{FFFD}")
          }
        case "\n":
          line += 1
          append("\n")
        default:
          // `\"`, `\\`, `\'` and any other character stand for themselves.
          append(escaped)
        }
      }
    }

    func hexValue(_ character: Unicode.Scalar) -> UInt32? {
      switch character {
      case "0"..."9": character.value - 48
      case "a"..."f": character.value - 87
      case "A"..."F": character.value - 55
      default: nil
      }
    }
  }
}

/// A `.strings` file that cannot be read: the file, the line (0 when it concerns the whole
/// file) and what is wrong.
public struct StringsFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's path.
  public var file: String
  /// The 1-based line, or 0 for the whole file.
  public var line: Int
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String {
    line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
  }
}
