// swift-format-ignore-file
//
//  PhotoMemoriesWidget.swift
//  PhotoMemoriesWidget
//

import WidgetKit
import SwiftUI

struct MemoryEntry: TimelineEntry {
    let date: Date
    let memory: Memory
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> MemoryEntry {
        MemoryEntry(date: Date(), memory: Memory.featured[0])
    }

    func getSnapshot(in context: Context, completion: @escaping (MemoryEntry) -> ()) {
        completion(MemoryEntry(date: Date(), memory: Memory.featured[0]))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<MemoryEntry>) -> ()) {
        // Show a different memory every hour.
        let currentDate = Date()
        var entries: [MemoryEntry] = []
        for (hourOffset, memory) in Memory.featured.enumerated() {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            entries.append(MemoryEntry(date: entryDate, memory: memory))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct PolaroidView: View {
    let memory: Memory
    let angle: Double

    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .fill(memory.tint.gradient)
            .overlay {
                Image(systemName: memory.symbol)
                    .font(.largeTitle)
                    .foregroundStyle(.white)
            }
            .padding(6)
            .background(Color.white)
            .clipShape(RoundedRectangle(cornerRadius: 10))
            .rotationEffect(.degrees(angle))
    }
}

struct PhotoMemoriesEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            if family == .systemMedium {
                HStack(spacing: -20) {
                    PolaroidView(memory: entry.memory, angle: -6)
                        .scaleEffect(0.9)
                        .offset(y: 6)
                    PolaroidView(memory: entry.memory, angle: 4)
                }
                .padding(.bottom, 24)
            } else {
                PolaroidView(memory: entry.memory, angle: 0)
                    .padding(.bottom, 24)
            }
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.memory.title)
                    .font(.subheadline.bold())
                Text(entry.memory.subtitle)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

@main
struct PhotoMemoriesWidget: Widget {
    let kind: String = "PhotoMemoriesWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            PhotoMemoriesEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    LinearGradient(colors: [.pink.opacity(0.2), .orange.opacity(0.2)], startPoint: .topLeading, endPoint: .bottomTrailing)
                }
        }
        .configurationDisplayName("Memories")
        .description("Relive a moment from this day.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemSmall) {
    PhotoMemoriesWidget()
} timeline: {
    MemoryEntry(date: .now, memory: Memory.featured[0])
    MemoryEntry(date: .now, memory: Memory.featured[1])
}
