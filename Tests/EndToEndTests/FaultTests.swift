import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetSchema

/// A hostile bundle's replies (Fixtures/fault_bundle.c, a C bundle against the ABI header) cost
/// the host one error event, never its life, its memory or its other widgets
/// (docs/isolation.md, *Limits*).
@Suite struct FaultTests {
  static let library: URL = try! TestSupport.compileSharedLibrary(
    TestSupport.repositoryRoot.appendingPathComponent(
      "Tests/EndToEndTests/Fixtures/fault_bundle.c"),
    name: "libFault.so")

  static let text = #"{"type":"text","runs":[{"text":"a"}]}"#

  /// Views with a number the host cannot draw, and the path and message of the refusal.
  static let undrawable: [(view: String, problem: String)] = [
    (
      #"{"type":"frame","width":1e308,"child":\#(text)}"#,
      "view.width: 1e+308 is outside 0…10000"
    ),
    (
      #"{"type":"hstack","children":[{"type":"spacer","minLength":1e308},\#(text)]}"#,
      "view.children[0].minLength: 1e+308 is outside 0…10000"
    ),
    (
      #"{"type":"padding","top":1e308,"child":\#(text)}"#,
      "view.top: 1e+308 is outside -10000…10000"
    ),
    (
      #"{"type":"frame","width":1e12,"height":1e12,"child":\#(text)}"#,
      "view.width: 1000000000000 is outside 0…10000"
    ),
    (
      #"{"type":"frame","width":100000,"height":100000,"child":{"type":"color","color":{"name":"red"}}}"#,
      "view.width: 100000 is outside 0…10000"
    ),
    (
      #"{"type":"style","font":{"size":5000},"child":\#(text)}"#,
      "view.font.size: 5000 is outside 0…1000"
    ),
    (
      #"{"type":"clip","shape":"roundedRectangle","cornerRadius":-1,"child":\#(text)}"#,
      "view.cornerRadius: -1 is outside 0…10000"
    ),
    (
      #"{"type":"layoutPriority","value":1e300,"child":\#(text)}"#,
      "view.value: 1e+300 is outside -1000000…1000000"
    ),
  ]

