// swift-format-ignore-file
//
//  CalendarMonthWidget.swift
//  CalendarMonthWidget
//

import WidgetKit
import SwiftUI

struct MonthEntry: TimelineEntry {
    let date: Date
    let month: CalendarMonth
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> MonthEntry {
        MonthEntry(date: Date(), month: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (MonthEntry) -> ()) {
        completion(MonthEntry(date: Date(), month: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<MonthEntry>) -> ()) {
        let entry = MonthEntry(date: Date(), month: EventStore.shared.currentMonth())
        let midnight = Calendar.current.startOfDay(for: Calendar.current.date(byAdding: .day, value: 1, to: Date())!)
        completion(Timeline(entries: [entry], policy: .after(midnight)))
    }
}

struct CalendarMonthEntryView: View {
    var entry: Provider.Entry

    let columns = Array(repeating: GridItem(.flexible(), spacing: 2), count: 7)

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(entry.month.title)
                    .font(.headline)
                    .foregroundColor(.red)
                Spacer()
                Text("\(entry.month.eventDays.count) events")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            LazyVGrid(columns: columns, spacing: 6) {
                ForEach(entry.month.weekdaySymbols.indices, id: \.self) { index in
                    Text(entry.month.weekdaySymbols[index])
                        .font(.caption2.bold())
                        .foregroundStyle(.secondary)
                }
                ForEach(entry.month.cells) { cell in
                    if let day = cell.day {
                        Text("\(day)")
                            .font(.caption)
                            .frame(width: 24, height: 24)
                            .foregroundColor(day == entry.month.today ? .white : .primary)
                            .background {
                                if day == entry.month.today {
                                    Circle().fill(Color.red)
                                } else if entry.month.eventDays.contains(day) {
                                    Circle().fill(Color.red.opacity(0.15))
                                }
                            }
                    } else {
                        Color.clear
                            .frame(width: 24, height: 24)
                    }
                }
            }
            Spacer(minLength: 0)
        }
    }
}

@main
struct CalendarMonthWidget: Widget {
    let kind: String = "CalendarMonthWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            CalendarMonthEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Month")
        .description("This month at a glance.")
        .supportedFamilies([.systemLarge])
    }
}

#Preview(as: .systemLarge) {
    CalendarMonthWidget()
} timeline: {
    MonthEntry(date: .now, month: .sample)
}
