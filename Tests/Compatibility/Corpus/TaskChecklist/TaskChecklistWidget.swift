// swift-format-ignore-file
//
//  TaskChecklistWidget.swift
//  TaskChecklistWidget
//

import WidgetKit
import SwiftUI
import AppIntents

struct ToggleTaskIntent: AppIntent {
    static var title: LocalizedStringResource = "Toggle Task"

    @Parameter(title: "Task ID")
    var id: String

    init() {}

    init(id: String) {
        self.id = id
    }

    func perform() async throws -> some IntentResult {
        TaskStore.shared.toggle(id)
        return .result()
    }
}

struct TaskEntry: TimelineEntry {
    let date: Date
    let tasks: [TaskItem]
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> TaskEntry {
        TaskEntry(date: .now, tasks: TaskItem.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (TaskEntry) -> Void) {
        completion(TaskEntry(date: .now, tasks: TaskStore.shared.tasks))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TaskEntry>) -> Void) {
        let entry = TaskEntry(date: .now, tasks: TaskStore.shared.tasks)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct TaskChecklistEntryView: View {
    var entry: Provider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text("Today")
                    .font(.headline)
                Spacer()
                Text("\(entry.tasks.filter(\.isDone).count)/\(entry.tasks.count)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            ForEach(entry.tasks) { task in
                Toggle(isOn: task.isDone, intent: ToggleTaskIntent(id: task.id)) {
                    Text(task.title)
                        .font(.subheadline)
                        .strikethrough(task.isDone)
                        .foregroundStyle(task.isDone ? .secondary : .primary)
                }
                .toggleStyle(.button)
            }
            Spacer(minLength: 0)
        }
        .tint(.purple)
    }
}

@main
struct TaskChecklistWidget: Widget {
    let kind: String = "TaskChecklistWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            TaskChecklistEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Checklist")
        .description("Tick off today's tasks.")
        .supportedFamilies([.systemMedium])
    }
}

#Preview(as: .systemMedium) {
    TaskChecklistWidget()
} timeline: {
    TaskEntry(date: .now, tasks: TaskItem.samples)
}
