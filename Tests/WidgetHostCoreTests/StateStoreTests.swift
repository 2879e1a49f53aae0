import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// The durable state: the budget ledger survives reopening, and a new scheduler on the same
/// store starts with the budget already spent.
@Suite struct StateStoreTests {
  let key = TimelineKey(bundle: "b", kind: "K", family: .systemSmall)
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func path() -> String {
    TestSupport.temporaryDirectory("store").appendingPathComponent("state.sqlite3").path
  }

  @Test func ledgerAndNextReloadSurviveReopening() throws {
    let file = path()
    do {
      let store = try StateStore(path: file)
      for minute in 0..<3 {
        store.recordReload(
          of: key, at: start.addingTimeInterval(Double(minute) * 60), window: 86_400)
      }
      store.notePlannedReloads([
        PlannedReload(key: key, date: start.addingTimeInterval(300), reason: "initial"),
        PlannedReload(key: key, date: start.addingTimeInterval(600), reason: "policy"),
      ])
    }
    let reopened = try StateStore(path: file)
    #expect(reopened.reloads(of: key, since: start.addingTimeInterval(-1)).count == 3)
    #expect(reopened.reloads(of: key, since: start.addingTimeInterval(30)).count == 2)
    let report = BudgetReport(store: reopened, budget: 70, now: start.addingTimeInterval(120))
    #expect(
      report.rows == [
        BudgetReport.Row(
          bundle: "b", kind: "K", family: .systemSmall, used: 3, left: 67,
          nextReload: start.addingTimeInterval(600), reason: "policy")
      ])
    #expect(
      report.table(dates: DateText(locale: Locale(identifier: "en_US"), timeZone: .gmt)).contains(
        "K/systemSmall"))
    // Entries older than the window are forgotten on the next write.
    reopened.recordReload(of: key, at: start.addingTimeInterval(86_400 + 90), window: 86_400)
    #expect(reopened.reloads(of: key, since: .distantPast).count == 2)
  }

  @Test func aRestartedSchedulerKeepsTheSpentBudget() async throws {
    let store = try StateStore(path: path())
    func day(_ script: @escaping Harness.Script) -> Harness {
      Harness(budget: 2, ledger: store, script: script)
    }
    let policy: Harness.Script = { _, call in
      .success(
        SchedulerTests.timeline(
          [(Double(call) * 60, "t\(call)")],
          .after(SchedulerTests.start.addingTimeInterval(Double(call + 1) * 60))))
    }
    let first = day(policy)
    await first.add("one", key)
    await first.settle()
    for _ in 0..<2 { await first.advance(by: 60) }
    #expect(first.calls() == 3, "the free first reload, then the 2 budgeted")
    await first.stop()
    // A new host on the same state: its first reload is free, the next one is over budget.
    let second = day(policy)
    await second.add("one", key)
    await second.settle()
    #expect(second.calls() == 1)
    #expect(second.budgets() == [0])
    // Its next reload is due with the budget spent: deferred, and the store says so.
    await second.advance(by: 60)
    #expect(second.calls() == 1)
    let row = BudgetReport(store: store, budget: 2, now: second.clock.now()).rows.first
    #expect(row?.reason == "deferred: budget spent")
    await second.stop()
  }

  /// The writes that acknowledge nothing (the start record, planned reloads) do not wait for
  /// the disk; every other write still does, even after one of them failed.
  @Test func aWriteNotWaitingForTheDiskLeavesTheOthersWaiting() throws {
    let store = try StateStore(path: path())
    func synchronous() throws -> [Int64] {
      try store.access { connection throws(SQLiteError) in
        try connection.query("PRAGMA synchronous") { $0.integer(0) }
      }
    }
    #expect(try synchronous() == [2], "FULL")
    try store.transactionNotWaitingForTheDisk { connection throws(SQLiteError) in
      #expect((try? connection.query("PRAGMA synchronous") { $0.integer(0) }) == [1], "NORMAL")
    }
    store.notePlannedReloads([PlannedReload(key: key, date: nil, reason: "policy")])
    #expect(try synchronous() == [2])
    #expect(throws: StoreError.self) {
      try store.transactionNotWaitingForTheDisk { connection throws(SQLiteError) in
        try connection.run("INSERT INTO no_such_table VALUES (1)")
      }
    }
    #expect(try synchronous() == [2])
  }

  @Test func anUnopenableStoreIsAnError() {
    #expect(throws: StoreError.self) { try StateStore(path: "/proc/no/such/state.sqlite3") }
    // A state directory that is a file: the error names the state file.
    let file = path()
    _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    #expect {
      try StateStore(directory: file)
    } throws: { error in
      guard case .cannotOpen(let path, let message) = error as? StoreError else { return false }
      return path == file + "/state.sqlite3" && message.contains("cannot create the directory")
    }
  }

  // MARK: Schema versions

  @Test func aFreshStoreHasTheLatestSchema() throws {
    let store = try StateStore(path: path())
    #expect(store.schemaVersion == StateStore.migrations.count)
    #expect(store.schemaVersion == 4)
  }

  @Test func aFileFromBeforeVersioningIsMigratedKeepingItsLedger() throws {
    let file = path()
    // Exactly what the first builds wrote: the ledger tables, user_version 0.
    do {
      let old = try SQLiteDatabase(path: file)
      try old.withConnection { (connection) throws(SQLiteError) in
        try connection.execute(
          """
          PRAGMA journal_mode = WAL;
          CREATE TABLE IF NOT EXISTS budget_ledger (
            bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
            configuration TEXT NOT NULL, at REAL NOT NULL);
          CREATE INDEX IF NOT EXISTS budget_ledger_key
            ON budget_ledger (bundle, kind, family, configuration, at);
          CREATE TABLE IF NOT EXISTS next_reload (
            bundle TEXT NOT NULL, kind TEXT NOT NULL, family TEXT NOT NULL,
            configuration TEXT NOT NULL, at REAL, reason TEXT NOT NULL,
            PRIMARY KEY (bundle, kind, family, configuration));
          INSERT INTO budget_ledger VALUES ('b', 'K', 'systemSmall', '{}', 1800000000);
          INSERT INTO next_reload VALUES ('b', 'K', 'systemSmall', '{}', 1800000600, 'policy');
          """)
        #expect(try StateStore.userVersion(connection) == 0)
      }
    }
    let store = try StateStore(path: file)
    #expect(store.schemaVersion == 4)
    #expect(store.reloads(of: key, since: .distantPast) == [start])
    #expect(store.budgets(since: .distantPast).first?.reason == "policy")
    // The new tables work.
    try store.saveTimeline(
      SchedulerTests.timeline([(0, "a")], .never), of: key, instances: ["one"], fetchedAt: start,
      bundleVersion: "1.0")
    #expect(store.timeline(of: "one")?.timeline == SchedulerTests.timeline([(0, "a")], .never))
    // Opening again migrates nothing more.
    #expect(try StateStore(path: file).schemaVersion == 4)
  }

  @Test func aVersion1FileGainsTheInstanceTables() throws {
    let file = path()
    do {
      let old = try SQLiteDatabase(path: file)
      try old.withConnection { (connection) throws(SQLiteError) in
        try connection.execute(StateStore.migrations[0] + "PRAGMA user_version = 1;")
      }
    }
    let store = try StateStore(path: file)
    #expect(store.schemaVersion == 4)
    try store.saveInstance(id: "one", key: key, at: start)
    #expect(store.instance("one")?.key == key)
  }

  @Test func aFileFromANewerHostIsRefusedUntouched() throws {
    let file = path()
    do {
      let newer = try SQLiteDatabase(path: file)
      try newer.withConnection { (connection) throws(SQLiteError) in
        try connection.execute("CREATE TABLE future (x); PRAGMA user_version = 99;")
      }
    }
    #expect(throws: StoreError.newerSchema(file, found: 99, supported: 4)) {
      try StateStore(path: file)
    }
    #expect(
      StoreError.newerSchema(file, found: 99, supported: 4).description.contains(
        "\(file): the state store has schema version 99"))
  }

  // MARK: Corruption

  @Test func aCorruptFileIsReportedOrMovedAside() throws {
    let directory = TestSupport.temporaryDirectory("store").path
    let file = StateStore.path(inDirectory: directory)
    try Data(String(repeating: "not a database ", count: 400).utf8).write(
      to: URL(fileURLWithPath: file))
    #expect {
      try StateStore(path: file)
    } throws: { error in
      guard case .corrupt(let path, _) = error as? StoreError else { return false }
      return path == file
    }
    let moment = Date(timeIntervalSince1970: 1_800_000_000)
    let (store, warning) = try StateStore.openRecovering(directory: directory, now: moment)
    let aside = file + ".corrupt-20270115T080000Z"
    #expect(warning?.contains(file) == true)
    #expect(warning?.contains(aside) == true, "\(warning ?? "")")
    #expect(FileManager.default.fileExists(atPath: aside), "the old file is kept")
    #expect(store.schemaVersion == 4)
    store.recordReload(of: key, at: start, window: 86_400)
    #expect(store.reloads(of: key, since: .distantPast) == [start])
    // A sound file is opened as it is.
    #expect(try StateStore.openRecovering(directory: directory).warning == nil)
  }

  /// A host that stops checks the whole file and notes it; the next open skips the check while
  /// the files are unchanged, and makes it again once anything wrote to them.
  @Test func aFileFoundIntactAsAHostStoppedIsReadWholeAgainOnlyOnceChanged() throws {
    let file = path()
    let first = try StateStore(path: file)
    #expect(first.checkedWhenOpened)
    try first.saveTimeline(
      SchedulerTests.timeline([(0, "a")], .never), of: key, instances: ["one"], fetchedAt: start,
      bundleVersion: "1")
    first.recordIntegrity()
    #expect(FileManager.default.fileExists(atPath: file + "-checked"))
    let second = try StateStore(path: file)
    #expect(!second.checkedWhenOpened)
    #expect(second.timeline(of: "one") != nil)
    second.recordReload(of: key, at: start, window: 86_400)
    #expect(try StateStore(path: file).checkedWhenOpened)
  }

  /// Damage that leaves the files looking unchanged is found by the first statement that meets
  /// it: the note is dropped, so the next start checks the file and moves it aside.
  @Test func aDamagedPageFoundByAStatementDropsTheNote() throws {
    let directory = TestSupport.temporaryDirectory("store").path
    let file = StateStore.path(inDirectory: directory)
    let store = try StateStore(path: file)
    for index in 0..<40 {
      try store.saveTimeline(
        SchedulerTests.timeline([(0, String(repeating: "x", count: 2000))], .never), of: key,
        instances: ["i\(index)"], fetchedAt: start, bundleVersion: "1")
    }
    try store.access { connection throws(SQLiteError) in
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    store.recordIntegrity()
    #expect(FileManager.default.fileExists(atPath: file + "-checked"))
    // Garbage over the pages after the first two, the files' size and times kept.
    var times = stat()
    #expect(stat(file, &times) == 0)
    let handle = try #require(FileHandle(forUpdatingAtPath: file))
    try handle.seek(toOffset: 2 * 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 8 * 4096))
    try handle.close()
    var kept = [times.st_atim, times.st_mtim]
    #expect(utimensat(AT_FDCWD, file, &kept, 0) == 0)
    let reopened = try StateStore(path: file)
    #expect(!reopened.checkedWhenOpened, "the damage is not seen at open")
    #expect {
      try reopened.access { connection throws(SQLiteError) in
        _ = try connection.query("SELECT count(*) FROM timelines WHERE length(timeline) > 0") {
          $0.integer(0)
        }
      }
    } throws: { error in
      "\(error)".contains("malformed")
    }
    #expect(!FileManager.default.fileExists(atPath: file + "-checked"))
    let (_, warning) = try StateStore.openRecovering(directory: directory)
    #expect(warning?.contains("is corrupt") == true, "\(warning ?? "no warning")")
  }

  // MARK: Timelines

  @Test func timelinesRoundTripPerInstance() throws {
    let file = path()
    let timeline = Timeline(
      entries: [
        SchedulerTests.entry(0, "a"),
        Entry(
          date: start.addingTimeInterval(60), relevance: Relevance(score: 0.5, duration: 30),
          view: .text(TextNode(runs: [.verbatim("b")]))),
      ], policy: .after(start.addingTimeInterval(600)))
    do {
      let store = try StateStore(path: file)
      try store.saveTimeline(
        timeline, of: key, instances: ["one", "two"], fetchedAt: start, bundleVersion: "1.2.3")
    }
    let reopened = try StateStore(path: file)
    let one = try #require(reopened.timeline(of: "one"))
    #expect(
      one
        == StateStore.StoredTimeline(
          instance: "one", key: key, timeline: timeline, fetchedAt: start, bundleVersion: "1.2.3"))
    #expect(reopened.timeline(of: "two")?.timeline == timeline)
    #expect(reopened.timeline(of: "three") == nil)
    // The next timeline replaces the last.
    let next = SchedulerTests.timeline([(600, "c")], .never)
    let medium = TimelineKey(bundle: "b", kind: "K", family: .systemMedium)
    try reopened.saveTimeline(
      next, of: medium, instances: ["one"], fetchedAt: start.addingTimeInterval(600),
      bundleVersion: "1.2.4")
    #expect(reopened.timeline(of: "one")?.timeline == next)
    #expect(reopened.timeline(of: "one")?.key == medium)
    #expect(reopened.timeline(of: "two")?.timeline == timeline)
  }

  /// The start record is written without waiting for the disk; every later write waits again.
  @Test func onlyTheStartRecordSkipsTheSync() throws {
    let store = try StateStore(path: path())
    func synchronous() throws -> Int64? {
      try store.access { connection throws(SQLiteError) in
        try connection.query("PRAGMA synchronous") { $0.integer(0) }.first
      }
    }
    #expect(try synchronous() == 2)  // FULL
    let instance = WidgetInstance(id: "left", key: key)
    #expect(try store.startInstances([instance], at: start) == [instance])
    #expect(store.instance("left")?.key == key)
    #expect(try synchronous() == 2)
  }

  /// A write-ahead log left large by hosts that never closed the store is emptied into the
  /// database file when the store is next opened, keeping what it held.
  @Test func aLargeWriteAheadLogIsEmptiedAtOpen() throws {
    let file = path()
    let store = try StateStore(path: file)  // kept open, as a host that never closes it
    let timeline = SchedulerTests.timeline([(0, String(repeating: "x", count: 4000))], .never)
    var count = 0
    while StateStoreTests.size(of: file + "-wal") <= StateStore.writeAheadLogLimit {
      count += 1
      try store.saveTimeline(
        timeline, of: key, instances: ["i\(count)"], fetchedAt: start, bundleVersion: "1")
    }
    let reopened = try StateStore(path: file)
    #expect(StateStoreTests.size(of: file + "-wal") == 0)
    #expect(reopened.timeline(of: "i1")?.timeline == timeline)
    #expect(reopened.timeline(of: "i\(count)")?.timeline == timeline)
  }

  static func size(of file: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
  }

  @Test func anInstanceRestoresOnlyATimelineOfItsKey() throws {
    let store = try StateStore(path: path())
    let timeline = SchedulerTests.timeline([(0, "a")], .never)
    try store.saveTimeline(
      timeline, of: key, instances: ["one"], fetchedAt: start, bundleVersion: "1.0")
    let archive = StateArchive(store: store, versions: ["b": "1.0"]) { _ in }
    #expect(
      archive.restored(for: WidgetInstance(id: "one", key: key))
        == Scheduler.Restored(timeline: timeline, fetchedAt: start, outdated: false))
    let configured = TimelineKey(
      bundle: "b", kind: "K", family: .systemSmall, configuration: #"{"color":"red"}"#)
    #expect(
      archive.restored(for: WidgetInstance(id: "one", key: configured)) == nil,
      "another configuration")
    #expect(archive.restored(for: WidgetInstance(id: "two", key: key)) == nil, "another instance")
    let upgraded = StateArchive(store: store, versions: ["b": "2.0"]) { _ in }
    #expect(upgraded.restored(for: WidgetInstance(id: "one", key: key))?.outdated == true)
    // The archive stores what the scheduler gives it, with the bundle's version.
    let medium = TimelineKey(bundle: "b", kind: "K", family: .systemMedium)
    archive.save(
      [(timeline, configured, ["two"]), (timeline, medium, ["three", "four"])], fetchedAt: start)
    #expect(store.timeline(of: "two")?.bundleVersion == "1.0")
    #expect(archive.restored(for: WidgetInstance(id: "two", key: configured)) != nil)
    #expect(store.timeline(of: "four")?.key == medium)
  }

  /// Timelines kept together: one that cannot be encoded is left out and reported, the others
  /// are kept.
  @Test func timelinesKeptTogetherSkipOneThatCannotBeEncoded() throws {
    let store = try StateStore(path: path())
    let good = SchedulerTests.timeline([(0, "a")], .never)
    let infinite = Timeline(
      entries: [
        Entry(date: start, relevance: Relevance(score: .infinity), view: .text(TextNode(runs: [])))
      ], policy: .never)
    let medium = TimelineKey(bundle: "b", kind: "K", family: .systemMedium)
    #expect {
      try store.saveTimelines(
        [(infinite, medium, ["bad"], "1"), (good, key, ["good"], "1")], fetchedAt: start)
    } throws: { error in
      "\(error)".contains("cannot encode the timeline")
    }
    #expect(store.timeline(of: "good")?.timeline == good)
    #expect(store.timeline(of: "bad") == nil)
  }

  // MARK: Instances

  @Test func theRestartRuleKeepsAConfigurationSetAtRunTime() throws {
    let store = try StateStore(path: path())
    func configured(_ json: String, family: WidgetFamily = .systemSmall) -> TimelineKey {
      TimelineKey(bundle: "b", kind: "K", family: family, configuration: json)
    }
    let red = configured(#"{"color":"red"}"#)
    let blue = configured(#"{"color":"blue"}"#)
    let green = configured(#"{"color":"green"}"#)
    // First start: the command line's configuration, recorded.
    let first = try store.startInstances([WidgetInstance(id: "left", key: red)], at: start)
    #expect(first == [WidgetInstance(id: "left", key: red)])
    #expect(store.instance("left")?.startConfiguration == red.configuration)
    // `configure` changes it to blue at run time.
    try store.saveInstance(id: "left", key: blue, at: start.addingTimeInterval(60))
    #expect(store.instance("left")?.key == blue)
    #expect(store.instance("left")?.startConfiguration == red.configuration)
    // Restarted with the same command line: blue, the configuration set at run time.
    let second = try store.startInstances(
      [WidgetInstance(id: "left", key: red), WidgetInstance(id: "right", key: red)],
      at: start.addingTimeInterval(120))
    #expect(
      second == [WidgetInstance(id: "left", key: blue), WidgetInstance(id: "right", key: red)])
    #expect(store.instances().map(\.id) == ["left", "right"])
    // Restarted with another configuration on the command line: the command line wins.
    let third = try store.startInstances(
      [WidgetInstance(id: "left", key: green)], at: start.addingTimeInterval(180))
    #expect(third == [WidgetInstance(id: "left", key: green)])
    #expect(store.instance("left")?.key == green)
    // Another family is another widget, whatever the id.
    try store.saveInstance(id: "left", key: blue, at: start.addingTimeInterval(240))
    let medium = configured(green.configuration, family: .systemMedium)
    #expect(
      try store.startInstances([WidgetInstance(id: "left", key: medium)], at: start)
        == [WidgetInstance(id: "left", key: medium)])
  }
}

