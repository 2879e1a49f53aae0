// swift-format-ignore-file
//
//  Stubs.swift
//  The app's workout history, stubbed with one run.
//

struct WorkoutSummary {
    let name: String
    let symbol: String
    let distance: Double
    let minutes: Int
    let calories: Int

    static let sample = WorkoutSummary(name: "Outdoor Run", symbol: "figure.run", distance: 5.2, minutes: 28, calories: 412)
}

enum WorkoutHistory {
    static func latest() -> WorkoutSummary { .sample }
}
