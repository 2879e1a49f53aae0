// swift-format-ignore-file
//
//  NewsHeadlinesWidget.swift
//  NewsHeadlinesWidget
//

import WidgetKit
import SwiftUI

struct NewsEntry: TimelineEntry {
    let date: Date
    let articles: [Article]
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> NewsEntry {
        NewsEntry(date: Date(), articles: Article.placeholders)
    }

    func getSnapshot(in context: Context, completion: @escaping (NewsEntry) -> ()) {
        completion(NewsEntry(date: Date(), articles: Article.placeholders))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<NewsEntry>) -> ()) {
        NewsAPI.topStories { articles in
            let entry = NewsEntry(date: Date(), articles: articles)
            completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
        }
    }
}

struct ArticleRow: View {
    let article: Article

    var body: some View {
        HStack(alignment: .top, spacing: 10) {
            RoundedRectangle(cornerRadius: 6, style: .continuous)
                .fill(article.category.color.gradient)
                .frame(width: 44, height: 44)
                .overlay(
                    Image(systemName: article.category.symbol)
                        .foregroundColor(.white)
                )
            VStack(alignment: .leading, spacing: 2) {
                Text(article.category.name.uppercased())
                    .font(.caption2.weight(.bold))
                    .foregroundColor(article.category.color)
                Text(article.headline)
                    .font(.footnote.weight(.semibold))
                    .lineLimit(2)
            }
        }
    }
}

struct NewsHeadlinesEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Image(systemName: "newspaper.fill")
                    .foregroundColor(.red)
                Text("Top Stories")
                    .font(.headline)
                Spacer()
            }
            if family == .systemLarge {
                ForEach(entry.articles) { article in
                    Link(destination: article.url) {
                        ArticleRow(article: article)
                    }
                    if article.id != entry.articles.last?.id {
                        Divider()
                    }
                }
                Spacer(minLength: 0)
            } else if let first = entry.articles.first {
                ArticleRow(article: first)
                Spacer(minLength: 0)
            }
        }
        .widgetURL(entry.articles.first?.url)
    }
}

@main
struct NewsHeadlinesWidget: Widget {
    let kind: String = "NewsHeadlinesWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            NewsHeadlinesEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Top Stories")
        .description("The latest headlines.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}

#Preview(as: .systemLarge) {
    NewsHeadlinesWidget()
} timeline: {
    NewsEntry(date: .now, articles: Article.placeholders)
}
