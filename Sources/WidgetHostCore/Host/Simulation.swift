import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetSchema
import WidgetSupport

/// `widget-host simulate`: the host's own run (``WidgetHost``: the same bundles, scheduler,
/// provider calls, rendering and stream) on a ``VirtualClock`` that ``SimulationDriver`` moves
/// from due time to due time, so a day passes in seconds.
///
/// Only the clock, the driving loop and the order in which provider results are applied differ
/// from `run`: on a virtual clock calls take no time, so results are applied in call order
/// (``Scheduler/Configuration/appliesResultsInCallOrder``) and two simulations of the same
/// bundles from the same start produce the same events.
public struct Simulation: Sendable {
  /// What to load and show; the scheduler tunables apply as in `run`. `once` is ignored.
  public var options: HostOptions
  /// The virtual clock's first reading.
  public var start: Date
  /// How long to simulate, in seconds.
  public var duration: TimeInterval

  /// Creates a simulation of `duration` seconds from `start`.
  public init(options: HostOptions, start: Date, duration: TimeInterval) {
    self.options = options
    self.start = start
    self.duration = duration
  }

  /// The end of the simulated span: things due at or after it do not happen.
  public var end: Date { start.addingTimeInterval(duration) }

  /// Runs the simulation, writing the stream to `sinks`. `progress` is called with the fraction
  /// (0…1) of the span simulated so far, each time the clock moves. Bundle and selection errors
  /// are thrown before anything runs.
  public func run(
    sinks: [any EventSink], loader: any BundleLoader = InProcessLoader(),
    log: any OutputTarget = FileOutput.standardError, logLevel: BundleLogLevel = .info,
    progress: @escaping @Sendable (Double) -> Void = { _ in }
  ) async throws(HostError) -> WidgetHost.Summary {
    let clock = VirtualClock(start: start)
    let host = WidgetHost(
      options: options, clock: clock, loader: loader, sinks: sinks, log: log, logLevel: logLevel)
    let (start, end, duration) = (start, end, duration)
    return try await host.run { configuration in
      configuration.appliesResultsInCallOrder = true
    } drive: { scheduler, loop in
      await SimulationDriver.drive(scheduler, clock: clock, until: end) { now in
        progress(duration > 0 ? min(1, now.timeIntervalSince(start) / duration) : 1)
      }
      // The scheduler stops before the clock shows the end, so nothing due at the end happens;
      // what follows (bundles unloaded) is stamped with the end.
      loop.cancel()
      await loop.value
      clock.advance(to: end)
      progress(1)
    }
  }

  /// Parses a duration as `simulate --for` takes it: a whole number followed by `s`, `m`, `h`
  /// or `d` (`90s`, `15m`, `24h`, `7d`), greater than zero. Nil for anything else.
  public static func duration(_ text: String) -> TimeInterval? {
    let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    guard let unit = text.last, let seconds = units[unit] else { return nil }
    let number = text.dropLast()
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(number),
      value > 0,
      value <= 3650 * 86400
    else { return nil }
    return TimeInterval(value) * seconds
  }
}

/// The driving loop of a simulation, shared by `simulate` and the tests: wait until the
/// scheduler is idle (nothing due now, no call in flight), move the virtual clock to the next
/// due time, and again, until the next due time is at or after `end`.
///
/// The clock never moves while a provider call is in flight, so every call sees the virtual
/// time at which it was made. Nothing due at `end` itself happens: a simulated day from
/// midnight ends just before the next midnight.
public enum SimulationDriver {
  /// Drives `scheduler` on `clock` until `end` (or until the calling task is cancelled),
  /// calling `moved` with each new time.
  public static func drive(
    _ scheduler: Scheduler, clock: VirtualClock, until end: Date,
    moved: (Date) -> Void = { _ in }
  ) async {
    while !Task.isCancelled {
      await withTaskCancellationHandler {
        await scheduler.waitUntilIdle()
      } onCancel: {
        Task { await scheduler.releaseWaiters() }
      }
      guard !Task.isCancelled, let next = await scheduler.nextDueDate, next < end else { return }
      clock.advance(to: next)
      moved(next)
    }
  }
}

/// Shows a percentage on one terminal line, redrawn in place and erased by ``finish()``: the
/// progress of a simulation on standard error.
public final class ProgressLine: Sendable {
  private let output: any OutputTarget
  private let label: String
  private let shown = Mutex<Int?>(nil)

