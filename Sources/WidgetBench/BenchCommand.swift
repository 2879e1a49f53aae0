import Foundation
import WidgetSchema

/// `widget-bench [scenario...] [--json | --markdown] [--quick]`: runs the chosen scenarios (all
/// by default) and prints each figure, its peer's figure and the ratio.
public enum BenchCommand {
  /// The usage text.
  public static var usage: String {
    """
    usage: widget-bench [scenario...] [--json | --markdown] [--quick]

    Measures widget-host against its peers (docs/performance.md). Scenarios (default: all):
    \(Scenarios.all.map { "  \($0.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.title)" }.joined(separator: "\n"))

    Options:
      --json      one JSON document on standard output: {"quick", "machine", "scenarios": [...]}
      --markdown  the figures as docs/performance.md's table, with the date, machine and load
      --quick     tiny sizes, a few seconds per scenario: proves every scenario runs (CI)
      --help      this text

    Example:
      swift build -c release && swift run -c release widget-bench update idle --quick

    Exit status: 0 ran (targets met or not: see the table), 1 a scenario failed to run,
    2 usage.
    """
  }

  /// Runs the command; returns the exit status.
  public static func main(_ arguments: [String]) async -> Int32 {
    var json = false
    var markdown = false
    var quick = false
    var chosen: [any Scenario] = []
    for argument in arguments {
      switch argument {
      case "--json": json = true
      case "--markdown": markdown = true
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
    if json && markdown {
      FileHandle.standardError.write(Data("widget-bench: --json and --markdown: choose one\n".utf8))
      return 2
    }
    if chosen.isEmpty { chosen = Scenarios.all }
    let started = Date()
    let startLoad = BenchReport.loadAverage()
    // Progress on standard error, the tables on standard output, unless a document is asked for.
    let tables = !json && !markdown
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

    if quick && tables {
      print(
        "widget-bench --quick: tiny sizes, to prove that every scenario runs; the figures mean nothing"
      )
    }
    var results: [ScenarioResult] = []
    var failed = false
    for scenario in chosen {
      FileHandle.standardError.write(Data("widget-bench: running \(scenario.name)…\n".utf8))
      do {
        let result = try await scenario.run(environment)
        results.append(result)
        if tables { print(BenchReport.text(result), terminator: "") }
      } catch {
        failed = true
        FileHandle.standardError.write(Data("widget-bench: \(scenario.name): \(error)\n".utf8))
      }
    }
    let document = BenchReport.Document(
      quick: quick, machine: BenchReport.machine(), scenarios: results)
    if markdown {
      let load = startLoad.flatMap { start in BenchReport.loadAverage().map { (start, $0) } }
      print(BenchReport.markdown(document, at: started, load: load), terminator: "")
    } else if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      if let data = try? encoder.encode(document) {
        print(String(decoding: data, as: UTF8.self))
      }
    } else {
      print(document.machine)
    }
    return failed ? 1 : 0
  }
}
