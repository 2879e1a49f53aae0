// swift-format-ignore-file
//
//  Stubs.swift
//  The app's habits, stubbed with a fixed week.
//

import SwiftUI

struct Habit: Identifiable {
    let id: String
    let name: String
    let icon: String
    let color: Color
    let done: [Bool]

    static let dayLabels = ["M", "T", "W", "Th", "F", "Sa", "Su"]

    static let samples: [Habit] = [
        Habit(id: "read", name: "Read", icon: "book.fill", color: .blue, done: [true, true, false, true, true, false, true]),
        Habit(id: "run", name: "Run", icon: "figure.run", color: .green, done: [true, false, true, false, true, true, false]),
        Habit(id: "water", name: "Water", icon: "drop.fill", color: .cyan, done: [true, true, true, true, false, true, true]),
    ]
}

enum HabitRepository {
    static func load() -> [Habit] { Habit.samples }
}
