import AppIntents
import Foundation
import SwiftUI
import Testing
import WidgetSchema

@testable import WidgetKit

/// `parameterSummary` as App Intent widgets declare it.
struct WeatherIntent: WidgetConfigurationIntent {
  static var title: LocalizedStringResource { "Weather" }
  @Parameter(title: "City", default: "Berlin") var city: String
  @Parameter(title: "Metric", default: true) var metric: Bool

  static var parameterSummary: some ParameterSummary {
    Summary("Weather in \(\.$city)") {
      \.$metric
    }
  }
}

struct ChoosingIntent: WidgetConfigurationIntent {
  static var title: LocalizedStringResource { "Choosing" }
  @Parameter(title: "Metric", default: true) var metric: Bool

  static var parameterSummary: some ParameterSummary {
    When(\.$metric, .equalTo, true) {
      Summary("In °C")
    } otherwise: {
      Summary("In °F")
    }
  }
}

@Suite struct ParameterSummaryTests {
  @Test func summariesBuildAndKeepTheirText() {
    #expect(WeatherIntent.parameterSummary._text.hasPrefix("Weather in ${"))
    #expect(ChoosingIntent.parameterSummary._text == "In °C")
    #expect(AppIntentTemplate.ConfigurationAppIntent.parameterSummary._text == "")
  }
}

/// `@Parameter(optionsProvider:)` as App Intent widgets list a parameter's values.
struct CityOptions: DynamicOptionsProvider {
  func results() async throws -> [String] { ["Berlin", "Lima"] }
}

struct CityIntent: WidgetConfigurationIntent, CustomIntentMigratedAppIntent {
  static var title: LocalizedStringResource { "City" }
  static var intentClassName: String { "CityIntent" }
  @Parameter(title: "City", default: "Berlin", optionsProvider: CityOptions()) var city: String
}

struct CityWidget: Widget {
  var body: some WidgetConfiguration {
    AppIntentConfiguration(kind: "City", intent: CityIntent.self, provider: CityProvider()) {
      Text($0.city)
    }
  }
}

struct CityEntry: TimelineEntry {
  let date: Date
  let city: String
}

struct CityProvider: AppIntentTimelineProvider {
  func placeholder(in context: Context) -> CityEntry { CityEntry(date: .now, city: "…") }
  func snapshot(for configuration: CityIntent, in context: Context) async -> CityEntry {
    CityEntry(date: .now, city: configuration.city)
  }
  func timeline(for configuration: CityIntent, in context: Context) async
    -> WidgetKit.Timeline<CityEntry>
  {
    WidgetKit.Timeline(entries: [CityEntry(date: .now, city: configuration.city)], policy: .never)
  }
}

@Suite struct DynamicOptionsTests {
  @Test func aProvidersResultsAreTheParametersOptions() async throws {
    let manifest = try #require(CityWidget()._descriptors.first?.manifest)
    guard case .appIntent(let intent) = manifest.configuration else {
      Issue.record("an app intent configuration")
      return
    }
    #expect(intent.parameters.first?.dynamicOptions == true)
    let reply = try await call(CityWidget(), .options, parameter: "city")
    let options = try WidgetJSON.decode(ParameterOptions.self, from: Data(try reply.get().utf8))
    #expect(options.options.map(\.identifier) == ["Berlin", "Lima"])
    #expect(CityIntent.intentClassName == "CityIntent")
  }
}
