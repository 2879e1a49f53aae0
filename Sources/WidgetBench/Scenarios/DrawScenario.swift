import Foundation
import WidgetRendering
import WidgetSchema

/// `draw`: the CPU time to draw one entry of each example at 2× (the pixel renderer's layout with
/// Pango and Cairo's drawing) and, apart, to encode the drawing as PNG, against the same
/// exec-per-update peer as `update`: fork and exec of a shell script that prints a line, its CPU
/// and its children's. Target: drawing a systemSmall entry costs at most a quarter of one such
/// refresh; the encoding is reported.
struct DrawScenario: Scenario {
  let name = "draw"
  let title = "CPU to draw an entry at 2×, and to encode it as PNG, vs fork+exec of a shell script"

  /// The examples' entries drawn: a library of the bin folder, its kind and the families.
  static let examples: [(library: String, kind: String, families: [WidgetFamily])] = [
    ("libClock.so", "TestWidget", [.systemSmall, .systemMedium, .systemLarge]),
    ("libAnimals.so", "XG_Widget", [.systemSmall, .systemMedium, .systemLarge]),
    ("libLockScreen.so", "LockScreenWidget", [.accessoryCircular, .accessoryRectangular]),
  ]

  func run(_ environment: BenchEnvironment) async throws -> ScenarioResult {
    let draws = environment.size(200, quick: 3)
    let spawns = environment.size(200, quick: 3)
    let rounds = environment.size(5, quick: 1)
    let host = try environment.product("widget-host").path
    let renderer = PixelRenderer(
      dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
    try PixelRenderer.checkLibraries()

    // The peer, measured as `update` measures it.
    let script = environment.scratch.appendingPathComponent("draw-peer.sh")
    try "#!/bin/sh\nprintf '%s\\n' refreshed\n".write(to: script, atomically: true, encoding: .utf8)
    chmod(script.path, 0o755)
    var peerRounds: [Double] = []
    for _ in 0..<rounds {
      let start = (Clock.cpu(), Clock.cpu(children: true))
      for _ in 0..<spawns {
        let (pid, output) = try Spawn.start(script.path, [])
        _ = Spawn.drain(output)
        _ = Spawn.wait(pid)
      }
      peerRounds.append(
        (Clock.cpu() - start.0 + Clock.cpu(children: true) - start.1) / Double(spawns))
    }
    let peerCost = Statistics.quantile(peerRounds, 0.5)
    let peer = "fork+exec of /bin/sh script"

    var figures: [Figure] = []
    var counts: [String: Double] = ["peer CPU per refresh (µs)": peerCost * 1e6]
    for example in Self.examples {
      for family in example.families {
        // The entry as the real host shows it: its view from the JSON stream.
        let result = try Spawn.capture(
          host,
          [
            "run", try environment.product(example.library).path, "--kind", example.kind,
            "--family", family.rawValue, "--once", "--format", "json", "--in-process",
          ],
          // The scenario's own state, as every other scenario's, never the user's.
          environment: environment.childEnvironment(for: name))
        guard
          let line = result.output.split(separator: "\n").first(where: {
            $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#)
          }),
          let event = try? WidgetJSON.decoder().decode(StreamEvent.self, from: Data(line.utf8)),
          case .entry(let entry) = event.payload
        else {
          throw BenchError("\(example.library) \(family.rawValue): no entry (\(result.errors))")
        }
        let now = Date()
        let bitmap = try renderer.draw(entry.view, family: family, now: now, scale: 2)
        var bytes = try bitmap.png().count
        var drawing: [Double] = []
        var encoding: [Double] = []
        for _ in 0..<rounds {
          var start = Clock.cpu()
          for _ in 0..<draws {
            _ = try renderer.draw(entry.view, family: family, now: now, scale: 2)
          }
          drawing.append((Clock.cpu() - start) / Double(draws))
          start = Clock.cpu()
          for _ in 0..<draws { bytes = try bitmap.png().count }
          encoding.append((Clock.cpu() - start) / Double(draws))
        }
        let draw = Statistics.quantile(drawing, 0.5)
        let encode = Statistics.quantile(encoding, 0.5)
        counts["\(example.kind) \(family.rawValue) PNG bytes"] = Double(bytes)
        let small = family == .systemSmall
        figures.append(
          Figure(
            label: "draw at 2×, \(example.kind) \(family.rawValue)", value: draw * 1e6,
            unit: "µs", peer: peer, peerValue: peerCost * 1e6, ratio: peerCost / draw,
            target: small ? "≥ 4× cheaper" : nil, met: small ? peerCost / draw >= 4 : nil))
        figures.append(
          Figure(
            label: "PNG encoding, \(example.kind) \(family.rawValue)", value: encode * 1e6,
            unit: "µs", peer: peer, peerValue: peerCost * 1e6, ratio: peerCost / encode,
            target: nil, met: nil))
      }
    }
    return ScenarioResult(scenario: name, title: title, figures: figures, counts: counts)
  }
}
