// swift-format-ignore-file
//
//  SmartHomeWidget.swift
//  SmartHomeWidget
//

import WidgetKit
import SwiftUI
import AppIntents

struct ToggleAccessoryIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle Accessory"

    @Parameter(title: "Accessory")
    var accessoryID: String

    init() {}

    init(accessoryID: String) {
        self.accessoryID = accessoryID
    }

    func perform() async throws -> some IntentResult {
        HomeManager.shared.toggle(accessoryID)
        return .result()
    }
}

struct HomeEntry: TimelineEntry {
    let date: Date
    let accessories: [HomeAccessory]
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> HomeEntry {
        HomeEntry(date: Date(), accessories: HomeAccessory.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (HomeEntry) -> ()) {
        completion(HomeEntry(date: Date(), accessories: HomeManager.shared.accessories))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HomeEntry>) -> ()) {
        completion(Timeline(entries: [HomeEntry(date: Date(), accessories: HomeManager.shared.accessories)], policy: .never))
    }
}

struct AccessoryTile: View {
    let accessory: HomeAccessory

    var body: some View {
        Button(intent: ToggleAccessoryIntent(accessoryID: accessory.id)) {
            VStack(alignment: .leading, spacing: 2) {
                Image(systemName: accessory.symbol)
                    .font(.body)
                    .foregroundStyle(accessory.isOn ? Color.yellow : Color.secondary)
                Spacer(minLength: 0)
                Text(accessory.name)
                    .font(.caption.bold())
                    .lineLimit(1)
                Text(accessory.isOn ? "On" : "Off")
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
            .padding(6)
            .background(accessory.isOn ? Color.white : Color.white.opacity(0.4), in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        }
        .buttonStyle(.plain)
    }
}

struct SmartHomeEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 70), spacing: 8)], spacing: 8) {
            ForEach(entry.accessories) { accessory in
                AccessoryTile(accessory: accessory)
                    .frame(height: 65)
            }
        }
    }
}

@main
struct SmartHomeWidget: Widget {
    let kind: String = "SmartHomeWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            SmartHomeEntryView(entry: entry)
                .containerBackground(Color.gray.opacity(0.3), for: .widget)
        }
        .configurationDisplayName("Home")
        .description("Control your favourite accessories.")
        .supportedFamilies([.systemMedium])
    }
}

#Preview(as: .systemMedium) {
    SmartHomeWidget()
} timeline: {
    HomeEntry(date: .now, accessories: HomeAccessory.samples)
}
