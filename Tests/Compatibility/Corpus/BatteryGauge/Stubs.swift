// swift-format-ignore-file
//
//  Stubs.swift
//  The app's connected devices, stubbed with fixed readings.
//

struct DeviceBattery {
    let name: String
    let symbol: String
    let level: Double
    let temperature: Double

    static let headphones = DeviceBattery(name: "AirPods Pro", symbol: "airpodspro", level: 0.72, temperature: 31)
    static let connected: [DeviceBattery] = [.headphones]
}
