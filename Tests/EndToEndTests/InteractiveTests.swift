import Foundation
import TestSupport
import Testing
import WidgetSchema

/// Interactive widgets and controls with the real binaries (docs/interactive.md): a press runs
/// the action in the bundle, then an `action` event and one free reload show its effect; a
/// failure is an error event and the entry stays. Examples/TodoList (C actions through libffi)
/// and Examples/Counter (Swift intents, a toggle, controls), in worker and in-process mode.
@Suite struct InteractiveTests {
  /// A host running `bundles` with `arguments` on a socket of its own, with a fresh state and
  /// config folder (the to-do list is kept in its config folder).
  struct Host {
    let process: LiveProcess
    let socket: String
    let environment: [String: String]

    init(_ arguments: [String], mode: Products.Mode, shown instances: [String]) throws {
      socket = TestSupport.shortTemporaryPath() + "/host.sock"
      var environment = Products.environment
      environment["XDG_CONFIG_HOME"] = TestSupport.temporaryDirectory("config").path
      self.environment = environment
      process = try LiveProcess(
        Products.widgetHost, mode,
        ["run"] + arguments + ["--format", "json", "--sink", "socket:\(socket)"],
        environment: environment)
      let shown = process.waitFor(timeout: 60) { lines in
        instances.allSatisfy { id in
          lines.contains {
            $0.contains(#""type":"entry""#) && $0.contains(#""instance":"\#(id)""#)
              && $0.contains(#""source":"timeline""#)
          }
        }
      }
      try #require(shown, "the host showed \(instances): \(process.errors)")
    }

    /// `widget-host tap` against this host.
    func tap(_ arguments: [String]) throws -> TestSupport.ProcessResult {
      try Products.run(["tap"] + arguments + ["--socket", socket], environment: environment)
    }

    var events: [StreamEvent] {
      get throws { try StreamChecks.events(process.output) }
    }

    /// The rows of the latest entry of `instance`, trimmed, without the empty ones.
    func shown(_ instance: String) throws -> [String] {
      let entries = try events.compactMap { event -> EntryEvent? in
        guard event.instance == instance, case .entry(let entry) = event.payload else { return nil }
        return entry
      }
      return entries.last?.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
      } ?? []
    }

    /// Waits until the latest entry of `instance` shows a row containing `text`.
    func waitUntil(_ instance: String, shows text: String) -> Bool {
      for _ in 0..<300 {
        if let rows = try? shown(instance), rows.contains(where: { $0.contains(text) }) {
          return true
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return false
    }

    func stop() {
      process.interrupt(SIGTERM)
      _ = process.wait()
    }
  }

  @Test(arguments: Products.Mode.allCases)
  func aRowOfTheCListRunsItsCFunctionAndTheWidgetReloads(_ mode: Products.Mode) throws {
    let host = try Host(
      [Products.todoList, "--family", "systemMedium"], mode: mode,
      shown: ["TodoList/systemMedium"])
    defer { host.stop() }
    #expect(try host.shown("TodoList/systemMedium").contains("○ Buy milk"))
    let tap = try host.tap(["TodoList/systemMedium", "--region", "action-0"])
    #expect(tap.status == 0, "\(tap.errors)")
    #expect(tap.output == "performed todo_toggle\n")
    #expect(host.waitUntil("TodoList/systemMedium", shows: "✓ Buy milk"))
    #expect(try host.shown("TodoList/systemMedium").first == "To-Do · 1 of 3 done")

    let events = try host.events.filter { $0.instance == "TodoList/systemMedium" }
    // While the action ran the rows were shown invalidated; then the action event and one
    // reload for the interaction, which costs no budget.
    let invalidated = try #require(
      events.firstIndex {
        if case .entry(let entry) = $0.payload { entry.invalidated } else { false }
      })
    if case .entry(let entry) = events[invalidated].payload {
      #expect(entry.lines.joined().contains("███"), "the rows are drawn as placeholders")
    }
    let action = try #require(
      events.firstIndex { if case .action = $0.payload { true } else { false } })
    #expect(invalidated < action)
    #expect(
      events[action].payload
        == .action(
          ActionEvent(
            name: "todo_toggle", arguments: ["id": .string("milk"), "done": .bool(true)],
            region: "action-0")))
    let reloads = events[action...].compactMap { event -> ReloadReason? in
      if case .reload(let reload) = event.payload { reload.reason } else { nil }
    }
    #expect(reloads == [.interaction])

    // A cell of the second row presses it; the entry's region says where it is.
    let tapCell = try host.tap(["TodoList/systemMedium", "--cell", "4,3"])
    #expect(tapCell.output == "performed todo_toggle\n", "\(tapCell.errors)")
    #expect(host.waitUntil("TodoList/systemMedium", shows: "✓ Water the plants"))
  }

