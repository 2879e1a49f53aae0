// swift-format-ignore-file
//
//  Stubs.swift
//  The app's order tracker, stubbed with one order being made.
//

struct CoffeeOrder {
    let number: Int
    let drink: String
    let size: String
    let stage: Int
    let stages = ["Received", "Brewing", "Ready"]

    static let sample = CoffeeOrder(number: 1042, drink: "Oat Flat White", size: "Grande", stage: 1)
}

final class OrderTracker {
    static let shared = OrderTracker()
    var activeOrder: CoffeeOrder? { .sample }
}
