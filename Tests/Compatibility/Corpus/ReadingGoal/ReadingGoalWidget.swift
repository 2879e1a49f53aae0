// swift-format-ignore-file
//
//  ReadingGoalWidget.swift
//  ReadingGoalWidget
//

import WidgetKit
import SwiftUI

struct ReadingEntry: TimelineEntry {
    let date: Date
    let book: Book
    let lastRead: Date
}

struct ReadingProvider: TimelineProvider {
    func placeholder(in context: Context) -> ReadingEntry {
        ReadingEntry(date: Date(), book: .sample, lastRead: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (ReadingEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ReadingEntry>) -> Void) {
        let library = Library()
        let entry = ReadingEntry(date: Date(), book: library.currentlyReading, lastRead: library.lastSession)
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

struct ReadingGoalEntryView: View {
    var entry: ReadingProvider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack(alignment: .top) {
                RoundedRectangle(cornerRadius: 4)
                    .fill(entry.book.coverColor.gradient)
                    .frame(width: 36, height: 52)
                    .overlay {
                        Image(systemName: "book.closed.fill")
                            .foregroundColor(.white)
                    }
                VStack(alignment: .leading, spacing: 2) {
                    Text(entry.book.title)
                        .font(.subheadline.bold())
                        .lineLimit(2)
                    Text(entry.book.author)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: 0)
            ProgressView(value: Double(entry.book.pagesRead), total: Double(entry.book.pageCount)) {
                Text("Page \(entry.book.pagesRead) of \(entry.book.pageCount)")
                    .font(.caption2)
            }
            .tint(entry.book.coverColor)
            HStack(spacing: 2) {
                Text("Read")
                Text(entry.lastRead, style: .relative)
                Text("ago")
            }
            .font(.caption2)
            .foregroundStyle(.secondary)
        }
    }
}

@main
struct ReadingGoalWidget: Widget {
    let kind: String = "ReadingGoalWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ReadingProvider()) { entry in
            ReadingGoalEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Currently Reading")
        .description("Pick up where you left off.")
        .supportedFamilies([.systemSmall])
    }
}

#Preview(as: .systemSmall) {
    ReadingGoalWidget()
} timeline: {
    ReadingEntry(date: .now, book: .sample, lastRead: .now)
}
