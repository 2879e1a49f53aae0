import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

#if canImport(Glibc)
  import Glibc
#endif

/// a. CPU time per widget update through the whole host (``HostUpdates``: a real
/// ``WidgetHost`` whose timeline is reloaded as `WidgetCenter` reloads it), with a C bundle and
/// a Swift SDK bundle, in-process and with the bundle in a worker process, against fork and exec
/// of a small shell script that prints an entry's line (the i3blocks model).
struct UpdateCostScenario: Scenario {
  let name = "update"
  let title = "CPU time per widget update through the host vs fork+exec of a shell script"

  /// A bundle the scenario updates: its library, the kind shown and its family.
  private struct Bundle {
    var name: String
    var library: String
    var kind: String
  }

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    // Each figure is the median of `rounds` rounds, the peer's too: on a shared machine one
    // round in a few runs slow.
    let rounds = environment.size(7, quick: 2)
    let updates = environment.size(2_000, quick: 20)
    let spawns = environment.size(150, quick: 10)
    let folder = try environment.folder("update")
    let bench = try BenchBundle(kinds: 4, prefix: "Update").build(
      in: folder, environment: environment)
    let bundles = [
      Bundle(name: "C bundle", library: bench.path, kind: "Update2"),
      Bundle(
        name: "Swift bundle (the Clock example)",
        library: try environment.product("libClock.so").path, kind: "TestWidget"),
    ]
    let worker = try environment.product("widget-worker").path
    var figures: [Figure] = []
    var counts: [String: Double] = [
      "rounds (each figure the median)": Double(rounds), "updates per round": Double(updates),
      "script runs per round": Double(spawns),
    ]
    var measured: [(bundle: Bundle, mode: String, sink: HostUpdates.Sink, cost: Double)] = []
    var peerLine = ""
    for bundle in bundles {
      for (mode, sink) in [
        ("in-process", HostUpdates.Sink.text), ("workers", .text), ("in-process", .json),
      ] {
        let loader: any BundleLoader =
          mode == "workers"
          ? WorkerLoader(
            executable: worker, memoryLimit: nil,
            quarantine: QuarantineStore(
              path: folder.appendingPathComponent("quarantine.json").path))
          : InProcessLoader()
        let before = Set(ProcFS.children(of: getpid()))
        let host = try await HostUpdates(
          library: bundle.library, kind: bundle.kind, family: .systemSmall, sink: sink,
          loader: loader,
          stateDirectory: try environment.folder("update/state-\(measured.count)"))
        let workers = ProcFS.children(of: getpid()).filter { !before.contains($0) }
        func cpu() -> Double { Clock.cpu() + workers.map(ProcFS.cpuSeconds(of:)).reduce(0, +) }
        for _ in 0..<min(50, updates) { try await host.update() }  // warm up
        var costs: [Double] = []
        for _ in 0..<rounds {
          let start = cpu()
          for _ in 0..<updates { try await host.update() }
          costs.append((cpu() - start) / Double(updates))
        }
        if bundle.library == bench.path && sink == .json { peerLine = try host.lastEntryLine() }
        await host.stop()
        try await Self.reaped(workers)
        measured.append((bundle, mode, sink, Statistics.quantile(costs, 0.5)))
        counts["\(bundle.name), \(mode), \(sink): fastest round (µs)"] = costs.min()! * 1e6
      }
    }

    // The peer: a script printing the C bundle's entry line, started and read once per update.
    let script = folder.appendingPathComponent("update.sh")
    let quoted = "'" + peerLine.replacingOccurrences(of: "'", with: "'\\''") + "'"
    try "#!/bin/sh\nprintf '%s\\n' \(quoted)\n".write(
      to: script, atomically: true, encoding: .utf8)
    chmod(script.path, 0o755)
    var printed = 0
    var peerRounds: [Double] = []
    for _ in 0..<rounds {
      let start = (Clock.cpu(), Clock.cpu(children: true))
      for _ in 0..<spawns {
        let (pid, output) = try Spawn.start(script.path, [])
        printed = Spawn.drain(output)
        Spawn.wait(pid)
      }
      peerRounds.append(
        (Clock.cpu() - start.0 + Clock.cpu(children: true) - start.1) / Double(spawns))
    }
    let peerCost = Statistics.quantile(peerRounds, 0.5)
    guard printed == peerLine.utf8.count + 1 else {
      throw BenchError(
        "\(script.path) printed \(printed) bytes, expected \(peerLine.utf8.count + 1)")
    }
    counts["script's line, bytes"] = Double(printed)

    let peer = "fork+exec of /bin/sh script"
    for (bundle, mode, sink, cost) in measured {
      let ratio = peerCost / cost
      let target: (String, Bool)? =
        sink == .json
        ? nil
        : mode == "workers" ? ("≥ 20× cheaper", ratio >= 20) : ("≥ 100× cheaper", ratio >= 100)
      figures.append(
        Figure(
          label:
            "\(mode), \(bundle.name), \(sink == .text ? "terminal" : "JSON with geometry"): CPU per update",
          value: cost * 1e6, unit: "µs", peer: peer, peerValue: peerCost * 1e6, ratio: ratio,
          target: target?.0, met: target?.1))
    }

    // The floor of worker mode: a call's and a reply's bytes sent back and forth between two
    // processes, with no work on either side, on one CPU and on two.
    let connection = try await InProcessLoader().load(
      try BundleSource.open(bench.path), services: BenchServices())
    let context = ProviderContext(family: .systemSmall, isPreview: false)
    // WorkerFrame: a 21-byte header each.
    let callBytes = try 21 + "Update2".utf8.count + context.jsonBytes().count
    let replyBytes =
      try await 21 + connection.call(.timeline, kind: "Update2", context: context).count
    await connection.close()
    let benchIdle = try environment.product("bench-idle")
    for placement in RoundTrip.Placement.available() {
      let cost = try RoundTrip.measure(
        benchIdle: benchIdle, call: callBytes, reply: replyBytes, trips: updates * 5,
        placement: placement)
      figures.append(
        Figure(
          label: "worker-mode floor: a bare call and reply between two processes \(placement)",
          value: cost.total * 1e6, unit: "µs", peer: peer, peerValue: peerCost * 1e6,
          ratio: peerCost / cost.total, target: nil, met: nil))
    }
    counts["worker-mode floor, bytes per call"] = Double(callBytes)
    counts["worker-mode floor, bytes per reply"] = Double(replyBytes)
    return ScenarioResult(scenario: name, title: title, figures: figures, counts: counts)
  }

  /// Waits until `workers` have exited and been reaped: a worker's CPU time joins
  /// RUSAGE_CHILDREN when it is, and the peer must not be charged for it.
  private static func reaped(_ workers: [pid_t]) async throws {
    for _ in 0..<500 where workers.contains(where: { kill($0, 0) == 0 }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    guard !workers.contains(where: { kill($0, 0) == 0 }) else {
      throw BenchError("the worker process \(workers) did not exit after its host stopped")
    }
  }
}
