import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

#if canImport(Glibc)
  import Glibc
#endif

/// a. CPU time per widget update (provider call, layout, render, JSON) in-process and with the
/// bundle in a worker process, against fork and exec of a small shell script that prints the
/// same line (the i3blocks model).
struct UpdateCostScenario: Scenario {
  let name = "update"
  let title = "CPU time per widget update vs fork+exec of a shell script"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    // Each figure is the median of `rounds` rounds, the peer's too: a round is short (0.2 s
    // in-process), and on a shared machine one round in a few runs slow.
    let rounds = environment.size(7, quick: 2)
    let updates = environment.size(20_000, quick: 200)
    let workerUpdates = environment.size(4_000, quick: 100)
    let spawns = environment.size(150, quick: 10)
    let folder = try environment.folder("update")
    let library = try BenchBundle(kinds: 4, prefix: "Update").build(
      in: folder, environment: environment)
    let source = try BundleSource.open(library.path)

    // In-process.
    let inProcess = try await InProcessLoader().load(source, services: BenchServices())
    let local = UpdatePipeline(connection: inProcess, kind: "Update2", family: .systemSmall)
    for _ in 0..<min(100, updates) { try await local.update() }  // warm up
    let localStart = Clock.contextSwitches()
    var localRounds: [Double] = []
    for _ in 0..<rounds {
      let start = Clock.cpu()
      for _ in 0..<updates { try await local.update() }
      localRounds.append((Clock.cpu() - start) / Double(updates))
    }
    let localCost = Statistics.quantile(localRounds, 0.5)
    let localSwitches = Clock.contextSwitches()
    // Where an update's CPU goes, stage by stage (after the figure: it writes to the same sink).
    let stages = try await local.stageCosts(iterations: updates)
    // The sizes of a prompt call's frames in worker mode (WorkerFrame: a 21-byte header each),
    // for the round trip below.
    let context = ProviderContext(family: .systemSmall, isPreview: false)
    let callBytes = try 21 + "Update2".utf8.count + context.jsonBytes().count
    let replyBytes =
      try await 21 + inProcess.call(.timeline, kind: "Update2", context: context).count
    await inProcess.close()

