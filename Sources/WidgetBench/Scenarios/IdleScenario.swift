import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// b. Wakeups of an idle host: the real `widget-host run` with 1,000 instances whose next event
/// is two hours away, observed once every instance shows its entry. A wakeup is a context switch
/// of any of the host's threads (voluntary: it slept and was woken; involuntary ones are
/// counted too). The floor is a `sleep` process observed the same way.
struct IdleScenario: Scenario {
  let name = "idle"
  let title = "host wakeups per minute with 1,000 idle instances"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let instances = environment.size(1_000, quick: 100)
    let window = environment.size(60.0, quick: 3.0)
    let folder = try environment.folder("idle")
    let library = try BenchBundle(kinds: instances, prefix: "Idle", idle: true).build(
      in: folder, environment: environment)
    let host = try environment.product("widget-host")

    var figures: [Figure] = []
    var counts: [String: Double] = ["instances": Double(instances), "observed seconds": window]
    for (mode, flags) in [("worker", [String]()), ("in-process", ["--in-process"])] {
      let (pid, output) = try Spawn.start(
        host.path, ["run", "--format", "json", library.path] + flags,
        environment: environment.childEnvironment)
      let lines = LineCounter(fd: output) { line in
        line.contains("\"type\":\"entry\"") && line.contains("\"source\":\"timeline\"")
      }
      defer {
        kill(pid, SIGTERM)
        Spawn.wait(pid)
      }
      guard lines.waitFor(matches: instances, timeout: environment.size(300, quick: 60)) else {
        throw BenchError(
          "widget-host run (\(mode)) showed \(lines.matches) of \(instances) entries in time")
      }
      let workers = ProcFS.children(of: pid)
      func wakeups() -> Double {
        ([pid] + workers).map { ProcFS.contextSwitches(of: $0) }.reduce(0) {
          $0 + $1.voluntary + $1.involuntary
        }
      }
      let host = { ProcFS.contextSwitches(of: pid) }
      let start = (host(), wakeups())
      try await Task.sleep(for: .seconds(window))
      let end = (host(), wakeups())
      let hostRate =
        (end.0.voluntary + end.0.involuntary - start.0.voluntary - start.0.involuntary) / window
        * 60
      let allRate = (end.1 - start.1) / window * 60
      figures.append(
        Figure(
          label: "\(mode): host wakeups", value: hostRate, unit: "/min",
          peer: "sleep(1) process (floor)", peerValue: nil, ratio: nil, target: "≤ 2/min",
          met: hostRate <= 2))
      if !workers.isEmpty {
        counts["\(mode): host and worker wakeups per minute"] = allRate
      }
    }

    // The floor: a process that only sleeps.
    let (sleeper, output) = try Spawn.start("/bin/sleep", ["3600"])
    close(output)
    let start = ProcFS.contextSwitches(of: sleeper)
    try await Task.sleep(for: .seconds(min(window, 5)))
    let end = ProcFS.contextSwitches(of: sleeper)
    kill(sleeper, SIGTERM)
    Spawn.wait(sleeper)
    let floor =
      (end.voluntary + end.involuntary - start.voluntary - start.involuntary) / min(window, 5) * 60
    for index in figures.indices { figures[index].peerValue = floor }
    return ScenarioResult(scenario: name, title: title, figures: figures, counts: counts)
  }
}
