import Foundation
import TestSupport
import Testing
import WidgetBench

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
    // Through the whole host: a C and a Swift bundle, in-process and in workers to the
    // terminal (the targets), in-process to the JSON stream (reported).
    let hosts = update.figures.filter { $0.label.hasSuffix(": CPU per update") }
    #expect(hosts.count == 6)
    #expect(
      hosts.filter { $0.target != nil }.map(\.label).sorted() == [
        "in-process, C bundle, terminal: CPU per update",
        "in-process, Swift bundle (the Clock example), terminal: CPU per update",
        "workers, C bundle, terminal: CPU per update",
        "workers, Swift bundle (the Clock example), terminal: CPU per update",
      ])
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

  /// docs/performance.md's figures are `widget-bench --markdown`'s output: the same table
  /// header, and a row for each figure a run reports, in the run's order, with no other row
  /// (the floor's CPU placements depend on the machine, so those rows are compared without it).
  @Test func theDocumentedFiguresAreTheBenchmarksTable() throws {
    let result = try TestSupport.run(
      TestSupport.product("widget-bench").path, ["--quick", "--markdown", "update", "idle"])
    #expect(result.status == 0, "widget-bench failed: \(result.errors)")
    #expect(result.output.hasPrefix("`widget-bench --quick --markdown`, "))
    let document = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/performance.md"),
      encoding: .utf8)
    let begin = try #require(document.range(of: "<!-- widget-bench --markdown: begin -->\n"))
    let end = try #require(document.range(of: "<!-- widget-bench --markdown: end -->"))
    let figures = String(document[begin.upperBound..<end.lowerBound])
    #expect(figures.hasPrefix("`widget-bench --markdown`, "), "a full run, not --quick")
    #expect(figures.contains(BenchReport.markdownHeader))
    #expect(result.output.contains(BenchReport.markdownHeader))
    func rows(_ table: String) -> [String] {
      table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| scenario |") }
        .map { row in
          let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
          let label = cells[1].hasPrefix("worker-mode floor") ? "worker-mode floor" : cells[1]
          return "\(cells[0]): \(label)"
        }
    }
    let documented = rows(figures)
    let ran = rows(result.output)
    // The quick run above ran update and idle: their rows, as documented, in order.
    #expect(
      Array(Set(documented.filter { $0.hasPrefix("update: ") || $0.hasPrefix("idle: ") })).sorted()
        == Array(Set(ran)).sorted())
    #expect(
      documented.map { String($0.prefix { $0 != ":" }) }.reduce(into: [String]()) { order, name in
        if order.last != name { order.append(name) }
      } == Scenarios.all.map(\.name))
  }

  @Test func markdownRowsShowTargetsAndReportedFigures() {
    let document = BenchReport.Document(
      quick: false, machine: "machine: a test, 2 cores, 1 GiB, Linux 6",
      scenarios: [
        ScenarioResult(
          scenario: "update", title: "t",
          figures: [
            Figure(
              label: "a | b", value: 5.5, unit: "µs", peer: "p", peerValue: 683, ratio: 124.2,
              target: "≥ 100× cheaper", met: true),
            Figure(label: "c", value: 2, unit: "ms", target: nil, met: nil),
            Figure(label: "d", value: 3, unit: "ms", ratio: 0.5, target: "≥ 1×", met: false),
          ])
      ])
    let text = BenchReport.markdown(
      document, at: Date(timeIntervalSince1970: 1_796_601_600), load: (0.5, 1.25))
    #expect(
      text == """
        `widget-bench --markdown`, 2026-12-07 00:00:00 UTC; a test, 2 cores, 1 GiB, Linux 6; \
        load average 0.5 at the start, 1.25 at the end.

        \(BenchReport.markdownHeader)
        | update | a \\| b | 5.5 µs | p: 683 µs | 124× | ≥ 100× cheaper | yes |
        | update | c | 2 ms | — | — | — | reported |
        | update | d | 3 ms | — | 0.5× | ≥ 1× | **no** |

        """)
  }

  /// The full-size scenarios' 2,500 kinds, in bundles the host accepts (at most 1,000 kinds).
  @Test func manyKindsAreSplitIntoBundlesTheHostAccepts() {
    let bundles = BenchBundle.split(kinds: 2_500, prefix: "Scale")
    #expect(bundles.map(\.kinds) == [1_000, 1_000, 500])
    #expect(bundles.map(\.prefix) == ["ScaleA", "ScaleB", "ScaleC"])
    #expect(BenchBundle.split(kinds: 12, prefix: "Q", idle: true).map(\.idle) == [true])
  }

  @Test func benchIdleRefusesAnIncompleteRoundTrip() throws {
    let result = try TestSupport.run(TestSupport.product("bench-idle").path, ["--ping", "10"])
    #expect(result.status == 2)
    #expect(result.errors.contains("usage: bench-idle"))
  }

  @Test func jsonAndMarkdownTogetherAreAUsageError() throws {
    let result = try TestSupport.run(
      TestSupport.product("widget-bench").path, ["--json", "--markdown"])
    #expect(result.status == 2)
    #expect(result.errors.contains("--json and --markdown: choose one"))
  }

  @Test func unknownScenarioIsAUsageError() throws {
    let result = try TestSupport.run(TestSupport.product("widget-bench").path, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.errors.contains("unknown scenario or option 'frobnicate'"))
  }
}
