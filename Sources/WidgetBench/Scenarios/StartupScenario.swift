import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// d. Exec to first frame: the real `widget-host run --once` with 5 bundles, from `posix_spawn`
/// to the first frame on its standard output (`--format text`: the first box, with no pixel
/// library loaded; `--format json`: the first `entry` line, whose geometry is laid out with
/// Pango), in-process and with one worker per bundle, against a hello-world Swift binary linked
/// as `widget-host` is (`bench-hello`) from `posix_spawn` to its line. Medians of repeated runs.
/// The headline is a first start, with an empty state directory; beside it, restarts that keep
/// the state directory, as a user's is kept from one start to the next: the host restores each
/// widget's entry and knows each library's description, so it shows them before it starts a
/// worker or, in-process, loads a library (docs/isolation.md, *Start-up*).
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
    let json = ["run", "--once", "--format", "json"] + libraries
    // The text sink: no pixel output, so no pixel library is loaded (the JSON stream's geometry
    // is laid out with Pango). Its first frame is the first box's title line.
    let text = ["run", "--once", "--format", "text"] + libraries
    let isBox: @Sendable (Substring) -> Bool = { $0.contains(" · ") }
    var peer: [Double] = []
    var restarts: (inProcess: [Double], workers: [Double]) = ([], [])
    let firstStarts: [(arguments: [String], matching: @Sendable (Substring) -> Bool)] = [
      (text + ["--in-process"], isBox), (text, isBox), (json + ["--in-process"], isEntry),
      (json, isEntry),
    ]
    var firstStartTimes = Array(repeating: [Double](), count: firstStarts.count)
    var withFoundation: [Double] = []
    var workerCPU: [Double] = []
    var peerCPU: [Double] = []
    _ = try firstLine(hello, [], matching: { _ in true })  // warm the page cache
    _ = try firstLine(host, text, matching: isBox)
    for _ in 0..<runs {
      peer.append(try firstLine(hello, [], matching: { _ in true }))
      restarts.inProcess.append(try firstLine(host, text + ["--in-process"], matching: isBox))
      restarts.workers.append(try firstLine(host, text, matching: isBox))
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
      for (index, start) in firstStarts.enumerated() {
        var empty = childEnvironment
        empty["XDG_STATE_HOME"] = try environment.folder("startup/first-\(index)-\(run)").path
        firstStartTimes[index].append(
          try firstLine(host, start.arguments, environment: empty, matching: start.matching))
      }
    }
    if let wrong = mispaired.withLock({ $0.first }) {
      throw BenchError("widget-host reported a bundle loaded from another's library: \(wrong)")
    }
    let peerMedian = Statistics.quantile(peer, 0.5)
    let peerName = "bench-hello (hello-world Swift, linked as widget-host is)"
    /// The median of `times` against the peer's; `limit`: the target ratio, if any.
    func figure(_ label: String, _ times: [Double], limit: Double?) -> Figure {
      let median = Statistics.quantile(times, 0.5)
      let ratio = median / peerMedian
      return Figure(
        label: label, value: median * 1e3, unit: "ms", peer: peerName,
        peerValue: peerMedian * 1e3, ratio: ratio,
        target: limit.map { "≤ \(Int($0))× the peer" }, met: limit.map { ratio <= $0 })
    }
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        figure(
          "in-process, terminal: first start (no state) to the first box", firstStartTimes[0],
          limit: 2),
        figure(
          "workers, terminal: first start (no state) to the first box", firstStartTimes[1],
          limit: 4),
        figure("in-process, terminal: restart to the first box", restarts.inProcess, limit: nil),
        figure("workers, terminal: restart to the first box", restarts.workers, limit: nil),
        figure(
          "in-process, JSON with geometry: first start to the first entry", firstStartTimes[2],
          limit: nil),
        figure(
          "workers, JSON with geometry: first start to the first entry", firstStartTimes[3],
          limit: nil),
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
