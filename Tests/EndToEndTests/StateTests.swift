import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetSchema

/// The durable state (docs/state.md) with the real binary: a restarted host shows each
/// instance's last entry at once, marked restored, before its provider is called; a kill -9
/// right after an entry loses nothing; another configuration is not restored; a corrupt state
/// file is moved aside and an unusable state directory is an error.
@Suite struct StateTests {
  static let fixture = MisbehavingBundleTests.fixture

  /// The environment of a second run whose bundle answers no call at all (FIXTURE_SILENT): any
  /// entry it shows comes from the state.
  static func silentEnvironment() -> [String: String] {
    var environment = Products.environment
    environment["FIXTURE_SILENT"] = "1"
    return environment
  }

  static func lines(_ output: String) -> [String] { output.components(separatedBy: "\n") }

  /// A first run of `kind` that leaves its timeline in `state`; returns the entry it showed.
  static func firstRun(
    _ library: URL, kind: String, state: String, mode: Products.Mode = Products.defaultMode
  ) throws -> EntryEvent {
    let first = try Products.run(
      ["run", library.path, "--kind", kind, "--once", "--format", "json", "--state-dir", state],
      mode: mode)
    #expect(first.status == 0, "\(first.errors)")
    let events = try StreamChecks.events(lines(first.output))
    let shown = try #require(
      StreamChecks.entries(events, instance: "\(kind)/systemSmall").last)
    #expect(shown.source == .timeline)
    #expect(!shown.restored)
    return shown
  }

  /// A library run once in `mode` on a new state directory, which now remembers its
  /// description, and an environment in which its entry point refuses from then on: only a load
  /// would notice.
  static func rememberedLibraryThatWillRefuse(
    mode: Products.Mode
  ) throws -> (library: URL, state: String, environment: [String: String]) {
    let library = try TestSupport.compileSharedLibrary(fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    _ = try firstRun(library, kind: "Good", state: state, mode: mode)
    let remembered = try String(contentsOfFile: state + "/descriptions", encoding: .utf8)
    #expect(remembered.contains(library.lastPathComponent))
    var environment = Products.environment
    environment["FIXTURE_REFUSE_LOAD"] = "1"
    return (library, state, environment)
  }

  /// Runs the host (`arguments` on `state`) until it writes an `error` event `code`, then
  /// stops it; returns its events and that error, which must come after a restored entry.
  static func runUntilError(
    _ code: String, _ arguments: [String], state: String, mode: Products.Mode,
    environment: [String: String]
  ) throws -> (events: [StreamEvent], problem: ProblemEvent) {
    let host = try LiveProcess(
      Products.widgetHost, mode, arguments + ["--state-dir", state], environment: environment)
    let reported = host.waitFor(timeout: 20) { lines in
      lines.contains { $0.contains(#""code":"\#(code)""#) }
    }
    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
    #expect(reported, "\(host.output.joined(separator: "\n"))\n\(host.errors)")
    let events = try StreamChecks.events(host.output)
    let entry = try #require(
      events.firstIndex { if case .entry(let entry) = $0.payload { entry.restored } else { false } }
    )
    let errors = events.indices.compactMap { index -> (Int, ProblemEvent)? in
      if case .error(let problem) = events[index].payload { (index, problem) } else { nil }
    }
    let (failure, problem) = try #require(errors.first)
    #expect(entry < failure)
    #expect(problem.code == code)
    return (events, problem)
  }

  @Test(arguments: Products.Mode.allCases)
  func aRestartShowsTheLastEntryRestoredBeforeAnyCall(_ mode: Products.Mode) throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    // Once: one entry, and a policy `after` one second later.
    let shown = try Self.firstRun(library, kind: "Once", state: state, mode: mode)
    let second = try LiveProcess(
      Products.widgetHost, mode,
      [
        "run", library.path, "--kind", "Once", "--format", "json", "--state-dir", state,
        "--min-reload-interval", "0",
      ], environment: Self.silentEnvironment())
    // The stored policy comes due within a second: the host asks again (and gets no answer).
    let reloaded = second.waitFor(timeout: 20) { lines in
      lines.contains { $0.contains(#""type":"reload""#) }
    }
    second.interrupt()
    #expect(second.wait() == 0, "\(second.errors)")
    #expect(reloaded, "\(second.output.joined(separator: "\n"))\n\(second.errors)")
    let events = try StreamChecks.events(second.output)
    let firstEntry = try #require(
      events.firstIndex { if case .entry = $0.payload { true } else { false } })
    let firstReload = try #require(
      events.firstIndex { if case .reload = $0.payload { true } else { false } })
    #expect(firstEntry < firstReload, "the restored entry comes before any provider call")
    guard case .entry(let restored) = events[firstEntry].payload,
      case .reload(let reload) = events[firstReload].payload
    else { return }
    #expect(restored.restored)
    #expect(restored.source == .timeline)
    #expect(restored.date == shown.date)
    #expect(restored.lines == shown.lines)
    #expect(restored.view == shown.view)
    #expect(reload.reason == .policy, "the stored timeline's policy came due")
    let entries = StreamChecks.entries(events, instance: "Once/systemSmall")
    #expect(entries.allSatisfy { $0.restored }, "the silent bundle gave nothing new")
    #expect(!second.output.contains { $0.contains(#""source":"placeholder""#) })
  }

  @Test func theTextOutputMarksARestoredEntry() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    // Good: three entries a minute apart, policy atEnd: not due again for two minutes.
    _ = try Self.firstRun(library, kind: "Good", state: state)
    // The silent bundle would never answer: `--once` ends only because the restored entry is
    // current and its timeline is not due for a reload.
    let second = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--state-dir", state],
      environment: Self.silentEnvironment())
    #expect(second.status == 0, "\(second.errors)")
    let title = try #require(Self.lines(second.output).first)
    #expect(title.hasPrefix("Good/systemSmall · entry "), "\(second.output)")
    #expect(title.hasSuffix(" · restored"), "\(second.output)")
    #expect(second.output.contains("entry 0"))
    // A fresh entry has no marker.
    let fresh = try Products.run(["run", library.path, "--kind", "Good", "--once"])
    #expect(!fresh.output.contains("restored"), "\(fresh.output)")
  }

  @Test func aKillRightAfterAnEntryLosesNothing() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    let first = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      ["run", library.path, "--kind", "Good", "--format", "json", "--state-dir", state])
    let shownLine = #""source":"timeline""#
    let shown = first.waitFor(timeout: 20) { lines in lines.contains { $0.contains(shownLine) } }
    first.interrupt(SIGKILL)
    #expect(first.wait() == SIGKILL, "killed, not ended")
    #expect(shown, "\(first.output.joined(separator: "\n"))\n\(first.errors)")
    let killedEntry = try #require(first.output.first { $0.contains(shownLine) })
    guard
      case .entry(let lost) = try WidgetJSON.decode(
        StreamEvent.self, from: Data(killedEntry.utf8)
      ).payload
    else {
      Issue.record("not an entry: \(killedEntry)")
      return
    }
    let second = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--format", "json", "--state-dir", state],
      environment: Self.silentEnvironment())
    #expect(second.status == 0, "\(second.errors)")
    let events = try StreamChecks.events(Self.lines(second.output))
    let restored = StreamChecks.entries(events, instance: "Good/systemSmall")
    #expect(restored.count == 1)
    #expect(restored.first?.restored == true)
    #expect(restored.first?.date == lost.date)
    #expect(restored.first?.lines == lost.lines)
  }

  @Test func anotherConfigurationIsNotRestored() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    _ = try Self.firstRun(library, kind: "Good", state: state)
    // The stored timeline was fetched for another configuration of the same instance.
    do {
      let store = try StateStore(directory: state)
      let stored = try #require(store.timeline(of: "Good/systemSmall"))
      let red = TimelineKey(
        bundle: stored.key.bundle, kind: stored.key.kind, family: stored.key.family,
        configuration: #"{"color":"red"}"#)
      try store.saveTimeline(
        stored.timeline, of: red, instances: ["Good/systemSmall"], fetchedAt: stored.fetchedAt,
        bundleVersion: stored.bundleVersion)
    }
    let second = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      ["run", library.path, "--kind", "Good", "--format", "json", "--state-dir", state],
      environment: Self.silentEnvironment())
    let reloaded = second.waitFor(timeout: 20) { lines in
      lines.contains { $0.contains(#""type":"reload""#) }
    }
    second.interrupt()
    #expect(second.wait() == 0, "\(second.errors)")
    #expect(reloaded, "\(second.output.joined(separator: "\n"))")
    let events = try StreamChecks.events(second.output)
    #expect(
      !events.contains { event in
        if case .entry(let entry) = event.payload { entry.restored } else { false }
      }, "\(second.output.joined(separator: "\n"))")
    let reasons = events.compactMap { event -> ReloadReason? in
      if case .reload(let reload) = event.payload { reload.reason } else { nil }
    }
    #expect(reasons.first == .initial, "a new widget's first, free reload")
  }

  @Test func theStateCommandShowsWhatARestartRestores() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    let empty = try Products.run(["state", "--state-dir", state])
    #expect(empty.status == 0)
    #expect(empty.output.hasPrefix("no instances recorded yet"))
    let shown = try Self.firstRun(library, kind: "Good", state: state)
    let text = try Products.run(["state", "--state-dir", state])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.hasPrefix("INSTANCE"), "\(text.output)")
    #expect(text.output.contains("Good/systemSmall  local.fixture  {}"), "\(text.output)")
    #expect(text.output.contains("3 entries, atEnd, fetched "), "\(text.output)")
    let json = try Products.run(["state", "--state-dir", state, "--json"])
    let report = try WidgetJSON.decode(StateReport.self, from: Data(json.output.utf8))
    #expect(report.schemaVersion == 4)
    #expect(report.file == state + "/state.sqlite3")
    let row = try #require(report.rows.first)
    #expect(row.instance == "Good/systemSmall")
    #expect(row.configuration == .object([:]))
    #expect(row.timeline?.entries == 3)
    #expect(row.timeline?.current == true)
    #expect(row.timeline.map { $0.fetched >= shown.date } == true)
    // A file it cannot read is an error naming it.
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: report.file))
    let corrupt = try Products.run(["state", "--state-dir", state])
    #expect(corrupt.status == 1)
    #expect(
      corrupt.errors.hasPrefix("widget-host: error: \(report.file): the state store is corrupt"),
      "\(corrupt.errors)")
  }

  @Test func aCorruptStateFileIsMovedAsideWithAWarning() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    let file = state + "/state.sqlite3"
    try Data(String(repeating: "garbage ", count: 1000).utf8).write(
      to: URL(fileURLWithPath: file))
    let result = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--format", "json", "--state-dir", state])
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(Self.lines(result.output))
    let warning = try #require(
      events.compactMap { event -> ProblemEvent? in
        if case .warning(let problem) = event.payload, problem.code == "state-corrupt" {
          problem
        } else {
          nil
        }
      }.first)
    #expect(warning.message.hasPrefix("\(file) is corrupt"), "\(warning.message)")
    let aside = try FileManager.default.contentsOfDirectory(atPath: state).filter {
      $0.hasPrefix("state.sqlite3.corrupt-")
    }
    #expect(aside.count == 1, "\(aside)")
    #expect(warning.message.contains(aside.first ?? "?"))
    // The new store holds this run's state: the next run restores from it.
    let budget = try Products.run(["budget", "--state-dir", state])
    #expect(budget.output.contains("Good/systemSmall"), "\(budget.output)\(budget.errors)")
  }

  /// A host that stops notes that it found the store intact, so the next start skips reading
  /// it whole; a file changed since (here: replaced) is read whole again, and moved aside.
  @Test func aStoreDamagedAfterACheckedStopIsStillFound() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    let file = state + "/state.sqlite3"
    _ = try Self.firstRun(library, kind: "Good", state: state)
    #expect(FileManager.default.fileExists(atPath: file + "-checked"))
    // Replaced by something else, its log gone (the log's pages would stand in for the file's).
    try Data(String(repeating: "garbage ", count: 1000).utf8).write(
      to: URL(fileURLWithPath: file))
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    let result = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--format", "json", "--state-dir", state])
    #expect(result.status == 0, "\(result.errors)")
    let corrupt = try StreamChecks.events(Self.lines(result.output)).contains { event in
      if case .warning(let problem) = event.payload {
        problem.code == "state-corrupt"
      } else {
        false
      }
    }
    #expect(corrupt, "\(result.output)")
  }

  @Test func anUnusableStateDirectoryIsAnError() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let notADirectory = TestSupport.temporaryDirectory("state-dir").appendingPathComponent("file")
    try Data("x".utf8).write(to: notADirectory)
    let result = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--state-dir", notADirectory.path])
    #expect(result.status == 1)
    #expect(result.output.isEmpty, "nothing runs")
    #expect(
      result.errors
        == "widget-host: error: \(notADirectory.path)/state.sqlite3: cannot open the state store: "
        + "cannot create the directory \(notADirectory.path)\n")
    // The state opens while the bundles load; its error is still the one reported, before any
    // bundle's, as when it was opened first.
    let both = try Products.run(
      ["run", library.path + ".missing", "--once", "--state-dir", notADirectory.path])
    #expect(both.status == 1)
    #expect(both.output.isEmpty)
    #expect(both.errors.hasPrefix("widget-host: error: \(notADirectory.path)/state.sqlite3: "))
    #expect(!both.errors.contains(".missing"), "\(both.errors)")
    let budget = try Products.run(["budget", "--state-dir", notADirectory.path])
    #expect(budget.status == 0)
    #expect(budget.output.contains("no refresh budgets recorded yet"))
  }

  /// With workers, a restart knows each library's kinds from the run before (while the library
  /// is unchanged) and shows the restored entries before the worker starts; a worker that then
  /// cannot load the library is reported as a crash, after the entries.
  @Test func aWorkerThatFailsAfterARestartComesAfterTheRestoredEntry() throws {
    let (library, state, environment) = try Self.rememberedLibraryThatWillRefuse(mode: .worker)
    let (_, problem) = try Self.runUntilError(
      "bundle-crashed", ["run", library.path, "--kind", "Good", "--format", "json"],
      state: state, mode: .worker, environment: environment)
    #expect(problem.message.contains("it failed to load"), "\(problem.message)")
    // Forgotten: the next start loads the library before it shows anything.
    let after = try String(contentsOfFile: state + "/descriptions", encoding: .utf8)
    #expect(!after.contains(library.lastPathComponent), "\(after)")
    let third = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--state-dir", state],
      mode: .worker, environment: environment)
    #expect(third.status == 3, "a bundle error")
    #expect(third.output.isEmpty, "\(third.output)")
    #expect(third.errors.contains("libfixture.so"), "\(third.errors)")
  }

  /// In-process too, a restart shows the restored entries before it loads the library (a
  /// `--once` run that shows only those never loads it); a library that then fails to load is
  /// reported after them, as a bundle that failed, and is loaded first at the next start.
  @Test func anInProcessRestartShowsTheRestoredEntryBeforeItLoadsTheLibrary() throws {
    let (library, state, environment) = try Self.rememberedLibraryThatWillRefuse(mode: .inProcess)
    let arguments = ["run", library.path, "--kind", "Good", "--format", "json"]
    let once = try Products.run(
      arguments + ["--once", "--state-dir", state], mode: .inProcess, environment: environment)
    #expect(once.status == 0, "\(once.errors)")
    let shown = StreamChecks.entries(
      try StreamChecks.events(Self.lines(once.output)), instance: "Good/systemSmall")
    #expect(shown.count == 1 && shown.allSatisfy(\.restored), "\(once.output)")

    let (events, problem) = try Self.runUntilError(
      "bundle-load-failed", arguments, state: state, mode: .inProcess, environment: environment)
    #expect(problem.message.contains("wk_bundle_entry returned NULL"), "\(problem.message)")
    let bundleFailed = events.contains { event in
      if case .bundle(let bundle) = event.payload { bundle.event == .failed } else { false }
    }
    #expect(bundleFailed, "\(events)")
    // Forgotten: the next start loads the library before it shows anything.
    let after = try String(contentsOfFile: state + "/descriptions", encoding: .utf8)
    #expect(!after.contains(library.lastPathComponent), "\(after)")
    let third = try Products.run(
      arguments + ["--once", "--state-dir", state], mode: .inProcess, environment: environment)
    #expect(third.status == 3, "a bundle error")
    #expect(third.output.isEmpty, "\(third.output)")
    #expect(third.errors.contains("wk_bundle_entry returned NULL"), "\(third.errors)")
  }

  /// A library rebuilt since the last run is loaded before anything is shown: its kinds are the
  /// new ones.
  @Test func aRebuiltLibraryIsDescribedAfresh() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let state = TestSupport.temporaryDirectory("state-dir").path
    _ = try Self.firstRun(library, kind: "Good", state: state, mode: .worker)
    let description =
      #"{"kinds":[{"kind":"Good","families":["systemSmall"]},"#
      + #"{"kind":"Fresh","families":["systemSmall"]}]}"#
    let escaped = description.replacingOccurrences(of: "\"", with: "\\\"")
    let rebuilt = try TestSupport.compileSharedLibrary(
      Self.fixture, defines: ["FIXTURE_DESCRIPTION=\"\(escaped)\""])
    try FileManager.default.removeItem(at: library)
    try FileManager.default.copyItem(at: rebuilt, to: library)
    let second = try Products.run(
      ["run", library.path, "--kind", "Good", "--once", "--format", "json", "--state-dir", state],
      mode: .worker)
    #expect(second.status == 0, "\(second.errors)")
    let events = try StreamChecks.events(Self.lines(second.output))
    let loaded = events.compactMap { event -> BundleEvent? in
      if case .bundle(let bundle) = event.payload, bundle.event == .loaded { bundle } else { nil }
    }
    #expect(loaded.map(\.kinds) == [["Good", "Fresh"]])
  }
}
