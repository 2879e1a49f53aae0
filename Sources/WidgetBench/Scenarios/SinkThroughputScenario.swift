import Foundation
import WidgetHostCore
import WidgetSchema

#if canImport(Glibc)
  import Glibc
#endif

/// e. The JSON sink's throughput: `entry` events of the benchmark bundle in four families,
/// written by ``JSONSink`` to /dev/null, against `cat` copying the same bytes from a file to
/// /dev/null. Beside it, the floor of any sink that writes its events from their trees: the
/// same events written by a minimal C writer (``TreeWriterFloor``), checked to be the same
/// bytes.
struct SinkThroughputScenario: Scenario {
  let name = "sink"
  let title = "JSON sink throughput vs cat of the same bytes"

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let repeats = environment.size(100, quick: 2)
    let folder = try environment.folder("sink")
    let library = try BenchBundle(kinds: 100, prefix: "Sink").build(
      in: folder, environment: environment)
    // Every kind in every family, as a host shows them once (`run --once`, in-process).
    var options = HostOptions(
      bundlePaths: [library.path], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    options.families = BenchBundle.families.compactMap(WidgetFamily.init(rawValue:))
    options.once = true
    let shown = CollectingSink(keepingEntries: true)
    do {
      _ = try await WidgetHost(options: options, sinks: [shown], log: CountingOutput()).run()
    } catch {
      throw BenchError("run --once \(library.path): \(error)")
    }
    let events = shown.entries
    guard events.count == 400 else {
      throw BenchError("run --once \(library.path) showed \(events.count) entries, not 400")
    }

    // The same bytes in a file, written by the sink (timed too), then copied in one write for
    // cat: how the sink batched its writes must not change how fast cat reads its input (a
    // file written in small writes costs cat more CPU to read).
    let written = folder.appendingPathComponent("written.jsonl")
    let fileElapsed = try Self.write(events, repeats: repeats, to: written)
    let file = folder.appendingPathComponent("stream.jsonl")
    let stream = try Data(contentsOf: written)
    try stream.write(to: file)
    let bytes = Double(stream.count)

    guard let null = FileHandle(forWritingAtPath: "/dev/null") else {
      throw BenchError("cannot open /dev/null for writing")
    }
    let sink = JSONSink(output: FileOutput(handle: null))
    let start = Clock.monotonic()
    let startCPU = Clock.cpu()
    for _ in 0..<repeats { for event in events { sink.write(event) } }
    // The stream's end writes what is still buffered: part of the sink's work.
    sink.end()
    let elapsed = Clock.monotonic() - start
    let cpu = Clock.cpu() - startCPU
    try null.close()

    // The floor: the same events, one pass of them as the sink writes them, written `repeats`
    // times by the C writer from their trees; first to a file that must equal the sink's.
    let floor = try TreeWriterFloor.build(
      in: folder, repositoryRoot: environment.repositoryRoot)
    let onePass = folder.appendingPathComponent("events.jsonl")
    _ = try Self.write(events, repeats: 1, to: onePass)
    let floorFile = folder.appendingPathComponent("floor.jsonl")
    _ = try floor.run(input: onePass, repeats: repeats, output: floorFile.path)
    guard try Data(contentsOf: floorFile) == stream else {
      throw BenchError(
        "the C writer's \(floorFile.path) differs from the sink's \(written.path): "
          + "the floor must write the same bytes")
    }
    var floorRuns: [TreeWriterFloor.Run] = []
    for _ in 0..<environment.size(5, quick: 1) {
      floorRuns.append(try floor.run(input: onePass, repeats: repeats, output: "/dev/null"))
    }
    let floorWall = Statistics.quantile(floorRuns.map(\.wall), 0.5)
    let floorCPU = Statistics.quantile(floorRuns.map(\.cpu), 0.5)

    var catTimes: [Double] = []
    var catCPUs: [Double] = []
    for _ in 0..<environment.size(5, quick: 1) {
      let catStart = Clock.monotonic()
      let catStartCPU = Clock.cpu(children: true)
      let (pid, output) = try Spawn.start("/bin/cat", [file.path], outputToNull: true)
      close(output)
      guard Spawn.wait(pid) == 0 else { throw BenchError("cat \(file.path) failed") }
      catTimes.append(Clock.monotonic() - catStart)
      catCPUs.append(Clock.cpu(children: true) - catStartCPU)
    }
    let catElapsed = Statistics.quantile(catTimes, 0.5)
    let sinkRate = bytes / elapsed / 1e6
    let catRate = bytes / catElapsed / 1e6
    let floorRate = bytes / floorWall / 1e6
    return ScenarioResult(
      scenario: name, title: title,
      figures: [
        Figure(
          label: "JSON sink throughput", value: sinkRate, unit: "MB/s",
          peer: "cat of the same bytes", peerValue: catRate, ratio: sinkRate / catRate,
          target: "≥ 50 % of cat", met: sinkRate / catRate >= 0.5),
        Figure(
          label: "floor: a minimal C writer of the same events from their trees",
          value: floorRate, unit: "MB/s", peer: "cat of the same bytes", peerValue: catRate,
          ratio: floorRate / catRate, target: nil, met: nil),
      ],
      counts: [
        "events": Double(events.count * repeats), "bytes": bytes,
        "events per second": Double(events.count * repeats) / elapsed,
        // CPU time (every thread of the process; cat's from RUSAGE_CHILDREN, median run): less
        // disturbed than wall time by other work on a shared machine.
        "sink CPU ns per event": cpu / Double(events.count * repeats) * 1e9,
        // The same events to a file (the page cache): where each write copies the bytes.
        "sink to a file MB/s": bytes / fileElapsed / 1e6,
        "cat CPU ns per event": Statistics.quantile(catCPUs, 0.5)
          / Double(events.count * repeats) * 1e9,
        "C writer CPU ns per event": floorCPU / Double(events.count * repeats) * 1e9,
        "sink throughput, % of the C writer's": sinkRate / floorRate * 100,
      ])
  }

  /// Writes `events` `repeats` times to a new file at `url` with a ``JSONSink`` and ends the
  /// stream; returns the seconds that took.
  private static func write(_ events: [StreamEvent], repeats: Int, to url: URL) throws -> Double {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw BenchError("cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    let sink = JSONSink(output: FileOutput(handle: handle))
    let start = Clock.monotonic()
    for _ in 0..<repeats { for event in events { sink.write(event) } }
    sink.end()
    let elapsed = Clock.monotonic() - start
    try handle.close()
    return elapsed
  }
}
