import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// d. Exec to first frame: the real `widget-host run --once` with 5 bundles, from `posix_spawn`
/// to the first frame on its standard output (`--format text`: the first box, with no pixel
/// library loaded; `--format json`: the first `entry` line, whose geometry is laid out with
/// Pango), in-process and with one worker per bundle; against a hello-world Swift binary (`bench-hello`) from `posix_spawn` to
/// its line. Medians of repeated runs. The host's state directory is kept from run to run, as a
/// user's is from one start to the next: the host restores each widget's entry and knows each
/// library's description, so it shows them before it starts a worker or, in-process, loads a
/// library (docs/isolation.md, *Start-up*). A host's very first start, with an empty state
/// directory, is measured beside it in both modes.
struct StartupScenario: Scenario {
  let name = "startup"
  let title = "exec to first frame with 5 bundles vs a hello-world Swift binary"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let runs = environment.size(21, quick: 3)
    let folder = try environment.folder("startup")
    let libraries = try ["StartA", "StartB", "StartC", "StartD", "StartE"].map { prefix in
      try BenchBundle(kinds: 1, prefix: prefix).build(in: folder, environment: environment).path
    }
    let host = try environment.product("widget-host")
    // The host starts it beside itself for each bundle: missing, the worker runs would fail.
    let worker = try environment.product("widget-worker")
    let hello = try environment.product("bench-hello")
    let foundationHello = try environment.product("bench-idle")
    let childEnvironment = environment.childEnvironment(for: name)

    func firstLine(
      _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
      matching: @escaping @Sendable (Substring) -> Bool
    ) throws -> Double {
      let start = Clock.monotonic()
      let (pid, output) = try Spawn.start(
        executable.path, arguments, environment: environment ?? childEnvironment)
      let lines = LineCounter(fd: output, matches: matching)
      let shown = lines.waitFor(matches: 1, timeout: 60)
      let status = Spawn.wait(pid)
      guard shown, let seen = lines.firstMatch else {
        throw BenchError("\(executable.lastPathComponent) printed no first frame (exit \(status))")
      }
      return seen - start
    }