    // In a worker: this process's CPU and the worker's.
    let loader = WorkerLoader(
      executable: try environment.product("widget-worker").path, memoryLimit: nil,
      quarantine: QuarantineStore(path: folder.appendingPathComponent("quarantine.json").path))
    let before = Set(ProcFS.children(of: getpid()))
    let worker = try await loader.load(source, services: BenchServices())
    let workers = ProcFS.children(of: getpid()).filter { !before.contains($0) }
    let remote = UpdatePipeline(connection: worker, kind: "Update2", family: .systemSmall)
    for _ in 0..<min(100, updates) { try await remote.update() }
    func workerCPU() -> Double { workers.map(ProcFS.cpuSeconds(of:)).reduce(0, +) }
    func workerSwitches() -> [String: Double] {
      workers.reduce(into: [:]) { all, pid in
        for (task, count) in ProcFS.threadSwitches(of: pid) { all["\(pid)/\(task)"] = count }
      }
    }
    let remoteSwitches = (ProcFS.threadSwitches(of: getpid()), workerSwitches())
    var remoteRounds: [(host: Double, worker: Double)] = []
    for _ in 0..<rounds {
      let start = (Clock.cpu(), workerCPU())
      for _ in 0..<workerUpdates { try await remote.update() }
      remoteRounds.append(
        (
          (Clock.cpu() - start.0) / Double(workerUpdates),
          (workerCPU() - start.1) / Double(workerUpdates)
        ))
    }
    // The median round, with its two halves.
    let byCost = remoteRounds.sorted { $0.host + $0.worker < $1.host + $1.worker }
    let (remoteHost, remoteWorker) = byCost[rounds / 2]
    let remoteCost = remoteHost + remoteWorker
    // Thread wake-ups are most of what the process boundary adds.
    let hostWakeups = ProcFS.wakeups(
      from: remoteSwitches.0, to: ProcFS.threadSwitches(of: getpid()))
    let workerWakeups = ProcFS.wakeups(from: remoteSwitches.1, to: workerSwitches())
    await worker.close()
    // The worker's CPU time joins RUSAGE_CHILDREN when it is reaped: wait for that before the
    // peer's measurement starts, or the peer would be charged the worker's whole run.
    for _ in 0..<500 where workers.contains(where: { kill($0, 0) == 0 }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    guard !workers.contains(where: { kill($0, 0) == 0 }) else {
      throw BenchError("the worker process \(workers) did not exit after close")
    }

    // The floor of worker mode: the same frames' bytes sent back and forth between two
    // processes, with no work on either side, on one CPU and on two.
    let benchIdle = try environment.product("bench-idle")
    let floors = try RoundTrip.Placement.available().map { placement in
      let cost = try RoundTrip.measure(
        benchIdle: benchIdle, call: callBytes, reply: replyBytes, trips: updates,
        placement: placement)
      return (placement, cost)
    }

    // The peer: a script printing the same line, started and read once per update.
    let script = folder.appendingPathComponent("update.sh")
    local.finish()
    let line = local.output.last.trimmingCharacters(in: .newlines)
    let quoted = "'" + line.replacingOccurrences(of: "'", with: "'\\''") + "'"
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
    guard printed == line.utf8.count + 1 else {
      throw BenchError("\(script.path) printed \(printed) bytes, expected \(line.utf8.count + 1)")
    }

    let peer = "fork+exec of /bin/sh script"
    var counts: [String: Double] = [
      "rounds (each figure the median)": Double(rounds),
      "in-process updates per round": Double(updates),
      "in-process fastest round (µs)": localRounds.min()! * 1e6,
      "in-process slowest round (µs)": localRounds.max()! * 1e6,
      "worker-mode updates per round": Double(workerUpdates),
      "script runs per round": Double(spawns),
      "script fastest round (µs)": peerRounds.min()! * 1e6,
      "script slowest round (µs)": peerRounds.max()! * 1e6,
      "bytes per update": Double(line.utf8.count + 1),
      // Thread hand-offs cost CPU: what the in-process figure includes of them.
      "in-process voluntary context switches per update":
        Double(localSwitches.voluntary - localStart.voluntary) / Double(updates * rounds),
      "in-process involuntary context switches per update":
        Double(localSwitches.involuntary - localStart.involuntary) / Double(updates * rounds),
      "worker-mode host context switches per update":
        hostWakeups / Double(workerUpdates * rounds),
      "worker-mode worker context switches per update":
        workerWakeups / Double(workerUpdates * rounds),
      "worker-mode host CPU per update (µs)": remoteHost * 1e6,
      "worker-mode worker CPU per update (µs)": remoteWorker * 1e6,
      "worker-mode floor, bytes per call": Double(callBytes),
      "worker-mode floor, bytes per reply": Double(replyBytes),
    ]
    for (stage, seconds) in stages { counts["in-process stage: \(stage) (µs)"] = seconds * 1e6 }
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        Figure(
          label: "in-process CPU per update", value: localCost * 1e6, unit: "µs", peer: peer,
          peerValue: peerCost * 1e6, ratio: peerCost / localCost, target: "≥ 100× cheaper",
          met: peerCost / localCost >= 100),
        Figure(
          label: "worker CPU per update (host + worker)", value: remoteCost * 1e6, unit: "µs",
          peer: peer, peerValue: peerCost * 1e6, ratio: peerCost / remoteCost,
          target: "≥ 20× cheaper", met: peerCost / remoteCost >= 20),
      ]
        + floors.map { placement, cost in
          Figure(
            label: "worker-mode floor: a bare call and reply between two processes \(placement)",
            value: cost.total * 1e6, unit: "µs", peer: peer, peerValue: peerCost * 1e6,
            ratio: peerCost / cost.total, target: nil, met: nil)
        },
      counts: counts)
  }
}
