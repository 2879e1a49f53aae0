import FoundationEssentials

/// How a user's language chooses among a bundle's `<lang>.lproj` folders.
///
/// The user's language comes from `--locale` or the environment (`zh_CN.UTF-8`, `zh-Hans-CN`,
/// `en_GB@euro`); it is normalized to a BCP 47 tag, then tried from most to least specific:
/// `zh-Hans-CN` → `zh-Hans` → `zh`; `en-GB` → `en`. Chinese without a script gets one from its
/// region, as Apple platforms do (`zh-CN`, `zh-SG` and plain `zh` → `zh-Hans`; `zh-TW`, `zh-HK`,
/// `zh-MO` → `zh-Hant`). Then any folder of the same language (`en-US` finds `en-GB.lproj`), then
/// the development language's own chain, then `Base.lproj`. Folder names compare without case,
/// and `_` matches `-` (`zh_CN.lproj`).
public enum LanguageMatch {
  /// `identifier` as a BCP 47 tag: the encoding (`.UTF-8`) and modifier (`@euro`) dropped,
  /// `_` turned into `-`. Nil for nothing, `C` and `POSIX`, which name no language.
  public static func normalize(_ identifier: String) -> String? {
    var tag = Substring(identifier)
    if let dot = tag.firstIndex(of: ".") { tag = tag[..<dot] }
    if let at = tag.firstIndex(of: "@") { tag = tag[..<at] }
    let result = trimmingBlanks(String(tag.map { $0 == "_" ? "-" : $0 }))
    guard !result.isEmpty, result != "C", result != "POSIX" else { return nil }
    return result
  }

  /// `text` without the spaces and tabs at either end (Foundation's
  /// `trimmingCharacters(in: .whitespaces)`: the Unicode spaces, category Zs, and tab).
  static func trimmingBlanks(_ text: String) -> String {
    func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The tags to try for `language`, most specific first: `zh-Hans-CN` → `zh-Hans-CN`,
  /// `zh-Hans`, `zh`.
  public static func fallbacks(for language: String) -> [String] {
    guard let tag = normalize(language) else { return [] }
    let parts = tag.split(separator: "-").map(String.init)
    guard let base = parts.first?.lowercased() else { return [] }
    var script: String?
    var region: String?
    for part in parts.dropFirst() {
      if part.count == 4, part.allSatisfy(\.isLetter), script == nil {
        script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
      } else if (part.count == 2 && part.allSatisfy(\.isLetter))
        || (part.count == 3 && part.allSatisfy(\.isNumber))
      {
        region = region ?? part.uppercased()
      }
    }
    if base == "zh" && script == nil {
      script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
    }
    var result: [String] = []
    func add(_ candidate: String) {
      if !result.contains(where: { $0.lowercased() == candidate.lowercased() }) {
        result.append(candidate)
      }
    }
    add(tag)
    if let script, let region { add("\(base)-\(script)-\(region)") }
    if let script { add("\(base)-\(script)") }
    if let region { add("\(base)-\(region)") }
    add(base)
    return result
  }

  /// The folders of `available` (names without `.lproj`) to search, best first, for a user
  /// whose language is `language`, in a bundle developed in `developmentRegion`.
  public static func searchOrder(
    available: [String], language: String?, developmentRegion: String
  ) -> [String] {
    var order: [String] = []
    func key(_ name: String) -> String {
      String(name.map { $0 == "_" ? "-" : $0 }).lowercased()
    }
    func add(_ candidate: String) {
      guard let match = available.first(where: { key($0) == key(candidate) }),
        !order.contains(match)
      else { return }
      order.append(match)
    }
    func addChain(_ tag: String?) {
      guard let tag else { return }
      let chain = fallbacks(for: tag)
      for candidate in chain { add(candidate) }
      // Any other folder of the same language (en-US finds en-GB), in name order.
      if let base = chain.last {
        for name in available.sorted()
        where key(name).split(separator: "-").first.map(String.init) == base {
          add(name)
        }
      }
    }
    addChain(language)
    addChain(developmentRegion)
    add("Base")
    return order
  }
}
