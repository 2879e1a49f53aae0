// swift-format-ignore-file
//
//  RemindersListWidget.swift
//  RemindersListWidget
//

import WidgetKit
import SwiftUI
import UIKit

struct ReminderEntry: TimelineEntry {
    let date: Date
    let list: ReminderList
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> ReminderEntry {
        ReminderEntry(date: Date(), list: .today)
    }

    func getSnapshot(in context: Context, completion: @escaping (ReminderEntry) -> ()) {
        completion(ReminderEntry(date: Date(), list: .today))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ReminderEntry>) -> ()) {
        let entry = ReminderEntry(date: Date(), list: RemindersDatabase.shared.fetchList(named: "Today"))
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

extension UIColor {
    static let listOrange = UIColor(red: 1.0, green: 0.58, blue: 0.0, alpha: 1.0)
}

struct RemindersListEntryView: View {
    var entry: Provider.Entry

    let titleFont = UIFont.systemFont(ofSize: 15, weight: .semibold)

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Image(uiImage: UIImage(systemName: "list.bullet.circle.fill")!)
                    .foregroundColor(Color(uiColor: .listOrange))
                    .font(.title2)
                Text(entry.list.name)
                    .font(Font(titleFont))
                    .foregroundColor(Color(uiColor: .listOrange))
                Spacer()
                Text("\(entry.list.items.filter { !$0.isCompleted }.count)")
                    .font(.title2.bold())
                    .foregroundColor(Color(UIColor.label))
            }
            ForEach(entry.list.items.prefix(4)) { item in
                HStack(spacing: 6) {
                    Image(systemName: item.isCompleted ? "largecircle.fill.circle" : "circle")
                        .foregroundColor(item.isCompleted ? Color(uiColor: .systemBlue) : Color(uiColor: .systemGray3))
                    Text(item.title)
                        .font(.system(size: UIFont.preferredFont(forTextStyle: .footnote).pointSize))
                        .foregroundColor(item.isCompleted ? Color(uiColor: .secondaryLabel) : Color(uiColor: .label))
                        .strikethrough(item.isCompleted)
                        .lineLimit(1)
                    if item.isFlagged {
                        Spacer()
                        Image(systemName: "flag.fill")
                            .foregroundColor(Color(uiColor: .systemOrange))
                            .font(.caption)
                    }
                }
            }
            Spacer(minLength: 0)
        }
    }
}

@main
struct RemindersListWidget: Widget {
    let kind: String = "RemindersListWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            RemindersListEntryView(entry: entry)
                .containerBackground(Color(uiColor: .secondarySystemBackground), for: .widget)
        }
        .configurationDisplayName("Reminders")
        .description("See the reminders on a list.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
