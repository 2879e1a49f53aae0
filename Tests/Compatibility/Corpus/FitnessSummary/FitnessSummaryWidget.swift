// swift-format-ignore-file
//
//  FitnessSummaryWidget.swift
//  FitnessSummaryWidget
//

import WidgetKit
import SwiftUI

struct SummaryEntry: TimelineEntry {
    let date: Date
    let workout: WorkoutSummary
}

struct SummaryProvider: TimelineProvider {
    func placeholder(in context: Context) -> SummaryEntry {
        SummaryEntry(date: Date(), workout: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (SummaryEntry) -> Void) {
        completion(SummaryEntry(date: Date(), workout: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SummaryEntry>) -> Void) {
        let entry = SummaryEntry(date: Date(), workout: WorkoutHistory.latest())
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

struct FitnessSummaryEntryView: View {
    var entry: SummaryEntry
    @Environment(\.widgetFamily) var widgetFamily

    var body: some View {
        switch widgetFamily {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Image(systemName: entry.workout.symbol)
                        .font(.caption)
                    Text("\(entry.workout.distance, specifier: "%.1f")")
                        .font(.headline)
                    Text("km")
                        .font(.caption2)
                }
            }
            .widgetAccentable()
        case .accessoryRectangular:
            HStack {
                Image(systemName: entry.workout.symbol)
                    .font(.title2)
                VStack(alignment: .leading) {
                    Text(entry.workout.name)
                        .font(.headline)
                        .widgetAccentable()
                    Text("\(entry.workout.distance, specifier: "%.1f") km · \(entry.workout.minutes) min")
                    Text("\(entry.workout.calories) kcal")
                }
            }
        case .accessoryInline:
            Label("\(entry.workout.distance, specifier: "%.1f") km", systemImage: entry.workout.symbol)
        case .systemSmall:
            VStack(alignment: .leading) {
                Image(systemName: entry.workout.symbol)
                    .font(.title)
                    .foregroundStyle(.green)
                Spacer()
                Text(entry.workout.name)
                    .font(.headline)
                Text("\(entry.workout.distance, specifier: "%.1f") km")
                    .font(.title2.bold())
                    .foregroundStyle(.green)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        default:
            HStack(spacing: 16) {
                VStack(alignment: .leading) {
                    Image(systemName: entry.workout.symbol)
                        .font(.largeTitle)
                        .foregroundStyle(.green)
                    Spacer()
                    Text(entry.workout.name)
                        .font(.headline)
                }
                Spacer()
                VStack(alignment: .trailing, spacing: 6) {
                    MetricView(value: String(format: "%.1f", entry.workout.distance), unit: "KM")
                    MetricView(value: "\(entry.workout.minutes)", unit: "MIN")
                    MetricView(value: "\(entry.workout.calories)", unit: "KCAL")
                }
            }
        }
    }
}

struct MetricView: View {
    let value: String
    let unit: String

    var body: some View {
        Text(value)
            .font(.title3.bold())
        + Text(" \(unit)")
            .font(.caption2)
            .foregroundColor(.gray)
    }
}

@main
struct FitnessSummaryWidget: Widget {
    let kind: String = "FitnessSummaryWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: SummaryProvider()) { entry in
            FitnessSummaryEntryView(entry: entry)
                .foregroundStyle(.white)
                .containerBackground(.black.gradient, for: .widget)
        }
        .configurationDisplayName("Last Workout")
        .description("A summary of your latest workout.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    FitnessSummaryWidget()
} timeline: {
    SummaryEntry(date: .now, workout: .sample)
}
