import Foundation
import Synchronization
import Testing

@testable import WidgetSupport

/// The `.strings` format as Xcode writes it, and how a user's language picks a `.lproj`.
@Suite struct StringsFileTests {
  func parse(_ text: String) throws -> [String: String] {
    try StringsFile.parse(Data(text.utf8), file: "Localizable.strings")
  }

  func failure(_ text: String) -> StringsFileError? {
    do {
      _ = try StringsFile.parse(Data(text.utf8), file: "Localizable.strings")
      return nil
    } catch {
      return error
    }
  }

  @Test func pairsCommentsAndWhiteSpace() throws {
    let table = try parse(
      """
      /* A block comment,
         over two lines. */
      "sq_title_widget" = "Wishes";  // a line comment
      "sq_req_fail"="Failed";
      /* between */ "spaced"   =   "out"   ;
      """)
    #expect(table == ["sq_title_widget": "Wishes", "sq_req_fail": "Failed", "spaced": "out"])
  }

  @Test func escapes() throws {
    let table = try parse(
      #"""
      "quote" = "say \"hi\"";
      "backslash" = "a\\b";
      "controls" = "1\n2\t3\r";
      "unicode" = "\U00e9\u4f60";
      "pair" = "\UD83D\UDE00";
      "octal" = "\101\0";
      "other" = "\'x\'";
      "format %@ %lld" = "%2$lld × %1$@";
      """#)
    #expect(table["quote"] == "say \"hi\"")
    #expect(table["backslash"] == "a\\b")
    #expect(table["controls"] == "1\n2\t3\r")
    #expect(table["unicode"] == "é你")
    #expect(table["pair"] == "😀")
    #expect(table["octal"] == "A\u{0}")
    #expect(table["other"] == "'x'")
    #expect(table["format %@ %lld"] == "%2$lld × %1$@")
  }

  @Test func unquotedTokensAndKeyOnlyEntries() throws {
    let table = try parse("plain = value.1;\n\"alone\";\npath = a/b:c;")
    #expect(table == ["plain": "value.1", "alone": "alone", "path": "a/b:c"])
  }

  @Test func aKeyGivenTwiceKeepsItsLastValue() throws {
    #expect(try parse(#""k" = "1"; "k" = "2";"#) == ["k": "2"])
  }

  @Test func encodings() throws {
    let text = "/* 中文 */\n\"sq_title_widget\" = \"寄语\";\n"
    let expected = ["sq_title_widget": "寄语"]
    let utf8BOM = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
    #expect(try StringsFile.parse(utf8BOM, file: "f") == expected)
    var little = Data([0xFF, 0xFE])
    var big = Data([0xFE, 0xFF])
    for unit in text.utf16 {
      little.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
      big.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
    }
    #expect(try StringsFile.parse(little, file: "f") == expected)
    #expect(try StringsFile.parse(big, file: "f") == expected)
  }

  @Test func errorsNameTheFileAndLine() {
    #expect(
      failure("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";")
        == StringsFileError(
          file: "Localizable.strings", line: 3,
          message: "'b': expected ';' after the value (the entry starts on line 2), found '\"'"))
    #expect(
      failure("\"a\" = \"1\";\n\n\"b\" = \"never closed;\n")
        == StringsFileError(
          file: "Localizable.strings", line: 3,
          message: "a string opened with '\"' on line 3 is never closed"))
    #expect(failure("\"a\" \"1\";")?.message == "'a': expected '=' after the key, found '\"'")
    #expect(
      failure("/* open\n\n")
        == StringsFileError(
          file: "Localizable.strings", line: 1,
          message: "a comment opened with '/*' on line 1 is never closed"))
    #expect(failure("\"a\" = ;")?.message == "expected a value (a quoted string), found ';'")
    #expect(
      failure("\"a\" = \"\\U12\";")?.message == "'\\U' must be followed by four hexadecimal digits")
    #expect(failure("\"a\" = \"1\";\n\"b\" = \"2\";") == nil)
    let invalid = Data("\"a\" = \"1\";\n\"b\" = \"".utf8) + Data([0xC3, 0x28]) + Data("\";".utf8)
    #expect(
      throws: StringsFileError(
        file: "x.strings", line: 2,
        message: "not valid UTF-8 (save it as UTF-8, or UTF-16 with a byte-order mark)")
    ) {
      try StringsFile.parse(invalid, file: "x.strings")
    }
    #expect(
      StringsFileError(file: "f.strings", line: 4, message: "m").description == "f.strings:4: m")
  }
}

@Suite struct LanguageMatchTests {
  @Test func normalizesLocaleNames() {
    #expect(LanguageMatch.normalize("zh_CN.UTF-8") == "zh-CN")
    #expect(LanguageMatch.normalize("en_GB@euro") == "en-GB")
    #expect(LanguageMatch.normalize("zh-Hans-CN") == "zh-Hans-CN")
    #expect(LanguageMatch.normalize("C") == nil)
    #expect(LanguageMatch.normalize("C.UTF-8") == nil)
    #expect(LanguageMatch.normalize("POSIX") == nil)
  }

  @Test func fallbackChains() {
    #expect(LanguageMatch.fallbacks(for: "zh-Hans-CN") == ["zh-Hans-CN", "zh-Hans", "zh-CN", "zh"])
    #expect(
      LanguageMatch.fallbacks(for: "zh_CN.UTF-8") == ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh"])
    #expect(LanguageMatch.fallbacks(for: "zh-TW") == ["zh-TW", "zh-Hant-TW", "zh-Hant", "zh"])
    #expect(LanguageMatch.fallbacks(for: "zh") == ["zh", "zh-Hans"])
    #expect(LanguageMatch.fallbacks(for: "en-GB") == ["en-GB", "en"])
    #expect(LanguageMatch.fallbacks(for: "en") == ["en"])
  }

  @Test func searchOrderPrefersTheUserThenTheDevelopmentLanguageThenBase() {
    let available = ["en", "zh-Hans", "Base", "de"]
    #expect(
      LanguageMatch.searchOrder(
        available: available, language: "zh-Hans-CN", developmentRegion: "en")
        == ["zh-Hans", "en", "Base"])
    #expect(
      LanguageMatch.searchOrder(
        available: available, language: "zh_CN.UTF-8", developmentRegion: "en")
        == ["zh-Hans", "en", "Base"])
    #expect(
      LanguageMatch.searchOrder(available: available, language: "en-GB", developmentRegion: "de")
        == ["en", "de", "Base"])
    #expect(
      LanguageMatch.searchOrder(available: available, language: "fr", developmentRegion: "en")
        == ["en", "Base"])
    #expect(
      LanguageMatch.searchOrder(available: available, language: nil, developmentRegion: "zh-Hans")
        == ["zh-Hans", "Base"])
    // Folder names compare without case and with _ for -; another region of the language wins
    // over the development language.
    #expect(
      LanguageMatch.searchOrder(
        available: ["zh_cn", "en-GB", "de"], language: "en-US", developmentRegion: "de")
        == ["en-GB", "de"])
    #expect(
      LanguageMatch.searchOrder(available: ["zh_cn"], language: "zh-CN", developmentRegion: "en")
        == ["zh_cn"])
  }
}

@Suite struct StringsCatalogTests {
  func resources(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-host-strings-\(UUID().uuidString)")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  @Test func looksKeysUpKeyByKeyDownTheSearchOrder() throws {
    let path = try resources([
      "en.lproj/Localizable.strings": #""a" = "A"; "b" = "B";"#,
      "zh-Hans.lproj/Localizable.strings": #""a" = "甲";"#,
      "zh-Hans.lproj/Other.strings": #""a" = "其他";"#,
      "Base.lproj/Localizable.strings": #""c" = "C (base)";"#,
    ])
    let chinese = StringsCatalog(resourcesPath: path, language: "zh-Hans-CN")
    #expect(chinese.localized("a") == "甲")
    #expect(chinese.localized("b") == "B")
    #expect(chinese.localized("c") == "C (base)")
    #expect(chinese.localized("missing") == "missing")
    #expect(chinese.string(forKey: "a", table: "Other") == "其他")
    let unknown = StringsCatalog(resourcesPath: path, language: "fr-FR")
    #expect(unknown.localized("a") == "A")
  }

  @Test func aBrokenTableIsReportedOnceAndIgnored() throws {
    let path = try resources([
      "en.lproj/Localizable.strings": "\"a\" = \"A\"\n",
      "de.lproj/Localizable.strings": #""a" = "Ä";"#,
    ])
    let reports = Mutex<[StringsFileError]>([])
    let catalog = StringsCatalog(resourcesPath: path, language: "en", developmentRegion: "de") {
      error in reports.withLock { $0.append(error) }
    }
    #expect(catalog.localized("a") == "Ä")
    #expect(catalog.localized("a") == "Ä")
    let reported = reports.withLock { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.file.hasSuffix("en.lproj/Localizable.strings") == true)
    #expect(reported.first?.line == 2)
  }
}
