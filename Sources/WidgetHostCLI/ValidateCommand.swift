import Foundation
import WidgetHostCore
import WidgetSchema
import WidgetTooling

/// `widget-host validate`: the conformance suite for bundle authors.
enum ValidateCommand: Command {
  static let name = "validate"
  static let summary = "Check that a bundle follows the ABI and the host's rules."
  static let operands = "<bundle>"
  static let discussion = """
    Runs the conformance checks of docs/cli.md#validate: manifest-schema, loads, kinds-agree, \
    placeholder-fast, snapshot-once, timeline-once, entries-sorted-and-dated, concurrent-calls, \
    reload-cycle and fuzzed-contexts. Every check that loads the library does so in worker \
    processes of its own, so a crash fails that check and the others still run. Prints a \
    pass/fail table (or, with --json, one JSON object, docs/schemas/validate.schema.json). \
    Exit status 0 when every check passes, 5 when one fails, 3 when the bundle cannot be opened.
    """
  static let json = SharedOptions.json.help(
    "Print one JSON object (docs/schemas/validate.schema.json) instead of the table.")
  static let deadline = SharedOptions.deadline.help(
    "Real seconds to wait for a snapshot or timeline reply (default 5); placeholders always "
      + "have 1 s.")
  static let options: [any CommandOption] = [
    SharedOptions.kinds.help("Check only this kind."), json, deadline,
  ]
  static let examples = [
    ("widget-host validate SystemStatus.widgetbundle", "run every check, print a table"),
    ("widget-host validate libMine.so --kind Weather --json", "one kind, for a program"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 1 else {
      throw UsageError(command: name, message: "give exactly one bundle")
    }
    let deadline = arguments[Self.deadline] ?? 5
    // A private quarantine store: validating a crashing bundle must not quarantine it for run.
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("widget-host-validate-\(getpid())")
    defer { try? FileManager.default.removeItem(at: state) }
    var loader = WorkerLoader(
      quarantine: QuarantineStore(path: state.appendingPathComponent("quarantine.json").path))
    // Throwaway containers too: what the checks make a bundle write stays out of its real one.
    loader.containers = state.appendingPathComponent("containers").path
    let validator = BundleValidator(
      path: arguments.positionals[0], kinds: arguments[SharedOptions.kinds], deadline: deadline,
      loader: loader)
    let errors = context.errors
    let showProgress = context.errorsIsTerminal
    let progress: @Sendable (String) -> Void = { id in
      guard showProgress else { return }
      let index = (BundleValidator.checkIDs.firstIndex(of: id) ?? 0) + 1
      errors.write("\r\u{1B}[K[\(index)/\(BundleValidator.checkIDs.count)] \(id)…")
    }
    let report: ValidationReport
    do {
      report = try await validator.run(progress: progress)
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
    if context.errorsIsTerminal { context.errors.write("\r\u{1B}[K") }
    if arguments[json] {
      let data = (try? WidgetJSON.encoder().encode(report)) ?? Data()
      context.output.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      context.output.write(table(report))
    }
    return report.failed == 0 ? .success : .validationFailed
  }

  /// The terminal table: one line per check, then the failures' messages are on their lines.
  static func table(_ report: ValidationReport) -> String {
    let width = BundleValidator.checkIDs.map(\.count).max() ?? 0
    var text = "\(report.bundle)\n"
    for check in report.checks {
      let status = check.skipped ? "SKIP" : check.passed ? "PASS" : "FAIL"
      let time = String(format: "%6.2fs", check.seconds)
      text += "  \(status)  \(check.id.padding(toLength: width, withPad: " ", startingAt: 0))"
      text += "  \(time)  \(check.message)\n"
    }
    text += "\(report.passed) passed, \(report.failed) failed, \(report.skipped) skipped\n"
    return text
  }
}
