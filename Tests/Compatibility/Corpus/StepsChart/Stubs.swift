// swift-format-ignore-file
//
//  Stubs.swift
//  The app's HealthKit query results, stubbed with a fixed week.
//

enum HealthData {
    static let weekSteps: [Double] = [6200, 8400, 7100, 10300, 9200, 4800, 8650]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let todayTotal = 8650
}
