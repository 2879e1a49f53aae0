// swift-format-ignore-file
//
//  WaterTrackerWidget.swift
//  WaterTrackerWidget
//

import WidgetKit
import SwiftUI
import AppIntents

struct LogWaterIntent: AppIntent {
    static var title: LocalizedStringResource = "Log a Glass of Water"

    func perform() async throws -> some IntentResult {
        let defaults = UserDefaults(suiteName: HydrationStore.appGroup)
        let glasses = defaults?.integer(forKey: "glasses") ?? 0
        defaults?.set(glasses + 1, forKey: "glasses")
        return .result()
    }
}

struct WaterEntry: TimelineEntry {
    let date: Date
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> WaterEntry {
        WaterEntry(date: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (WaterEntry) -> ()) {
        completion(WaterEntry(date: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> ()) {
        completion(Timeline(entries: [WaterEntry(date: Date())], policy: .never))
    }
}

struct WaterTrackerEntryView: View {
    var entry: Provider.Entry

    @AppStorage("glasses", store: UserDefaults(suiteName: HydrationStore.appGroup))
    var glasses: Int = 0

    @AppStorage("dailyGoal", store: UserDefaults(suiteName: HydrationStore.appGroup))
    var goal: Int = HydrationStore.defaultGoal

    var body: some View {
        VStack(spacing: 8) {
            ZStack {
                Circle()
                    .stroke(Color.blue.opacity(0.2), lineWidth: 8)
                Circle()
                    .trim(from: 0, to: CGFloat(glasses) / CGFloat(max(goal, 1)))
                    .stroke(Color.blue.gradient, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                VStack(spacing: 0) {
                    Text("\(glasses)")
                        .font(.system(size: 28, weight: .bold, design: .rounded))
                        .contentTransition(.numericText())
                    Text("of \(goal)")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
            }
            .animation(.spring, value: glasses)
            Button(intent: LogWaterIntent()) {
                Label("Glass", systemImage: "plus")
                    .font(.caption.bold())
            }
            .tint(.blue)
        }
    }
}

@main
struct WaterTrackerWidget: Widget {
    let kind: String = "WaterTrackerWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            WaterTrackerEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Water")
        .description("Log a glass of water right from your Home Screen.")
        .supportedFamilies([.systemSmall])
    }
}

#Preview(as: .systemSmall) {
    WaterTrackerWidget()
} timeline: {
    WaterEntry(date: .now)
}
