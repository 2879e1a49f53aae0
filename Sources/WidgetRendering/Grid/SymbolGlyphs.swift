/// Characters that stand in for SF Symbols on a terminal: a symbol's name, without its
/// `.fill` / `.circle` / `.square` variants, maps to one character (the plain shapes have an
/// outline and a filled one: `circle` ○, `circle.fill` ●). Unknown symbols show as "◇".
enum SymbolGlyphs {
  static let fallback: Character = "◇"
  static let namedImage: Character = "▣"
  /// A named image the bundle's resources do not have (an `image-missing` warning says which).
  static let missingImage: Character = "⊠"

  static func glyph(for systemName: String) -> Character {
    if let glyph = table[systemName] { return glyph }
    var base = Substring(systemName)
    for suffix in [".fill", ".circle", ".square", ".slash", ".2", ".3"] where base.hasSuffix(suffix)
    {
      base = base.dropLast(suffix.count)
      if let glyph = table[String(base)] { return glyph }
    }
    return table[String(base.prefix { $0 != "." })] ?? fallback
  }

  private static let table: [String: Character] = [
    "play": "▶", "pause": "‖", "stop": "■", "forward": "»", "backward": "«",
    "playpause": "⏯", "music.note": "♪", "music.note.list": "♫", "speaker": "◁",
    "sun.max": "☀", "sun.min": "☼", "moon": "☾", "moon.stars": "☾", "cloud": "☁",
    "cloud.rain": "☂", "cloud.snow": "❄", "snowflake": "❄", "cloud.bolt": "ϟ", "bolt": "ϟ",
    "umbrella": "☂", "thermometer": "°", "drop": "◊", "flame": "♨", "wind": "≋",
    "star": "★", "heart": "♥", "suit.heart": "♥", "suit.spade": "♠", "suit.club": "♣",
    "suit.diamond": "♦", "checkmark": "✓", "xmark": "✗", "plus": "+", "minus": "−",
    "multiply": "×", "divide": "÷", "equal": "=", "exclamationmark": "!", "questionmark": "?",
    "info": "ℹ", "bell": "♫", "envelope": "✉", "phone": "☎", "paperplane": "➤",
    "house": "⌂", "building": "▥", "location": "⌖", "mappin": "⌖", "map": "▦",
    "calendar": "▦", "clock": "◷", "alarm": "◷", "timer": "◴", "stopwatch": "◴",
    "hourglass": "⧗", "person": "☺", "person.2": "☺", "figure.walk": "⚲", "gear": "⚙",
    "gearshape": "⚙", "wrench": "⚒", "hammer": "⚒", "lock": "⚿", "key": "⚷",
    "battery.100": "▮", "battery.75": "▮", "battery.50": "▯", "battery.25": "▯",
    "battery.0": "▯", "bolt.batteryblock": "ϟ", "wifi": "≋",
    "antenna.radiowaves.left.and.right": "≋",
    "circle": "○", "circle.fill": "●", "square": "□", "square.fill": "■", "triangle": "▲",
    "diamond": "◆", "hexagon": "⬡",
    "arrow.up": "↑", "arrow.down": "↓", "arrow.left": "←", "arrow.right": "→",
    "arrow.clockwise": "↻", "arrow.counterclockwise": "↺", "arrow.triangle.2.circlepath": "⟳",
    "chevron.up": "˄", "chevron.down": "˅", "chevron.left": "‹", "chevron.right": "›",
    "cart": "⊞", "bag": "⊟", "creditcard": "▭", "dollarsign": "$", "eurosign": "€",
    "chart.bar": "▁", "chart.line.uptrend.xyaxis": "↗", "list.bullet": "≡", "text.alignleft": "≡",
    "doc": "▯", "folder": "▭", "book": "▤", "bookmark": "⚑", "flag": "⚑", "tag": "⌗",
    "globe": "◍", "airplane": "✈", "car": "⊡", "bus": "⊡", "tram": "⊡", "bicycle": "⚲",
    "leaf": "❦", "pawprint": "⁂", "camera": "⊙", "photo": "▨", "video": "▶", "mic": "ɱ",
    "headphones": "∩", "tv": "▭", "desktopcomputer": "▭", "laptopcomputer": "▭",
    "iphone": "▯", "applewatch": "◘", "sparkles": "✦", "wand.and.stars": "✦",
    "cup.and.saucer": "☕", "fork.knife": "⑂", "gift": "⊠", "trophy": "♛", "crown": "♛",
  ]
}
