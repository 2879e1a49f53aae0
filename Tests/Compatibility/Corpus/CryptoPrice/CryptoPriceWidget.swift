// swift-format-ignore-file
//
//  CryptoPriceWidget.swift
//  CryptoPriceWidget
//

import WidgetKit
import SwiftUI
import AppIntents

struct Provider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> PriceEntry {
        PriceEntry(date: Date(), quote: .sample(for: .bitcoin), configuration: ConfigurationAppIntent())
    }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> PriceEntry {
        PriceEntry(date: Date(), quote: .sample(for: configuration.coin), configuration: configuration)
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<PriceEntry> {
        let quote = await PriceService().quote(for: configuration.coin)
        let entry = PriceEntry(date: Date(), quote: quote, configuration: configuration)
        return Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60)))
    }

    func recommendations() -> [AppIntentRecommendation<ConfigurationAppIntent>] {
        Coin.allCases.map { coin in
            let intent = ConfigurationAppIntent()
            intent.coin = coin
            return AppIntentRecommendation(intent: intent, description: coin.rawValue.capitalized)
        }
    }
}

struct PriceEntry: TimelineEntry {
    let date: Date
    let quote: CoinQuote
    let configuration: ConfigurationAppIntent
}

struct CryptoPriceEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var changeColor: Color { entry.quote.change >= 0 ? .green : .red }

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text(entry.quote.symbol)
                    .font(.headline)
                Text(entry.quote.price, format: .number.precision(.fractionLength(2)))
                if entry.configuration.showChange {
                    Text("\(entry.quote.change >= 0 ? "▲" : "▼") \(abs(entry.quote.change), specifier: "%.2f")%")
                        .font(.caption)
                }
            }
        default:
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Image(systemName: entry.quote.icon)
                        .foregroundColor(.orange)
                    Text(entry.quote.name)
                        .font(.headline)
                }
                Spacer()
                Text("$\(entry.quote.price, specifier: "%.2f")")
                    .font(.title2.bold())
                    .minimumScaleFactor(0.6)
                    .lineLimit(1)
                if entry.configuration.showChange {
                    Text("\(entry.quote.change >= 0 ? "+" : "")\(entry.quote.change, specifier: "%.2f")%")
                        .font(.subheadline)
                        .foregroundColor(changeColor)
                }
                Text(entry.date, style: .time)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

@main
struct CryptoPriceWidget: Widget {
    let kind: String = "CryptoPriceWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
            CryptoPriceEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Crypto Price")
        .description("Follow the price of a coin.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

extension ConfigurationAppIntent {
    fileprivate static var ethereum: ConfigurationAppIntent {
        let intent = ConfigurationAppIntent()
        intent.coin = .ethereum
        return intent
    }
}

#Preview(as: .systemSmall) {
    CryptoPriceWidget()
} timeline: {
    PriceEntry(date: .now, quote: .sample(for: .bitcoin), configuration: ConfigurationAppIntent())
    PriceEntry(date: .now, quote: .sample(for: .ethereum), configuration: .ethereum)
}
