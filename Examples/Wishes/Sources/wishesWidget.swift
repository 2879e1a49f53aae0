// Seed 000's wishes widget (wishesWidget.swift): a medium widget showing a title, a logo and a
// line of content over a background image, opening `url://123` when tapped. Its provider POSTs
// to a server (wishesRequest.swift) and reloads hourly with `.after(date)`; when the request
// fails it shows the localized fallback from the bundle's Localizable.strings (`sq_*` keys,
// Resources/en.lproj and Resources/zh-Hans.lproj), never a crash. The view is the seed's,
// unchanged but for formatting; the type names keep the seed's lower case.
//
// Not as the seed has it: the seed's provider is an `IntentTimelineProvider` behind an
// `IntentConfiguration` whose intent carries nothing the widget uses; here a
// `StaticConfiguration` and `TimelineProvider`, and the server's URL comes from the host's
// `WISHES_URL` environment variable (wishesRequest.swift). The images are in Resources/.
import SwiftUI
import WidgetKit

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesModel {
  let title: String  //标题
  let content: String  // 内容
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesProvider: TimelineProvider {
  func placeholder(in context: Context) -> wishesEntry {
    let model = wishesModel(
      title: NSLocalizedString("sq_send_world_title", comment: ""),
      content: NSLocalizedString("sq_default_des", comment: ""))
    return wishesEntry(date: Date(), item: model)
  }

  func getSnapshot(in context: Context, completion: @escaping (wishesEntry) -> Void) {
    let model = wishesModel(
      title: NSLocalizedString("sq_send_world_title", comment: ""),
      content: NSLocalizedString("sq_default_des", comment: ""))
    let entry = wishesEntry(date: Date(), item: model)
    completion(entry)
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<wishesEntry>) -> Void) {
    let currentDate = Date()
    // 下一次更新间隔以小时为单位，间隔1小时请求一次新的数据
    let updateDate = Calendar.current.date(byAdding: .hour, value: 1, to: currentDate)!
    // The SDK calls completions from any thread; URLSession calls back on its own.
    nonisolated(unsafe) let completion = completion
    wishesRequest.request { result in
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
      let entry = wishesEntry(date: updateDate, item: model)
      let timeline = Timeline(entries: [entry], policy: .after(updateDate))
      completion(timeline)
    }
  }
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesEntry: TimelineEntry {
  let date: Date
  let item: wishesModel
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
    StaticConfiguration(kind: kind, provider: wishesProvider()) { entry in
      wishesWidgetEntryView(entry: entry)
    }
    .configurationDisplayName(LocalizedStringKey("sq_title_widget"))
    .description(LocalizedStringKey("sq_intro_widget"))
    .supportedFamilies([.systemMedium])  //我只需要一个中样式所以这个位置放置了一个.systemMedium
  }
}
