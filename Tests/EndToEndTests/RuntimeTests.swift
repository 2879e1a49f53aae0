import Foundation
import TestSupport
import Testing
import WidgetSchema

/// What a bundle's process gives widget code, as an app extension's does (docs/authoring.md,
/// "The bundle's process"): the main queue, the main actor and `RunLoop.main` run on the
/// process's main thread, in a worker and in-process. Tests/Fixtures/RuntimeProbe reports what it
/// saw as its entry's text.
@Suite struct RuntimeTests {
  /// The text each instance of the probe showed last in a `--once` run.
  static func reports(
    _ mode: Products.Mode, _ extra: [String] = [], environment: [String: String]? = nil
  ) throws -> [String: String] {
    let result = try Products.run(
      ["run", Products.runtimeProbe, "--format", "json", "--once"] + extra, mode: mode,
      environment: environment ?? Products.environment)
    #expect(result.status == 0, "\(result.errors)")
    var reports: [String: String] = [:]
    for event in try StreamChecks.events(result.output.components(separatedBy: "\n")) {
      guard let instance = event.instance, case .entry(let entry) = event.payload else { continue }
      reports[instance] = text(of: entry.view)
    }
    return reports
  }

  /// The verbatim text of the first text node of `view` (the probe's view is one `Text`).
  static func text(of view: ViewNode) -> String? {
    switch view {
    case .text(let text):
      return text.runs.map { run -> String in
        guard case .verbatim(let string) = run.content else { return "" }
        return string
      }.joined()
    case .modified(let inner, _): return text(of: inner)
    case .stack(let stack): return stack.children.lazy.compactMap { text(of: $0) }.first
    default: return nil
    }
  }

