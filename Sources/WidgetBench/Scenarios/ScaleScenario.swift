import Foundation
import Synchronization
import WidgetHostCore
import WidgetSchema

/// c. A simulated day of 10,000 instances (2,500 kinds in four families; four reload policies,
/// one of them past the refresh budget) through the host's own ``Simulation`` and JSON sink,
/// against JSON-encoding the same `entry` events alone.
struct ScaleScenario: Scenario {
  let name = "scale"
  let title = "simulated 24 h of 10,000 instances vs JSON-encoding the same entries"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let kinds = environment.size(2_500, quick: 12)
    let folder = try environment.folder("scale")
    let library = try BenchBundle(kinds: kinds, prefix: "Scale").build(
      in: folder, environment: environment)
    var options = HostOptions(
      bundlePaths: [library.path], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    options.families = BenchBundle.families.compactMap(WidgetFamily.init(rawValue:))
    let start = Date(timeIntervalSince1970: 1_795_996_800)  // 2026-11-30T00:00:00Z
    let simulation = Simulation(options: options, start: start, duration: 86_400)
    let output = CountingOutput()
    let collector = CollectingSink()

    let wallStart = Clock.monotonic()
    let summary: WidgetHost.Summary
    do {
      summary = try await simulation.run(
        sinks: [JSONSink(output: output), collector], loader: InProcessLoader(),
        log: CountingOutput())
    } catch {
      throw BenchError("simulate \(library.path): \(error)")
    }
    let wall = Clock.monotonic() - wallStart

    // The peer: the same entry events, encoded by a JSON sink and nothing else.
    let entries = collector.entries
    let peerOutput = CountingOutput()
    let peerSink = JSONSink(output: peerOutput)
    let peerStart = Clock.monotonic()
    for event in entries { peerSink.write(event) }
    peerSink.end()
    let peer = Clock.monotonic() - peerStart

    let ratio = wall / peer
    let counts = collector.counts
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        Figure(
          label: "wall time of the simulated day", value: wall, unit: "s",
          peer: "JSON-encoding the entries alone", peerValue: peer, ratio: ratio,
          target: "≤ 3× the encoding", met: ratio <= 3)
      ],
      counts: [
        "instances": Double(summary.instances),
        "provider calls": Double(summary.providerCalls.values.reduce(0, +)),
        "entries": Double(entries.count),
        "reloads": Double(counts.reloads),
        "budget deferrals": Double(counts.deferrals),
        "errors": Double(counts.errors),
        "stream bytes": Double(output.bytes),
      ])
  }
}

/// Keeps a simulation's `entry` events and counts the others.
final class CollectingSink: EventSink {
  struct Counts {
    var reloads = 0
    var deferrals = 0
    var errors = 0
  }

  private let state = Mutex<(entries: [StreamEvent], counts: Counts)>(([], Counts()))

  func begin(_ header: StreamHeader) {}

  func write(_ event: StreamEvent) {
    state.withLock { state in
      switch event.payload {
      case .entry: state.entries.append(event)
      case .reload: state.counts.reloads += 1
      case .warning(let problem) where problem.code == "budget-exhausted":
        state.counts.deferrals += 1
      case .error: state.counts.errors += 1
      default: break
      }
    }
  }

  func end() {}

  /// The `entry` events, in order.
  var entries: [StreamEvent] { state.withLock { $0.entries } }
  /// The other events, counted.
  var counts: Counts { state.withLock { $0.counts } }
}
