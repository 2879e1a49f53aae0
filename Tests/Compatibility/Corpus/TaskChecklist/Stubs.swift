// swift-format-ignore-file
//
//  Stubs.swift
//  The app's task store, stubbed in memory with fixed tasks.
//

import Foundation

struct TaskItem: Identifiable {
    let id: String
    let title: String
    var isDone: Bool

    static let samples: [TaskItem] = [
        TaskItem(id: "1", title: "Water the plants", isDone: true),
        TaskItem(id: "2", title: "Reply to Sam", isDone: false),
        TaskItem(id: "3", title: "Book flights", isDone: false),
    ]
}

final class TaskStore: @unchecked Sendable {
    static let shared = TaskStore()
    private(set) var tasks = TaskItem.samples

    func toggle(_ id: String) {
        if let index = tasks.firstIndex(where: { $0.id == id }) {
            tasks[index].isDone.toggle()
        }
    }
}