  /// `URLSession` with only `import SwiftUI` and `import WidgetKit`: a fetch from a local
  /// server arrives; one from a server that never answers is bounded by the host's deadline.
  @Test(arguments: Products.Mode.allCases)
  func aBundleFetchesWithURLSessionWithinItsDeadline(_ mode: Products.Mode) throws {
    let server = try LocalHTTPServer(body: "hello from the server")
    defer { server.stop() }
    var environment = Products.environment
    environment["RUNTIME_PROBE_URL"] = server.url("/probe")
    let fetched = try Self.reports(mode, ["--kind", "network"], environment: environment)
    #expect(fetched["network/systemMedium"] == "fetched hello from the server")

    // A server that takes the connection and never answers.
    let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(silent) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(silent, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(bound == 0 && listen(silent, 8) == 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(silent, $0, &length) }
    }
    environment["RUNTIME_PROBE_URL"] = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/"
    environment["XDG_STATE_HOME"] = TestSupport.temporaryDirectory("state").path
    let start = ContinuousClock.now
    let hung = try Products.run(
      ["run", Products.runtimeProbe, "--kind", "network", "--once", "--deadline", "2"], mode: mode,
      environment: environment)
    #expect(ContinuousClock.now - start < .seconds(20), "the deadline did not bound the fetch")
    #expect(
      hung.errors.contains("network/systemMedium: network timeline: no reply within 2 s"),
      "\(hung.errors)")
  }

  /// In a worker, `Bundle.main` is the bundle: its resources, the manifest's id and version as
  /// Info.plist values, and its strings in the language the host resolves (`--locale`), the same
  /// as the SDK's `NSLocalizedString`. In-process it stays the host's (docs/isolation.md).
  @Test(arguments: [("de-DE", "Hallo"), ("en-US", "Hello"), ("fr", "Hello")])
  func bundleMainIsTheBundle(_ locale: String, _ greeting: String) throws {
    let report =
      try Self.reports(.worker, ["--kind", "mainBundle", "--locale", locale])[
        "mainBundle/systemMedium"] ?? ""
    #expect(
      report
        == "resource a resource of the probe; id dev.widget-host.tests.runtime-probe; "
        + "version 1.0.0; bundle \(greeting); sdk \(greeting); "
        + "module a resource of the module beside the bundle; "
        + "for a class dev.widget-host.tests.runtime-probe, resource true; asset Brand 51,102,153")
  }

  /// A file an app wrote into an App Group's container (`FileManager.containerURL(
  /// forSecurityApplicationGroupIdentifier:)`) is what the bundle reads from its own; a group
  /// the manifest does not declare has no container; in a worker `NSHomeDirectory()` and
  /// `NSTemporaryDirectory()` are the bundle's container.
  @Test(arguments: Products.Mode.allCases)
  func aBundleReadsWhatItsAppLeftInTheGroupsContainer(_ mode: Products.Mode) throws {
    var environment = Products.environment
    let state = TestSupport.temporaryDirectory("state-dir").path
    environment["XDG_STATE_HOME"] = state
    let app = try TestSupport.run(
      TestSupport.product("RuntimeProbeApp").path,
      ["group.dev.widget-host.tests.probe", "written by the app"], environment: environment)
    #expect(app.status == 0, "\(app.output)")
    let report = try Self.reports(mode, environment: environment)["container/systemMedium"] ?? ""
    #expect(report.hasPrefix("note written by the app; undeclared nil; "), "\(report)")
    if mode == .worker {
      let container = state + "/widget-host/containers/dev.widget-host.tests.runtime-probe"
      #expect(report.hasSuffix("home \(container); tmp \(container)/tmp/"), "\(report)")
    }
  }

  /// Timelines completed on `DispatchQueue.main` (now and after a delay), in a
  /// `Task { @MainActor in }` and from a `RunLoop.main` timer arrive, run on the main thread.
  @Test(arguments: Products.Mode.allCases)
  func theMainQueueRunsOnTheMainThread(_ mode: Products.Mode) throws {
    let reports = try Self.reports(mode)
    #expect(reports["mainQueue/systemMedium"] == "main queue ran, main thread true")
    #expect(
      reports["mainQueueAfter/systemMedium"] == "main queue after a delay ran, main thread true")
    #expect(reports["mainActor/systemMedium"] == "main actor ran, main thread true")
    #expect(reports["mainTimer/systemMedium"] == "main run loop timer ran, main thread true")
  }
}

/// Virtual time in the bundle's process (docs/isolation.md, "The clock"): under `simulate`,
/// `Date()`, `Date.now`, `time`, `gettimeofday` and `clock_gettime(CLOCK_REALTIME)` in a bundle
/// read the simulated time, so a simulated day of a Swift bundle is what a phone would do, and
/// the same on every run.
@Suite struct VirtualTimeTests {
  static let start = "2026-01-01T00:00:00Z"
  static let startSeconds = 1_767_225_600

  /// A simulated day of `bundle` from ``start``: the text report, the JSON stream and its
  /// summary's reload counts by instance (`initial`, `policy`, …).
  struct Day {
    var text: String
    var json: String
    var reloads: [String: [String: Int]]
  }

  static func simulateDay(_ bundle: String, _ extra: [String] = []) throws -> Day {
    let arguments = ["simulate", bundle, "--for", "24h", "--start", start] + extra
    let text = try Products.run(arguments)
    #expect(text.status == 0, "\(text.errors)")
    let json = try Products.run(arguments + ["--format", "json"])
    #expect(json.status == 0, "\(json.errors)")
    let summary = try #require(json.output.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
    var reloads: [String: [String: Int]] = [:]
    for instance in object["instances"] as? [[String: Any]] ?? [] {
      reloads[instance["instance"] as? String ?? ""] = instance["reloads"] as? [String: Int]
    }
    return Day(text: text.output, json: json.output, reloads: reloads)
  }