  static func environment(_ extra: [String: String]) -> [String: String] {
    var environment = Products.environment
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  static func problems(_ events: [StreamEvent], code: String) -> [ProblemEvent] {
    events.compactMap { event in
      switch event.payload {
      case .error(let problem) where problem.code == code: problem
      case .warning(let problem) where problem.code == code: problem
      default: nil
      }
    }
  }

  /// Every undrawable number is a `bad-reply` for the instance, in both modes and in text,
  /// JSON and pictures: the host neither traps nor draws it, and `--once` ends at once.
  @Test(arguments: Products.Mode.allCases)
  func undrawableNumbersAreBadReplies(_ mode: Products.Mode) throws {
    for (view, problem) in Self.undrawable {
      let pictures = TestSupport.temporaryDirectory("pictures").path
      let json = try Products.run(
        ["run", Self.library.path, "--once", "--format", "json", "--pictures", pictures],
        mode: mode, environment: Self.environment(["FAULT_VIEW": view]))
      // No instance showed an entry of a timeline (docs/cli.md, exit status).
      #expect(json.status == 4, "\(view): \(json.errors)")
      let events = try StreamChecks.events(json.output.split(separator: "\n").map(String.init))
      let refusals = Self.problems(events, code: "bad-reply").map(\.message)
      #expect(
        refusals.contains("Fault timeline reply: entries[0].\(problem)"),
        "\(view): \(refusals)")
      #expect(refusals.contains("Fault placeholder reply: \(problem)"), "\(view): \(refusals)")
      #expect(StreamChecks.entries(events, instance: "Fault/systemSmall").isEmpty, "\(view)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: pictures).isEmpty)

      let text = try Products.run(
        ["run", Self.library.path, "--once"], mode: mode,
        environment: Self.environment(["FAULT_VIEW": view]))
      #expect(text.status == 4, "\(view): \(text.errors)")
      #expect(
        text.errors.contains("Fault timeline reply: entries[0].\(problem)"), "\(text.errors)")
    }
  }

  /// A bundle that showed a good entry and then replies with what cannot be drawn: its last good
  /// entry stays, is still what a restart restores, and the bad reply is never stored.
  @Test(arguments: Products.Mode.allCases)
  func theLastGoodEntryStays(_ mode: Products.Mode) throws {
    let good = TestSupport.temporaryDirectory("good").appendingPathComponent("good").path
    #expect(FileManager.default.createFile(atPath: good, contents: Data()))
    var environment = Self.environment([
      "FAULT_GOOD_FILE": good, "FAULT_VIEW": Self.undrawable[0].view,
    ])
    // Short: a Unix socket path has at most 107 bytes.
    let runtime = TestSupport.shortTemporaryPath("wh-rt")
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    environment["XDG_RUNTIME_DIR"] = runtime
    let host = try LiveProcess(
      Products.widgetHost, mode,
      ["run", Self.library.path, "--format", "json", "--sink", "socket"],
      environment: environment)
    defer { host.interrupt() }
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""good""#) }
      }, "\(host.errors)")
    try FileManager.default.removeItem(atPath: good)
    let reload = try Products.run(["reload"], environment: environment)
    #expect(reload.status == 0, "\(reload.errors)")
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.contains { $0.contains(#""code":"bad-reply""#) }
      }, "\(host.output)")
    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
    let events = try StreamChecks.events(host.output)
    let entries = StreamChecks.entries(events, instance: "Fault/systemSmall")
    #expect(entries.last?.lines.contains { $0.contains("good") } == true, "\(host.output)")
    #expect(
      Self.problems(events, code: "bad-reply").map(\.message) == [
        "Fault timeline reply: entries[0].\(Self.undrawable[0].problem)"
      ])

    // What a restart restores is the good timeline: the bad one was never stored.
    let restart = try Products.run(
      ["run", Self.library.path, "--once", "--format", "json"], mode: mode,
      environment: environment)
    let restored = StreamChecks.entries(
      try StreamChecks.events(restart.output.split(separator: "\n").map(String.init)),
      instance: "Fault/systemSmall")
    #expect(restored.first?.restored == true, "\(restart.output)")
    #expect(restored.first?.lines.contains { $0.contains("good") } == true, "\(restart.output)")
  }

  /// A stored timeline the host cannot draw (stored by an earlier version, or the file edited)
  /// is dropped at the restart with a warning, and the bundle asked again; the host never
  /// draws it.
  @Test(arguments: Products.Mode.allCases)
  func anUndrawableStoredTimelineIsDroppedAtRestart(_ mode: Products.Mode) throws {
    let state = TestSupport.temporaryDirectory("state-dir").path
    let arguments = [
      "run", Self.library.path, "--once", "--format", "json", "--state-dir", state,
    ]
    let first = try Products.run(arguments, mode: mode, environment: Self.environment([:]))
    #expect(first.status == 0, "\(first.errors)")
    do {
      let store = try StateStore(directory: state)
      let stored = try #require(store.timeline(of: "Fault/systemSmall"))
      var timeline = stored.timeline
      timeline.entries[0].view = .modified(
        timeline.entries[0].view, .frame(Frame(width: 1e308, height: 1e308)))
      try store.saveTimeline(
        timeline, of: stored.key, instances: ["Fault/systemSmall"], fetchedAt: stored.fetchedAt,
        bundleVersion: stored.bundleVersion)
    }
    let second = try Products.run(
      arguments, mode: mode, environment: Self.environment(["FAULT_VIEW": Self.text]))
    #expect(second.status == 0, "\(second.errors)")
    let events = try StreamChecks.events(second.output.split(separator: "\n").map(String.init))
    let dropped = Self.problems(events, code: "state-timeline-dropped").map(\.message)
    #expect(
      dropped == [
        "Fault/systemSmall: the stored timeline cannot be drawn (entries[0].view.width: "
          + "1e+308 is outside 0…10000); dropped, the bundle is asked for a new one"
      ], "\(second.output)")
    let entries = StreamChecks.entries(events, instance: "Fault/systemSmall")
    #expect(entries.count == 1 && entries[0].lines.contains { $0.contains("a") })
    #expect(entries.allSatisfy { !$0.restored })
  }

  /// Replies the host cannot draw count toward the quarantine as crashes do: two instances'
  /// placeholders and timelines are four, and the third quarantines the bundle.
  @Test func undrawableRepliesQuarantineTheBundle() throws {
    let environment = Self.environment(["FAULT_VIEW": Self.undrawable[0].view])
    let process = try LiveProcess(
      Products.widgetHost,
      [
        "run", Self.library.path, "--family", "systemSmall", "--family", "systemMedium",
        "--format", "json",
      ], environment: environment)
    let quarantined = process.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""event":"quarantined""#) }
    }
    process.interrupt()
    #expect(process.wait() == 0, "the host survives; stderr: \(process.errors)")
    #expect(quarantined, "\(process.output.joined(separator: "\n"))")
    let events = try StreamChecks.events(process.output)
    #expect(
      Self.problems(events, code: "bundle-quarantined").first?.message.contains(
        "3 crashes or replies it cannot draw within 60 s, the last one a reply it cannot draw")
        == true, "\(process.output)")
    #expect(Self.problems(events, code: "bundle-crashed").isEmpty)
    let refused = try Products.runInWorkers(
      ["run", Self.library.path, "--once"], environment: environment)
    #expect(refused.status == 3)
    #expect(refused.errors.contains("quarantined: 3 crashes or replies it cannot draw"))
  }

  /// A bundle that asks for a reload from every reply drove hundreds of timeline calls a second,
  /// each a commit of the state file; now it gets its limit of requested reloads a minute, with
  /// one warning naming the limit, and the host idles.
  @Test(arguments: Products.Mode.allCases)
  func aBundleReloadingFromEveryReplyIsRateLimited(_ mode: Products.Mode) throws {
    let process = try LiveProcess(
      Products.widgetHost, mode, ["run", Self.library.path, "--format", "json"],
      environment: Self.environment(["FAULT_RELOAD": "1"]))
    let limited = process.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""code":"rate-limited""#) }
    }
    // What a loop would do meanwhile.
    Thread.sleep(forTimeInterval: 2)
    process.interrupt()
    #expect(process.wait() == 0, "\(process.errors)")
    #expect(limited, "\(process.output.suffix(5))")
    let events = try StreamChecks.events(process.output)
    let reloads = events.compactMap { event -> ReloadReason? in
      guard case .reload(let reload) = event.payload else { return nil }
      return reload.reason
    }
    #expect(reloads.first == .initial)
    #expect(reloads.dropFirst().allSatisfy { $0 == .request })
    #expect(reloads.count == 61, "the first timeline and 60 requested reloads")
    let warnings = Self.problems(events, code: "rate-limited").map(\.message)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(
      warnings.first?.hasPrefix(
        "Fault: the bundle reached its limit of 60 requested reloads per minute; the next "
          + "reload waits until ") == true, "\(warnings)")
  }

  /// A reply within the 16 MiB limit whose view costs per character or per node to lay out:
  /// 15 MB of text took the host 43 s of CPU and 1.6 GB (a debug build, JSON with geometry);
  /// refused as it is read, it costs the reading.
  @Test func viewsTooLargeToDrawAreRefusedAsTheyAreRead() throws {
    let nodes = TestSupport.temporaryDirectory("nodes").appendingPathComponent("view.json")
    try Data(
      (#"{"type":"vstack","children":["#
        + Array(repeating: #"{"type":"empty"}"#, count: 10_001).joined(separator: ",") + "]}")
        .utf8
    ).write(to: nodes)
    let cases: [([String: String], String)] = [
      (
        ["FAULT_PAD": "15000000"],
        "view.runs[0].text: the view has more than 65536 bytes of text; a view holds at most "
          + "65536"
      ),
      (
        ["FAULT_VIEW_FILE": nodes.path],
        "view.children[9999]: the view has more than 10000 nodes; a view holds at most 10000"
      ),
    ]
    for (environment, problem) in cases {
      let started = Date()
      let result = try Products.run(
        ["run", Self.library.path, "--once", "--format", "json"],
        environment: Self.environment(environment))
      #expect(result.status == 4, "\(result.errors)")
      #expect(result.output.contains("Fault timeline reply: entries[0].\(problem)"), "\(problem)")
      #expect(Date().timeIntervalSince(started) < 20)
    }
  }

  /// A bundle whose `call` never returns (against the ABI) misses its deadline in both modes;
  /// in-process it hung `--once` for ever, the host awaiting the blocked call.
  @Test(arguments: Products.Mode.allCases)
  func aCallThatBlocksMissesItsDeadline(_ mode: Products.Mode) throws {
    let started = Date()
    let process = try LiveProcess(
      Products.widgetHost, mode,
      [
        "run", Self.library.path, "--once", "--format", "json", "--deadline", "2",
        "--placeholder-deadline", "1",
      ], environment: Self.environment(["FAULT_BLOCK": "1"]))
    // Until the host has exited (its standard error may stay open a moment longer, in a
    // worker the bundle's call holds).
    while kill(process.processIdentifier, 0) == 0, Date().timeIntervalSince(started) < 20 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let elapsed = Date().timeIntervalSince(started)
    let status = process.wait(timeout: 10)
    #expect(status == 4, "\(process.errors)")
    #expect(elapsed < 15, "--once took \(elapsed) s; its bound is 2 + 1 + 1 s")
    let events = try StreamChecks.events(process.output)
    #expect(
      Self.problems(events, code: "provider-timeout").map(\.message).contains(
        "Fault timeline: no reply within 2 s"), "\(process.output)")
  }

  /// A bundle that floods its log while nobody reads the host's standard error (a full pipe):
  /// the host blocked on its own error line, showed nothing and ignored SIGTERM. Now what
  /// cannot be queued is dropped, and the widget is shown.
  @Test(arguments: Products.Mode.allCases)
  func aFullStandardErrorNeverHoldsTheHost(_ mode: Products.Mode) throws {
    let process = Process()
    process.executableURL = Products.widgetHost
    process.arguments = Products.arguments(["run", Self.library.path, "--once"], mode: mode)
    // 2,000 lines of 200 bytes a call: far more than a pipe holds.
    process.environment = Self.environment(["FAULT_LOG": "2000"])
    let output = Pipe()
    let errors = Pipe()  // Never read.
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let started = Date()
    while process.isRunning, Date().timeIntervalSince(started) < 20 {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let finished = !process.isRunning
    if !finished {
      process.terminate()
      process.waitUntilExit()
    }
    let shown = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(finished, "the host froze on its standard error")
    #expect(process.terminationStatus == 0)
    #expect(shown.contains("Fault/systemSmall · entry"), "\(shown)")
    try errors.fileHandleForReading.close()
  }

  /// `--sink socket:` listened at an empty path; `--state-dir=` made `containers/` in the
  /// current folder.
  @Test func emptySinkPathsAndStateFoldersAreUsageErrors() throws {
    for (arguments, message) in [
      (
        ["--sink", "socket:"], "--sink socket: needs a path after the colon (or give socket alone)"
      ),
      (["--state-dir="], "--state-dir needs a folder, got ''"),
    ] {
      let folder = TestSupport.temporaryDirectory("cwd")
      let result = try TestSupport.run(
        Products.widgetHost.path, ["run", Self.library.path, "--once"] + arguments,
        in: folder, environment: Self.environment([:]))
      #expect(result.status == 2, "\(result.errors)")
      #expect(result.errors.contains(message), "\(result.errors)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
  }

  /// Bundle ids name a folder (`containers/<id>`) and lines of output: `..` put the container
  /// outside `containers/`, a newline was printed raw, a 1 MB id failed to start its worker;
  /// 20,000 kinds took 20 s and printed a line each.
  @Test func idsAndKindsThatCannotNameAFolderOrALineAreRefused() throws {
    let fixture = TestSupport.repositoryRoot.appendingPathComponent(
      "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c")
    let kind = #"{\"kind\":\"Good\",\"families\":[\"systemSmall\"]}"#
    let many = (0...1_000).map { #"{\"kind\":\"K\#($0)\",\"families\":[\"systemSmall\"]}"# }
    let cases: [(description: String, problem: String)] = [
      (#"{\"id\":\"..\",\"kinds\":[\#(kind)]}"#, "id: '..' must not be '.' or '..' or contain '/'"),
      (
        #"{\"id\":\"a/b\",\"kinds\":[\#(kind)]}"#,
        "id: 'a/b' must not be '.' or '..' or contain '/'"
      ),
      (
        #"{\"id\":\"a\\nb\",\"kinds\":[\#(kind)]}"#,
        "id: must be a non-empty identifier without spaces"
      ),
      (
        #"{\"id\":\"a\\u0000b\",\"kinds\":[\#(kind)]}"#,
        "id: must not contain control characters"
      ),
      (
        #"{\"id\":\"\#(String(repeating: "x", count: 300))\",\"kinds\":[\#(kind)]}"#,
        "id: has 300 bytes; an id has at most 255"
      ),
      (
        #"{\"kinds\":[\#(many.joined(separator: ","))]}"#,
        "kinds: declares 1001 kinds; a bundle has at most 1000"
      ),
    ]
    for (index, (description, problem)) in cases.enumerated() {
      let library = try TestSupport.compileSharedLibrary(
        fixture, defines: ["FIXTURE_DESCRIPTION=\"\(description)\""], name: "libbad\(index).so")
      let result = try Products.run(
        ["run", library.path, "--once"], environment: Self.environment([:]))
      #expect(result.status == 3, "\(problem): \(result.errors)")
      #expect(result.errors.contains(problem), "\(result.errors)")
      #expect(result.errors.split(separator: "\n").count < 5, "one problem, not one per kind")
    }
  }

  /// A 100,000-deep view was "not valid JSON".
  @Test func aViewNestedTooDeeplySaysSo() throws {
    let file = TestSupport.temporaryDirectory("deep").appendingPathComponent("view.json")
    try Data(
      (String(repeating: #"{"type":"padding","child":"#, count: 100_000) + Self.text
        + String(repeating: "}", count: 100_000)).utf8
    ).write(to: file)
    let result = try Products.run(
      ["run", Self.library.path, "--once"],
      environment: Self.environment(["FAULT_VIEW_FILE": file.path]))
    #expect(result.status == 4)
    #expect(
      result.errors.contains(
        "Fault timeline reply: nested more than 512 levels deep; a reply is at most 512"),
      "\(result.errors)")
  }
}
