// swift-format-ignore-file
//
//  Stubs.swift
//  The app's shared settings.
//

enum HydrationStore {
    static let appGroup = "group.com.example.hydrate"
    static let defaultGoal = 8
}
