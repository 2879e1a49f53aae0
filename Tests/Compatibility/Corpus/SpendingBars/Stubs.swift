// swift-format-ignore-file
//
//  Stubs.swift
//  The app's budget store, stubbed with a fixed week of spending.
//

import Foundation

struct DailySpending: Identifiable {
    let id: Int
    let label: String
    let amount: Double

    static let sampleWeek: [DailySpending] = [
        DailySpending(id: 0, label: "M", amount: 42.5),
        DailySpending(id: 1, label: "T", amount: 18.0),
        DailySpending(id: 2, label: "W", amount: 95.2),
        DailySpending(id: 3, label: "T", amount: 60.0),
        DailySpending(id: 4, label: "F", amount: 73.9),
        DailySpending(id: 5, label: "S", amount: 120.4),
        DailySpending(id: 6, label: "S", amount: 33.3),
    ]
}

struct BudgetStore {
    func lastSevenDays() -> [DailySpending] { DailySpending.sampleWeek }
}
