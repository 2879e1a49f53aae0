import Foundation
import WidgetHostCore
import WidgetSchema
import WidgetSupport

/// `widget-host simulate`: a day (or any span) of timelines on the virtual clock, in seconds.
enum SimulateCommand: Command {
  static let name = "simulate"
  static let summary = "Simulate hours or days of the widgets' timelines in seconds."
  static let operands = "<bundle>..."
  static let discussion = """
    Runs the host exactly as 'run' does (the same scheduler, provider calls and rendering) on a \
    virtual clock that starts at --start and jumps from one due time to the next, then prints \
    the day: each reload with its reason, each entry shown and for how long, errors, and a \
    table per instance. Bundles run in workers whose wall clock is the virtual one (Date() in \
    Swift, time() and clock_gettime in C, host->now), so two runs from the same --start print \
    the same. The refresh budget applies as in run: reloads over it are deferred. On a \
    terminal, the progress is shown on stderr.
    """
  static let span = Option<(text: String, seconds: TimeInterval)>(
    "--for", value: "DURATION",
    help: "How long to simulate (required): a whole number and s, m, h or d (90s, 15m, 24h, 7d)."
  ) { (text, name) throws(ValueError) in
    guard let seconds = Simulation.duration(text) else {
      throw ValueError(
        "\(name) needs a whole number and a unit s, m, h or d (90s, 15m, 24h, 7d), got '\(text)'")
    }
    return (text, seconds)
  }.required
  static let start = Option<Date>(
    "--start", value: "RFC3339",
    help: "The virtual clock's start, e.g. 2026-01-01T00:00:00Z (default: now, to the second)."
  ) { (text, name) throws(ValueError) in
    guard let date = RFC3339.date(from: text) else {
      throw ValueError(
        "\(name) needs an RFC 3339 date such as 2026-01-01T00:00:00Z, got '\(text)'")
    }
    return date
  }
  static let format = Option<Bool>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "text (the day and a table, the default) or json (the stream of docs/stream.md on "
      + "the virtual clock, then a summary line).", choices: ["text": false, "json": true])
  static let options: [any CommandOption] = [
    span, SharedOptions.kinds.help("Simulate only this kind."),
    SharedOptions.families.help(
      "Simulate kinds in this family (default: each kind's first family)."),
    SharedOptions.instances, SharedOptions.home, start, SharedOptions.budget, format,
    SharedOptions.minimumReloadInterval, SharedOptions.deadline,
    SharedOptions.placeholderDeadline, SharedOptions.logLevel, SharedOptions.locale,
  ]
  static let examples = [
    (
      "widget-host simulate SystemStatus.widgetbundle --for 24h --start 2026-01-01T00:00:00Z",
      "a day of a widget, from a fixed start"
    ),
    (
      "widget-host simulate Clock.widgetbundle --for 7d --format json | jq -c 'select(.type == \"summary\")'",
      "a week's counts, for a program"
    ),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(command: name, message: "give at least one bundle")
    }
    // Required: parsing refused a command line without it.
    guard let (span, duration) = arguments[Self.span] else {
      preconditionFailure("\(Self.span.info.key) is required: checked when parsed")
    }
    // Whole seconds by default, as bundles write their dates.
    let start =
      arguments[Self.start]
      ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    var options = HostOptions(bundlePaths: arguments.positionals)
    try options.apply(arguments, command: name)
    let logLevel = arguments[SharedOptions.logLevel] ?? .info
    let json = arguments[format] ?? false
    let simulation = Simulation(options: options, start: start, duration: duration)
    let report = SimulationReport(start: start, end: simulation.end, keepsEvents: !json)
    let sinks: [any EventSink] = json ? [JSONSink(output: context.output), report] : [report]
    let progress =
      context.errorsIsTerminal
      ? ProgressLine(output: context.errors, label: "simulating \(span)…") : nil
    // Bundles run in workers, as under `run`: there the wall clock (`Date()`, `time`) is the
    // virtual one. The simulation's crashes quarantine nothing beyond it.
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("widget-host-simulate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let loader = WorkerLoader(
      quarantine: QuarantineStore(path: scratch.appendingPathComponent("quarantine.json").path))
    let summary: WidgetHost.Summary
    do {
      summary = try await simulation.run(
        sinks: sinks, loader: loader, log: context.errors, logLevel: logLevel
      ) { fraction in progress?.update(fraction) }
    } catch {
      progress?.finish()
      context.errors.write(errorLines(error.description))
      return .bundle
    }
    progress?.finish()
    context.output.write(json ? report.jsonLine(summary) : report.text(summary))
    return summary.failedInstances > 0 ? .providerFailed : .success
  }
}
