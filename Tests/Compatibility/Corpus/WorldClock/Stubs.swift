// swift-format-ignore-file
//
//  Stubs.swift
//  The app's saved cities and the user's next call, stubbed.
//

import Foundation

struct City: Identifiable {
    let id: String
    let name: String
    let timeZone: TimeZone
}

struct Call {
    let title: String
    let start: Date
    let end: Date
}

enum CityStore {
    static let saved: [City] = [
        City(id: "nyc", name: "New York", timeZone: TimeZone(identifier: "America/New_York")!),
        City(id: "lon", name: "London", timeZone: TimeZone(identifier: "Europe/London")!),
        City(id: "tyo", name: "Tokyo", timeZone: TimeZone(identifier: "Asia/Tokyo")!),
    ]

    static func nextCall(after date: Date) -> Call {
        let start = date.addingTimeInterval(2 * 3600)
        return Call(title: "Design sync", start: start, end: start.addingTimeInterval(45 * 60))
    }
}
