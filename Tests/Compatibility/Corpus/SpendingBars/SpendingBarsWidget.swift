// swift-format-ignore-file
//
//  SpendingBarsWidget.swift
//  SpendingBarsWidget
//

import WidgetKit
import SwiftUI

struct SpendingEntry: TimelineEntry {
    let date: Date
    let days: [DailySpending]
    let budget: Double
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SpendingEntry {
        SpendingEntry(date: Date(), days: DailySpending.sampleWeek, budget: 80)
    }

    func getSnapshot(in context: Context, completion: @escaping (SpendingEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SpendingEntry>) -> ()) {
        let entry = SpendingEntry(date: Date(), days: BudgetStore().lastSevenDays(), budget: 80)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct BarChartView: View {
    let days: [DailySpending]
    let budget: Double

    var body: some View {
        GeometryReader { proxy in
            let maxAmount = max(days.map(\.amount).max() ?? 1, budget)
            let barWidth = proxy.size.width / CGFloat(days.count) * 0.6
            HStack(alignment: .bottom, spacing: 0) {
                ForEach(days) { day in
                    VStack(spacing: 2) {
                        Spacer(minLength: 0)
                        RoundedRectangle(cornerRadius: 3)
                            .fill(day.amount > budget ? Color.red : Color.mint)
                            .frame(width: barWidth, height: max(2, (proxy.size.height - 14) * CGFloat(day.amount / maxAmount)))
                        Text(day.label)
                            .font(.system(size: 9))
                            .foregroundColor(.secondary)
                    }
                    .frame(width: proxy.size.width / CGFloat(days.count))
                }
            }
        }
    }
}

struct SpendingBarsEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var total: Double { entry.days.reduce(0) { $0 + $1.amount } }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("This week")
                .font(.caption)
                .foregroundColor(.secondary)
            Text(total, format: .currency(code: "USD"))
                .font(.headline)
            BarChartView(days: entry.days, budget: entry.budget)
        }
    }
}

@main
struct SpendingBarsWidget: Widget {
    let kind: String = "SpendingBarsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            SpendingBarsEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    Color(.systemBackground)
                }
        }
        .configurationDisplayName("Spending")
        .description("See what you spent each day.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