/// A configuration applied by the control's `configure` is kept in the durable state.
@Suite struct ConfigurePersistenceTests {
  @Test func configureKeepsTheInstanceConfiguration() async throws {
    let store = try StateStore(
      path: TestSupport.temporaryDirectory("store").appendingPathComponent("state.sqlite3").path)
    let clock = VirtualClock(start: SchedulerTests.start)
    let key = TimelineKey(bundle: "b", kind: "K", family: .systemSmall)
    let instance = WidgetInstance(id: "K/systemSmall", key: key)
    let scheduler = Scheduler(
      clock: clock,
      provider: ScriptedProvider { _, _ in .success(SchedulerTests.timeline([(0, "a")], .never)) }
    ) { _ in }
    let control = HostControl()
    control.attach(
      scheduler: scheduler, stream: EventStream(clock: clock, sinks: []), instances: [instance],
      state: store)
    #expect(store.instance(instance.id) == nil)
    #expect(try await control.configure(instance: instance.id, parameters: [:]) == instance.id)
    let stored = try #require(store.instance(instance.id))
    #expect(stored.key == key)
    // A rejected request keeps nothing.
    await #expect(throws: ControlError.self) {
      try await control.configure(instance: "nope", parameters: [:])
    }
    #expect(store.instance("nope") == nil)
    control.detach()
  }
}

