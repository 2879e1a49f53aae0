// swift-format-ignore-file
//
//  BatteryGaugeWidget.swift
//  BatteryGaugeWidget
//

import WidgetKit
import SwiftUI

struct BatteryEntry: TimelineEntry {
    let date: Date
    let device: DeviceBattery
}

struct BatteryProvider: TimelineProvider {
    func placeholder(in context: Context) -> BatteryEntry {
        BatteryEntry(date: Date(), device: .headphones)
    }

    func getSnapshot(in context: Context, completion: @escaping (BatteryEntry) -> Void) {
        completion(BatteryEntry(date: Date(), device: .headphones))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BatteryEntry>) -> Void) {
        let entry = BatteryEntry(date: Date(), device: DeviceBattery.connected.first ?? .headphones)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60 * 30))))
    }
}

struct BatteryGaugeEntryView: View {
    var entry: BatteryEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.device.level) {
                Image(systemName: entry.device.symbol)
            } currentValueLabel: {
                Text("\(Int(entry.device.level * 100))")
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .widgetLabel(entry.device.name)
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Label(entry.device.name, systemImage: entry.device.symbol)
                    .font(.headline)
                Gauge(value: entry.device.level, in: 0...1) {
                    Text("Battery")
                } currentValueLabel: {
                    Text(entry.device.level, format: .percent)
                }
                .gaugeStyle(.linearCapacity)
            }
        case .accessoryInline:
            Label("\(entry.device.name) \(Int(entry.device.level * 100))%", systemImage: entry.device.symbol)
        default:
            Gauge(value: entry.device.temperature, in: 0...45) {
                Text("°C")
            } currentValueLabel: {
                Text("\(Int(entry.device.temperature))")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("45")
            }
            .gaugeStyle(.accessoryCircular)
            .tint(.orange)
        }
    }
}

@main
struct BatteryGaugeWidget: Widget {
    let kind: String = "BatteryGaugeWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: BatteryProvider()) { entry in
            BatteryGaugeEntryView(entry: entry)
                .containerBackground(.clear, for: .widget)
        }
        .configurationDisplayName("Batteries")
        .description("Keep an eye on your devices' batteries.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular, .accessoryInline, .systemSmall])
    }
}

#Preview(as: .accessoryCircular) {
    BatteryGaugeWidget()
} timeline: {
    BatteryEntry(date: .now, device: .headphones)
}