  /// Two simulated days of `bundle` print the same, byte for byte, as text and as JSON.
  static func expectDeterministic(_ bundle: String, _ first: Day) throws {
    let second = try simulateDay(bundle)
    #expect(second.text == first.text, "two simulations of \(bundle) differ as text")
    #expect(second.json == first.json, "two simulations of \(bundle) differ as JSON")
  }

  @Test func everyClockInTheBundleReadsTheSimulatedTime() throws {
    let result = try Products.run([
      "simulate", Products.runtimeProbe, "--kind", "clock", "--for", "1h", "--start", Self.start,
      "--format", "json",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let expected =
      "clocks "
      + Array(repeating: String(Self.startSeconds), count: 6).joined(
        separator: " ")
    let lines = try StreamChecks.events(
      result.output.split(separator: "\n").dropLast().map(String.init)
    ).compactMap { event -> String? in
      guard case .entry(let entry) = event.payload else { return nil }
      return entry.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
    #expect(lines.contains { $0.contains(expected) }, "\(lines)")
  }

  /// Seed 000's template: every timeline is five entries an hour apart from the simulated now,
  /// so `.atEnd` asks again after four hours: six timelines a day.
  @Test func theClockExampleReloadsSixTimesADay() throws {
    let day = try Self.simulateDay(Products.clock)
    #expect(day.reloads["TestWidget/systemSmall"] == Self.counts(initial: 1, policy: 5))
    let events = try StreamChecks.events(
      day.json.split(separator: "\n").dropLast().map(String.init))
    var timelines = 0
    for event in events {
      guard case .timeline(let timeline) = event.payload else { continue }
      timelines += 1
      #expect(timeline.entries == 5)
      #expect(timeline.nextReload == event.time.addingTimeInterval(4 * 3600), "\(event.time)")
    }
    #expect(timelines == 6)
    try Self.expectDeterministic(Products.clock, day)
  }

  /// The other Swift examples: seed 004's lock-screen widget asks every 30 minutes, seed 000's
  /// wishes every hour; seed 003's animals asks `.atEnd` of a one-entry timeline, as often as
  /// the minimum reload interval and the budget (70 a day) let it.
  @Test(arguments: [
    ("LockScreen", "LockScreenWidget/accessoryCircular", 47),
    ("Wishes", "wishesWidget/systemMedium", 23),
    ("Animals", "XG_Widget/systemSmall", 70),
  ])
  func theSwiftExamplesSimulateADayAsOnAPhone(_ name: String, _ instance: String, _ policy: Int)
    throws
  {
    let bundle = try Self.assembled(name)
    let day = try Self.simulateDay(bundle)
    #expect(day.reloads[instance] == Self.counts(initial: 1, policy: policy), "\(day.reloads)")
    try Self.expectDeterministic(bundle, day)
  }

  static func counts(initial: Int, policy: Int) -> [String: Int] {
    ["initial": initial, "policy": policy, "request": 0, "retry": 0, "interaction": 0]
  }

  /// The example `name` assembled from its SwiftPM product, in a folder of its own.
  static func assembled(_ name: String) throws -> String {
    let folder = TestSupport.temporaryDirectory("example-\(name)")
    let example = TestSupport.repositoryRoot.appendingPathComponent("Examples/\(name)")
    var arguments = [
      "assemble", TestSupport.product("lib\(name).so").path, "--output", folder.path,
    ]
    // As `swift package widget-bundle` does: with the example's resources and entitlements.
    let resources = example.appendingPathComponent("Resources")
    if FileManager.default.fileExists(atPath: resources.path) {
      arguments += ["--resources", resources.path]
    }
    let entitlements = example.appendingPathComponent("\(name).entitlements")
    if FileManager.default.fileExists(atPath: entitlements.path) {
      arguments += ["--entitlements", entitlements.path]
    }
    let result = try Products.run(arguments)
    #expect(result.status == 0, "\(result.errors)")
    let bundle = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasSuffix(".widgetbundle")
      })
    return folder.appendingPathComponent(bundle).path
  }
}
