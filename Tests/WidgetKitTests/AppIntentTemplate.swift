import AppIntents
import SwiftUI
import WidgetKit

/// Apple's "Widget Extension with App Intent" template (Xcode 16), inside a namespace so that its
/// type names do not clash with the other tests'; otherwise unchanged but for formatting. This
/// file imports what the template's files import, nothing more.
enum AppIntentTemplate {
  struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "This is an example widget." }

    // An example configurable parameter.
    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String
  }

  struct Provider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
      SimpleEntry(date: Date(), configuration: ConfigurationAppIntent())
    }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async
      -> SimpleEntry
    {
      SimpleEntry(date: Date(), configuration: configuration)
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async
      -> Timeline<SimpleEntry>
    {
      var entries: [SimpleEntry] = []

      // Generate a timeline consisting of five entries an hour apart, starting from the current date.
      let currentDate = Date()
      for hourOffset in 0..<5 {
        let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
        let entry = SimpleEntry(date: entryDate, configuration: configuration)
        entries.append(entry)
      }

      return Timeline(entries: entries, policy: .atEnd)
    }

    //    func relevances() async -> WidgetRelevances<ConfigurationAppIntent> {
    //        // Generate a list containing the contexts this widget is relevant in.
    //    }
  }

  struct SimpleEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationAppIntent
  }

  struct MyWidgetEntryView: View {
    var entry: Provider.Entry

    var body: some View {
      VStack {
        Text("Time:")
        Text(entry.date, style: .time)

        Text("Favorite Emoji:")
        Text(entry.configuration.favoriteEmoji)
      }
    }
  }

  struct MyWidget: Widget {
    let kind: String = "MyWidget"

    var body: some WidgetConfiguration {
      AppIntentConfiguration(
        kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()
      ) { entry in
        MyWidgetEntryView(entry: entry)
          .containerBackground(.fill.tertiary, for: .widget)
      }
    }
  }
}

extension AppIntentTemplate.ConfigurationAppIntent {
  fileprivate static var smiley: AppIntentTemplate.ConfigurationAppIntent {
    let intent = AppIntentTemplate.ConfigurationAppIntent()
    intent.favoriteEmoji = "😀"
    return intent
  }

  fileprivate static var starEyes: AppIntentTemplate.ConfigurationAppIntent {
    let intent = AppIntentTemplate.ConfigurationAppIntent()
    intent.favoriteEmoji = "🤩"
    return intent
  }
}

#Preview(as: .systemSmall) {
  AppIntentTemplate.MyWidget()
} timeline: {
  AppIntentTemplate.SimpleEntry(date: .now, configuration: .smiley)
  AppIntentTemplate.SimpleEntry(date: .now, configuration: .starEyes)
}
