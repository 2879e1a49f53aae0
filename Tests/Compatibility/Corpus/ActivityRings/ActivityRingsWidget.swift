// swift-format-ignore-file
//
//  ActivityRingsWidget.swift
//  ActivityRingsWidget
//

import WidgetKit
import SwiftUI

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> ActivityEntry {
        ActivityEntry(date: Date(), summary: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (ActivityEntry) -> ()) {
        completion(ActivityEntry(date: Date(), summary: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ActivityEntry>) -> ()) {
        let entry = ActivityEntry(date: Date(), summary: ActivityStore.shared.todaysSummary())
        let nextUpdate = Calendar.current.date(byAdding: .minute, value: 15, to: Date())!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

struct ActivityEntry: TimelineEntry {
    let date: Date
    let summary: ActivitySummary
}

struct RingView: View {
    var progress: Double
    var color: Color
    var lineWidth: CGFloat = 10

    var body: some View {
        ZStack {
            Circle()
                .stroke(color.opacity(0.25), lineWidth: lineWidth)
            Circle()
                .trim(from: 0, to: min(progress, 1))
                .stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round))
                .rotationEffect(.degrees(-90))
        }
    }
}

struct ActivityRingsEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var rings: some View {
        ZStack {
            RingView(progress: entry.summary.moveProgress, color: .red)
            RingView(progress: entry.summary.exerciseProgress, color: .green)
                .padding(12)
            RingView(progress: entry.summary.standProgress, color: .cyan)
                .padding(24)
        }
    }

    var body: some View {
        switch family {
        case .systemMedium:
            HStack(spacing: 16) {
                rings
                VStack(alignment: .leading, spacing: 6) {
                    StatRow(title: "Move", value: "\(entry.summary.moveCalories)/\(entry.summary.moveGoal) CAL", color: .red)
                    StatRow(title: "Exercise", value: "\(entry.summary.exerciseMinutes)/\(entry.summary.exerciseGoal) MIN", color: .green)
                    StatRow(title: "Stand", value: "\(entry.summary.standHours)/\(entry.summary.standGoal) HRS", color: .cyan)
                }
                Spacer(minLength: 0)
            }
        default:
            rings
        }
    }
}

struct StatRow: View {
    var title: String
    var value: String
    var color: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title)
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(value)
                .font(.system(.subheadline, design: .rounded).bold())
                .foregroundColor(color)
        }
    }
}

@main
struct ActivityRingsWidget: Widget {
    let kind: String = "ActivityRingsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            ActivityRingsEntryView(entry: entry)
                .containerBackground(.black, for: .widget)
        }
        .configurationDisplayName("Activity")
        .description("Track your Move, Exercise and Stand rings.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemSmall) {
    ActivityRingsWidget()
} timeline: {
    ActivityEntry(date: .now, summary: .sample)
}
