// swift-format-ignore-file
//
//  Stubs.swift
//  The app's activity model, stubbed with fixed sample data.
//

import Foundation

struct ActivitySummary {
    var moveCalories: Int
    var moveGoal: Int
    var exerciseMinutes: Int
    var exerciseGoal: Int
    var standHours: Int
    var standGoal: Int

    var moveProgress: Double { Double(moveCalories) / Double(moveGoal) }
    var exerciseProgress: Double { Double(exerciseMinutes) / Double(exerciseGoal) }
    var standProgress: Double { Double(standHours) / Double(standGoal) }

    static let sample = ActivitySummary(moveCalories: 420, moveGoal: 600, exerciseMinutes: 24, exerciseGoal: 30, standHours: 9, standGoal: 12)
}

final class ActivityStore {
    static let shared = ActivityStore()

    func todaysSummary() -> ActivitySummary { .sample }
}
