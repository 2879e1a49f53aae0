// swift-format-ignore-file
//
//  Stubs.swift
//  The app's weather service, stubbed with a fixed forecast.
//

struct DayForecast: Identifiable {
    var id: String { weekday }
    let weekday: String
    let symbol: String
    let low: Double
    let high: Double
}

struct Forecast {
    let city: String
    let current: Int
    let high: Int
    let low: Int
    let condition: String
    let symbol: String
    let days: [DayForecast]

    var weekRange: ClosedRange<Double> { 8...24 }

    static let cupertino = Forecast(city: "Cupertino", current: 18, high: 21, low: 11, condition: "Partly Cloudy", symbol: "cloud.sun.fill", days: [
        DayForecast(weekday: "Today", symbol: "cloud.sun.fill", low: 11, high: 21),
        DayForecast(weekday: "Tue", symbol: "sun.max.fill", low: 12, high: 23),
        DayForecast(weekday: "Wed", symbol: "cloud.rain.fill", low: 9, high: 16),
    ])
}

final class WeatherService {
    static let shared = WeatherService()
    func fetchForecast(completion: @escaping (Forecast) -> Void) { completion(.cupertino) }
}
