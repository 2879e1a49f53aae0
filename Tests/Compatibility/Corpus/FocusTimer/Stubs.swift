// swift-format-ignore-file
//
//  Stubs.swift
//  The app's focus sessions, stubbed.
//

import Foundation

struct FocusSession {
    let title: String
    let duration: TimeInterval

    static let pomodoro = FocusSession(title: "Deep Work", duration: 25 * 60)
}

enum SessionStore {
    static var current: FocusSession { .pomodoro }
}