  /// Writes `label NN%` to `output` (a terminal).
  public init(output: any OutputTarget, label: String) {
    self.output = output
    self.label = label
  }

  /// Shows `fraction` (0…1) as a whole percentage, when it changed.
  public func update(_ fraction: Double) {
    let percent = Int((max(0, min(1, fraction)) * 100).rounded(.down))
    let changed = shown.withLock { shown in
      defer { shown = percent }
      return shown != percent
    }
    if changed { output.write("\r\(label) \(percent)%\u{1B}[K") }
  }

  /// Erases the line, if anything was shown.
  public func finish() {
    if shown.withLock({ $0 }) != nil { output.write("\r\u{1B}[K") }
  }
}

/// Collects a simulation's stream and writes it for people (the day, then a table per
/// instance) or, for `--format json`, the closing `summary` line (``SimulationSummary``,
/// docs/stream.md).
///
/// Each instance's counts are kept as the events arrive; the events themselves only when the
/// day is to be written for people (`keepsEvents`). A day of 10,000 instances is 800,000 events:
/// kept, they were 700 MB of a `--format json` run, and counting them instance by instance
/// afterwards took 40 s.
public final class SimulationReport: EventSink {
  private let events = Mutex<[StreamEvent]>([])
  private let counts = Mutex<[String: Counts]>([:])
  private let prepared = Mutex<[String]>([])
  private let keepsEvents: Bool
  private let start: Date
  private let finish: Date

  /// What one instance's events added up to so far.
  private struct Counts {
    var entries = 0
    /// Indexed as ``ReloadReason/allCases``.
    var reloads = [Int](repeating: 0, count: ReloadReason.allCases.count)
    var deferred = 0
    var errors = 0
  }

  /// A report on the span from `start` to `end`; `keepsEvents` for ``text(_:)``, which lists
  /// them (``jsonLine(_:)`` needs only the counts).
  public init(start: Date, end: Date, keepsEvents: Bool = true) {
    self.start = start
    self.finish = end
    self.keepsEvents = keepsEvents
  }

  public func prepare(instances: [String]) throws(HostError) {
    prepared.withLock { $0 = instances }
  }

  public func begin(_ header: StreamHeader) {}

  public func write(_ event: StreamEvent) {
    if keepsEvents { events.withLock { $0.append(event) } }
    guard let instance = event.instance else { return }
    counts.withLock { counts in
      switch event.payload {
      case .entry: counts[instance, default: Counts()].entries += 1
      case .reload(let reload):
        let reason = ReloadReason.allCases.firstIndex(of: reload.reason)!
        counts[instance, default: Counts()].reloads[reason] += 1
      case .error: counts[instance, default: Counts()].errors += 1
      case .warning(let problem) where problem.code == Self.budgetExhausted:
        counts[instance, default: Counts()].deferred += 1
      default: break
      }
    }
  }

  public func end() {}

  /// The reload reasons a simulation counts: all but `bundle-updated`, which only
  /// `run --watch` gives.
  static let reasons = ReloadReason.allCases.filter { $0 != .bundleUpdated }

  /// The warning code of a reload deferred by the refresh budget.
  static let budgetExhausted = "budget-exhausted"

  /// Each instance's counts; provider calls come from the host's `summary`.
  public func instanceSummaries(_ summary: WidgetHost.Summary) -> [SimulationSummary.Instance] {
    let counts = counts.withLock { $0 }
    return prepared.withLock { $0 }.map { instance in
      let counted = counts[instance] ?? Counts()
      // Every reason a simulation counts, and any other that happened.
      var reloads: [String: Int] = [:]
      for (index, reason) in ReloadReason.allCases.enumerated()
      where Self.reasons.contains(reason) || counted.reloads[index] > 0 {
        reloads[reason.rawValue] = counted.reloads[index]
      }
      return SimulationSummary.Instance(
        instance: instance, providerCalls: summary.providerCalls[instance] ?? 0,
        entries: counted.entries, reloads: reloads, deferred: counted.deferred,
        errors: counted.errors)
    }
  }

