import Foundation
import TestSupport
import Testing
import WidgetSchema

/// Worker processes (docs/isolation.md): a crashing or memory-hungry bundle is reported and
/// restarted, and quarantined after repeated crashes, while the host keeps running.
@Suite struct IsolationTests {
  static let fixture = MisbehavingBundleTests.fixture

  /// The environment with quarantine state in a fresh folder.
  static func isolatedEnvironment() -> [String: String] {
    var environment = Products.environment
    environment["XDG_STATE_HOME"] = TestSupport.temporaryDirectory("state").path
    return environment
  }

  static func problems(_ events: [StreamEvent], code: String) -> [ProblemEvent] {
    events.compactMap { event in
      guard case .error(let problem) = event.payload, problem.code == code else { return nil }
      return problem
    }
  }

  /// The running `widget-worker` processes whose parent is `pid` (from `/proc/*/stat`).
  static func workers(of pid: pid_t) -> [pid_t] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { pid_t($0) }.filter { child in
      guard let stat = TestSupport.contents(ofProcFile: "/proc/\(child)/stat"),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { return false }
      // After the name: the state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return stat[stat.index(after: open)..<close] == "widget-worker" && fields.count > 1
        && fields[0] != "Z" && pid_t(fields[1]) == pid
    }
  }

  @Test(arguments: [
    ("Segv", "killed by SIGSEGV"), ("Abort", "killed by SIGABRT"), ("Exit", "exit status 3"),
  ])
  func aCrashIsAnErrorEventAndTheHostCarriesOn(_ kind: String, _ how: String) throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let result = try Products.runInWorkers(
      ["run", library.path, "--kind", kind, "--once", "--format", "json"],
      environment: Self.isolatedEnvironment())
    #expect(result.status == 4, "no timeline, but the host ends normally: \(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let crashes = Self.problems(events, code: "bundle-crashed")
    #expect(
      crashes.contains { $0.message.contains(how) && $0.bundle == "local.fixture" },
      "\(crashes)")
    let failures = Self.problems(events, code: "provider-failed").filter { $0.kind == kind }
    #expect(failures.contains { $0.message.contains("worker process crashed (\(how))") })
  }

  @Test func aCrashKeepsTheEntryShownAndTheWorkerRestarts() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let process = try LiveProcess(
      Products.widgetHost,
      ["run", library.path, "--kind", "Once", "--format", "json", "--min-reload-interval", "0"],
      environment: Self.isolatedEnvironment())
    // The crash, then the entry shown again, marked stale: the reload the crash failed.
    let crashed = process.waitFor(timeout: 20) { lines in
      guard let crash = lines.firstIndex(where: { $0.contains("bundle-crashed") }) else {
        return false
      }
      return lines[crash...].contains { line in
        guard let event = try? WidgetJSON.decode(StreamEvent.self, from: Data(line.utf8)),
          case .entry(let entry) = event.payload
        else { return false }
        return entry.stale
      }
    }
    // The crashed worker was reaped before its crash was reported: a worker of the host's now
    // is the one restarted after the 1 s delay.
    let restarted = TestSupport.waitUntil(within: 10) {
      !Self.workers(of: process.processIdentifier).isEmpty
    }
    process.interrupt()
    #expect(process.wait() == 0, "the host survives; stderr: \(process.errors)")
    #expect(crashed, "\(process.output.joined(separator: "\n"))")
    #expect(restarted, "a worker was started again after the crash")
    let events = try StreamChecks.events(process.output)
    let crash = try #require(
      events.firstIndex {
        if case .error(let problem) = $0.payload { problem.code == "bundle-crashed" } else { false }
      })
    let shown = StreamChecks.entries(Array(events[..<crash]), instance: "Once/systemSmall")
    #expect(shown.last?.source == .timeline, "an entry of the timeline was shown before the crash")
    // The same entry stays on screen, marked stale (the reload after the crash failed).
    let after = StreamChecks.entries(Array(events[crash...]), instance: "Once/systemSmall")
    #expect(!after.isEmpty, "the entry was shown again after the crash")
    #expect(after.allSatisfy { $0.stale && $0.view == shown.last?.view }, "\(after)")
    #expect(
      !events[crash...].contains {
        if case .bundle(let bundle) = $0.payload { bundle.event == .quarantined } else { false }
      }, "one crash does not quarantine")
  }

  @Test func aBundleOverTheMemoryLimitEndsItsWorkerNotTheHost() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let result = try Products.runInWorkers(
      [
        "run", library.path, "--kind", "Hog", "--once", "--format", "json", "--memory-limit",
        "256M",
      ], environment: Self.isolatedEnvironment())
    #expect(result.status == 4, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    #expect(
      Self.problems(events, code: "bundle-crashed").contains { $0.message.contains("SIGABRT") },
      "malloc fails past the limit and the fixture aborts")
  }

  @Test func badMemoryLimitsAreUsageErrors() throws {
    for value in ["12", "lots", "-1G"] {
      let result = try Products.runInWorkers(["run", Products.clock, "--memory-limit", value])
      #expect(result.status == 2)
      #expect(result.errors.contains("--memory-limit needs a size"), "\(result.errors)")
    }
    let inProcess = try Products.run(
      ["run", Products.clock, "--memory-limit", "1G"], mode: .inProcess)
    #expect(inProcess.status == 2)
    #expect(inProcess.errors.contains("--memory-limit applies to worker processes"))
    let nothing = try Products.runInWorkers(["unquarantine"])
    #expect(nothing.status == 2)
    #expect(nothing.errors.contains("give at least one bundle, or --all"))
  }

  @Test func repeatedCrashesRestartWithBackoffThenQuarantine() throws {
    let library = try TestSupport.compileSharedLibrary(
      Self.fixture, defines: ["FIXTURE_CRASH_AFTER_LOAD"], name: "libcrashy.so")
    let environment = Self.isolatedEnvironment()
    let process = try LiveProcess(
      Products.widgetHost, ["run", library.path, "--kind", "Good", "--format", "json"],
      environment: environment)
    let quarantined = process.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""event":"quarantined""#) }
    }
    process.interrupt()
    #expect(process.wait() == 0, "the host survives; stderr: \(process.errors)")
    #expect(quarantined, "\(process.output.joined(separator: "\n"))")
    let events = try StreamChecks.events(process.output)
    let crashes = Self.problems(events, code: "bundle-crashed").map(\.message)
    #expect(crashes.count == 3, "\(crashes)")
    #expect(crashes.first?.hasSuffix("(killed by SIGSEGV); restarting in 1 s") == true)
    #expect(crashes.dropFirst().first?.hasSuffix("restarting in 2 s") == true)
    #expect(
      Self.problems(events, code: "bundle-quarantined").first?.message.contains(
        "3 crashes within 60 s") == true)
    let crashTimes = events.compactMap { event -> Date? in
      guard case .error(let problem) = event.payload, problem.code == "bundle-crashed" else {
        return nil
      }
      return event.time
    }
    let restartGaps = zip(crashTimes, crashTimes.dropFirst()).map { $1.timeIntervalSince($0) }
    #expect(restartGaps.count >= 2 && restartGaps[0] >= 1 && restartGaps[1] >= 2, "\(restartGaps)")

    // Quarantined: the next run refuses the bundle, naming the way out.
    let refused = try Products.runInWorkers(
      ["run", library.path, "--kind", "Good", "--once"], environment: environment)
    #expect(refused.status == 3)
    #expect(refused.errors.contains("quarantined: 3 crashes within 60 s"), "\(refused.errors)")
    #expect(refused.errors.contains("widget-host unquarantine"))
    let state = try #require(environment["XDG_STATE_HOME"])
    #expect(FileManager.default.fileExists(atPath: state + "/widget-host/quarantine.json"))

    // unquarantine lets it load again.
    let list = try Products.runInWorkers(["unquarantine", "--list"], environment: environment)
    #expect(list.output.contains("local.crashy"), "\(list.output)")
    let freed = try Products.runInWorkers(["unquarantine", library.path], environment: environment)
    #expect(freed.status == 0)
    #expect(freed.output.contains("unquarantined"))
    let again = try LiveProcess(
      Products.widgetHost, ["run", library.path, "--kind", "Good", "--format", "json"],
      environment: environment)
    let loaded = again.waitFor(timeout: 10) { lines in
      lines.contains { $0.contains(#""event":"loaded""#) }
    }
    again.interrupt()
    _ = again.wait()
    #expect(loaded, "stderr: \(again.errors)")
  }

  @Test func theQuarantineListFollowsTheStateDirectory() throws {
    let library = try TestSupport.compileSharedLibrary(
      Self.fixture, defines: ["FIXTURE_CRASH_AFTER_LOAD"], name: "libcrashy.so")
    let environment = Self.isolatedEnvironment()
    let directory = TestSupport.temporaryDirectory("bar-state").path
    var info = stat()
    #expect(stat(library.path, &info) == 0)
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    let entry = """
      {"version":1,"quarantined":[{"library":"\(library.path)","bundle":"local.crashy",\
      "size":\(info.st_size),"modified":\(modified),"since":"2026-01-01T00:00:00Z",\
      "reason":"3 crashes within 60 s"}]}
      """
    try Data(entry.utf8).write(to: URL(fileURLWithPath: directory + "/quarantine.json"))
    // The host with that state directory refuses the bundle; its list shows it.
    let refused = try Products.runInWorkers(
      ["run", library.path, "--kind", "Good", "--once", "--state-dir", directory],
      environment: environment)
    #expect(refused.status == 3, "\(refused.errors)")
    #expect(refused.errors.contains("quarantined: 3 crashes within 60 s"), "\(refused.errors)")
    let list = try Products.runInWorkers(
      ["unquarantine", "--list", "--state-dir", directory], environment: environment)
    #expect(list.output.contains("local.crashy"), "\(list.output)")
    let elsewhere = try Products.runInWorkers(["unquarantine", "--list"], environment: environment)
    #expect(elsewhere.output.isEmpty, "another state directory has its own list")
    let freed = try Products.runInWorkers(
      ["unquarantine", "--all", "--state-dir", directory], environment: environment)
    #expect(freed.output.contains("unquarantined local.crashy"), "\(freed.output)")
  }

  @Test func aChangedLibraryIsNoLongerQuarantined() throws {
    let library = try TestSupport.compileSharedLibrary(
      Self.fixture, defines: ["FIXTURE_CRASH_AFTER_LOAD"], name: "libcrashy.so")
    let environment = Self.isolatedEnvironment()
    let state = try #require(environment["XDG_STATE_HOME"])
    var info = stat()
    #expect(stat(library.path, &info) == 0)
    let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    let entry = """
      {"version":1,"quarantined":[{"library":"\(library.path)","bundle":"local.crashy",\
      "size":\(info.st_size),"modified":\(modified),"since":"2026-01-01T00:00:00Z",\
      "reason":"3 crashes within 60 s"}]}
      """
    try FileManager.default.createDirectory(
      atPath: state + "/widget-host", withIntermediateDirectories: true)
    try Data(entry.utf8).write(to: URL(fileURLWithPath: state + "/widget-host/quarantine.json"))
    let refused = try Products.runInWorkers(
      ["run", library.path, "--kind", "Good", "--once"], environment: environment)
    #expect(refused.status == 3, "\(refused.errors)")
    // A rebuilt library (another size) is trusted again.
    let rebuilt = try TestSupport.compileSharedLibrary(Self.fixture, name: "libcrashy.so")
    try FileManager.default.removeItem(at: library)
    try FileManager.default.copyItem(at: rebuilt, to: library)
    let result = try Products.runInWorkers(
      ["run", library.path, "--kind", "Good", "--once"], environment: environment)
    #expect(result.status == 0, "\(result.errors)")
  }
}
