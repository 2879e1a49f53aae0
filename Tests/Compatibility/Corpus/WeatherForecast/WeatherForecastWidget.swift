// swift-format-ignore-file
//
//  WeatherForecastWidget.swift
//  WeatherForecastWidget
//

import WidgetKit
import SwiftUI

struct WeatherEntry: TimelineEntry {
    let date: Date
    let forecast: Forecast
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(date: Date(), forecast: .cupertino)
    }

    func getSnapshot(in context: Context, completion: @escaping (WeatherEntry) -> ()) {
        completion(WeatherEntry(date: Date(), forecast: .cupertino))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> ()) {
        WeatherService.shared.fetchForecast { forecast in
            let entry = WeatherEntry(date: Date(), forecast: forecast)
            let next = Calendar.current.date(byAdding: .hour, value: 1, to: Date())!
            completion(Timeline(entries: [entry], policy: .after(next)))
        }
    }
}

struct TemperatureBar: View {
    let low: Double
    let high: Double
    let range: ClosedRange<Double>

    var body: some View {
        GeometryReader { proxy in
            let span = range.upperBound - range.lowerBound
            let start = proxy.size.width * CGFloat((low - range.lowerBound) / span)
            let width = proxy.size.width * CGFloat((high - low) / span)
            ZStack(alignment: .leading) {
                Capsule()
                    .fill(Color.white.opacity(0.25))
                Capsule()
                    .fill(LinearGradient(colors: [.yellow, .orange], startPoint: .leading, endPoint: .trailing))
                    .frame(width: width)
                    .offset(x: start)
            }
        }
        .frame(height: 4)
    }
}

struct WeatherForecastEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .top) {
                VStack(alignment: .leading, spacing: 0) {
                    Text(entry.forecast.city)
                        .font(.subheadline.weight(.semibold))
                    Text("\(entry.forecast.current)°")
                        .font(.system(size: 40, weight: .light))
                }
                Spacer()
                VStack(alignment: .trailing, spacing: 2) {
                    Image(systemName: entry.forecast.symbol)
                        .font(.title3)
                        .symbolRenderingMode(.multicolor)
                    Text(entry.forecast.condition)
                        .font(.caption)
                    Text("H:\(entry.forecast.high)° L:\(entry.forecast.low)°")
                        .font(.caption)
                }
            }
            if family == .systemMedium {
                ForEach(entry.forecast.days) { day in
                    HStack(spacing: 8) {
                        Text(day.weekday)
                            .font(.caption)
                            .frame(width: 40, alignment: .leading)
                        Image(systemName: day.symbol)
                            .font(.caption)
                            .frame(width: 18)
                        Text("\(Int(day.low))°")
                            .font(.caption)
                            .foregroundColor(.white.opacity(0.7))
                        TemperatureBar(low: day.low, high: day.high, range: entry.forecast.weekRange)
                        Text("\(Int(day.high))°")
                            .font(.caption)
                    }
                }
            } else {
                Spacer(minLength: 0)
            }
        }
        .foregroundColor(.white)
    }
}

@main
struct WeatherForecastWidget: Widget {
    let kind: String = "WeatherForecastWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            WeatherForecastEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    LinearGradient(gradient: Gradient(colors: [Color(red: 0.25, green: 0.55, blue: 0.95), Color(red: 0.1, green: 0.3, blue: 0.7)]), startPoint: .top, endPoint: .bottom)
                }
        }
        .configurationDisplayName("Forecast")
        .description("Current conditions and the week ahead.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemMedium) {
    WeatherForecastWidget()
} timeline: {
    WeatherEntry(date: .now, forecast: .cupertino)
}
