// swift-format-ignore-file
//
//  Stubs.swift
//  The app's quote feed, stubbed: it publishes a fixed watchlist when asked.
//

import Foundation
import Combine

struct StockQuote: Identifiable {
    var id: String { symbol }
    let symbol: String
    let company: String
    let price: Double
    let changePercent: Double

    static let samples: [StockQuote] = [
        StockQuote(symbol: "AAPL", company: "Apple Inc.", price: 189.84, changePercent: 1.12),
        StockQuote(symbol: "MSFT", company: "Microsoft Corporation", price: 402.56, changePercent: -0.48),
        StockQuote(symbol: "GOOG", company: "Alphabet Inc.", price: 141.8, changePercent: 0.35),
    ]
}

final class QuoteFeed {
    let updates = PassthroughSubject<[StockQuote], Never>()

    func requestLatest() {
        updates.send(StockQuote.samples)
    }
}
