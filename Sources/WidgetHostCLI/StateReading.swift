import Foundation
import WidgetHostCore
import WidgetSchema

/// What the commands that read the durable state (`budget`, `state`) share: finding and opening
/// the store `--state-dir` names, and printing a report as text or `--json`.
enum StateReading {
  /// The store, or the exit status of a command that has none to read.
  enum Opened {
    case store(StateStore)
    case done(ExitCode)
  }

  /// The store at `--state-dir` (or the default), or, after saying why there is none, the
  /// command's exit status: `nothing` (with the path) to standard output and success when no
  /// host has written one yet, else the error and failure.
  static func openStore(
    _ arguments: Arguments, context: CommandContext, nothing: String
  ) -> Opened {
    let path = StateStore.path(
      inDirectory: arguments[SharedOptions.stateDirectory] ?? StateStore.defaultDirectory())
    guard FileManager.default.fileExists(atPath: path) else {
      context.output.write("\(nothing) (\(path) does not exist)\n")
      return .done(.success)
    }
    do {
      return .store(try StateStore(path: path))
    } catch {
      context.errors.write(errorLines(error.description))
      return .done(.failure)
    }
  }

  /// Prints `report` as one line of JSON with `--json`, else as `table()` gives it.
  static func print<Report: Encodable>(
    _ report: Report, _ arguments: Arguments, context: CommandContext, table: () -> String
  ) {
    if arguments[SharedOptions.json] {
      let data = (try? WidgetJSON.encoder().encode(report)) ?? Data()
      context.output.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      context.output.write(table())
    }
  }
}
