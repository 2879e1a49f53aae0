import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

// The seeds' widget code is compiled into this target too: Examples/ holds symbolic links to
// the example bundles' widget files (not their @main bundle files, which would clash with the
// test runner's entry point). The examples themselves prove the code builds as a bundle; these
// tests check what it resolves to for each family.

/// Seed 004's lock-screen widget: one view per accessory family.
@Suite struct LockScreenExampleTests {
  let entry = LockScreenEntry(
    date: Date(timeIntervalSince1970: 0), songName: "晴天", artistName: "周杰伦", isPlaying: true)

  func view(_ family: WidgetKit.WidgetFamily, _ entry: LockScreenEntry? = nil) -> ViewNode {
    resolved(LockScreenWidgetEntryView(entry: entry ?? self.entry), family: family)
  }

  @Test func circular() {
    #expect(
      view(.accessoryCircular)
        == .stack(
          StackNode(
            axis: .z,
            children: [
              .shape(ShapeNode(shape: .accessoryBackground)),
              .stack(
                StackNode(
                  axis: .vertical, spacing: 2,
                  children: [
                    style(
                      .image(ImageNode(systemName: "play.circle.fill")),
                      TextStyle(font: WidgetSchema.Font(size: 14))),
                    styled("JOOX", TextStyle(font: WidgetSchema.Font(size: 8, weight: .bold))),
                  ])),
            ])))
    let paused = LockScreenEntry(
      date: entry.date, songName: "", artistName: "", isPlaying: false)
    #expect("\(view(.accessoryCircular, paused))".contains("pause.circle.fill"))
  }

  @Test func rectangular() {
    let label = ViewNode.stack(
      StackNode(
        axis: .horizontal, spacing: 4,
        children: [.image(ImageNode(systemName: "play.fill")), plain("晴天")]))
    #expect(
      view(.accessoryRectangular)
        == .stack(
          StackNode(
            axis: .vertical, alignment: .leading, spacing: 2,
            children: [
              style(
                style(label, TextStyle(font: WidgetSchema.Font(size: 12, weight: .semibold))),
                TextStyle(lineLimit: 1)),
              style(
                styled(
                  "周杰伦",
                  TextStyle(
                    font: WidgetSchema.Font(size: 10), foreground: ColorValue(name: "secondary"))),
                TextStyle(lineLimit: 1)),
            ])))
  }

  @Test func inline() {
    #expect(
      view(.accessoryInline)
        == .stack(
          StackNode(
            axis: .horizontal, spacing: 4,
            children: [.image(ImageNode(systemName: "play.fill")), plain("晴天 - 周杰伦")])))
  }

  @Test func otherFamiliesShowNothing() {
    #expect(view(.systemSmall) == .empty)
  }

  @Test func widgetDeclaresTheThreeAccessoryFamilies() {
    #expect(
      LockScreenWidget()._descriptors.map(\.manifest) == [
        KindManifest(
          kind: "LockScreenWidget", displayName: "JOOX 锁屏", description: "在锁屏上显示当前播放歌曲",
          families: [.accessoryCircular, .accessoryRectangular, .accessoryInline])
      ])
  }

  func placeholder(_ family: WidgetKit.WidgetFamily) throws -> ViewNode {
    let descriptor = try #require(LockScreenWidget()._descriptors.first)
    var reply: Result<Data, ProviderCallError>?
    descriptor.respond(.placeholder, TimelineProviderContext(family: family)) { reply = $0 }
    return try WidgetJSON.decode(WidgetSchema.Entry.self, from: try #require(try reply?.get()))
      .view
  }

  @Test func placeholderIsRedacted() throws {
    #expect(try placeholder(.systemSmall) == .empty, "nothing to redact, no wrapper")
    #expect(
      try placeholder(.accessoryInline)
        == style(
          .stack(
            StackNode(
              axis: .horizontal, spacing: 4,
              children: [.image(ImageNode(systemName: "pause.fill")), plain("Song Name - Artist")])),
          TextStyle(redacted: true)))
  }
}

