// swift-format-ignore-file
//
//  Stubs.swift
//  The app's price service, stubbed with fixed quotes.
//

struct CoinQuote {
    let name: String
    let symbol: String
    let icon: String
    let price: Double
    let change: Double

    static func sample(for coin: Coin) -> CoinQuote {
        switch coin {
        case .bitcoin: return CoinQuote(name: "Bitcoin", symbol: "BTC", icon: "bitcoinsign.circle.fill", price: 64123.45, change: 2.31)
        case .ethereum: return CoinQuote(name: "Ethereum", symbol: "ETH", icon: "diamond.fill", price: 3150.2, change: -1.05)
        case .solana: return CoinQuote(name: "Solana", symbol: "SOL", icon: "sun.max.fill", price: 142.87, change: 5.4)
        }
    }
}

struct PriceService {
    func quote(for coin: Coin) async -> CoinQuote { .sample(for: coin) }
}
