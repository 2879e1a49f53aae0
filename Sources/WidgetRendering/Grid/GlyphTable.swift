/// The characters and cell styles of one render, each stored once and named by a small number,
/// so that glyphs and canvas cells are plain integers: cheap to copy, compare and keep in
/// arrays.
///
/// A character that is one Unicode scalar (nearly all) is its scalar's value; a grapheme cluster
/// of several scalars (a flag, an emoji with a modifier, a letter with a combining mark) is
/// ``clusterFlag`` plus its index in ``clusters``. Styles are indices into ``styles``, whose
/// first entry is the default style.
struct GlyphTable {
  /// Marks a character code that indexes ``clusters``.
  static let clusterFlag: UInt32 = 0x8000_0000
  /// The code of a space, which is also what a blank cell shows.
  static let space: UInt32 = 0x20
  /// The code of a line feed.
  static let lineFeed: UInt32 = 0x0A

  /// The distinct cell styles, each once; `styles[0]` is the default style.
  private(set) var styles: [CellStyle] = Self.defaultStyles()
  /// The characters of more than one scalar, in the order first seen.
  private(set) var clusters: [String] = []

  /// The default style, in an array with room for a few more: a render has a handful of styles,
  /// and growing the array from the literal's one element reallocated it on the first style
  /// added, in every render.
  private static func defaultStyles() -> [CellStyle] {
    var styles: [CellStyle] = []
    styles.reserveCapacity(8)
    styles.append(CellStyle())
    return styles
  }

  /// The index of `style`, added if new.
  mutating func index(of style: CellStyle) -> UInt32 {
    if let index = styles.lastIndex(of: style) { return UInt32(index) }
    styles.append(style)
    return UInt32(styles.count - 1)
  }

  /// The style at `index`.
  func style(_ index: UInt32) -> CellStyle { styles[Int(index)] }

  /// The index of the style at `index` with `dim` set.
  mutating func dimmed(_ index: UInt32) -> UInt32 {
    var style = styles[Int(index)]
    if style.dim { return index }
    style.dim = true
    return self.index(of: style)
  }

  /// The code of `character`.
  mutating func code(of character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return first.value
    }
    let text = String(character)
    if let index = clusters.firstIndex(of: text) { return Self.clusterFlag | UInt32(index) }
    clusters.append(text)
    return Self.clusterFlag | UInt32(clusters.count - 1)
  }

  /// The length in UTF-8 of the character with `code`.
  @inline(__always)
  func utf8Count(of code: UInt32) -> Int {
    if code < 0x80 { return 1 }
    if code & Self.clusterFlag != 0 { return clusters[Int(code & ~Self.clusterFlag)].utf8.count }
    return code < 0x800 ? 2 : code < 0x1_0000 ? 3 : 4
  }

  /// Writes the UTF-8 of the character with `code` into `buffer` from `index`, which it
  /// advances; the buffer has room (``utf8Count(of:)``).
  @inline(__always)
  func writeUTF8(of code: UInt32, to buffer: UnsafeMutableBufferPointer<UInt8>, at index: inout Int)
  {
    if code < 0x80 {
      buffer[index] = UInt8(truncatingIfNeeded: code)
      index += 1
    } else if code & Self.clusterFlag != 0 {
      for byte in clusters[Int(code & ~Self.clusterFlag)].utf8 {
        buffer[index] = byte
        index += 1
      }
    } else if let scalar = Unicode.Scalar(code), let encoded = UTF8.encode(scalar) {
      for byte in encoded {
        buffer[index] = byte
        index += 1
      }
    }
  }
}
