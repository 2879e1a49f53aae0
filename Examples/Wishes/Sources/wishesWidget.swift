// Seed 000's wishes widget (wishesWidget.swift): a medium widget showing a title, a logo, a
// line of content over a background image, opening `url://123` when tapped. The view is the
// seed's, unchanged but for formatting; the type names keep the seed's lower case.
//
// Not yet as the seed has it (later issues): the seed's provider is an
// `IntentTimelineProvider` behind an `IntentConfiguration`, fetches the text with a POST
// request (`wishesRequest`) and falls back to `NSLocalizedString` texts from the bundle's
// `Localizable.strings`. Here a `StaticConfiguration` provider returns sample text instead.
// The images need no files: the host draws named images as a symbol.
import SwiftUI
import WidgetKit

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesModel {
  let title: String  //标题
  let content: String  // 内容
}

extension wishesModel {
  /// What the seed's server would send; the seed shows a localized default like it while
  /// loading.
  static let sample = wishesModel(title: "今日寄语", content: "愿你历尽千帆，归来仍是少年。")
}

// swift-format-ignore: TypeNamesShouldBeCapitalized
struct wishesProvider: TimelineProvider {
  func placeholder(in context: Context) -> wishesEntry {
    wishesEntry(date: Date(), item: .sample)
  }

  func getSnapshot(in context: Context, completion: @escaping (wishesEntry) -> Void) {
    completion(wishesEntry(date: Date(), item: .sample))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<wishesEntry>) -> Void) {
    let currentDate = Date()
    // 下一次更新间隔以小时为单位，间隔1小时请求一次新的数据
    let updateDate = Calendar.current.date(byAdding: .hour, value: 1, to: currentDate)
    // As in the seed, the one entry is dated at the next update; WidgetKit shows the first
    // entry until one's date has passed.
    let entry = wishesEntry(date: updateDate!, item: .sample)
    let timeline = Timeline(entries: [entry], policy: .after(updateDate!))
    completion(timeline)
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
    // The seed names the widget with `LocalizedStringKey("sq_title_widget")` and
    // `LocalizedStringKey("sq_intro_widget")` from its strings files; until localization lands,
    // plain text.
    .configurationDisplayName("寄语")
    .description("每天一句寄语")
    .supportedFamilies([.systemMedium])  //我只需要一个中样式所以这个位置放置了一个.systemMedium
  }
}
