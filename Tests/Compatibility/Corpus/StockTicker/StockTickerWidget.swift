// swift-format-ignore-file
//
//  StockTickerWidget.swift
//  StockTickerWidget
//

import WidgetKit
import SwiftUI
import Combine

/// Loads the watchlist through the app's quote feed and hands it to WidgetKit.
final class WatchlistModel: ObservableObject {
    @Published private(set) var quotes: [StockQuote] = []
    private var cancellables = Set<AnyCancellable>()
    private let feed: QuoteFeed

    init(feed: QuoteFeed = QuoteFeed()) {
        self.feed = feed
        feed.updates
            .map { $0.sorted { $0.symbol < $1.symbol } }
            .sink { [weak self] quotes in
                self?.quotes = quotes
            }
            .store(in: &cancellables)
    }

    func refresh(completion: @escaping ([StockQuote]) -> Void) {
        var subscription: AnyCancellable?
        subscription = $quotes
            .filter { !$0.isEmpty }
            .sink { quotes in
                completion(quotes)
                subscription?.cancel()
            }
        feed.requestLatest()
    }
}

struct Provider: TimelineProvider {
    let model = WatchlistModel()

    func placeholder(in context: Context) -> StockEntry {
        StockEntry(date: Date(), quotes: StockQuote.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (StockEntry) -> ()) {
        completion(StockEntry(date: Date(), quotes: StockQuote.samples))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StockEntry>) -> ()) {
        model.refresh { quotes in
            let entry = StockEntry(date: Date(), quotes: quotes)
            completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(900))))
        }
    }
}

struct StockEntry: TimelineEntry {
    let date: Date
    let quotes: [StockQuote]
}

struct QuoteRow: View {
    let quote: StockQuote

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 0) {
                Text(quote.symbol)
                    .font(.subheadline.bold())
                Text(quote.company)
                    .font(.caption2)
                    .foregroundColor(.secondary)
                    .lineLimit(1)
            }
            Spacer()
            VStack(alignment: .trailing, spacing: 2) {
                Text(quote.price, format: .number.precision(.fractionLength(2)))
                    .font(.subheadline)
                Text(String(format: "%+.2f%%", quote.changePercent))
                    .font(.caption2.bold())
                    .foregroundColor(.white)
                    .padding(.horizontal, 4)
                    .background(quote.changePercent >= 0 ? Color.green : Color.red, in: RoundedRectangle(cornerRadius: 4))
            }
        }
    }
}

struct StockTickerEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack(spacing: 6) {
            ForEach(entry.quotes.prefix(3)) { quote in
                QuoteRow(quote: quote)
            }
        }
    }
}

@main
struct StockTickerWidget: Widget {
    let kind: String = "StockTickerWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            StockTickerEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Watchlist")
        .description("Your stocks at a glance.")
        .supportedFamilies([.systemMedium])
    }
}
