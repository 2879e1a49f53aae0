// swift-format-ignore-file
//
//  Stubs.swift
//  The app's HomeKit wrapper, stubbed in memory with fixed accessories.
//

struct HomeAccessory: Identifiable {
    let id: String
    let name: String
    let symbol: String
    var isOn: Bool

    static let samples: [HomeAccessory] = [
        HomeAccessory(id: "lamp", name: "Floor Lamp", symbol: "lamp.floor.fill", isOn: true),
        HomeAccessory(id: "fan", name: "Ceiling Fan", symbol: "fan.fill", isOn: false),
        HomeAccessory(id: "tv", name: "Television", symbol: "tv.fill", isOn: false),
        HomeAccessory(id: "plug", name: "Kettle", symbol: "powerplug.fill", isOn: true),
        HomeAccessory(id: "lock", name: "Front Door", symbol: "lock.fill", isOn: true),
        HomeAccessory(id: "blinds", name: "Blinds", symbol: "blinds.horizontal.closed", isOn: false),
        HomeAccessory(id: "heater", name: "Heater", symbol: "heater.vertical.fill", isOn: false),
        HomeAccessory(id: "light", name: "Porch Light", symbol: "lightbulb.fill", isOn: true),
    ]
}

final class HomeManager: @unchecked Sendable {
    static let shared = HomeManager()
    private(set) var accessories = HomeAccessory.samples

    func toggle(_ id: String) {
        if let index = accessories.firstIndex(where: { $0.id == id }) {
            accessories[index].isOn.toggle()
        }
    }
}
