// swift-format-ignore-file
//
//  AppIntent.swift
//  CryptoPriceWidget
//

import WidgetKit
import AppIntents

enum Coin: String, AppEnum {
    case bitcoin
    case ethereum
    case solana

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Coin"
    static var caseDisplayRepresentations: [Coin: DisplayRepresentation] = [
        .bitcoin: "Bitcoin",
        .ethereum: "Ethereum",
        .solana: "Solana",
    ]
}

struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource = "Select Coin"
    static var description = IntentDescription("Choose the coin to follow.")

    @Parameter(title: "Coin", default: .bitcoin)
    var coin: Coin

    @Parameter(title: "Show Change", default: true)
    var showChange: Bool
}
