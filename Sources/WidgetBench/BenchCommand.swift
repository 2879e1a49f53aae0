import Foundation
import WidgetSchema

/// `widget-bench [scenario...] [--json] [--quick]`: runs the chosen scenarios (all by default)
/// and prints each figure, its peer's figure and the ratio.
public enum BenchCommand {
  /// The usage text.
  public static var usage: String {
    """
    usage: widget-bench [scenario...] [--json] [--quick]

    Measures widget-host against its peers (docs/performance.md). Scenarios (default: all):
    \(Scenarios.all.map { "  \($0.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.title)" }.joined(separator: "\n"))

    Options:
      --json    one JSON document on standard output: {"quick", "machine", "scenarios": [...]}
      --quick   tiny sizes, a few seconds per scenario: proves every scenario runs (CI)
      --help    this text

    Example:
      swift build -c release && swift run -c release widget-bench update idle --quick

    Exit status: 0 ran (targets met or not: see the table), 1 a scenario failed to run,
    2 usage.
    """
  }

  /// Runs the command; returns the exit status.
  public static func main(_ arguments: [String]) async -> Int32 {
    var json = false
    var quick = false
    var chosen: [any Scenario] = []
    for argument in arguments {
      switch argument {
      case "--json": json = true
      case "--quick": quick = true
      case "--help", "-h":
        print(usage)
        return 0
      default:
        guard let scenario = Scenarios.all.first(where: { $0.name == argument }) else {
          let names = Scenarios.all.map(\.name).joined(separator: ", ")
          FileHandle.standardError.write(
            Data(
              "widget-bench: unknown scenario or option '\(argument)' (scenarios: \(names))\n".utf8)
          )
          return 2
        }
        chosen.append(scenario)
      }
    }
    if chosen.isEmpty { chosen = Scenarios.all }
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    guard let root = BenchEnvironment.findRepositoryRoot() else {
      FileHandle.standardError.write(Data("widget-bench: cannot find the repository\n".utf8))
      return 1
    }
    let environment: BenchEnvironment
    do {
      environment = try BenchEnvironment(
        quick: quick, binPath: URL(fileURLWithPath: executable).deletingLastPathComponent(),
        repositoryRoot: root)
    } catch {
      FileHandle.standardError.write(Data("widget-bench: \(error)\n".utf8))
      return 1
    }
    defer { try? FileManager.default.removeItem(at: environment.scratch) }

    if quick && !json {
      print(
        "widget-bench --quick: tiny sizes, to prove that every scenario runs; the figures mean nothing"
      )
    }
    var results: [ScenarioResult] = []
    var failed = false
    for scenario in chosen {
      if !json {
        FileHandle.standardError.write(Data("widget-bench: running \(scenario.name)…\n".utf8))
      }
      do {
        let result = try await scenario.run(environment)
        results.append(result)
        if !json { print(BenchReport.text(result), terminator: "") }
      } catch {
        failed = true
        FileHandle.standardError.write(Data("widget-bench: \(scenario.name): \(error)\n".utf8))
      }
    }
    if json {
      let document = BenchReport.Document(
        quick: quick, machine: BenchReport.machine(), scenarios: results)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      if let data = try? encoder.encode(document) {
        print(String(decoding: data, as: UTF8.self))
      }
    } else {
      print(BenchReport.machine())
    }
    return failed ? 1 : 0
  }
}

/// The benchmark's output: a table per scenario for people, one document for machines.
public enum BenchReport {
  /// The `--json` document.
  public struct Document: Codable, Sendable {
    /// Whether `--quick` sizes were used.
    public var quick: Bool
    /// The machine, in one line.
    public var machine: String
    /// One result per scenario run.
    public var scenarios: [ScenarioResult]
  }

  /// A scenario as a small table: figure, peer, ratio, target.
  public static func text(_ result: ScenarioResult) -> String {
    var text = "\n\(result.scenario): \(result.title)\n"
    for figure in result.figures {
      var line = "  \(figure.label): \(number(figure.value)) \(figure.unit)"
      if let peer = figure.peer {
        line += "; \(peer): \(figure.peerValue.map { number($0) + " " + figure.unit } ?? "—")"
      }
      if let ratio = figure.ratio { line += "; ratio \(number(ratio))" }
      line += "  [target \(figure.target): \(figure.met ? "met" : "MISSED")]"
      text += line + "\n"
    }
    for (name, value) in result.counts.sorted(by: { $0.key < $1.key }) {
      text += "    \(name): \(number(value))\n"
    }
    return text
  }

  /// Three significant digits, or a whole number.
  static func number(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e12 { return String(Int(value)) }
    if abs(value) >= 100 { return String(format: "%.0f", value) }
    if abs(value) >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.3g", value)
  }

  /// The machine: processor, cores, memory, kernel.
  public static func machine() -> String {
    let cpu =
      ProcFS.read("/proc/cpuinfo")?.split(separator: "\n").first { $0.hasPrefix("model name") }
      .map { $0.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "" }?
      .trimmingCharacters(in: .whitespaces) ?? "unknown processor"
    let memory =
      ProcFS.read("/proc/meminfo").flatMap { ProcFS.statusField("MemTotal", in: $0) } ?? 0
    var name = utsname()
    uname(&name)
    let release = withUnsafeBytes(of: &name.release) { buffer in
      String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
    return "machine: \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "\(Int((memory / 1_048_576).rounded())) GiB, Linux \(release)"
  }
}