  /// The `summary` line, JSON and a newline.
  public func jsonLine(_ summary: WidgetHost.Summary) -> String {
    let line = SimulationSummary(start: start, end: finish, instances: instanceSummaries(summary))
    let data = (try? WidgetJSON.encoder().encode(line)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The day for people: a line per reload, entry shown (with how long it stayed) and problem,
  /// each at its offset from the start; then the table.
  public func text(_ summary: WidgetHost.Summary) -> String {
    let events = events.withLock { $0 }
    var text =
      "simulated \(Self.duration(finish.timeIntervalSince(start))) from "
      + "\(RFC3339.string(from: start)) to \(RFC3339.string(from: finish))\n"
    // When each entry stopped being shown: the next entry of its instance, or the end.
    var shownUntil: [Int: Date] = [:]
    var lastEntry: [String: Int] = [:]
    for (index, event) in events.enumerated() {
      guard case .entry = event.payload, let instance = event.instance else { continue }
      if let previous = lastEntry[instance] { shownUntil[previous] = event.time }
      lastEntry[instance] = index
    }
    let width = prepared.withLock { $0 }.map(\.count).max() ?? 0
    for (index, event) in events.enumerated() {
      let subject = event.instance ?? ""
      let what: String
      switch event.payload {
      case .reload(let reload):
        what = "reload (\(reload.reason.rawValue))"
      case .timeline(let timeline):
        let next = timeline.nextReload.map { "next reload at \(offset($0))" } ?? "no next reload"
        let budget = timeline.budgetLeft.map { ", budget left \($0)" } ?? ""
        what = "timeline: \(timeline.entries) entries, \(next)\(budget)"
      case .entry(let entry):
        let until = shownUntil[index] ?? finish
        let label = entry.source == .timeline ? "entry" : entry.source.rawValue
        let firstLine =
          entry.lines.lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first {
            !$0.isEmpty
          } ?? ""
        let excerpt = firstLine.count > 40 ? String(firstLine.prefix(39)) + "…" : firstLine
        what =
          "\(label) shown for \(Self.duration(until.timeIntervalSince(event.time)))"
          + (entry.source == .placeholder || excerpt.isEmpty ? "" : ": \"\(excerpt)\"")
      case .error(let problem):
        what = "error \(problem.code): \(problem.message)"
      case .warning(let problem):
        what = "warning \(problem.code): \(problem.message)"
      case .bundle(let bundle):
        what = "bundle \(bundle.bundle) \(bundle.version) \(bundle.event.rawValue)"
      case .openURL(let open):
        what = "open \(open.url)"
      case .instance(let change):
        what = "instance \(change.event.rawValue)"
      case .action(let action):
        what = "action \(action.name)"
      case .activity(let activity):
        what = "activity \(activity.activity.attributesType) \(activity.event.rawValue)"
      }
      let padding = String(repeating: " ", count: max(0, width - subject.count))
      text += "\(offset(event.time))  \(subject)\(padding)  \(what)\n"
    }
    text += "\n" + table(instanceSummaries(summary))
    return text
  }

  private func table(_ rows: [SimulationSummary.Instance]) -> String {
    let reasons = Self.reasons.map(\.rawValue)
    let header =
      ["instance", "calls", "entries"] + reasons.map { "reload \($0)" } + ["deferred", "errors"]
    let cells = rows.map { row in
      [row.instance, "\(row.providerCalls)", "\(row.entries)"]
        + reasons.map { "\(row.reloads[$0] ?? 0)" } + ["\(row.deferred)", "\(row.errors)"]
    }
    let widths = header.indices.map { column in
      ([header] + cells).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ") + "\n"
    }
    return ([line(header)] + cells.map(line)).joined()
  }

  /// `+HH:MM:SS` from the start (`+1d HH:MM:SS` from the second day on).
  private func offset(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince(start).rounded(.down))
    let sign = seconds < 0 ? "-" : "+"
    let total = abs(seconds)
    let days = total / 86400
    let clock = [total % 86400 / 3600, total % 3600 / 60, total % 60].map {
      $0 < 10 ? "0\($0)" : "\($0)"
    }.joined(separator: ":")
    return sign + (days > 0 ? "\(days)d " : "") + clock
  }

  /// `0s`, `45s`, `2m`, `1m 30s`, `1h 5m`, `2d 3h`: the two largest units.
  static func duration(_ interval: TimeInterval) -> String {
    let total = max(0, Int(interval.rounded(.down)))
    let parts = [
      (total / 86400, "d"), (total % 86400 / 3600, "h"), (total % 3600 / 60, "m"),
      (total % 60, "s"),
    ]
    let used = parts.drop { $0.0 == 0 }.prefix(2).filter { $0.0 > 0 }
    return used.isEmpty ? "0s" : used.map { "\($0.0)\($0.1)" }.joined(separator: " ")
  }
}
