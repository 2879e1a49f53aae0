import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

struct TestEntry: TimelineEntry {
  let date: Date
  var relevance: TimelineEntryRelevance? = nil
}

struct Provider: TimelineProvider {
  func placeholder(in context: Context) -> TestEntry {
    TestEntry(date: Date(timeIntervalSince1970: 0))
  }

  func getSnapshot(in context: Context, completion: @escaping (TestEntry) -> Void) {
    completion(TestEntry(date: Date(timeIntervalSince1970: 1)))
  }

  func getTimeline(
    in context: Context, completion: @escaping (WidgetKit.Timeline<TestEntry>) -> Void
  ) {
    let entries = (0..<5).map {
      TestEntry(
        date: Date(timeIntervalSince1970: Double($0) * 3600), relevance: .init(score: Float($0)))
    }
    completion(
      WidgetKit.Timeline(entries: entries, policy: .after(Date(timeIntervalSince1970: 7200))))
  }
}

struct FirstWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "First", provider: Provider()) { entry in
      Text(entry.date, style: .time)
    }
    .configurationDisplayName("First widget")
    .description("The first one.")
    .supportedFamilies([.accessoryInline, .systemSmall])
  }
}

struct PlainWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "Plain", provider: Provider()) { _ in Text("plain") }
  }
}

struct TestBundle: WidgetBundle {
  var body: some Widget {
    FirstWidget()
    if #available(iOS 16.0, *) {
      PlainWidget()
    }
  }
}

/// Widgets, configurations and bundles describe themselves as the manifest says.
@Suite struct ConfigurationTests {
  @Test func modifiersFillTheManifest() {
    let manifest = FirstWidget()._descriptors.map(\.manifest)
    #expect(
      manifest == [
        KindManifest(
          kind: "First", displayName: "First widget", description: "The first one.",
          families: [.accessoryInline, .systemSmall])
      ])
  }

  @Test func familiesDefaultToTheSystemOnes() {
    #expect(
      PlainWidget()._descriptors.map(\.manifest.families) == [
        [.systemSmall, .systemMedium, .systemLarge]
      ])
    #expect(PlainWidget()._descriptors.map(\.manifest.displayName) == ["Plain"])
  }

  @Test func bundleBuilderCollectsEveryWidgetInOrder() {
    #expect(TestBundle().body._descriptors.map(\.manifest.kind) == ["First", "Plain"])
  }

  @Test func everyFamilyMatchesTheSchema() {
    #expect(WidgetKit.WidgetFamily.allCases.count == 8)
    // Every family but the host's `control`, which iOS gives controls instead of a family.
    #expect(
      WidgetKit.WidgetFamily.allCases.map(\.rawValue)
        == WidgetSchema.WidgetFamily.allCases.filter { $0 != .control }.map(\.rawValue))
    let context = TimelineProviderContext(family: .accessoryRectangular)
    #expect(context.displaySize == CGSize(width: 172, height: 76))
    #expect(!context.isPreview)
  }

  @Test func timelineRepliesCarryResolvedViews() throws {
    let descriptor = try #require(FirstWidget()._descriptors.first)
    var reply: Result<Data, ProviderCallError>?
    descriptor.respond(.timeline, TimelineProviderContext(family: .systemSmall)) { reply = $0 }
    let data = try #require(try reply?.get())
    let timeline = try WidgetJSON.decode(WidgetSchema.Timeline.self, from: data)
    #expect(timeline.entries.count == 5)
    #expect(timeline.policy == .after(Date(timeIntervalSince1970: 7200)))
    #expect(timeline.entries[3].relevance == Relevance(score: 3))
    #expect(
      timeline.entries[1].view
        == .text(TextNode(runs: [.date(Date(timeIntervalSince1970: 3600), style: .time)])))
  }
}
