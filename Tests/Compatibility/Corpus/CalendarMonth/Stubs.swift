// swift-format-ignore-file
//
//  Stubs.swift
//  The app's calendar model, stubbed with a fixed month (January 2027).
//

struct DayCell: Identifiable {
    let id: Int
    let day: Int?
}

struct CalendarMonth {
    let title: String
    let firstWeekday: Int // 0 = Sunday
    let numberOfDays: Int
    let today: Int
    let eventDays: Set<Int>
    let weekdaySymbols = ["S", "M", "T", "W", "T", "F", "S"]

    var cells: [DayCell] {
        let leading = (0..<firstWeekday).map { DayCell(id: $0, day: nil) }
        let days = (1...numberOfDays).map { DayCell(id: firstWeekday + $0 - 1, day: $0) }
        return leading + days
    }

    static let sample = CalendarMonth(title: "January 2027", firstWeekday: 5, numberOfDays: 31, today: 15, eventDays: [4, 8, 12, 19, 22, 28])
}

final class EventStore {
    static let shared = EventStore()
    func currentMonth() -> CalendarMonth { .sample }
}
