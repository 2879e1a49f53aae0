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
    // The template's previews set parameters on a `let` intent.
    #expect(AppIntentTemplate.previewIntents.map(\.favoriteEmoji) == ["😀", "🤩"])
  }
}
