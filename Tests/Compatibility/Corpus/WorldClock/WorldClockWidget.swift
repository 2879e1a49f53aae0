// swift-format-ignore-file
//
//  WorldClockWidget.swift
//  WorldClockWidget
//

import WidgetKit
import SwiftUI

struct ClockEntry: TimelineEntry {
    let date: Date
    let cities: [City]
    let call: Call
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: Date(), cities: CityStore.saved, call: CityStore.nextCall(after: Date()))
    }

    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> ()) {
        // One entry a minute for the next hour: the clocks show minutes.
        let now = Date()
        let start = Calendar.current.dateInterval(of: .minute, for: now)?.start ?? now
        let entries = (0..<60).map { minute -> ClockEntry in
            let date = start.addingTimeInterval(Double(minute) * 60)
            return ClockEntry(date: date, cities: CityStore.saved, call: CityStore.nextCall(after: start))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct CityRow: View {
    let city: City
    let date: Date

    var body: some View {
        HStack {
            Text(city.name)
                .font(.subheadline)
            Spacer()
            Text(date, style: .time)
                .font(.subheadline.monospacedDigit())
                .environment(\.timeZone, city.timeZone)
        }
    }
}

struct WorldClockEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            ForEach(entry.cities) { city in
                CityRow(city: city, date: entry.date)
            }
            if family == .systemMedium {
                Divider()
                Label {
                    Text("\(entry.call.title), \(entry.call.start...entry.call.end)")
                        .font(.caption)
                } icon: {
                    Image(systemName: "video.fill")
                }
                .foregroundStyle(.secondary)
            }
        }
    }
}

@main
struct WorldClockWidget: Widget {
    let kind: String = "WorldClockWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            WorldClockEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("World Clock")
        .description("The time in your cities, and your next call.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemMedium) {
    WorldClockWidget()
} timeline: {
    ClockEntry(date: .now, cities: CityStore.saved, call: CityStore.nextCall(after: .now))
}