  @Test func argumentsThatDoNotFitTheDeclaredActionAreRefusedAndTheEntryStays() throws {
    // The list, with `done` declared an integer: the view's `true` no longer fits.
    let bundle = TestSupport.temporaryDirectory("todo").appendingPathComponent(
      "TodoList.widgetbundle")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Products.todoList), to: bundle)
    let manifest = bundle.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try text.replacingOccurrences(
      of: #"{ "name": "done", "type": "bool" }"#, with: #"{ "name": "done", "type": "int64" }"#
    ).write(to: manifest, atomically: true, encoding: .utf8)
    let host = try Host(
      [bundle.path, "--family", "systemSmall"], mode: Products.defaultMode,
      shown: ["TodoList/systemSmall"])
    defer { host.stop() }
    let before = try host.shown("TodoList/systemSmall")
    let tap = try host.tap(["TodoList/systemSmall", "--region", "action-0"])
    #expect(tap.status == 1)
    #expect(
      tap.errors.contains(
        "TodoList action todo_toggle: todo_toggle: argument 'done' must be an integer (at most "
          + "2^53 in size), got true (action-refused)"), "\(tap.errors)")
    // The reply can reach the client before the host's buffered stream line reaches the test.
    #expect(
      host.process.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""type":"error""#) && $0.contains("action-refused") }
      })
    let problems = try host.events.compactMap { event -> ProblemEvent? in
      if case .error(let problem) = event.payload { problem } else { nil }
    }
    #expect(problems.map(\.code) == ["action-refused"])
    #expect(try host.shown("TodoList/systemSmall") == before, "the entry shown before stays")
    #expect(
      try !host.events.contains { if case .action = $0.payload { true } else { false } })
  }

  @Test(arguments: Products.Mode.allCases)
  func swiftButtonsAToggleAndAControlRunTheirIntents(_ mode: Products.Mode) throws {
    let host = try Host(
      [Products.counter], mode: mode,
      shown: ["Counter/systemSmall", "CounterLock/control", "CounterAdd/control"])
    defer { host.stop() }
    for _ in 0..<2 {
      let plus = try host.tap(["Counter/systemSmall", "--region", "action-1"])
      #expect(plus.output == "performed ChangeCountIntent\n", "\(plus.errors)")
    }
    #expect(host.waitUntil("Counter/systemSmall", shows: "2"))
    // The "Add one" control, tapped as a bar tapping its block: its one button.
    let add = try host.tap(["CounterAdd/control"])
    #expect(add.output == "performed ChangeCountIntent\n", "\(add.errors)")
    #expect(host.waitUntil("Counter/systemSmall", shows: "3"))
    #expect(try host.shown("CounterLock/control") == ["⚿ Counter lock     Unlocked  [ ]"])

    // The lock control: a SetValueIntent given the state it switches to.
    let lock = try host.tap(["CounterLock/control"])
    #expect(lock.output == "performed SetLockIntent\n", "\(lock.errors)")
    #expect(host.waitUntil("CounterLock/control", shows: "Locked  [●]"))
    #expect(host.waitUntil("Counter/systemSmall", shows: "[●]"), "the widget's toggle is on")
    let actions = try host.events.compactMap { event -> ActionEvent? in
      if case .action(let action) = event.payload { action } else { nil }
    }
    #expect(
      actions.last
        == ActionEvent(name: "SetLockIntent", arguments: ["value": .bool(true)], region: "action-0")
    )

    // Locked, `+` fails in the bundle: an error naming what perform() threw; the count stays.
    let refused = try host.tap(["Counter/systemSmall", "--region", "action-1"])
    #expect(refused.status == 1)
    #expect(
      refused.errors.contains(
        "Counter action ChangeCountIntent: ChangeCountIntent.perform() threw the counter is locked"
      ), "\(refused.errors)")
    #expect(
      host.process.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""type":"error""#) && $0.contains("action-failed") }
      })
    let failed = try host.events.compactMap { event -> ProblemEvent? in
      if case .error(let problem) = event.payload, problem.code == "action-failed" {
        problem
      } else {
        nil
      }
    }
    #expect(failed.count == 1)
    #expect(try host.shown("Counter/systemSmall").first == "3")
  }

  @Test func aClickOnAControlsI3barBlockPerformsIt() throws {
    var environment = Products.environment
    environment["XDG_CONFIG_HOME"] = TestSupport.temporaryDirectory("config").path
    let bar = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      ["run", Products.counter, "--kind", "CounterLock", "--format", "i3bar"],
      environment: environment, writableInput: true)
    defer {
      bar.interrupt(SIGTERM)
      _ = bar.wait()
    }
    let unlocked = bar.waitFor(timeout: 60) { lines in
      lines.contains { $0.contains(#""full_text":"⚿ Counter lock Unlocked [ ]""#) }
    }
    try #require(unlocked, "the bar showed the control: \(bar.output) \(bar.errors)")
    try bar.send("[\n{\"name\":\"CounterLock/control\",\"button\":1}\n")
    let locked = bar.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""full_text":"⚿ Counter lock Locked [●]""#) }
    }
    #expect(locked, "\(bar.output) \(bar.errors)")
    #expect(bar.waitForErrors(timeout: 10) { $0.contains("performed SetLockIntent") })
  }

  @Test func aControlIsOneWaybarBlockWithItsSymbolTitleAndValue() throws {
    var environment = Products.environment
    environment["XDG_CONFIG_HOME"] = TestSupport.temporaryDirectory("config").path
    let result = try Products.run(
      ["run", Products.counter, "--kind", "CounterLock", "--format", "waybar", "--once"],
      environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    let last = try #require(result.output.split(separator: "\n").last)
    let block = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    #expect(block?["text"] as? String == "⚿ Counter lock Unlocked [ ]")
  }

  /// Tests/EndToEndTests/Fixtures/fault_bundle.c's action: a status, a hang, a crash.
  @Test func anActionThatFailsHangsOrCrashesItsWorkerIsAnErrorAndTheEntryStays() throws {
    func button(_ mode: Int) -> String {
      #"{"type":"action","action":{"name":"fault_action","arguments":{"mode":\#(mode)}},"#
        + #""child":{"type":"text","runs":[{"text":"m\#(mode)"}]}}"#
    }
    var environment = Products.environment
    environment["FAULT_VIEW"] =
      #"{"type":"hstack","children":["# + [5, 2, 1].map(button).joined(separator: ",") + "]}"
    let socket = TestSupport.shortTemporaryPath() + "/host.sock"
    let process = try LiveProcess(
      Products.widgetHost, .worker,
      [
        "run", FaultTests.library.path, "--family", "systemMedium", "--deadline", "1",
        "--format", "json", "--sink", "socket:\(socket)",
      ], environment: environment)
    defer {
      process.interrupt(SIGTERM)
      _ = process.wait()
    }
    try #require(
      process.waitFor(timeout: 60) { $0.contains { $0.contains(#""source":"timeline""#) } },
      "\(process.errors)")
    func tap(_ region: String) throws -> TestSupport.ProcessResult {
      try Products.run(
        ["tap", "Fault/systemMedium", "--region", region, "--socket", socket],
        environment: environment)
    }
    let cases = [
      ("action-0", "action-failed", "fault_action() returned status 5"),
      ("action-1", "action-timeout", "not done within 1 s"),
      ("action-2", "action-failed", "crashed"),
    ]
    for (region, code, message) in cases {
      let result = try tap(region)
      #expect(result.status == 1, "\(region)")
      #expect(result.errors.contains("(\(code))"), "\(region): \(result.errors)")
      #expect(result.errors.contains(message), "\(region): \(result.errors)")
    }
    // The replies can reach the client before the host's buffered stream lines reach the test.
    #expect(
      process.waitFor(timeout: 20) { lines in
        lines.filter { $0.contains(#""type":"error""#) && $0.contains(#""code":"action-"#) }
          .count >= 3
      })
    let events = try StreamChecks.events(process.output)
    let codes = events.compactMap { event -> String? in
      guard case .error(let problem) = event.payload, problem.code.hasPrefix("action-") else {
        return nil
      }
      return problem.code
    }
    #expect(codes == ["action-failed", "action-timeout", "action-failed"])
    #expect(!events.contains { if case .action = $0.payload { true } else { false } })
    // The host carried on: the worker comes back (after its restart delay, 1 s) and the
    // widget still answers.
    var again = try tap("action-0")
    for _ in 0..<40 where !again.errors.contains("returned status 5") {
      Thread.sleep(forTimeInterval: 0.25)
      again = try tap("action-0")
    }
    #expect(again.errors.contains("returned status 5"), "\(again.errors)")
  }

  @Test func validateNamesADeclaredActionTheLibraryDoesNotExport() throws {
    let bundle = TestSupport.temporaryDirectory("todo").appendingPathComponent(
      "TodoList.widgetbundle")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Products.todoList), to: bundle)
    let manifest = bundle.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try text.replacingOccurrences(
      of: #"{ "name": "todo_reset", "returns": "status" }"#,
      with: #"{ "name": "todo_reset", "returns": "status" }, { "name": "todo_archive" }"#
    ).write(to: manifest, atomically: true, encoding: .utf8)
    let result = try Products.run(["validate", bundle.path])
    #expect(result.status != 0)
    #expect(
      (result.output + result.errors).contains(
        "action 'todo_archive': the library exports no function 'todo_archive'"),
      "\(result.output) \(result.errors)")
    let good = try Products.run(["validate", Products.todoList])
    #expect(good.status == 0, "\(good.output) \(good.errors)")
  }
}