/// Instances started from a restored timeline (``Scheduler/Restored``) on a virtual clock.
@Suite struct RestoredTimelineTests {
  let key = TimelineKey(bundle: "b", kind: "K", family: .systemSmall)
  static let start = SchedulerTests.start

  static func restored(
    _ entries: [(TimeInterval, String)], _ policy: ReloadPolicy, fetched: TimeInterval,
    outdated: Bool = false
  ) -> Scheduler.Restored {
    Scheduler.Restored(
      timeline: SchedulerTests.timeline(entries, policy),
      fetchedAt: start.addingTimeInterval(fetched), outdated: outdated)
  }

  /// What was shown, in order: `label` for a fresh entry, `label (restored)` for a restored one,
  /// with ` stale` when marked so.
  static func shown(_ harness: Harness) -> [String] {
    harness.log.events.withLock { events in
      events.compactMap { event -> String? in
        let label: (Entry) -> String? = { entry in
          guard case .text(let text) = entry.view,
            case .verbatim(let label)? = text.runs.first?
              .content
          else { return nil }
          return label
        }
        switch event {
        case .entry(_, _, let entry, _, _, let stale):
          return label(entry).map { $0 + (stale ? " stale" : "") }
        case .restoredEntry(_, _, let entry, _, let stale):
          return label(entry).map { $0 + " (restored)" + (stale ? " stale" : "") }
        default: return nil
        }
      }
    }
  }

