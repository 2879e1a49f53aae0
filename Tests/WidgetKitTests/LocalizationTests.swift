import Foundation
import Testing
import WidgetSchema

@testable import SwiftUI
@testable import WidgetKit

/// Keys resolve against the bundle's strings for the host's language: `Text("key")`,
/// interpolated keys as Xcode generates them (`%@`, `%lld`), and the SDK's `NSLocalizedString`.
/// Serialized: the strings are the process's (one bundle per process, as the host loads them).
@Suite(.serialized) struct LocalizationTests {
  static func resources() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-host-sdk-strings-\(UUID().uuidString)")
    let files = [
      "en.lproj/Localizable.strings": """
      "l10n_greeting" = "Hello";
      "l10n_only_english" = "English only";
      "l10n_count %lld %@" = "%lld songs by %@";
      """,
      "zh-Hans.lproj/Localizable.strings": """
      "l10n_greeting" = "你好";
      "l10n_count %lld %@" = "%2$@ 的 %1$lld 首歌";
      """,
      "zh-Hans.lproj/Extra.strings": #""l10n_greeting" = "您好";"#,
    ]
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  func configure(_ language: String?) throws {
    _BundleStrings._configure(
      resourcesPath: try Self.resources(), language: language, developmentRegion: "en"
    ) { _ in }
  }

  @Test func textKeysFollowTheLanguage() throws {
    defer { _BundleStrings._reset() }
    try configure("zh-Hans-CN")
    #expect(runs(Text("l10n_greeting")) == [.verbatim("你好")])
    #expect(runs(Text("l10n_greeting", tableName: "Extra")) == [.verbatim("您好")])
    #expect(runs(Text("l10n_only_english")) == [.verbatim("English only")])
    #expect(runs(Text("l10n_not_translated")) == [.verbatim("l10n_not_translated")])
    // A String value is never a key.
    let value = "l10n_greeting"
    #expect(runs(Text(value)) == [.verbatim("l10n_greeting")])
    try configure("en-GB")
    #expect(runs(Text("l10n_greeting")) == [.verbatim("Hello")])
    try configure("fr")
    #expect(runs(Text("l10n_greeting")) == [.verbatim("Hello")])
  }

  @Test func interpolatedKeysUseTheTranslatedFormat() throws {
    defer { _BundleStrings._reset() }
    let count = 3
    let artist = "Faye"
    try configure("zh-Hans")
    #expect(runs(Text("l10n_count \(count) \(artist)")) == [.verbatim("Faye 的 3 首歌")])
    try configure("en")
    #expect(runs(Text("l10n_count \(count) \(artist)")) == [.verbatim("3 songs by Faye")])
  }

  @Test func nsLocalizedStringReadsTheBundleStrings() throws {
    defer { _BundleStrings._reset() }
    try configure("zh-Hans")
    // As widget files call it (this file imports Foundation, so it calls the SDK's by name).
    #expect(sdkLocalizedString("l10n_greeting") == "你好")
    #expect(_BundleStrings.localizedString("l10n_greeting", table: "Extra", value: "") == "您好")
    #expect(_BundleStrings.localizedString("l10n_missing", table: nil, value: "") == "l10n_missing")
    #expect(_BundleStrings.localizedString("l10n_missing", table: nil, value: "Dflt") == "Dflt")
  }

  @Test func displayNamesStayKeysForTheHostToLocalize() throws {
    defer { _BundleStrings._reset() }
    try configure("zh-Hans")
    let configuration = StaticConfiguration(kind: "K", provider: TestProvider()) { _ in
      Text("x")
    }
    .configurationDisplayName(LocalizedStringKey("l10n_greeting"))
    #expect(configuration._descriptor.manifest.displayName == "l10n_greeting")
  }
}

private struct TestProvider: TimelineProvider {
  struct Entry: TimelineEntry { let date: Date }
  func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
  func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
    completion(Entry(date: Date()))
  }
  func getTimeline(in context: Context, completion: @escaping (WidgetKit.Timeline<Entry>) -> Void) {
    completion(WidgetKit.Timeline(entries: [Entry(date: Date())], policy: .never))
  }
}
