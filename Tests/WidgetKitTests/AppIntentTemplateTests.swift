import Foundation
import Testing
import WidgetSchema

@testable import WidgetKit

/// The template describes its parameter and shows each instance's emoji.
@Suite struct AppIntentTemplateTests {
  @Test func theTemplatesParameterIsInTheManifest() throws {
    let manifest = try #require(AppIntentTemplate.MyWidget()._descriptors.first).manifest
    #expect(
      manifest.configuration
        == .appIntent(
          IntentSchema(
            intent: "ConfigurationAppIntent", title: "Configuration",
            parameters: [
              ParameterSchema(
                name: "favoriteEmoji", title: "Favorite Emoji", type: .string,
                default: .string("😃"))
            ])))
  }

  @Test func eachInstanceShowsItsEmoji() async throws {
    let reply = try await call(
      AppIntentTemplate.MyWidget(), .timeline, configuration: ["favoriteEmoji": .string("🤩")])
    let timeline = try WidgetJSON.decode(
      WidgetSchema.Timeline.self, from: Data(try reply.get().utf8))
    #expect(timeline.entries.count == 5)
    #expect(String(decoding: try WidgetJSON.encode(timeline), as: UTF8.self).contains("🤩"))
  }

  /// The template's `#Preview` sets parameters on a `let` intent and shows an entry for each.
  @Test @MainActor func thePreviewShowsAnEntryForEachIntent() async {
    let intents = ["😀", "🤩"].map { emoji in
      let intent = AppIntentTemplate.ConfigurationAppIntent()
      intent.favoriteEmoji = emoji
      return intent
    }
    let preview = Preview(as: .systemSmall) {
      AppIntentTemplate.MyWidget()
    } timeline: {
      AppIntentTemplate.SimpleEntry(date: .now, configuration: intents[0])
      AppIntentTemplate.SimpleEntry(date: .now, configuration: intents[1])
    }
    let shown = await preview._content().map { "\($0)" }
    #expect(shown.count == 2)
    #expect(shown[0].contains("😀") && shown[1].contains("🤩"))
  }
}
