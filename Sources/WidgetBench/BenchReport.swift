import Foundation

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

    /// Creates a document.
    public init(quick: Bool, machine: String, scenarios: [ScenarioResult]) {
      self.quick = quick
      self.machine = machine
      self.scenarios = scenarios
    }
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
      if let target = figure.target, let met = figure.met {
        line += "  [target \(target): \(met ? "met" : "MISSED")]"
      } else {
        line += "  [reported: no target]"
      }
      text += line + "\n"
    }
    for (name, value) in result.counts.sorted(by: { $0.key < $1.key }) {
      text += "    \(name): \(number(value))\n"
    }
    return text
  }

  /// The header of the `--markdown` table (docs/performance.md holds one, checked by a test).
  public static let markdownHeader =
    "| scenario | figure | value | peer or floor | ratio | target | met |\n|---|---|---|---|---|---|---|"

  /// The `--markdown` output: what ran where, then one table row per figure.
  ///
  /// `load` is the load average over one minute when the run began and when it ended: a figure
  /// and its peer move with the machine, and this says how busy it was.
  public static func markdown(
    _ document: Document, at date: Date, load: (start: Double, end: Double)?
  ) -> String {
    let day = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month()
      .day()
    let time = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).time(
      includingFractionalSeconds: false)
    var text = "`widget-bench\(document.quick ? " --quick" : "") --markdown`, "
    text += "\(date.formatted(day)) \(date.formatted(time)) UTC; "
    text += document.machine.replacingOccurrences(of: "machine: ", with: "")
    if let load {
      text += "; load average \(number(load.start)) at the start, \(number(load.end)) at the end"
    }
    text += ".\n\n" + markdownHeader + "\n"
    for result in document.scenarios {
      for figure in result.figures {
        let peer = figure.peer.map { peer in
          peer + (figure.peerValue.map { ": \(number($0)) \(figure.unit)" } ?? "")
        }
        let met = figure.met.map { $0 ? "yes" : "**no**" } ?? "reported"
        let cells = [
          result.scenario, figure.label, "\(number(figure.value)) \(figure.unit)", peer ?? "—",
          figure.ratio.map { "\(number($0))×" } ?? "—", figure.target ?? "—", met,
        ]
        text +=
          "| "
          + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ")
          + " |\n"
      }
    }
    return text
  }

  /// The one-minute load average now, from `/proc/loadavg`.
  public static func loadAverage() -> Double? {
    ProcFS.read("/proc/loadavg")?.split(separator: " ").first.flatMap { Double($0) }
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