  static let fresh: Harness.Script = { _, call in
    .success(SchedulerTests.timeline([(Double(call) * 10, "fresh\(call)")], .never))
  }

  @Test func theRestoredEntryComesFirstThenThePolicyDecides() async {
    let harness = Harness(script: Self.fresh)
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored([(-600, "a"), (60, "b")], .atEnd, fetched: -600))
    // Shown by add itself: before the run loop could call anything.
    #expect(Self.shown(harness) == ["a (restored)"])
    #expect(harness.calls() == 0)
    await harness.settle()
    #expect(harness.calls() == 0, "atEnd comes at the last entry's date, 60 s from now")
    await harness.advance(by: 60)
    #expect(harness.reasons() == [.policy])
    #expect(Self.shown(harness) == ["a (restored)", "b (restored)", "fresh0"])
    await harness.stop()
  }

  @Test func aPolicyAlreadyPastReloadsAtOnce() async {
    let harness = Harness(script: Self.fresh)
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored(
        [(-3600, "a")], .after(Self.start.addingTimeInterval(-60)),
        fetched: -3600))
    await harness.settle()
    #expect(harness.calls() == 1)
    #expect(harness.reasons() == [.policy], "a budgeted reload, not a free first one")
    #expect(Self.shown(harness) == ["a (restored)", "fresh0"])
    await harness.stop()
  }

  @Test func theMinimumReloadIntervalCountsFromTheStoredFetch() async {
    let harness = Harness(script: Self.fresh)
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored([(-10, "a")], .atEnd, fetched: -10))
    await harness.settle()
    #expect(harness.calls() == 0)
    await harness.advance(by: 49)
    #expect(harness.calls() == 0)
    await harness.advance(by: 1)
    #expect(harness.calls() == 1, "60 s after the stored fetch")
    await harness.stop()
  }

  @Test func neverKeepsTheRestoredTimeline() async {
    let harness = Harness(script: Self.fresh)
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored([(-86_400, "a")], .never, fetched: -86_400))
    await harness.scheduler.waitUntilSettled()
    await harness.advance(by: 7 * 86_400)
    #expect(harness.calls() == 0)
    #expect(Self.shown(harness) == ["a (restored)"])
    await harness.scheduler.reload(bundle: "b", kind: "K")
    await harness.settle()
    #expect(Self.shown(harness) == ["a (restored)", "fresh0"])
    await harness.stop()
  }

  @Test func anOutdatedTimelineIsShownThenReplacedForFree() async {
    let harness = Harness(budget: 0, script: Self.fresh)
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored([(-10, "a")], .never, fetched: -10, outdated: true))
    await harness.settle()
    #expect(harness.reasons() == [.initial])
    #expect(Self.shown(harness) == ["a (restored)", "fresh0"])
    await harness.stop()
  }

  @Test func aFailedReloadKeepsTheRestoredEntryMarkedStale() async {
    let harness = Harness { _, _ in
      .failure(ProviderFailure(code: "provider-failed", message: "down"))
    }
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored([(-3600, "a")], .atEnd, fetched: -3600))
    await harness.scheduler.waitUntilSettled()
    await harness.settle()
    #expect(harness.failures() == ["down"])
    #expect(Self.shown(harness) == ["a (restored)", "a (restored) stale"])
    await harness.stop()
  }

  @Test func aSharingInstanceGetsTheRestoredEntry() async {
    let harness = Harness(script: Self.fresh)
    await harness.scheduler.add(
      WidgetInstance(id: "one", key: key),
      restoring: Self.restored([(-10, "a")], .never, fetched: -10))
    await harness.scheduler.add(WidgetInstance(id: "two", key: key))
    let instances = harness.log.events.withLock { events in
      events.compactMap { event -> [String]? in
        guard case .restoredEntry(_, let instances, _, _, _) = event else { return nil }
        return instances
      }
    }
    #expect(instances == [["one"], ["two"]])
    await harness.stop()
  }

  @Test func eachTimelineIsArchivedBeforeItsEntryIsShown() async {
    final class Order: Sendable {
      let lines = Mutex<[String]>([])
      func append(_ line: String) { lines.withLock { $0.append(line) } }
    }
    let order = Order()
    struct Recorder: TimelineArchive {
      let order: @Sendable (String) -> Void
      func save(
        _ timelines: [(timeline: Timeline, key: TimelineKey, instances: [String])],
        fetchedAt: Date
      ) {
        for saved in timelines { order("saved \(saved.instances.joined(separator: ","))") }
      }
    }
    let clock = VirtualClock(start: Self.start)
    var configuration = Scheduler.Configuration()
    configuration.showsPlaceholders = false
    let scheduler = Scheduler(
      clock: clock, provider: ScriptedProvider(script: Self.fresh), configuration: configuration,
      archive: Recorder { order.append($0) }
    ) { event in
      switch event {
      case .timeline: order.append("timeline")
      case .entry: order.append("entry")
      default: break
      }
    }
    let loop = Task { await scheduler.run() }
    await scheduler.add(WidgetInstance(id: "one", key: key))
    await scheduler.add(WidgetInstance(id: "two", key: key))
    await scheduler.waitUntilSettled()
    #expect(order.lines.withLock { $0 } == ["saved one,two", "timeline", "entry"])
    loop.cancel()
    await loop.value
  }
}
