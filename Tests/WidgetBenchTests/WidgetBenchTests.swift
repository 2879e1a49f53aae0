import Foundation
import TestSupport
import Testing

/// `widget-bench --quick --json` runs every scenario and reports every figure: the shape only,
/// never a timing (machines here are noisy; docs/performance.md has the figures).
@Suite struct WidgetBenchTests {
  struct Document: Decodable {
    struct Scenario: Decodable {
      var scenario: String
      var figures: [Figure]
      var counts: [String: Double]
    }
    struct Figure: Decodable {
      var label: String
      var value: Double
      var unit: String
      var peerValue: Double?
      var target: String?
      var met: Bool?
    }
    var quick: Bool
    var machine: String
    var scenarios: [Scenario]
  }

  @Test func quickRunReportsEveryScenario() throws {
    let result = try TestSupport.run(
      TestSupport.product("widget-bench").path, ["--quick", "--json"])
    #expect(result.status == 0, "widget-bench failed: \(result.errors)")
    let document = try JSONDecoder().decode(Document.self, from: Data(result.output.utf8))
    #expect(document.quick)
    #expect(document.machine.hasPrefix("machine: "))
    #expect(
      document.scenarios.map(\.scenario)
        == ["update", "idle", "scale", "startup", "sink", "memory", "socket", "web", "draw"])
    for scenario in document.scenarios {
      #expect(!scenario.figures.isEmpty, "\(scenario.scenario) has no figures")
      for figure in scenario.figures {
        // Wakeups beyond the floor may truly be zero, and at quick sizes the memory per
        // instance is a difference of two small readings; every other figure is a cost, a
        // time or a rate.
        #expect(
          (figure.target == nil) == (figure.met == nil),
          "\(scenario.scenario): \(figure.label): a target and whether it is met, or neither")
        if figure.unit == "/min" {
          #expect(figure.value >= 0, "\(scenario.scenario): \(figure.label)")
        } else if figure.unit == "KiB" {
          #expect(figure.value.isFinite, "\(scenario.scenario): \(figure.label)")
        } else {
          #expect(figure.value > 0, "\(scenario.scenario): \(figure.label) is \(figure.value)")
        }
      }
    }
    // Worker mode beside its floor: a bare round trip between two processes on one CPU, and on
    // two where the tests may use two.
    let update = try #require(document.scenarios.first { $0.scenario == "update" })
    let floors = update.figures.filter { $0.label.hasPrefix("worker-mode floor") }
    let placements = floors.map { $0.label.split(separator: " processes ").last ?? "" }
    #expect(
      placements == ["on one CPU", "on two CPUs"] || placements == ["on one CPU"]
        || placements == ["as the kernel places them"])
    #expect(update.counts["worker-mode host CPU per update (µs)"] != nil)
    #expect((update.counts["worker-mode floor, bytes per reply"] ?? 0) > 0)
    let scale = try #require(document.scenarios.first { $0.scenario == "scale" })
    #expect((scale.counts["provider calls"] ?? 0) > 0)
    #expect((scale.counts["entries"] ?? 0) > 0)
    #expect(scale.counts["budget deferrals"] != nil)
    // The floors beside the two targets argued unreachable (docs/performance.md): the scale
    // day's own parts alone, and a C writer of the sink's events, which ran only if it wrote
    // the sink's bytes exactly (the scenario fails otherwise).
    #expect(scale.figures.contains { $0.label.hasPrefix("floor: ") && $0.target == nil })
    #expect((scale.counts["floor: drawing the entries alone, s"] ?? 0) > 0)
    #expect((scale.counts["floor: reading them from replies alone, s"] ?? 0) > 0)
    let sink = try #require(document.scenarios.first { $0.scenario == "sink" })
    #expect(sink.figures.contains { $0.label.hasPrefix("floor: ") && $0.target == nil })
    #expect((sink.counts["C writer CPU ns per event"] ?? 0) > 0)
  }

  @Test func benchIdleRefusesAnIncompleteRoundTrip() throws {
    let result = try TestSupport.run(TestSupport.product("bench-idle").path, ["--ping", "10"])
    #expect(result.status == 2)
    #expect(result.errors.contains("usage: bench-idle"))
  }

  @Test func unknownScenarioIsAUsageError() throws {
    let result = try TestSupport.run(TestSupport.product("widget-bench").path, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.errors.contains("unknown scenario or option 'frobnicate'"))
  }
}
