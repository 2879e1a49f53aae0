// swift-format-ignore-file
//
//  PlantCareWidget.swift
//  PlantCareWidget
//

import WidgetKit
import SwiftUI
import AppIntents

struct PlantEntry: TimelineEntry {
    let date: Date
    let plant: Plant
}

struct Provider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> PlantEntry {
        PlantEntry(date: Date(), plant: PlantGarden.shared.plants[0])
    }

    func snapshot(for configuration: SelectPlantIntent, in context: Context) async -> PlantEntry {
        PlantEntry(date: Date(), plant: plant(for: configuration))
    }

    func timeline(for configuration: SelectPlantIntent, in context: Context) async -> Timeline<PlantEntry> {
        let entry = PlantEntry(date: Date(), plant: plant(for: configuration))
        return Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(6 * 3600)))
    }

    func recommendations() -> [AppIntentRecommendation<SelectPlantIntent>] {
        PlantGarden.shared.plants.map { plant in
            AppIntentRecommendation(intent: SelectPlantIntent(plant: PlantEntity(id: plant.id, name: plant.name)), description: plant.name)
        }
    }

    private func plant(for configuration: SelectPlantIntent) -> Plant {
        PlantGarden.shared.plants.first { $0.id == configuration.plant?.id } ?? PlantGarden.shared.plants[0]
    }
}

struct PlantCareEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            ProgressView(value: entry.plant.moisture) {
                Image(systemName: "drop.fill")
            }
            .progressViewStyle(.circular)
        default:
            VStack(alignment: .leading, spacing: 6) {
                HStack {
                    Image(systemName: "leaf.fill")
                        .foregroundStyle(.green)
                    Text(entry.plant.name)
                        .font(.headline)
                        .lineLimit(1)
                }
                Text(entry.plant.species)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                Spacer()
                Text("Moisture")
                    .font(.caption2)
                ProgressView(value: entry.plant.moisture)
                    .tint(entry.plant.moisture < 0.3 ? .orange : .green)
                Text(entry.plant.moisture < 0.3 ? "Needs water" : "Doing well")
                    .font(.caption.bold())
                    .foregroundStyle(entry.plant.moisture < 0.3 ? .orange : .green)
            }
        }
    }
}

@main
struct PlantCareWidget: Widget {
    let kind: String = "PlantCareWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: SelectPlantIntent.self, provider: Provider()) { entry in
            PlantCareEntryView(entry: entry)
                .containerBackground(.green.opacity(0.08), for: .widget)
        }
        .configurationDisplayName("Plant Care")
        .description("Know when your plants need water.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

#Preview(as: .systemSmall) {
    PlantCareWidget()
} timeline: {
    PlantEntry(date: .now, plant: PlantGarden.shared.plants[0])
    PlantEntry(date: .now, plant: PlantGarden.shared.plants[1])
}
