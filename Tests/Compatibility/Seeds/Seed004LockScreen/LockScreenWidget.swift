// swift-format-ignore-file
// seed: 004_565327f9fb40509b.txt lines 27-32, 36-59, 63-120, 124-139, 143-151
// added: import WidgetKit; import SwiftUI
import WidgetKit
import SwiftUI
struct LockScreenEntry: TimelineEntry {
    let date: Date
    let songName: String
    let artistName: String
    let isPlaying: Bool
}

struct LockScreenProvider: TimelineProvider {
    
    // 占位视图（首次加载时显示）
    func placeholder(in context: Context) -> LockScreenEntry {
        LockScreenEntry(date: Date(), songName: "Song Name", artistName: "Artist", isPlaying: false)
    }

    // 快照（小组件预览时使用）
    func getSnapshot(in context: Context, completion: @escaping (LockScreenEntry) -> Void) {
        let entry = LockScreenEntry(date: Date(), songName: "My Song", artistName: "My Artist", isPlaying: true)
        completion(entry)
    }

    // 时间线（实际数据更新逻辑）
    func getTimeline(in context: Context, completion: @escaping (Timeline<LockScreenEntry>) -> Void) {
        // 从 App Group 共享数据或 API 获取数据
        let entry = LockScreenEntry(date: Date(), songName: "My Song", artistName: "My Artist", isPlaying: true)
        
        // 设置下次刷新时间
        let nextUpdate = Calendar.current.date(byAdding: .minute, value: 30, to: Date())!
        let timeline = Timeline(entries: [entry], policy: .after(nextUpdate))
        completion(timeline)
    }
}

struct LockScreenWidgetEntryView: View {
    var entry: LockScreenEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            CircularView(entry: entry)
        case .accessoryRectangular:
            RectangularView(entry: entry)
        case .accessoryInline:
            InlineView(entry: entry)
        default:
            EmptyView()
        }
    }
}

// 圆形样式
struct CircularView: View {
    var entry: LockScreenEntry
    var body: some View {
        ZStack {
            AccessoryWidgetBackground() // 系统提供的背景
            VStack(spacing: 2) {
                Image(systemName: entry.isPlaying ? "play.circle.fill" : "pause.circle.fill")
                    .font(.system(size: 14))
                Text("JOOX")
                    .font(.system(size: 8, weight: .bold))
            }
        }
    }
}

// 矩形样式
struct RectangularView: View {
    var entry: LockScreenEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Label(entry.songName, systemImage: entry.isPlaying ? "play.fill" : "pause.fill")
                .font(.system(size: 12, weight: .semibold))
                .lineLimit(1)
            Text(entry.artistName)
                .font(.system(size: 10))
                .foregroundColor(.secondary)
                .lineLimit(1)
        }
    }
}

// 内联样式
struct InlineView: View {
    var entry: LockScreenEntry
    var body: some View {
        Label("\(entry.songName) - \(entry.artistName)", 
              systemImage: entry.isPlaying ? "play.fill" : "pause.fill")
    }
}

struct LockScreenWidget: Widget {
    let kind: String = "LockScreenWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: LockScreenProvider()) { entry in
            LockScreenWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("JOOX 锁屏")
        .description("在锁屏上显示当前播放歌曲")
        .supportedFamilies([
            .accessoryCircular,
            .accessoryRectangular,
            .accessoryInline
        ])
    }
}

@main
struct MyWidgetBundle: WidgetBundle {
    var body: some Widget {
        // 其他小组件...
        if #available(iOS 16.0, *) {
            LockScreenWidget()
        }
    }
}
