import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetHostCore
import WidgetRendering
import WidgetSchema

/// c. A simulated day of 10,000 instances (2,500 kinds in four families, in three bundles; four reload policies,
/// one of them past the refresh budget) through the host's own ``Simulation`` and JSON sink,
/// against JSON-encoding the same `entry` events alone. Beside it, the floor of the host's own
/// work on those entries: drawing them and reading them from replies, each alone, plus the
/// encoding.
struct ScaleScenario: Scenario {
  let name = "scale"
  let title = "simulated 24 h of 10,000 instances vs JSON-encoding the same entries"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let kinds = environment.size(2_500, quick: 12)
    let folder = try environment.folder("scale")
    let bundles = BenchBundle.split(kinds: kinds, prefix: "Scale")
    let libraries = try bundles.map { try $0.build(in: folder, environment: environment).path }
    var options = HostOptions(
      bundlePaths: libraries, locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    options.families = BenchBundle.families.compactMap(WidgetFamily.init(rawValue:))
    let start = Date(timeIntervalSince1970: 1_795_996_800)  // 2026-11-30T00:00:00Z
    let simulation = Simulation(options: options, start: start, duration: 86_400)

    // One simulated day as `widget-host simulate --format json` runs it (a JSON sink, the
    // report's counts and its closing summary line), and `events`: its summary and output.
    func day(_ events: CollectingSink) async throws -> (WidgetHost.Summary, CountingOutput) {
      let output = CountingOutput()
      let report = SimulationReport(start: start, end: simulation.end, keepsEvents: false)
      do {
        let summary = try await simulation.run(
          sinks: [JSONSink(output: output), report, events], loader: InProcessLoader(),
          log: CountingOutput())
        output.write(report.jsonLine(summary))
        return (summary, output)
      } catch {
        throw BenchError("simulate \(libraries.joined(separator: " ")): \(error)")
      }
    }

    // The timed day keeps nothing: a host lets go of each entry once it is written. Keeping
    // the day's 496,168 entries for the peer (about 800 MB) cost the timed day a fifth of its
    // wall time in page faults and heap growth.
    let counter = CollectingSink(keepingEntries: false)
    let wallStart = Clock.monotonic()
    let (summary, output) = try await day(counter)
    let wall = Clock.monotonic() - wallStart

    // The peer's entries, from the same day run again: the virtual clock and the C bundle make
    // it repeatable, which the counts check.
    let collector = CollectingSink(keepingEntries: true)
    let (again, _) = try await day(collector)
    let entries = collector.entries
    let counts = counter.counts
    guard again == summary, entries.count == counts.entries, collector.counts == counts else {
      throw BenchError(
        "the simulated day did not repeat: \(counts.entries) then \(entries.count) entries, "
          + "\(counts.reloads) then \(collector.counts.reloads) reloads")
    }

    // The peer: the same entry events, encoded by a JSON sink and nothing else.
    let peerOutput = CountingOutput()
    let peerSink = JSONSink(output: peerOutput)
    let peerStart = Clock.monotonic()
    for event in entries { peerSink.write(event) }
    peerSink.end()
    let peer = Clock.monotonic() - peerStart

    let ratio = wall / peer
    let (render, read) = try Self.floorParts(of: entries, from: bundles, dates: options.dates)
    let floor = render + read + peer
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        Figure(
          label: "wall time of the simulated day", value: wall, unit: "s",
          peer: "JSON-encoding the entries alone", peerValue: peer, ratio: ratio,
          target: "≤ 3× the encoding", met: ratio <= 3),
        Figure(
          label: "floor: the same entries drawn, read from replies and encoded, each alone",
          value: floor, unit: "s", peer: "JSON-encoding the entries alone", peerValue: peer,
          ratio: floor / peer, target: nil, met: nil),
      ],
      counts: [
        "instances": Double(summary.instances),
        "provider calls": Double(summary.providerCalls.values.reduce(0, +)),
        "entries": Double(counts.entries),
        "reloads": Double(counts.reloads),
        "budget deferrals": Double(counts.deferrals),
        "errors": Double(counts.errors),
        "stream bytes": Double(output.bytes),
        "floor: drawing the entries alone, s": render,
        "floor: reading them from replies alone, s": read,
      ])
  }

  /// The seconds it takes to draw `entries` alone, as the host draws every entry it shows, and
  /// to read them alone from replies grouped as `bundles` group a kind's entries, as the host
  /// reads every reply: the two parts of the host's work on an entry besides encoding it. No
  /// scheduling, no provider call, no bundle code: what is left of the day with all of that
  /// free.
  private static func floorParts(
    of entries: [StreamEvent], from bundles: [BenchBundle], dates: DateText
  ) throws -> (render: Double, read: Double) {
    let renderer = Renderer(dates: dates)
    var rows = 0
    let renderStart = Clock.monotonic()
    for event in entries {
      guard case .entry(let entry) = event.payload else { continue }
      rows &+= renderer.render(entry.view, family: entry.family, now: event.time).lines.count
    }
    let render = Clock.monotonic() - renderStart

    // The replies, made untimed: each instance's timeline entries in the bundle's groups.
    var pending: [String: [Entry]] = [:]
    var replies: [Data] = []
    for event in entries {
      guard case .entry(let entry) = event.payload, entry.source == .timeline,
        let instance = event.instance
      else { continue }
      guard let bundle = bundles.first(where: { entry.kind.hasPrefix($0.prefix) }) else {
        throw BenchError("the entry of \(entry.kind) is of none of the bench bundles")
      }
      let perReply = bundle.entriesPerTimeline(
        ofKind: Int(entry.kind.dropFirst(bundle.prefix.count)) ?? 0)
      var group = pending[instance, default: []]
      group.append(Entry(date: entry.date, relevance: entry.relevance, view: entry.view))
      if group.count == perReply {
        replies.append(Data(try Timeline(entries: group, policy: .atEnd).jsonBytes()))
        group.removeAll()
      }
      pending[instance] = group
    }
    for group in pending.values where !group.isEmpty {
      replies.append(Data(try Timeline(entries: group, policy: .atEnd).jsonBytes()))
    }
    var read = 0
    let readStart = Clock.monotonic()
    for reply in replies {
      read &+= try WidgetJSON.decode(Timeline.self, from: reply).entries.count
    }
    let reading = Clock.monotonic() - readStart
    guard rows > 0, read > 0 else { throw BenchError("the floor drew or read no entry") }
    return (render, reading)
  }
}

/// Counts a simulation's events and, when asked to, keeps its `entry` events.
final class CollectingSink: EventSink {
  struct Counts: Equatable {
    var entries = 0
    var reloads = 0
    var deferrals = 0
    var errors = 0
  }

  private let keepsEntries: Bool
  private let state = Mutex<(entries: [StreamEvent], counts: Counts)>(([], Counts()))

  /// A sink that keeps the `entry` events it is given when `keepingEntries`.
  init(keepingEntries: Bool) {
    keepsEntries = keepingEntries
  }

  func begin(_ header: StreamHeader) {}

  func write(_ event: StreamEvent) {
    state.withLock { state in
      switch event.payload {
      case .entry:
        state.counts.entries += 1
        if keepsEntries { state.entries.append(event) }
      case .reload: state.counts.reloads += 1
      case .warning(let problem) where problem.code == "budget-exhausted":
        state.counts.deferrals += 1
      case .error: state.counts.errors += 1
      default: break
      }
    }
  }

  func end() {}

  /// The `entry` events kept, in order.
  var entries: [StreamEvent] { state.withLock { $0.entries } }
  /// The events, counted.
  var counts: Counts { state.withLock { $0.counts } }
}
