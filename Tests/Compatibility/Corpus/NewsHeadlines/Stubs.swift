// swift-format-ignore-file
//
//  Stubs.swift
//  The app's news API, stubbed with fixed stories.
//

import SwiftUI

struct Category {
    let name: String
    let symbol: String
    let color: Color

    static let tech = Category(name: "Technology", symbol: "cpu", color: .blue)
    static let science = Category(name: "Science", symbol: "atom", color: .purple)
    static let sports = Category(name: "Sports", symbol: "sportscourt", color: .green)
    static let business = Category(name: "Business", symbol: "chart.line.uptrend.xyaxis", color: .orange)
}

struct Article: Identifiable {
    let id: Int
    let headline: String
    let category: Category
    var url: URL { URL(string: "news://article/\(id)")! }

    static let placeholders: [Article] = [
        Article(id: 101, headline: "New chips promise all-day battery life in thinner laptops", category: .tech),
        Article(id: 102, headline: "Telescope spots water vapour on a distant exoplanet", category: .science),
        Article(id: 103, headline: "Underdogs clinch the title in a dramatic final minute", category: .sports),
        Article(id: 104, headline: "Markets rally as inflation cools for a third month", category: .business),
    ]
}

enum NewsAPI {
    static func topStories(completion: @escaping ([Article]) -> Void) {
        completion(Article.placeholders)
    }
}
