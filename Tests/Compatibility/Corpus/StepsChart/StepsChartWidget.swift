// swift-format-ignore-file
//
//  StepsChartWidget.swift
//  StepsChartWidget
//

import WidgetKit
import SwiftUI

struct StepsEntry: TimelineEntry {
    let date: Date
    let samples: [Double]
    let total: Int
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Date(), samples: HealthData.weekSteps, total: HealthData.todayTotal)
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> Void) {
        let entry = StepsEntry(date: Date(), samples: HealthData.weekSteps, total: HealthData.todayTotal)
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

/// A line through the samples, scaled to the rect.
struct LineChartShape: Shape {
    var values: [Double]
    var closed = false

    func path(in rect: CGRect) -> Path {
        var path = Path()
        guard values.count > 1, let maxValue = values.max(), maxValue > 0 else { return path }
        let stepX = rect.width / CGFloat(values.count - 1)
        func point(_ index: Int) -> CGPoint {
            CGPoint(x: rect.minX + CGFloat(index) * stepX,
                    y: rect.maxY - rect.height * CGFloat(values[index] / maxValue))
        }
        if closed {
            path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.addLine(to: point(0))
        } else {
            path.move(to: point(0))
        }
        for index in 1..<values.count {
            path.addLine(to: point(index))
        }
        if closed {
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

struct StepsChartEntryView: View {
    var entry: StepsProvider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Label("Steps", systemImage: "figure.walk")
                    .font(.headline)
                    .foregroundColor(.orange)
                Spacer()
                Text("\(entry.total)")
                    .font(.title2.bold())
            }
            ZStack {
                LineChartShape(values: entry.samples, closed: true)
                    .fill(LinearGradient(colors: [.orange.opacity(0.4), .orange.opacity(0.05)], startPoint: .top, endPoint: .bottom))
                LineChartShape(values: entry.samples)
                    .stroke(Color.orange, style: StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round))
            }
            HStack {
                ForEach(HealthData.weekdays, id: \.self) { day in
                    Text(day)
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                        .frame(maxWidth: .infinity)
                }
            }
        }
    }
}

@main
struct StepsChartWidget: Widget {
    let kind: String = "StepsChartWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StepsProvider()) { entry in
            StepsChartEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Weekly Steps")
        .description("Your steps over the last seven days.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}

#Preview(as: .systemMedium) {
    StepsChartWidget()
} timeline: {
    StepsEntry(date: .now, samples: HealthData.weekSteps, total: HealthData.todayTotal)
}
