import Foundation
import Testing

@testable import WidgetSupport

/// WidgetSupport imports only FoundationEssentials, so that a worker process can use it without
/// loading Foundation and ICU. The few Foundation calls it used are replaced by stdlib and Glibc
/// code; these tests hold each replacement to what Foundation itself answers.
@Suite struct FoundationReplacementTests {
  @Test func accountHomeIsFoundationsHomeWithoutHOME() {
    // NSHomeDirectory() reads HOME first; the password database is its fallback, and is what
    // HostPaths now reads when the environment it is given has no HOME.
    let entry = getpwuid(getuid())
    let expected = entry.flatMap { $0.pointee.pw_dir.map { String(cString: $0) } } ?? "/"
    #expect(HostPaths.accountHome() == expected)
    #expect(HostPaths.store(environment: [:]) == HostPaths.accountHome() + "/.config")
    #expect(HostPaths.store(environment: ["HOME": ""]) == HostPaths.accountHome() + "/.config")
  }

  @Test func alphanumericsMatchCharacterSet() {
    // Every scalar of the Basic Multilingual Plane and a slice of the supplementary ones, as
    // far as both know them: CharacterSet's tables (CoreFoundation's) stop at about Unicode 8;
    // the standard library's are current, and also accept the letters and digits assigned
    // since (Tangut, the Unicode 16 and 17 scripts), which CharacterSet refuses.
    let ranges: [ClosedRange<UInt32>] = [0...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x1_FFFF]
    var mismatches: [String] = []
    for range in ranges {
      for value in range {
        guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
          age.major <= 8
        else { continue }
        if HostPaths.isAlphanumeric(scalar) != CharacterSet.alphanumerics.contains(scalar) {
          mismatches.append(String(value, radix: 16))
        }
      }
    }
    let count = mismatches.count
    #expect(count == 0, "differ from CharacterSet.alphanumerics: \(mismatches.prefix(20))")
    #expect(HostPaths.isGroup("group.日本.app"))
    #expect(!HostPaths.isGroup("group.a b"))
    #expect(!HostPaths.isGroup("group.a/b"))
  }

  @Test func trimmingBlanksMatchesFoundation() {
    let samples = [
      "", " ", "\t", " en_GB ", "\u{00A0}zh-Hans\u{3000}", "\n en \n", "a b", "\t\tde-DE\t",
      "\u{2003}fr\u{2009}", "x\u{0301} ", " \u{0301}",
    ]
    for sample in samples {
      #expect(
        LanguageMatch.trimmingBlanks(sample) == sample.trimmingCharacters(in: .whitespaces),
        "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test func normalizeAndFallbacksAsBefore() {
    #expect(LanguageMatch.normalize(" zh_CN.UTF-8") == "zh-CN")
    #expect(LanguageMatch.normalize("en_GB@euro") == "en-GB")
    #expect(LanguageMatch.normalize(" \t") == nil)
    #expect(LanguageMatch.normalize("C.UTF-8") == nil)
    // Candidates differing only in case are tried once.
    #expect(LanguageMatch.fallbacks(for: "zh-hans-cn") == ["zh-hans-cn", "zh-Hans", "zh-CN", "zh"])
    #expect(LanguageMatch.fallbacks(for: "en_GB") == ["en-GB", "en"])
    #expect(
      LanguageMatch.searchOrder(
        available: ["zh_CN", "Base", "en"], language: "zh-CN", developmentRegion: "en")
        == ["zh_CN", "en", "Base"])
  }
}
