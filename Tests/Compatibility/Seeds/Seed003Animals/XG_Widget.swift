// swift-format-ignore-file
// seed: 003_9be05387dac437ed.txt lines 127-212
//
//  XG_Widget.swift
//  XG_Widget
//
//  Created by chaowen deng on 2021/4/14.
//

import WidgetKit
import SwiftUI

struct Provider: IntentTimelineProvider {
    typealias Entry = SimpleEntry
    
    typealias Intent = MyCustomIntentsIntent
    
    
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), animal: .lion)
    }

    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        let entry = SimpleEntry(date: Date(), animal: .lion)
        completion(entry)
    }

    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        

        // Generate a timeline consisting of five entries an hour apart, starting from the current date.
        let currentDate = Date()
        
        guard let id = configuration.animal?.identifier, let entryDate = Calendar.current.date(byAdding: .minute, value: 1, to: currentDate) else {
            let timeLine = Timeline(entries: [SimpleEntry(date: currentDate, animal: .lion)], policy: .atEnd)
            completion(timeLine)
            return
        }
        
        let entry = SimpleEntry(date: entryDate, animal: AnimalModel.animal(id, color: configuration.parameter))
        
        
        let timeline = Timeline(entries: [entry], policy: .atEnd)
        completion(timeline)
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    let animal: AnimalModel
}

struct XG_WidgetEntryView : View {
    var entry: Provider.Entry

    var body: some View {
        
        VStack {
            Text(entry.animal.avatar)
                .font(.largeTitle)
            Text(entry.animal.name)
            Text("这是颜色")
                .background(entry.animal.color)
        }
        
        
    }
}

@main
struct XG_Widget: Widget {
    let kind: String = "XG_Widget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: MyCustomIntentsIntent.self, provider: Provider()) { entry in
            XG_WidgetEntryView(entry: entry)
        }
        .configurationDisplayName("XG_SwiftUI_3Day")
        .description("这是一个测试的widget.")
    }
}

struct XG_Widget_Previews: PreviewProvider {
    static var previews: some View {
        XG_WidgetEntryView(entry: SimpleEntry(date: Date(), animal: .lion))
            .previewContext(WidgetPreviewContext(family: .systemSmall))
    }
}
