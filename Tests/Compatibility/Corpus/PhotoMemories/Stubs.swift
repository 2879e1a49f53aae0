// swift-format-ignore-file
//
//  Stubs.swift
//  The app's photo library, stubbed: memories drawn from symbols and colours.
//

import SwiftUI

struct Memory {
    let title: String
    let subtitle: String
    let symbol: String
    let tint: Color

    static let featured: [Memory] = [
        Memory(title: "Beach Day", subtitle: "Santa Cruz · 2 years ago", symbol: "sun.horizon.fill", tint: .orange),
        Memory(title: "Snow Trip", subtitle: "Tahoe · 1 year ago", symbol: "snowflake", tint: .blue),
    ]
}
