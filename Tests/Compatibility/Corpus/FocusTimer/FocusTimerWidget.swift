// swift-format-ignore-file
//
//  FocusTimerWidget.swift
//  FocusTimerWidget
//

import WidgetKit
import SwiftUI

struct TimerEntry: TimelineEntry {
    let date: Date
    let session: FocusSession
    var endDate: Date { date.addingTimeInterval(session.duration) }
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> TimerEntry {
        TimerEntry(date: Date(), session: .pomodoro)
    }

    func getSnapshot(in context: Context, completion: @escaping (TimerEntry) -> ()) {
        completion(TimerEntry(date: Date(), session: .pomodoro))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TimerEntry>) -> ()) {
        let entry = TimerEntry(date: Date(), session: SessionStore.current)
        completion(Timeline(entries: [entry], policy: .after(entry.endDate)))
    }
}

struct FocusTimerEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text(entry.session.title)
                    .font(.headline)
                ProgressView(timerInterval: entry.date...entry.endDate, countsDown: true)
            }
        default:
            VStack(alignment: .leading, spacing: 6) {
                Label(entry.session.title, systemImage: "timer")
                    .font(.headline)
                    .foregroundStyle(.tint)
                Text(entry.endDate, style: .timer)
                    .font(.system(size: 34, weight: .semibold, design: .rounded))
                    .monospacedDigit()
                    .multilineTextAlignment(.leading)
                Spacer(minLength: 0)
                ProgressView(timerInterval: entry.date...entry.endDate, countsDown: true) {
                    Text("Remaining")
                        .font(.caption)
                } currentValueLabel: {
                    Text(entry.endDate, style: .relative)
                        .font(.caption2)
                }
                .tint(.red)
            }
        }
    }
}

@main
struct FocusTimerWidget: Widget {
    let kind: String = "FocusTimerWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            FocusTimerEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Focus Timer")
        .description("The time left in your focus session.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

#Preview(as: .systemSmall) {
    FocusTimerWidget()
} timeline: {
    TimerEntry(date: .now, session: .pomodoro)
}
