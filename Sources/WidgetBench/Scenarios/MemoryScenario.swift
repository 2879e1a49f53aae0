import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// f. Resident memory per idle instance: the real `widget-host run --in-process` with 10,000
/// idle instances (2,500 kinds in four families, in three bundles) against the same host with 100, once every
/// instance shows its entry and the calls' deadlines have passed: (RSS₁₀₀₀₀ − RSS₁₀₀) ÷ 9,900.
struct MemoryScenario: Scenario {
  let name = "memory"
  let title = "resident memory per idle instance with 10,000 instances"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let large = environment.size(10_000, quick: 200)
    let small = 100
    let folder = try environment.folder("memory")
    let host = try environment.product("widget-host")
    let families = BenchBundle.families.flatMap { ["--family", $0] }

    // Reading again once the provider calls' deadlines (30 s) have passed: until then each
    // call's deadline timer (and the task waiting on it) is still alive.
    let settle = environment.size(35.0, quick: 0.5)
    var atFirstFrame: [Int: Double] = [:]

    func resident(instances: Int) async throws -> Double {
      let libraries = try BenchBundle.split(
        kinds: instances / 4, prefix: "Mem\(instances)x", idle: true
      ).map { try $0.build(in: folder, environment: environment).path }
      let (pid, output) = try Spawn.start(
        host.path, ["run", "--in-process", "--format", "json"] + libraries + families,
        environment: environment.childEnvironment(for: name))
      let lines = LineCounter(fd: output) { line in
        line.contains("\"type\":\"entry\"") && line.contains("\"source\":\"timeline\"")
      }
      var running = true
      defer {
        if running {
          kill(pid, SIGTERM)
          Spawn.wait(pid)
        }
      }
      guard lines.waitFor(matches: instances, timeout: 600) else {
        throw BenchError("widget-host run showed \(lines.matches) of \(instances) entries in time")
      }
      atFirstFrame[instances] = ProcFS.residentBytes(of: pid)
      try await Task.sleep(for: .seconds(settle))
      guard let bytes = ProcFS.residentBytes(of: pid) else {
        running = false
        throw BenchError(
          "widget-host run ended early (exit status \(Spawn.wait(pid))); no /proc/\(pid)/status")
      }
      return bytes
    }

    let base = try await resident(instances: small)
    let full = try await resident(instances: large)
    let perInstance = (full - base) / Double(large - small)
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        Figure(
          label: "resident memory per idle instance", value: perInstance / 1024, unit: "KiB",
          peer: "the whole RSS of the host with \(small) instances", peerValue: base / 1024,
          ratio: nil, target: "≤ 2 KiB", met: perInstance <= 2048)
      ],
      counts: [
        "instances": Double(large), "RSS with \(large) instances (MiB)": full / 1_048_576,
        "RSS with \(small) instances (MiB)": base / 1_048_576,
        "per instance at the first frames (KiB)":
          ((atFirstFrame[large] ?? 0) - (atFirstFrame[small] ?? 0)) / Double(large - small)
          / 1024,
        "seconds waited after the first frames": settle,
      ])
  }
}