/// Seed 000's wishes widget: a medium widget with a title, a logo, content and a background.
@Suite struct WishesExampleTests {
  @Test func mediumView() {
    let entry = wishesEntry(
      date: Date(timeIntervalSince1970: 0),
      item: wishesModel(title: "今日寄语", content: "愿你历尽千帆，归来仍是少年。"),
      configuration: ConfigurationIntent())
    let header = ViewNode.stack(
      StackNode(
        axis: .horizontal, alignment: .lastTextBaseline,
        children: [
          styled(
            "今日寄语", TextStyle(font: WidgetSchema.Font(textStyle: .title2), weight: .bold)),
          .spacer(minLength: nil),
          .stack(
            StackNode(
              axis: .vertical, alignment: .trailing,
              children: [
                .modified(
                  .image(ImageNode(name: "item_logo_icon", resizable: true)),
                  .frame(Frame(width: 30, height: 30, alignment: .center)))
              ])),
        ]))
    let content = ViewNode.stack(
      StackNode(
        axis: .vertical, alignment: .leading, spacing: 0,
        children: [
          header,
          .spacer(minLength: nil),
          styled(
            "愿你历尽千帆，归来仍是少年。",
            TextStyle(font: WidgetSchema.Font(size: 13), weight: .bold)),
          .spacer(minLength: nil),
        ]))
    let framed = ViewNode.modified(
      content,
      .frame(
        Frame(
          minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity,
          alignment: .leading)))
    let padded = ViewNode.modified(
      framed, .padding(WidgetSchema.EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)))
    let background = ViewNode.modified(
      padded,
      .background(
        .modified(
          .image(ImageNode(name: "item_bg_icon", resizable: true)),
          .aspectRatio(nil, fill: true)),
        alignment: .center))
    #expect(
      resolved(wishesWidgetEntryView(entry: entry), family: .systemMedium)
        == .modified(background, .widgetURL("url://123")))
  }

  @Test func widgetIsMediumOnlyAndConfiguredByTheServerURL() throws {
    let descriptor = try #require(wishesWidget()._descriptors.first)
    #expect(descriptor.manifest.kind == "wishesWidget")
    #expect(descriptor.manifest.families == [.systemMedium])
    #expect(descriptor.manifest.displayName == "sq_title_widget")
    // The generated ConfigurationIntent's one parameter, from Wishes.intentdefinition.
    let schema = IntentSchema(
      intent: "ConfigurationIntent", title: "Configuration",
      parameters: [
        ParameterSchema(
          name: "url", title: "Server URL", type: .string,
          default: .string("http://127.0.0.1:8787/wishes"))
      ])
    #expect(descriptor.manifest.configuration == .intent(schema))
  }

  /// The timeline of the widget configured with `url`.
  func timeline(url: String) async throws -> WidgetSchema.Timeline {
    let descriptor = try #require(wishesWidget()._descriptors.first)
    var context = TimelineProviderContext(family: .systemMedium)
    context.configurationValues = ["url": .string(url)]
    let reply = await withCheckedContinuation { continuation in
      descriptor.respond(.timeline, context) { continuation.resume(returning: $0) }
    }
    return try WidgetJSON.decode(WidgetSchema.Timeline.self, from: try reply.get())
  }

  @Test(arguments: [
    // Port 1 on the loopback: nothing listens, the POST is refused at once.
    "http://127.0.0.1:1/wishes",
    // Not a URL the widget can POST to: no request at all.
    "not a url", "", "ftp://127.0.0.1/wishes", "http:///wishes",
  ])
  func fallsBackWhenTheRequestFails(url: String) async throws {
    let timeline = try await timeline(url: url)
    #expect(timeline.entries.count == 1)
    #expect(timeline.policy == .after(timeline.entries[0].date))
    // No strings are configured in this process: the fallback's keys show.
    #expect("\(timeline.entries[0].view)".contains("sq_req_fail"))
  }

  @Test func repliesAreDecodedWithoutCrashing() {
    let good = Data(#"{"data": {"title": "T", "content": "C"}}"#.utf8)
    #expect(wishesRequest.modelFromJson(fromData: good)?.content == "C")
    for bad in ["", "[]", #"{"data": 1}"#, #"{"data": {"title": 2}}"#, "not json"] {
      #expect(wishesRequest.modelFromJson(fromData: Data(bad.utf8)) == nil)
    }
  }
}
