// swift-format-ignore-file
//
//  SleepGoalWidget.swift
//  Alarms
//

import WidgetKit
import SwiftUI

struct SleepEntry: TimelineEntry {
    let date: Date
    let hoursSlept: Double
    let goal: Double
}

struct SleepProvider: TimelineProvider {
    func placeholder(in context: Context) -> SleepEntry {
        SleepEntry(date: Date(), hoursSlept: 7, goal: 8)
    }

    func getSnapshot(in context: Context, completion: @escaping (SleepEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SleepEntry>) -> Void) {
        let night = AlarmManager.shared.lastNight()
        completion(Timeline(entries: [SleepEntry(date: Date(), hoursSlept: night.hours, goal: night.goal)], policy: .atEnd))
    }
}

struct SleepGoalEntryView: View {
    var entry: SleepEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.hoursSlept, in: 0...entry.goal) {
                Image(systemName: "bed.double.fill")
            } currentValueLabel: {
                Text(entry.hoursSlept, format: .number.precision(.fractionLength(1)))
            }
            .gaugeStyle(.accessoryCircular)
        default:
            VStack(alignment: .leading) {
                Label("Sleep", systemImage: "bed.double.fill")
                    .font(.headline)
                    .foregroundStyle(.cyan)
                Spacer()
                Text("\(entry.hoursSlept, specifier: "%.1f") hr")
                    .font(.title.bold())
                Gauge(value: entry.hoursSlept, in: 0...entry.goal) {
                    EmptyView()
                }
                .gaugeStyle(.linearCapacity)
                .tint(.cyan)
                Text("Goal \(Int(entry.goal)) hr")
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct SleepGoalWidget: Widget {
    let kind: String = "SleepGoalWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: SleepProvider()) { entry in
            SleepGoalEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Sleep")
        .description("How you slept last night.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
