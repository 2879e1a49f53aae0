// swift-format-ignore-file
//
//  CoffeeOrderWidget.swift
//  CoffeeOrderWidget
//

import WidgetKit
import SwiftUI

struct OrderEntry: TimelineEntry {
    let date: Date
    let order: CoffeeOrder
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> OrderEntry {
        OrderEntry(date: Date(), order: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (OrderEntry) -> ()) {
        completion(OrderEntry(date: Date(), order: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OrderEntry>) -> ()) {
        let entry = OrderEntry(date: Date(), order: OrderTracker.shared.activeOrder ?? .sample)
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

struct StageDots: View {
    let stage: Int
    let count: Int

    var body: some View {
        HStack(spacing: 4) {
            ForEach(0..<count, id: \.self) { index in
                Capsule()
                    .fill(index <= stage ? Color.brown : Color.brown.opacity(0.2))
                    .frame(height: 6)
                    .scaleEffect(index == stage ? 1.0 : 0.9)
            }
        }
    }
}

struct CoffeeOrderEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            ViewThatFits(in: .horizontal) {
                HStack {
                    Image(systemName: "cup.and.saucer.fill")
                    Text(entry.order.drink)
                        .fixedSize()
                    Text("· \(entry.order.size)")
                        .foregroundStyle(.secondary)
                }
                Text(entry.order.drink)
            }
            .font(.headline)
            Text(entry.order.stages[entry.order.stage])
                .font(.system(size: 22, weight: .bold, design: .rounded))
                .foregroundStyle(Color.brown.gradient)
                .contentTransition(.numericText())
                .animation(.easeInOut, value: entry.order.stage)
            Spacer(minLength: 0)
            StageDots(stage: entry.order.stage, count: entry.order.stages.count)
            Text("Order #\(entry.order.number)")
                .font(.caption2)
                .foregroundStyle(.secondary)
        }
    }
}

@main
struct CoffeeOrderWidget: Widget {
    let kind: String = "CoffeeOrderWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            CoffeeOrderEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    Color.orange.opacity(0.15)
                }
        }
        .configurationDisplayName("Order Status")
        .description("Follow your coffee order.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemSmall) {
    CoffeeOrderWidget()
} timeline: {
    OrderEntry(date: .now, order: .sample)
}