    // Each `loaded` event must name the library it came from: a release build once paired the
    // bundles loaded by workers with each other's paths.
    let mispaired = Mutex<[String]>([])
    let isEntry: @Sendable (Substring) -> Bool = { line in
      if let wrong = Self.mispairing(line) { mispaired.withLock { $0.append(wrong) } }
      return line.contains("\"type\":\"entry\"")
    }
    let base = ["run", "--once", "--format", "json"] + libraries
    // The text sink: no pixel output, so no pixel library is loaded (the JSON stream's geometry
    // is laid out with Pango). Its first frame is the first box's title line.
    let text = ["run", "--once", "--format", "text"] + libraries
    let isBox: @Sendable (Substring) -> Bool = { $0.contains(" · ") }
    var peer: [Double] = []
    var inProcess: [Double] = []
    var workers: [Double] = []
    var textInProcess: [Double] = []
    var textWorkers: [Double] = []
    var firstStarts: [Double] = []
    var firstStartsInProcess: [Double] = []
    var withFoundation: [Double] = []
    var workerCPU: [Double] = []
    var peerCPU: [Double] = []
    _ = try firstLine(hello, [], matching: { _ in true })  // warm the page cache
    _ = try firstLine(host, base, matching: isEntry)
    for _ in 0..<runs {
      peer.append(try firstLine(hello, [], matching: { _ in true }))
      inProcess.append(try firstLine(host, base + ["--in-process"], matching: isEntry))
      workers.append(try firstLine(host, base, matching: isEntry))
      textInProcess.append(try firstLine(host, text + ["--in-process"], matching: isBox))
      textWorkers.append(try firstLine(host, text, matching: isBox))
      withFoundation.append(try firstLine(foundationHello, ["--hello"], matching: { _ in true }))
      // What one worker costs, beside what the peer costs, in CPU time.
      workerCPU.append(
        try WorkerStart.cpuSeconds(
          worker: worker, library: libraries[0], environment: childEnvironment))
      peerCPU.append(try WorkerStart.cpuSeconds(of: hello, []))
    }
    // First starts on their own, after the others: each creates a state file (syncing the disk
    // a dozen times) and leaves five workers exiting, which slowed the run after it by 2 to 4 ms.
    for run in 0..<runs {
      var empty = childEnvironment
      empty["XDG_STATE_HOME"] = try environment.folder("startup/first-\(run)").path
      firstStarts.append(try firstLine(host, base, environment: empty, matching: isEntry))
      empty["XDG_STATE_HOME"] = try environment.folder("startup/first-in-process-\(run)").path
      firstStartsInProcess.append(
        try firstLine(host, base + ["--in-process"], environment: empty, matching: isEntry))
    }
    if let wrong = mispaired.withLock({ $0.first }) {
      throw BenchError("widget-host reported a bundle loaded from another's library: \(wrong)")
    }
    let peerMedian = Statistics.quantile(peer, 0.5)
    let local = Statistics.quantile(inProcess, 0.5)
    let remote = Statistics.quantile(workers, 0.5)
    let textLocal = Statistics.quantile(textInProcess, 0.5)
    let textRemote = Statistics.quantile(textWorkers, 0.5)
    let first = Statistics.quantile(firstStarts, 0.5)
    let firstInProcess = Statistics.quantile(firstStartsInProcess, 0.5)
    let peerName = "bench-hello (hello-world Swift)"
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        Figure(
          label: "in-process, text: exec to first frame", value: textLocal * 1e3, unit: "ms",
          peer: peerName, peerValue: peerMedian * 1e3, ratio: textLocal / peerMedian,
          target: "≤ 2× the peer", met: textLocal / peerMedian <= 2),
        Figure(
          label: "workers, text: exec to first frame", value: textRemote * 1e3, unit: "ms",
          peer: peerName, peerValue: peerMedian * 1e3, ratio: textRemote / peerMedian,
          target: "≤ 4× the peer", met: textRemote / peerMedian <= 4),
        Figure(
          label: "in-process, JSON with geometry: exec to first frame", value: local * 1e3,
          unit: "ms", peer: peerName, peerValue: peerMedian * 1e3, ratio: local / peerMedian,
          target: nil, met: nil),
        Figure(
          label: "workers, JSON with geometry: exec to first frame", value: remote * 1e3,
          unit: "ms", peer: peerName, peerValue: peerMedian * 1e3, ratio: remote / peerMedian,
          target: nil, met: nil),
        Figure(
          label: "in-process, first start (empty state directory): exec to first frame",
          value: firstInProcess * 1e3, unit: "ms", peer: peerName,
          peerValue: peerMedian * 1e3, ratio: firstInProcess / peerMedian, target: nil,
          met: nil),
        Figure(
          label: "workers, first start (empty state directory): exec to first frame",
          value: first * 1e3, unit: "ms", peer: peerName, peerValue: peerMedian * 1e3,
          ratio: first / peerMedian, target: nil, met: nil),
      ],
      counts: [
        "runs": Double(runs), "bundles": 5,
        "hello world with Foundation (bench-idle --hello), ms":
          Statistics.quantile(withFoundation, 0.5) * 1e3,
        "one worker, exec to loaded to exit, CPU ms": Statistics.quantile(workerCPU, 0.5) * 1e3,
        "bench-hello, CPU ms": Statistics.quantile(peerCPU, 0.5) * 1e3,
      ])
  }

  /// For a `loaded` event of a bench bundle (`local.<prefix>` from `lib<prefix>.so`) that names
  /// another bundle's library: the event; nil for any other line.
  static func mispairing(_ line: Substring) -> String? {
    guard line.contains("\"event\":\"loaded\""),
      let id = value(of: "bundle", in: line), id.hasPrefix("local."),
      let path = value(of: "path", in: line)
    else { return nil }
    return path.hasSuffix("/lib\(id.dropFirst("local.".count)).so") ? nil : String(line)
  }

  /// The string value of `key` in a one-line JSON object without escapes in it.
  private static func value(of key: String, in line: Substring) -> Substring? {
    guard let start = line.range(of: "\"\(key)\":\"")?.upperBound,
      let end = line[start...].firstIndex(of: "\"")
    else { return nil }
    return line[start..<end]
  }
}
