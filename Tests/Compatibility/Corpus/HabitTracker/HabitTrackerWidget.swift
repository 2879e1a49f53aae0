// swift-format-ignore-file
//
//  HabitTrackerWidget.swift
//  HabitTrackerWidget
//

import WidgetKit
import SwiftUI

struct HabitEntry: TimelineEntry {
    let date: Date
    let habits: [Habit]
}

struct HabitProvider: TimelineProvider {
    func placeholder(in context: Context) -> HabitEntry {
        HabitEntry(date: Date(), habits: Habit.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (HabitEntry) -> Void) {
        completion(HabitEntry(date: Date(), habits: Habit.samples))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HabitEntry>) -> Void) {
        let entry = HabitEntry(date: Date(), habits: HabitRepository.load())
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

struct HabitTrackerEntryView: View {
    var entry: HabitEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Habits")
                .font(.headline)
            Grid(horizontalSpacing: 6, verticalSpacing: 6) {
                GridRow {
                    Color.clear
                        .frame(width: 14, height: 14)
                    ForEach(Habit.dayLabels, id: \.self) { label in
                        Text(label)
                            .font(.caption2)
                            .foregroundStyle(.secondary)
                    }
                }
                Divider()
                ForEach(entry.habits) { habit in
                    GridRow {
                        Image(systemName: habit.icon)
                            .foregroundStyle(habit.color)
                        ForEach(0..<7) { day in
                            RoundedRectangle(cornerRadius: 3)
                                .fill(habit.done[day] ? habit.color : Color.gray.opacity(0.2))
                                .frame(width: 14, height: 14)
                        }
                    }
                }
            }
        }
    }
}

@main
struct HabitTrackerWidget: Widget {
    let kind: String = "HabitTrackerWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HabitProvider()) { entry in
            HabitTrackerEntryView(entry: entry)
                .containerBackground(.fill.quaternary, for: .widget)
        }
        .configurationDisplayName("Habit Tracker")
        .description("Keep your streaks going.")
        .supportedFamilies([.systemMedium])
    }
}
