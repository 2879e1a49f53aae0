// swift-format-ignore-file
//
//  Stubs.swift
//  The app's garden, stubbed with fixed plants.
//

struct Plant {
    let id: String
    let name: String
    let species: String
    let moisture: Double
}

final class PlantGarden: @unchecked Sendable {
    static let shared = PlantGarden()

    let plants: [Plant] = [
        Plant(id: "fern", name: "Fernando", species: "Boston Fern", moisture: 0.22),
        Plant(id: "monstera", name: "Big Leaf", species: "Monstera deliciosa", moisture: 0.64),
    ]
}
