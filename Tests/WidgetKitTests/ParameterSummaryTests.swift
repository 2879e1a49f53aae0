import AppIntents
import Testing
import WidgetKit

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
