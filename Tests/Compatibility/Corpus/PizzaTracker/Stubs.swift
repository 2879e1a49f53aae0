// swift-format-ignore-file
//
//  Stubs.swift
//  The app's orders, stubbed: the attributes type lives in a file both targets share.
//

import ActivityKit
import Foundation

struct PizzaDeliveryAttributes: ActivityAttributes {
    public typealias PizzaDeliveryStatus = ContentState

    public struct ContentState: Codable, Hashable {
        var driverName: String
        var deliveryTimer: ClosedRange<Date>
        var pausedAt: Date?
        var step: Int
    }

    var numberOfPizzas: Int
    var totalAmount: String
    var orderNumber: String
}

enum OrderStore {
    static var lastOrder: (pizzas: Int, placed: Date) { (2, Date()) }
}
