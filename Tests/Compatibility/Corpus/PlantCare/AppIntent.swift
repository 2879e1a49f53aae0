// swift-format-ignore-file
//
//  AppIntent.swift
//  PlantCareWidget
//

import WidgetKit
import AppIntents

struct PlantEntity: AppEntity {
    let id: String
    let name: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Plant"
    static var defaultQuery = PlantQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }
}

struct PlantQuery: EntityQuery {
    func entities(for identifiers: [PlantEntity.ID]) async throws -> [PlantEntity] {
        PlantGarden.shared.plants.filter { identifiers.contains($0.id) }.map { PlantEntity(id: $0.id, name: $0.name) }
    }

    func suggestedEntities() async throws -> [PlantEntity] {
        PlantGarden.shared.plants.map { PlantEntity(id: $0.id, name: $0.name) }
    }

    func defaultResult() async -> PlantEntity? {
        try? await suggestedEntities().first
    }
}

struct SelectPlantIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Select Plant"
    static var description = IntentDescription("Choose a plant to keep an eye on.")

    @Parameter(title: "Plant")
    var plant: PlantEntity?

    init() {}

    init(plant: PlantEntity) {
        self.plant = plant
    }
}
