// swift-format-ignore-file
//
//  PhotoFrameWidget.swift
//  PhotoFrameWidget
//

import WidgetKit
import SwiftUI
import UIKit

struct PhotoEntry: TimelineEntry {
    let date: Date
    let image: UIImage?
    let caption: String
    let place: String
    let likes: Int
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> PhotoEntry {
        PhotoEntry(date: Date(), image: nil, caption: "Photo of the day", place: "—", likes: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (PhotoEntry) -> ()) {
        completion(loadEntry())
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PhotoEntry>) -> ()) {
        // A new photo every morning.
        let tomorrow = Calendar.current.startOfDay(for: Date()).addingTimeInterval(24 * 60 * 60)
        completion(Timeline(entries: [loadEntry()], policy: .after(tomorrow)))
    }

    private func loadEntry() -> PhotoEntry {
        let photo = SharedPhotoStore.today
        var image: UIImage?
        if let url = SharedPhotoStore.latestPhotoURL() {
            image = UIImage(contentsOfFile: url.path)
            if image == nil, let data = try? Data(contentsOf: url) {
                image = UIImage(data: data)
            }
        }
        return PhotoEntry(date: Date(), image: image, caption: photo.caption, place: photo.place, likes: photo.likes)
    }
}

struct PhotoFrameEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Spacer()
            Text(entry.caption)
                .font(.headline)
            Text("\(Image(systemName: "mappin")) \(entry.place)  \(Image(systemName: "heart.fill")) \(entry.likes)")
                .font(.caption)
        }
        .foregroundStyle(.white)
        .shadow(radius: 2)
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(12)
    }
}

/// The photo fills the widget behind its caption, as iOS 17 draws a background.
struct PhotoBackground: View {
    var image: UIImage?

    var body: some View {
        if let image {
            Image(uiImage: image)
                .resizable()
                .scaledToFill()
        } else {
            Color.gray.opacity(0.3)
        }
    }
}

@main
struct PhotoFrameWidget: Widget {
    let kind: String = "PhotoFrameWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            PhotoFrameEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    PhotoBackground(image: entry.image)
                }
        }
        .configurationDisplayName("Photo Frame")
        .description("Today's photo from your library.")
        .supportedFamilies([.systemSmall, .systemMedium])
        .contentMarginsDisabled()
    }
}

#Preview(as: .systemMedium) {
    PhotoFrameWidget()
} timeline: {
    PhotoEntry(date: .now, image: nil, caption: "Golden hour", place: "Big Sur", likes: 128)
}
