// Seed 000's wishes widget (wishesWidget.swift): a medium widget showing a title, a logo and a
// line of content over a background image, opening `url://123` when tapped. Its provider is an
// `IntentTimelineProvider` behind an `IntentConfiguration`: it POSTs to the server its
// configuration names (wishesRequest.swift) and reloads hourly with `.after(date)`; when the
// request fails it shows the localized fallback from the bundle's Localizable.strings (`sq_*`
// keys, Resources/en.lproj and Resources/zh-Hans.lproj), never a crash. The code is the seed's,
// unchanged but for formatting and the two points below; the type names keep the seed's lower
// case.
//
// `ConfigurationIntent` is generated from Wishes.intentdefinition (Xcode's template definition,
// whose `Configuration` intent here has one parameter, `url`, "Server URL", default
// `http://127.0.0.1:8787/wishes`) by the IntentDefinitionPlugin; there is no hand-written intent
// class. Each instance names its server: `--instance 'wishesWidget?url=http://…'`.
//
// Not as the seed has it: the seed's request hard-codes its server ("自己的url链接地址"), so
// `getTimeline` passes the configuration's `url` to `wishesRequest.request(url:)`; and the
// request's completion is `@Sendable` (URLSession calls it on its own thread), so the provider's
// completion and configuration cross into it as `nonisolated(unsafe)` constants. The images are in
// Resources/.
import Intents
import SwiftUI
import WidgetKit

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesModel {
  let title: String  //标题
  let content: String  // 内容
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesProvider: IntentTimelineProvider {
  func placeholder(in context: Context) -> wishesEntry {
    let model = wishesModel(
      title: NSLocalizedString("sq_send_world_title", comment: ""),
      content: NSLocalizedString("sq_default_des", comment: ""))
    return wishesEntry(date: Date(), item: model, configuration: ConfigurationIntent())
  }

  func getSnapshot(
    for configuration: ConfigurationIntent, in context: Context,
    completion: @escaping (wishesEntry) -> Void
  ) {
    let model = wishesModel(
      title: NSLocalizedString("sq_send_world_title", comment: ""),
      content: NSLocalizedString("sq_default_des", comment: ""))
    let entry = wishesEntry(date: Date(), item: model, configuration: configuration)
    completion(entry)
  }

  func getTimeline(
    for configuration: ConfigurationIntent, in context: Context,
    completion: @escaping (Timeline<wishesEntry>) -> Void
  ) {
    let currentDate = Date()
    // 下一次更新间隔以小时为单位，间隔1小时请求一次新的数据
    let updateDate = Calendar.current.date(byAdding: .hour, value: 1, to: currentDate)!
    // The SDK calls completions from any thread; URLSession calls back on its own. The intent is
    // this call's own (the SDK makes a fresh one per call) and nothing else touches it.
    nonisolated(unsafe) let completion = completion
    nonisolated(unsafe) let configuration = configuration
    wishesRequest.request(url: configuration.url) { result in
      let model: wishesModel
      if case .success(let response) = result {
        model = response
      } else {
        model = wishesModel(
          title: NSLocalizedString("sq_send_world_title", comment: ""),
          content: NSLocalizedString("sq_req_fail", comment: ""))
      }
      // As in the seed, the one entry is dated at the next update; WidgetKit shows the first
      // entry until one's date has passed.
      let entry = wishesEntry(date: updateDate, item: model, configuration: configuration)
      let timeline = Timeline(entries: [entry], policy: .after(updateDate))
      completion(timeline)
    }
  }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesEntry: TimelineEntry {
  let date: Date
  let item: wishesModel
  let configuration: ConfigurationIntent
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesWidgetEntryView: View {

  var entry: wishesEntry

  var body: some View {
    VStack(alignment: .leading, spacing: 0) {
      HStack(alignment: .lastTextBaseline) {
        Text(entry.item.title)
          .font(.title2)
          .bold()
        Spacer()
        VStack(alignment: .trailing) {
          Image("item_logo_icon")
            .resizable()
            .frame(width: 30, height: 30, alignment: .center)
        }
      }
      Spacer()
      Text(entry.item.content)
        .font(.system(size: 13))
        .bold()
      Spacer()
    }
    .frame(
      minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .leading
    )
    .padding()
    //widget背景图片
    .background(
      Image("item_bg_icon")
        .resizable()
        .scaledToFill()
    )
    .widgetURL(URL(string: "url://123"))  //获取点击标记
  }
}

//systemMedium 中样式
// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesWidget: Widget {
  let kind: String = "wishesWidget"

  var body: some WidgetConfiguration {
    IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: wishesProvider()) {
      entry in
      wishesWidgetEntryView(entry: entry)
    }
    .configurationDisplayName(LocalizedStringKey("sq_title_widget"))
    .description(LocalizedStringKey("sq_intro_widget"))
    .supportedFamilies([.systemMedium])  //我只需要一个中样式所以这个位置放置了一个.systemMedium
  }
}
