import Foundation
import TestSupport
import Testing
import WidgetSchema
import WidgetSupport

/// `widget-host preview` and `widget-host simulate` with the real binary and real bundles.
@Suite struct AuthoringToolsTests {
  static let fixture: String = {
    let source = TestSupport.repositoryRoot.appendingPathComponent(
      "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c")
    return try! TestSupport.compileSharedLibrary(source).path
  }()

  static let start = "2026-01-01T00:00:00Z"

  // MARK: preview

  @Test func previewShowsPlaceholderAndSnapshotSideBySideForEveryFamily() throws {
    let result = try Products.run(["preview", Products.clock])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.components(separatedBy: "\n")
    for family in ["systemSmall", "systemMedium", "systemLarge"] {
      #expect(lines.contains("TestWidget · \(family) (dev.widget-host.examples.clock)"))
      // Both labels on one line: the boxes are side by side.
      #expect(
        lines.contains {
          $0.hasPrefix("TestWidget/\(family) · placeholder")
            && $0.hasSuffix("TestWidget/\(family) · snapshot")
        }, "\(result.output)")
    }
    // Two frames per row, for each family and for the example's #Preview of two entries; the
    // placeholder is redacted, the snapshot shows the time.
    let rows = lines.filter { $0.hasPrefix("╭") && $0.filter { $0 == "╭" }.count == 2 }
    #expect(rows.count == 4, "\(result.output)")
    #expect(result.output.contains(/│ +█{4,5} ██ +│/), "the time redacted, word by word")
    #expect(result.output.contains(/│ +[0-9]{1,2}:[0-9]{2}.?[AP]M +│/), "\(result.output)")
  }

  @Test func previewAsJSONFollowsItsSchema() throws {
    let result = try Products.run([
      "preview", Products.clock, "--family", "systemMedium", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 1, "one kind in one family")
    for line in lines {
      #expect(JSONSchemaValidator.stream.problems(in: line, against: "preview.schema.json") == [])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["kind"] as? String == "TestWidget")
      #expect(object["family"] as? String == "systemMedium")
      let placeholder = try #require((object["placeholder"] as? [String: Any])?["entry"])
      let snapshot = try #require((object["snapshot"] as? [String: Any])?["entry"])
      #expect((placeholder as? [String: Any])?["source"] as? String == "placeholder")
      #expect((snapshot as? [String: Any])?["source"] as? String == "snapshot")
      #expect(((snapshot as? [String: Any])?["lines"] as? [String])?.count == 10)
    }
  }

  /// The Clock example declares `#Preview("Morning", as: .systemSmall)` with two entries.
  @Test func previewShowsTheBundlesDeclaredPreviewsAtTheirFamily() throws {
    let text = try Products.run(["preview", Products.clock, "--family", "systemSmall"])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.contains("#Preview \"Morning\"\n"), "\(text.output)")
    #expect(text.output.contains(/Morning 1\/2 · snapshot +Morning 2\/2 · snapshot/))
    let json = try Products.run(["preview", Products.clock, "--format", "json"])
    #expect(json.status == 0, "\(json.errors)")
    let lines = json.output.split(separator: "\n").map(String.init)
    for line in lines {
      #expect(JSONSchemaValidator.stream.problems(in: line, against: "preview.schema.json") == [])
    }
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let small = try #require(objects.first { $0["family"] as? String == "systemSmall" })
    let previews = try #require(small["previews"] as? [[String: Any]])
    #expect(previews.count == 1)
    #expect(previews.first?["name"] as? String == "Morning")
    let entries = try #require(previews.first?["entries"] as? [[String: Any]])
    #expect(
      entries.map { $0["date"] as? String } == ["2027-01-15T08:00:00Z", "2027-01-15T09:00:00Z"])
    #expect(objects.filter { $0["previews"] != nil }.count == 1, "only at its family")
  }

  @Test func previewShowsAFailedCallInPlaceOfItsBoxAndExits4() throws {
    let text = try Products.run([
      "preview", Self.fixture, "--kind", "Good", "--kind", "Fail", "--family", "systemSmall",
    ])
    #expect(text.status == 4, "\(text.errors)")
    #expect(text.output.contains("Good/systemSmall · placeholder  Good/systemSmall · snapshot"))
    #expect(text.output.contains("Fail/systemSmall · snapshot"))
    #expect(text.output.contains("error provider-failed: Fail snapshot:"), "\(text.output)")

    let json = try Products.run([
      "preview", Self.fixture, "--kind", "Good", "--kind", "Fail", "--format", "json",
    ])
    #expect(json.status == 4)
    let lines = json.output.split(separator: "\n").map(String.init)
    // Good in both its families, Fail in its one.
    #expect(lines.count == 3)
    for line in lines {
      #expect(JSONSchemaValidator.stream.problems(in: line, against: "preview.schema.json") == [])
    }
    #expect(lines[2].contains(#""snapshot":{"error":{"code":"provider-failed""#), "\(lines[2])")
    #expect(lines[0].contains(#""source":"snapshot""#))
  }

  @Test func previewRejectsAnUnknownFormat() throws {
    let result = try Products.run(["preview", Products.clock, "--format", "yaml"])
    #expect(result.status == 2)
    #expect(result.errors.contains("widget-host preview: unknown format 'yaml'"))
  }

  // MARK: simulate

  func simulateGood(_ extra: [String] = []) throws -> TestSupport.ProcessResult {
    try Products.run(
      ["simulate", Self.fixture, "--kind", "Good", "--for", "24h", "--start", Self.start] + extra)
  }

  @Test func simulateADayOfTheFixtureWithoutABudget() throws {
    let result = try simulateGood(["--budget", "unlimited"])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.components(separatedBy: "\n")
    #expect(lines.first == "simulated 1d from 2026-01-01T00:00:00Z to 2026-01-02T00:00:00Z")
    // Good: 3 entries 60 s apart from the host's (virtual) now, policy atEnd. With the 60 s
    // minimum reload interval, atEnd reloads at the last entry, 120 s after each fetch:
    // fetches at +0 s, +120 s, … +86280 s = 720 timeline calls (the one due at +86400 s, the
    // end, does not happen), plus 1 placeholder call = 721 provider calls. Entries shown: the
    // placeholder, entries 0 and 1 of each timeline (2 × 720) and entry 2 of all but the last
    // (it is shown at the moment of the next reload) = 1 + 1440 + 719 = 2160. Reloads: 1
    // initial, 719 policy.
    let row = try #require(lines.first { $0.hasPrefix("Good/systemSmall ") && !$0.contains("+") })
    #expect(
      row.split(separator: " ") == [
        "Good/systemSmall", "721", "2160", "1", "719", "0", "0", "0", "0", "0",
      ])
    #expect(lines.contains("+00:00:00  Good/systemSmall  reload (initial)"))
    #expect(lines.contains("+00:00:00  Good/systemSmall  placeholder shown for 0s"))
    #expect(lines.contains("+00:00:00  Good/systemSmall  entry shown for 1m: \"entry 0\""))
    #expect(lines.contains("+00:02:00  Good/systemSmall  reload (policy)"))
    #expect(lines.contains("+00:02:00  Good/systemSmall  entry shown for 0s: \"entry 2\""))
    #expect(lines.contains("+23:59:00  Good/systemSmall  entry shown for 1m: \"entry 1\""))
    #expect(lines.filter { $0.hasSuffix("reload (policy)") }.count == 719)
  }

  @Test func simulateADayOfTheFixtureWithTheDefaultBudget() throws {
    let result = try simulateGood()
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.components(separatedBy: "\n")
    // The default budget, 70 reloads the host makes on its own per 24 h (the initial one is
    // free): policy reloads at +120 s, +240 s, … +8400 s (the 70th); the 71st, due at
    // +8520 s, is deferred until the first budgeted reload leaves the window, +120 s + 24 h,
    // after the end. Provider calls: 1 placeholder + 1 initial + 70 = 72. Entries: the
    // placeholder, 3 per timeline (entry 2 of the last one stays shown) and that entry 2 again,
    // marked stale when its reload is deferred = 1 + 71 × 3 + 1 = 215.
    let row = try #require(lines.first { $0.hasPrefix("Good/systemSmall ") && !$0.contains("+") })
    #expect(
      row.split(separator: " ") == [
        "Good/systemSmall", "72", "215", "1", "70", "0", "0", "0", "1", "0",
      ])
    #expect(
      lines.contains(
        "+00:00:00  Good/systemSmall  timeline: 3 entries, next reload at +00:02:00, budget left 70"
      ))
    #expect(
      lines.contains(
        "+02:22:00  Good/systemSmall  warning budget-exhausted: Good: the refresh budget of 70 "
          + "reloads per 24 h is spent; the next reload waits until 2026-01-02T00:02:00Z"),
      "\(result.output)")
    #expect(lines.contains("+02:22:00  Good/systemSmall  entry shown for 21h 38m: \"entry 2\""))
  }

  @Test func twoSimulationsPrintTheSame() throws {
    // Later replies from another thread after 20 ms of real time; Fail fails and retries.
    let arguments = [
      "simulate", Self.fixture, "--kind", "Good", "--kind", "Fail", "--kind", "Later", "--for",
      "2h", "--start", Self.start,
    ]
    let first = try Products.run(arguments)
    let second = try Products.run(arguments)
    #expect(first.status == 4, "Fail never shows an entry of a timeline: \(first.errors)")
    #expect(first.output == second.output)
    #expect(first.output.contains("Fail/systemSmall   reload (retry)"), "\(first.output)")
    let json1 = try simulateGood(["--format", "json", "--kind", "Fail"])
    let json2 = try simulateGood(["--format", "json", "--kind", "Fail"])
    #expect(json1.output == json2.output)
  }

  @Test func simulateAsJSONIsTheStreamThenASummary() throws {
    let result = try simulateGood(["--format", "json", "--budget", "unlimited"])
    #expect(result.status == 0, "\(result.errors)")
    let all = result.output.split(separator: "\n").map(String.init)
    let summary = try #require(all.last)
    let lines = Array(all.dropLast())
    #expect(JSONSchemaValidator.stream.problems(in: summary, against: "summary.schema.json") == [])
    let expected: String = [
      #"{"end":"2026-01-02T00:00:00Z","instances":[{"deferred":0,"entries":2160,"errors":0,"#,
      #""instance":"Good/systemSmall","providerCalls":721,"#,
      #""reloads":{"initial":1,"interaction":0,"policy":719,"request":0,"retry":0}}],"#,
      #""start":"2026-01-01T00:00:00Z","type":"summary"}"#,
    ].joined()
    #expect(summary == expected)
    let events = try StreamChecks.events(lines)
    #expect(events.first?.time == RFC3339.date(from: Self.start))
    // The last entry at +23:59:00; the bundle is unloaded at the end of the span.
    #expect(events.dropLast().last.map { RFC3339.string(from: $0.time) } == "2026-01-01T23:59:00Z")
    #expect(events.last.map { RFC3339.string(from: $0.time) } == "2026-01-02T00:00:00Z")
    guard case .bundle(let unloaded)? = events.last?.payload else {
      Issue.record("the stream ends with the bundle unloaded")
      return
    }
    #expect(unloaded.event == .unloaded)
    let entries = StreamChecks.entries(events, instance: "Good/systemSmall")
    #expect(entries.count == 2160)
    #expect(entries.filter { $0.source == .placeholder }.count == 1)
    let reloads = events.filter { if case .reload = $0.payload { true } else { false } }
    #expect(reloads.count == 720)
  }

  @Test func simulateTheSystemStatusExample() throws {
    // Its values (uptime, load) are the machine's; its structure is the virtual clock's: 12
    // entries 5 s apart, atEnd, so a timeline every 60 s: 60 in an hour, plus the placeholder.
    let arguments = [
      "simulate", Products.systemStatus, "--for", "1h", "--start", Self.start, "--family",
      "accessoryInline", "--log-level", "warning",
    ]
    let result = try Products.run(arguments)
    #expect(result.status == 0, "\(result.errors)")
    let row = try #require(
      result.output.components(separatedBy: "\n").last { $0.hasPrefix("SystemStatus/") })
    #expect(row.split(separator: " ").dropFirst(1).first == "61", "\(row)")
    #expect(row.split(separator: " ").dropFirst(4).first == "59", "policy reloads: \(row)")
    let again = try Products.run(arguments)
    let table = { (output: String) in output.components(separatedBy: "\n").suffix(3) }
    #expect(table(result.output) == table(again.output))
  }

  @Test func simulateUsageErrors() throws {
    for (arguments, message) in [
      (["--for", "1 day"], "--for needs a whole number and a unit s, m, h or d"),
      (["--for", "10"], "--for needs a whole number"),
      ([], "--for DURATION is required"),
      (["--for", "1h", "--budget", "lots"], "--budget needs a number of reloads or unlimited"),
      (["--for", "1h", "--start", "yesterday"], "--start needs an RFC 3339 date"),
    ] {
      let result = try Products.run(["simulate", Self.fixture] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errors.hasPrefix("widget-host simulate: "), "\(result.errors)")
      #expect(result.errors.contains(message), "\(result.errors)")
      #expect(result.output.isEmpty)
    }
    let unlimited = try Products.run([
      "simulate", Self.fixture, "--kind", "Good", "--for", "90s", "--budget", "unlimited",
    ])
    #expect(unlimited.status == 0)
  }

  @Test func simulateShowsNoProgressWhenStandardErrorIsNotATerminal() throws {
    let result = try simulateGood()
    #expect(!result.errors.contains("simulating"))
    #expect(!result.errors.contains("\u{1B}["))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
      "script(1) gives the command a terminal"))
  func simulateShowsProgressOnATerminalAndErasesIt() throws {
    // script(1) runs the command with a pseudo-terminal as standard error; the result itself
    // goes to /dev/null. Without a budget the clock moves every minute, through every percent.
    let command =
      "'\(Products.widgetHost.path)' simulate '\(Self.fixture)' --kind Good --for 24h "
      + "--budget unlimited --start \(Self.start) > /dev/null"
    let result = try TestSupport.run(
      "/usr/bin/script", ["-qec", command, "/dev/null"])
    #expect(result.status == 0, "\(result.errors)")
    let terminal = result.output
    #expect(terminal.hasPrefix("\rsimulating 24h… 0%\u{1B}[K"), "\(terminal.debugDescription)")
    #expect(terminal.contains("\rsimulating 24h… 50%\u{1B}[K"))
    #expect(terminal.hasSuffix("\rsimulating 24h… 100%\u{1B}[K\r\u{1B}[K"))
  }
}
