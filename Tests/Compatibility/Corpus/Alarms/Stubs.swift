// swift-format-ignore-file
//
//  Stubs.swift
//  The app's alarms and sleep data, stubbed.
//

import Foundation

struct Alarm {
    let label: String
    let fireDate: Date

    static var wakeUp: Alarm { Alarm(label: "Wake Up", fireDate: Date().addingTimeInterval(7 * 3600)) }
}

struct SleepNight {
    let hours: Double
    let goal: Double
}

final class AlarmManager {
    static let shared = AlarmManager()
    func nextAlarm() -> Alarm? { .wakeUp }
    func lastNight() -> SleepNight { SleepNight(hours: 6.5, goal: 8) }
}
