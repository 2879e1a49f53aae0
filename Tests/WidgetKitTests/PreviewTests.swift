import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// Previews as widget code writes them (seed 003's kind), which must type-check.
struct LockScreenWidget_Previews: PreviewProvider {
  static let entry = LockScreenEntry(
    date: Date(timeIntervalSince1970: 0), songName: "Song", artistName: "Artist",
    isPlaying: true)

  static var previews: some View {
    LockScreenWidgetEntryView(entry: entry)
      .previewContext(WidgetPreviewContext(family: .accessoryInline))
      .previewDisplayName("Inline")
  }
}

struct SeveralPreviews: PreviewProvider {
  static var previews: some View {
    Group {
      LockScreenWidgetEntryView(entry: LockScreenWidget_Previews.entry)
        .previewContext(WidgetPreviewContext(family: .accessoryCircular))
      Text("plain")
        .previewLayout(.fixed(width: 100, height: 50))
    }
  }
}

// `#Preview` as widget code writes it: a view, a view with traits, a widget with a timeline of
// entries, a widget with its provider, and an app intent widget with its intent.
#Preview("Plain") {
  Text("plain")
}

#Preview(traits: .sizeThatFitsLayout, .portrait) {
  LockScreenWidgetEntryView(entry: LockScreenWidget_Previews.entry)
}

#Preview(as: .accessoryInline) {
  LockScreenWidget()
} timeline: {
  LockScreenWidget_Previews.entry
  for song in ["One", "Two"] {
    LockScreenEntry(date: .now, songName: song, artistName: "Artist", isPlaying: false)
  }
}

#Preview("Provider", as: .accessoryRectangular) {
  LockScreenWidget()
} timelineProvider: {
  LockScreenProvider()
}

#Preview(as: .systemSmall, using: AppIntentTemplate.ConfigurationAppIntent()) {
  AppIntentTemplate.MyWidget()
} timeline: {
  AppIntentTemplate.SimpleEntry(date: .now, configuration: .init())
}

@Suite struct PreviewTests {
  /// What `#Preview` expands to calls these initializers; each gives what the preview shows.
  @Test @MainActor func aViewPreviewShowsItsView() async {
    let preview = Preview("Plain") { Text("plain") }
    #expect(preview.displayName == "Plain")
    #expect(preview._family == nil)
    #expect(await preview._content() == [plain("plain")])
  }

  @Test @MainActor func aWidgetPreviewDrawsEachEntryOfItsTimelineForItsFamily() async {
    let entries = ["One", "Two"].map {
      LockScreenEntry(date: .now, songName: $0, artistName: "Artist", isPlaying: true)
    }
    let preview = Preview(as: .accessoryInline) {
      LockScreenWidget()
    } timeline: {
      entries[0]
      entries[1]
    }
    #expect(preview._family == .accessoryInline)
    let expected = entries.map {
      resolved(LockScreenWidgetEntryView(entry: $0), family: .accessoryInline)
    }
    #expect(await preview._content() == expected)
  }

  @Test @MainActor func aProviderPreviewShowsTheProvidersTimeline() async {
    let preview = Preview(as: .accessoryInline) {
      LockScreenWidget()
    } timelineProvider: {
      LockScreenProvider()
    }
    let timeline = await withCheckedContinuation { continuation in
      LockScreenProvider().getTimeline(in: TimelineProviderContext(family: .accessoryInline)) {
        continuation.resume(returning: $0.entries.map(\.songName))
      }
    }
    let shown = await preview._content()
    #expect(timeline.count == 1)
    #expect("\(shown)".contains(timeline[0]))
  }

  @Test @MainActor func anAppIntentProviderPreviewGetsTheIntent() async {
    let intent = AppIntentTemplate.ConfigurationAppIntent()
    intent.favoriteEmoji = "🦊"
    let preview = Preview(as: .systemSmall, using: intent) {
      AppIntentTemplate.MyWidget()
    } timelineProvider: {
      AppIntentTemplate.Provider()
    }
    let shown = await preview._content()
    #expect(shown.count == 5)
    #expect(shown.allSatisfy { "\($0)".contains("🦊") })
  }

  @Test func previewContextSetsTheFamily() {
    let inline = ViewNode.stack(
      StackNode(
        axis: .horizontal, spacing: 4,
        children: [.image(ImageNode(systemName: "play.fill")), plain("Song - Artist")]))
    #expect(resolved(LockScreenWidget_Previews.previews, family: .systemLarge) == inline)
    guard case .stack(let stack) = resolved(SeveralPreviews.previews) else {
      Issue.record("several previews resolve to a stack")
      return
    }
    #expect(stack.children.count == 2)
    #expect(stack.children.last == plain("plain"))
    guard case .stack(let circular) = stack.children.first else {
      Issue.record("the circular view is a ZStack")
      return
    }
    #expect(circular.axis == .z)
    #expect(WidgetPreviewContext(family: .systemMedium).family == .systemMedium)
  }
}

/// The `#Preview` declarations of this test runner, found as a bundle's are, and the reply to
/// the host's `previews` call.
@Suite struct DeclaredPreviewTests {
  @Test func everyDeclarationIsFound() {
    // This target declares six: five in PreviewTests.swift, one in AppIntentTemplate.swift.
    #expect(DeclaredPreviews.declarations.count == 6)
  }

  @Test @MainActor func aKindsPreviewsAreItsWidgetPreviewsWithTheirEntries() async throws {
    let lockScreen = await DeclaredPreviews.reply(forKind: "LockScreenWidget")
    #expect(lockScreen.previews.map(\.family) == [.accessoryInline, .accessoryRectangular])
    #expect(lockScreen.previews.map(\.name) == [nil, "Provider"])
    #expect(lockScreen.previews.first?.entries.count == 3)
    let template = await DeclaredPreviews.reply(forKind: "MyWidget")
    #expect(template.previews.count == 2)
    #expect(await DeclaredPreviews.reply(forKind: "Nothing").previews.isEmpty)
    // What the host receives.
    let json = String(decoding: try WidgetJSON.encode(lockScreen), as: UTF8.self)
    #expect(json.hasPrefix(#"{"previews":[{"entries":["#))
  }
}
