// The code point tables are in UnicodeTables/TextWidthTables.swift, generated from the Unicode
// Character Database. To regenerate them (for a new Unicode version, or after changing the
// script), install Debian's unicode-data package (`apt-get install unicode-data`, which puts the
// data under /usr/share/unicode) and run, from the repository root:
//
//     python3 Sources/WidgetRendering/Text/UnicodeTables/generate_width_tables.py
//
// TextWidthTests fails when the committed tables differ from what the script generates.

/// Display width of text in terminal columns: East Asian wide and fullwidth characters and
/// emoji take two columns, combining marks, format characters and controls none.
///
/// Widths are per grapheme cluster (`Character`): two columns if it asks for emoji presentation
/// (U+FE0F after its first scalar) or its first scalar is wide, so flags, ZWJ sequences and
/// skin-tone variants count once; zero if all its scalars are zero-width or controls; else one.
public enum TextWidth {
  /// The columns `character` occupies.
  public static func of(_ character: Character) -> Int {
    // ASCII: printable characters one column, controls none.
    let utf8 = character.utf8
    if utf8.count == 1, let byte = utf8.first { return isPrintableASCII(byte) ? 1 : 0 }

    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    if isWide(first.value) { return 2 }
    var allZeroWidth = isZeroWidthOrControl(first.value)
    while let scalar = scalars.next() {
      // Variation selector 16 asks for emoji presentation: two columns.
      if scalar.value == 0xFE0F { return 2 }
      if allZeroWidth && !isZeroWidthOrControl(scalar.value) { allZeroWidth = false }
    }
    return allZeroWidth ? 0 : 1
  }

  /// The columns `text` occupies.
  public static func of<S: StringProtocol>(_ text: S) -> Int {
    // ASCII text, the common case: one column per printable byte. ("\r\n" is one character of
    // width zero, the same as its two controls.)
    var width = 0
    var isASCII = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      if isPrintableASCII(byte) { width += 1 }
    }
    if isASCII { return width }

    width = 0
    for character in text { width += of(character) }
    return width
  }

  private static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F
  }

  /// Whether the code point is two columns wide.
  static func isWide(_ value: UInt32) -> Bool {
    contains(TextWidthTables.wide, value)
  }

  /// Whether the code point takes no columns: a zero-width code point or a C0/C1 control.
  static func isZeroWidthOrControl(_ value: UInt32) -> Bool {
    value < 0x20 || (0x7F..<0xA0).contains(value) || contains(TextWidthTables.zeroWidth, value)
  }

  /// Whether one of the sorted, non-overlapping `ranges` contains `value`: binary search.
  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    guard let first = ranges.first, value >= first.lowerBound else { return false }
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = low + (high - low) / 2
      if value < ranges[middle].lowerBound {
        high = middle
      } else if value > ranges[middle].upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
