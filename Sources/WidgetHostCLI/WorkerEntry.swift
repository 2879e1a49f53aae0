import Foundation
import WidgetHostCore

/// The hidden `widget-host worker --fd N [--memory-limit BYTES]` command the host runs for
/// each bundle (docs/isolation.md). Not listed in help: people never run it.
enum WorkerEntry {
  static let name = "worker"

  /// Parses the worker's arguments and serves the host; returns only on a usage error.
  static func run(_ arguments: [String]) async -> Int32 {
    let options = [
      OptionSpec(names: ["--fd"], valueName: "N", help: "The socket to the host."),
      OptionSpec(names: ["--memory-limit"], valueName: "BYTES", help: "RLIMIT_AS, in bytes."),
    ]
    guard
      let parsed = try? Arguments(Array(arguments.dropFirst()), options: options, command: name),
      let descriptor = parsed.last("--fd").flatMap(Int32.init), descriptor > 2
    else {
      FileHandle.standardError.write(
        Data("widget-host worker: internal command; run by widget-host itself\n".utf8))
      return ExitCode.usage.rawValue
    }
    await BundleWorker.run(
      descriptor: descriptor, memoryLimit: parsed.last("--memory-limit").flatMap(Int.init))
  }
}
