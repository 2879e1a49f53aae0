import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// b. Wakeups of an idle host: the real `widget-host run` with 1,000 instances whose next event
/// is two hours away, observed once every instance shows its entry; then those and the memory
/// of an idle status-bar client (`widget-host bar`) of such a host. A wakeup is a context switch
/// of any of the host's threads (voluntary: it slept and was woken; involuntary ones are
/// counted too).
///
/// The floor is `bench-idle`, a Swift program that used a Dispatch worker thread once and then
/// sleeps: on Linux libdispatch wakes such a process once a second (its workqueue monitor), so
/// the target applies to the host's wakeups beyond that floor. The floor runs throughout and is
/// counted over the same window as each host (two one-minute counts of a 1 Hz timer taken at
/// different times differ by a few), and both are counted only after a settling time, once the
/// threads of the start-up burst have gone.
struct IdleScenario: Scenario {
  let name = "idle"
  let title = "host wakeups per minute with 1,000 idle instances"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let instances = environment.size(1_000, quick: 100)
    let window = environment.size(60.0, quick: 2.0)
    let settle = environment.size(10.0, quick: 0.5)
    let folder = try environment.folder("idle")
    let library = try BenchBundle(kinds: instances, prefix: "Idle", idle: true).build(
      in: folder, environment: environment)
    let host = try environment.product("widget-host")
    let idle = try environment.product("bench-idle")

    /// Context switches per minute of each of `pids` (all its threads) over the window.
    func wakeups(_ pids: [pid_t]) async throws -> [Double] {
      let start = pids.map(ProcFS.threadSwitches(of:))
      try await Task.sleep(for: .seconds(window))
      let end = pids.map(ProcFS.threadSwitches(of:))
      return zip(start, end).map { ProcFS.wakeups(from: $0, to: $1) / window * 60 }
    }

    // The floor, running beside each host.
    let (sleeper, sleeperOutput) = try Spawn.start(idle.path, [])
    defer {
      kill(sleeper, SIGKILL)
      Spawn.wait(sleeper)
    }
    let started = LineCounter(fd: sleeperOutput) { $0 == "idle" }
    guard started.waitFor(matches: 1, timeout: 30) else {
      throw BenchError("\(idle.path) did not start")
    }

    var figures: [Figure] = []
    var counts: [String: Double] = [
      "instances": Double(instances), "observed seconds": window,
      "seconds settled before counting": settle,
    ]
    for (mode, flags) in [("worker", [String]()), ("in-process", ["--in-process"])] {
      let (pid, output) = try Spawn.start(
        host.path, ["run", "--format", "json", library.path] + flags,
        environment: environment.childEnvironment(for: name))
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
      try await Task.sleep(for: .seconds(settle))
      let workers = ProcFS.children(of: pid)
      let rates = try await wakeups([pid, sleeper] + workers)
      let (rate, floor) = (rates[0], rates[1])
      let beyond = max(0, rate - floor)
      figures.append(
        Figure(
          label: "\(mode): host wakeups beyond the floor", value: beyond, unit: "/min",
          peer: "bench-idle (libdispatch's 1 Hz floor)", peerValue: floor, ratio: nil,
          target: "≤ 2/min", met: beyond <= 2))
      counts["\(mode): host wakeups per minute, floor included"] = rate
      counts["\(mode): floor, bench-idle wakeups per minute in the same window"] = floor
      if !workers.isEmpty {
        counts["\(mode): worker wakeups per minute"] =
          rates.dropFirst(2).reduce(0, +) / Double(workers.count)
      }
    }
    try await barClient(
      of: library.path, host: host.path, environment: environment, settle: settle,
      floor: sleeper, wakeups: wakeups, figures: &figures, counts: &counts)
    return ScenarioResult(scenario: name, title: title, figures: figures, counts: counts)
  }

  /// A status-bar module as `widget-host bar` makes one: the client subscribed to an idle host
  /// (in-process, with the socket sink) for one instance, counted once it shows the entry and
  /// has settled. Its wakeups beyond the floor, and its memory beside the floor's: bench-idle
  /// is the least a Swift program with Foundation and Dispatch keeps resident.
  private func barClient(
    of library: String, host: String, environment: BenchEnvironment, settle: Double,
    floor: pid_t, wakeups: ([pid_t]) async throws -> [Double], figures: inout [Figure],
    counts: inout [String: Double]
  ) async throws {
    // The default socket, under the scenario's XDG_RUNTIME_DIR.
    let childEnvironment = environment.childEnvironment(for: name)
    let (hostPID, hostOutput) = try Spawn.start(
      host, ["run", "--in-process", "--format", "json", "--sink", "socket", library],
      environment: childEnvironment)
    defer {
      kill(hostPID, SIGTERM)
      Spawn.wait(hostPID)
    }
    let shown = LineCounter(fd: hostOutput) { line in
      line.contains("\"type\":\"entry\"") && line.contains("\"instance\":\"Idle0/systemSmall\"")
        && line.contains("\"source\":\"timeline\"")
    }
    guard shown.waitFor(matches: 1, timeout: environment.size(300, quick: 60)) else {
      throw BenchError("widget-host run --sink socket did not show Idle0/systemSmall in time")
    }
    let (client, clientOutput) = try Spawn.start(
      host, ["bar", "--format", "plain", "--instance", "Idle0/systemSmall"],
      environment: childEnvironment)
    defer {
      kill(client, SIGTERM)
      Spawn.wait(client)
    }
    let lines = LineCounter(fd: clientOutput) { !$0.hasPrefix("widget-host:") && !$0.isEmpty }
    guard lines.waitFor(matches: 1, timeout: 30) else {
      throw BenchError("widget-host bar showed nothing of Idle0/systemSmall")
    }
    try await Task.sleep(for: .seconds(settle))
    let rates = try await wakeups([client, floor])
    let beyond = max(0, rates[0] - rates[1])
    figures.append(
      Figure(
        label: "bar client: wakeups beyond the floor", value: beyond, unit: "/min",
        peer: "bench-idle (libdispatch's 1 Hz floor)", peerValue: rates[1], ratio: nil,
        target: "≤ 2/min", met: beyond <= 2))
    let mebibyte = 1_048_576.0
    let own = ProcFS.privateBytes(of: client) ?? 0
    let floorOwn = ProcFS.privateBytes(of: floor) ?? 0
    figures.append(
      Figure(
        label: "bar client: private memory (not shared with the host's executable)",
        value: own / mebibyte, unit: "MiB", peer: "bench-idle's private memory",
        peerValue: floorOwn / mebibyte, ratio: floorOwn > 0 ? own / floorOwn : nil,
        target: "≤ 4 MiB", met: own <= 4 * mebibyte))
    counts["bar client: wakeups per minute, floor included"] = rates[0]
    counts["bar client: VmRSS (MiB)"] = (ProcFS.residentBytes(of: client) ?? 0) / mebibyte
    counts["bench-idle: VmRSS (MiB)"] = (ProcFS.residentBytes(of: floor) ?? 0) / mebibyte
  }
}
