// swift-format-ignore-file
//
//  NextAlarmWidget.swift
//  Alarms
//

import WidgetKit
import SwiftUI

struct AlarmEntry: TimelineEntry {
    let date: Date
    let alarm: Alarm?
}

struct AlarmProvider: TimelineProvider {
    func placeholder(in context: Context) -> AlarmEntry {
        AlarmEntry(date: Date(), alarm: .wakeUp)
    }

    func getSnapshot(in context: Context, completion: @escaping (AlarmEntry) -> Void) {
        completion(AlarmEntry(date: Date(), alarm: .wakeUp))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<AlarmEntry>) -> Void) {
        let alarm = AlarmManager.shared.nextAlarm()
        let entry = AlarmEntry(date: Date(), alarm: alarm)
        completion(Timeline(entries: [entry], policy: .after(alarm?.fireDate ?? Date().addingTimeInterval(3600))))
    }
}

struct NextAlarmEntryView: View {
    var entry: AlarmEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if let alarm = entry.alarm {
            switch family {
            case .accessoryRectangular:
                VStack(alignment: .leading) {
                    Label("Alarm", systemImage: "alarm.fill")
                        .font(.headline)
                        .widgetAccentable()
                    Text(alarm.fireDate, style: .time)
                    Text(alarm.label)
                        .foregroundStyle(.secondary)
                }
            default:
                VStack(alignment: .leading, spacing: 4) {
                    Image(systemName: "alarm.fill")
                        .font(.title2)
                        .foregroundStyle(.orange)
                    Spacer()
                    Text(alarm.label)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    Text(alarm.fireDate, style: .time)
                        .font(.title.bold())
                    Text(alarm.fireDate, style: .relative)
                        .font(.caption)
                        .foregroundStyle(.orange)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        } else {
            Text("No Alarms")
                .foregroundStyle(.secondary)
        }
    }
}

struct NextAlarmWidget: Widget {
    let kind: String = "NextAlarmWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: AlarmProvider()) { entry in
            NextAlarmEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Next Alarm")
        .description("When your next alarm goes off.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

#Preview(as: .systemSmall) {
    NextAlarmWidget()
} timeline: {
    AlarmEntry(date: .now, alarm: .wakeUp)
    AlarmEntry(date: .now, alarm: nil)
}
