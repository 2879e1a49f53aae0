// swift-format-ignore-file
//
//  PizzaTrackerBundle.swift
//  PizzaTrackerWidget
//

import WidgetKit
import SwiftUI

@main
struct PizzaTrackerBundle: WidgetBundle {
    @WidgetBundleBuilder
    var body: some Widget {
        PizzaTrackerWidget()
        if #available(iOS 16.1, *) {
            PizzaDeliveryLiveActivity()
        }
    }
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), pizzas: 2)
    }

    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> ()) {
        completion(SimpleEntry(date: Date(), pizzas: OrderStore.lastOrder.pizzas))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
        let entry = SimpleEntry(date: Date(), pizzas: OrderStore.lastOrder.pizzas)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    let pizzas: Int
}

struct PizzaTrackerWidgetEntryView : View {
    var entry: Provider.Entry

    var body: some View {
        VStack(spacing: 6) {
            Image(systemName: "takeoutbag.and.cup.and.straw.fill")
                .font(.title)
                .foregroundColor(.orange)
            Text("Last order")
                .font(.caption)
                .foregroundColor(.secondary)
            Text("\(entry.pizzas) pizzas")
                .font(.headline)
        }
    }
}

struct PizzaTrackerWidget: Widget {
    let kind: String = "PizzaTrackerWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            PizzaTrackerWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("Pizza Tracker")
        .description("Your last order.")
        .supportedFamilies([.systemSmall])
    }
}
