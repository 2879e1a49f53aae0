import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// The placeholder entry is resolved redacted, as WidgetKit shows it; `unredacted()` opts out.
@Suite struct PlaceholderTests {
  struct Entry: TimelineEntry {
    let date: Date
  }

  struct EntryProvider: TimelineProvider {
    func placeholder(in context: Context) -> Entry { Entry(date: Date(timeIntervalSince1970: 0)) }

    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
      completion(Entry(date: Date(timeIntervalSince1970: 0)))
    }

    func getTimeline(
      in context: Context, completion: @escaping (WidgetKit.Timeline<Entry>) -> Void
    ) {
      completion(
        WidgetKit.Timeline(entries: [Entry(date: Date(timeIntervalSince1970: 0))], policy: .never))
    }
  }

  struct EntryView: View {
    @Environment(\.redactionReasons) var reasons

    var body: some View {
      VStack {
        Text(reasons.contains(.placeholder) ? "loading" : "ready")
        Text("brand").unredacted()
      }
    }
  }

  struct RedactedWidget: Widget {
    var body: some WidgetConfiguration {
      StaticConfiguration(kind: "Redacted", provider: EntryProvider()) { _ in EntryView() }
    }
  }

  func view(_ method: ProviderMethod) throws -> ViewNode {
    let descriptor = try #require(RedactedWidget()._descriptors.first)
    var reply: Result<Data, ProviderCallError>?
    descriptor.respond(method, TimelineProviderContext(family: .systemSmall)) { reply = $0 }
    let data = try #require(try reply?.get())
    if method == .timeline {
      return try #require(
        try WidgetJSON.decode(WidgetSchema.Timeline.self, from: data).entries.first
      ).view
    }
    return try WidgetJSON.decode(WidgetSchema.Entry.self, from: data).view
  }

  func content(_ first: String) -> ViewNode {
    .stack(
      StackNode(
        axis: .vertical,
        children: [plain(first), style(plain("brand"), TextStyle(redacted: false))]))
  }

  @Test func placeholderIsRedactedWithThePlaceholderReason() throws {
    #expect(try view(.placeholder) == style(content("loading"), TextStyle(redacted: true)))
  }

  @Test func snapshotsAndTimelinesAreNot() throws {
    #expect(try view(.snapshot) == content("ready"))
    #expect(try view(.timeline) == content("ready"))
  }
}
