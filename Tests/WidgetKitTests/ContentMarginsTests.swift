import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// iOS 17's content margins: a widget with a container background is padded with them and its
/// views are offered the size inside them; one without (iOS 14–16 code), or one that disabled
/// them, reaches the edges.
@Suite struct ContentMarginsTests {
  struct SizeEntry: TimelineEntry {
    let date: Date
    var hasBackground = true
  }

  struct SizeProvider: TimelineProvider {
    func placeholder(in context: Context) -> SizeEntry { SizeEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (SizeEntry) -> Void) {
      completion(SizeEntry(date: .distantPast))
    }
    func getTimeline(
      in context: Context, completion: @escaping (WidgetKit.Timeline<SizeEntry>) -> Void
    ) {
      completion(
        WidgetKit.Timeline(
          entries: [
            SizeEntry(date: Date(timeIntervalSince1970: 0), hasBackground: true),
            SizeEntry(date: Date(timeIntervalSince1970: 60), hasBackground: false),
            SizeEntry(date: Date(timeIntervalSince1970: 120), hasBackground: true),
          ], policy: .never))
    }
  }

  /// Shows the size its `GeometryReader` is offered.
  struct SizeView: View {
    var body: some View {
      GeometryReader { proxy in
        Text(verbatim: "\(Int(proxy.size.width))x\(Int(proxy.size.height))")
      }
    }
  }

  struct Modern: Widget {
    var body: some WidgetConfiguration {
      StaticConfiguration(kind: "Modern", provider: SizeProvider()) { entry in
        if entry.hasBackground {
          SizeView().containerBackground(.blue, for: .widget)
        } else {
          SizeView()
        }
      }
      .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
  }

  struct EdgeToEdge: Widget {
    var body: some WidgetConfiguration {
      StaticConfiguration(kind: "EdgeToEdge", provider: SizeProvider()) { _ in
        SizeView().containerBackground(.blue, for: .widget)
      }
      .contentMarginsDisabled()
    }
  }

  static func entries<W: Widget>(_ widget: W, _ family: WidgetKit.WidgetFamily) throws -> [ViewNode]
  {
    let descriptor = try #require(widget._descriptors.first)
    var reply: Result<Data, ProviderCallError>?
    descriptor.respond(.timeline, TimelineProviderContext(family: family)) { reply = $0 }
    let timeline = try WidgetJSON.decode(
      WidgetSchema.Timeline.self, from: try #require(try reply?.get()))
    return timeline.entries.map(\.view)
  }

  /// The text a view shows, and the padding at its root (nil without).
  static func shown(_ view: ViewNode) -> (text: String, margins: WidgetSchema.EdgeInsets?) {
    func text(_ node: ViewNode) -> String? {
      switch node {
      case .text(let text):
        if case .verbatim(let string) = text.runs.first?.content { return string }
        return nil
      case .modified(let child, _): return text(child)
      case .stack(let stack): return stack.children.lazy.compactMap(text).first
      default: return nil
      }
    }
    if case .modified(let child, .padding(let insets)) = view { return (text(child) ?? "", insets) }
    return (text(view) ?? "", nil)
  }

  @Test func aWidgetWithAContainerBackgroundIsPaddedAndOfferedTheSizeInside() throws {
    let sixteen = WidgetSchema.EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    let views = try Self.entries(Modern(), .systemSmall).map(Self.shown)
    // systemSmall is 170 × 170 points; its margins are 16 a side.
    #expect(views[0].text == "138x138" && views[0].margins == sixteen)
    // An entry without a background, after one with: resolved again, at the whole size.
    #expect(views[1].text == "170x170" && views[1].margins == nil)
    #expect(views[2].text == "138x138" && views[2].margins == sixteen)
  }

  @Test func accessoryFamiliesAndDisabledMarginsReachTheEdges() throws {
    let accessory = try Self.entries(Modern(), .accessoryRectangular).map(Self.shown)
    #expect(accessory[0].text == "172x76" && accessory[0].margins == nil)
    let edgeToEdge = try Self.entries(EdgeToEdge(), .systemSmall).map(Self.shown)
    #expect(edgeToEdge.allSatisfy { $0.text == "170x170" && $0.margins == nil })
    #expect(edgeToEdge.count == 3)
  }

  @Test func theEnvironmentGivesTheFamilysMargins() {
    var environment = EnvironmentValues()
    environment.widgetFamily = .systemMedium
    #expect(
      environment.widgetContentMargins
        == SwiftUI.EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
    environment.widgetFamily = .accessoryCircular
    #expect(environment.widgetContentMargins == SwiftUI.EdgeInsets())
  }
}
