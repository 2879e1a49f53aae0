// swift-format-ignore-file
//
//  Stubs.swift
//  The app's reminders database, stubbed with one fixed list.
//

struct ReminderItem: Identifiable {
    let id: Int
    let title: String
    let isCompleted: Bool
    let isFlagged: Bool
}

struct ReminderList {
    let name: String
    let items: [ReminderItem]

    static let today = ReminderList(name: "Today", items: [
        ReminderItem(id: 1, title: "Call the dentist", isCompleted: false, isFlagged: true),
        ReminderItem(id: 2, title: "Pick up dry cleaning", isCompleted: true, isFlagged: false),
        ReminderItem(id: 3, title: "Renew passport", isCompleted: false, isFlagged: false),
        ReminderItem(id: 4, title: "Buy oat milk", isCompleted: false, isFlagged: false),
    ])
}

final class RemindersDatabase {
    static let shared = RemindersDatabase()
    func fetchList(named name: String) -> ReminderList { .today }
}
