import Foundation
import TestSupport
import Testing
import WidgetControl
import WidgetHostCore
import WidgetSchema

/// Configured instances with the real binary and the C fixture's `Configurable` kind, whose
/// entries show the configuration it received as `name=value` pairs, then `timeline=N`.
@Suite struct InstanceTests {
  static let fixture: String = {
    try! TestSupport.compileSharedLibrary(
      TestSupport.repositoryRoot.appendingPathComponent(
        "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c"),
      name: "libfixture.so"
    ).path
  }()

  /// The text of every timeline entry shown, by instance, from a JSON stream (each line checked
  /// against its schema).
  static func shown(_ output: String) throws -> [String: [String]] {
    let events = try StreamChecks.events(output.components(separatedBy: "\n"))
    var texts: [String: [String]] = [:]
    for event in events {
      guard let instance = event.instance, case .entry(let entry) = event.payload,
        entry.source == .timeline, case .text(let text) = entry.view,
        case .verbatim(let string)? = text.runs.first?.content
      else { continue }
      texts[instance, default: []].append(string)
    }
    return texts
  }

  static func configurations(_ output: String) throws -> [String: [String: JSONValue]] {
    let events = try StreamChecks.events(output.components(separatedBy: "\n"))
    var result: [String: [String: JSONValue]] = [:]
    for event in events {
      if let instance = event.instance, case .entry(let entry) = event.payload {
        result[instance] = entry.configuration
      }
    }
    return result
  }

  @Test func anInstanceShowsItsValuesWithDefaultsFilledIn() throws {
    let result = try Products.run([
      "run", Self.fixture, "--once",
      "--instance", "Configurable?animal=cat&count=3&day=2026-01-01T10:00:00%2B01:00",
    ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("Configurable/systemSmall · entry"), "\(result.output)")
    for pair in ["animal=cat(Cat)", "color=red", "count=3", "enabled=false", "title=Hi"] {
      #expect(result.output.contains(pair), "\(pair) in \(result.output)")
    }
    let json = try Products.run([
      "run", Self.fixture, "--once", "--format", "json",
      "--instance", "Configurable?animal=cat&count=3&day=2026-01-01T10:00:00%2B01:00",
    ])
    #expect(
      try Self.configurations(json.output)["Configurable/systemSmall"] == [
        "animal": .object(["identifier": .string("cat"), "display": .string("Cat")]),
        "color": .string("red"), "count": .number(3), "day": .string("2026-01-01T09:00:00Z"),
        "enabled": .bool(false), "title": .string("Hi"),
      ])
    #expect(
      try Self.shown(json.output)["Configurable/systemSmall"] == [
        "animal=cat(Cat) color=red count=3 day=2026-01-01T09:00:00Z enabled=false title=Hi "
          + "timeline=1"
      ])
  }

  @Test func twoInstancesOfOneKindShowTheirOwnValues() throws {
    let result = try Products.run([
      "run", Self.fixture, "--once", "--instance", "left=Configurable?animal=dog&color=green",
      "--instance", "Configurable/systemLarge?animal=whale&color=blue&title=Hello%20there",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let boxes = result.output.components(separatedBy: "╰")
    #expect(boxes.count == 3, "\(result.output)")
    let left = try #require(boxes.first { $0.contains("left · entry") }, "\(result.output)")
    #expect(left.contains("animal=dog(Dog)") && left.contains("color=green"))
    let large = try #require(
      boxes.first { $0.contains("Configurable/systemLarge · entry") }, "\(result.output)")
    #expect(large.contains("animal=whale(Whale)") && large.contains("title=Hello there"))
    #expect(!left.contains("whale") && !large.contains("dog"))
  }

  @Test func instancesWithTheSameConfigurationShareOneTimeline() throws {
    // The same values, written differently, and a third instance with its own.
    let result = try Products.run([
      "run", Self.fixture, "--once", "--format", "json",
      "--instance", "a=Configurable?animal=cat&count=1",
      "--instance", "b=Configurable?animal=cat&color=red",
      "--instance", "c=Configurable?animal=dog",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let shown = try Self.shown(result.output)
    let a = try #require(shown["a"]?.first)
    #expect(shown["b"] == [a], "one timeline call for a and b")
    #expect(a.hasSuffix("timeline=1") || a.hasSuffix("timeline=2"))
    let c = try #require(shown["c"]?.first)
    #expect(c.contains("animal=dog(Dog)") && c != a)
    #expect(Set([a, c].map { $0.suffix(10) }) == ["timeline=1", "timeline=2"], "two calls in all")
  }

  @Test func aHomeScreenFileListsTheInstances() throws {
    let home = TestSupport.temporaryDirectory("home").appendingPathComponent("home.json")
    try Data(
      """
      {"instances": [
        {"id": "left", "kind": "Configurable", "family": "systemSmall",
         "parameters": {"animal": "dog", "count": 2, "color": "green", "ratio": null}},
        {"id": "right", "kind": "Configurable", "family": "systemLarge",
         "parameters": {"animal": {"identifier": "panda"}, "enabled": true, "ratio": 0.5}},
        {"kind": "Good"}
      ]}
      """.utf8
    ).write(to: home)
    let result = try Products.run(["run", Self.fixture, "--home", home.path, "--once"])
    #expect(result.status == 0, "\(result.errors)")
    // Boxes come in the order their entries arrive.
    let boxes = result.output.components(separatedBy: "╰")
    #expect(boxes.count == 4, "\(result.output)")
    let left = try #require(boxes.first { $0.contains("left · entry") }, "\(result.output)")
    #expect(left.contains("animal=dog(Dog)") && left.contains("count=2"))
    #expect(left.contains("color=green") && !left.contains("ratio"))
    let right = try #require(boxes.first { $0.contains("right · entry") }, "\(result.output)")
    #expect(right.contains("animal=panda(Panda)") && right.contains("enabled=true"))
    #expect(right.contains("ratio=0.5"))
    #expect(boxes.contains { $0.contains("Good/systemSmall · entry") })

    // simulate and preview read the same file.
    let simulated = try Products.run([
      "simulate", Self.fixture, "--home", home.path, "--for", "1h",
      "--start", "2026-01-01T00:00:00Z",
    ])
    #expect(simulated.status == 0, "\(simulated.errors)")
    #expect(
      simulated.output.split(separator: "\n").contains {
        $0.contains(" right ") && $0.contains(#"entry shown for 1h: "animal=panda(Panda)"#)
      }, "\(simulated.output)")
    let preview = try Products.run([
      "preview", Self.fixture, "--instance", "Configurable?animal=panda&color=blue",
    ])
    #expect(preview.status == 0, "\(preview.errors)")
    #expect(preview.output.contains("animal=panda(Panda)") && preview.output.contains("color=blue"))
  }

  @Test func everyProblemIsReportedBeforeAnythingRuns() throws {
    let result = try Products.run([
      "run", Self.fixture, "--once", "--format", "json",
      "--instance",
      "Configurable?animal=lion&color=purple&count=x&bogus=1&enabled=yes&day=tomorrow&ratio=abc",
      "--instance", "Configurable/accessoryInline", "--instance", "Nope",
      "--instance", "Good?x=1", "--instance", "Configurable",
      "--instance", "t=Configurable?animal=cat&title=fail",
    ])
    #expect(result.status == 3)
    #expect(result.output.isEmpty, "no stream starts: \(result.output)")
    let lines = result.errors.split(separator: "\n").map(String.init)
    let expected = [
      "instance 'Configurable/accessoryInline': kind 'Configurable' does not support "
        + "accessoryInline (it supports: systemSmall, systemLarge)",
      "instance 'Nope': no widget kind 'Nope' in the given bundles (they have: Good,",
      "instance 'Good/systemSmall': kind 'Good' has a static configuration and takes no "
        + "parameters (given: 'x')",
      "instance 'Configurable/systemSmall': parameter 'bogus': kind 'Configurable' has no such "
        + "parameter (it has: title, count, ratio, enabled, day, color, animal)",
      "instance 'Configurable/systemSmall': parameter 'count': expects a whole number (int), "
        + "got 'x'",
      "instance 'Configurable/systemSmall': parameter 'ratio': expects a number (double), got 'abc'",
      "instance 'Configurable/systemSmall': parameter 'enabled': expects true or false, got 'yes'",
      "instance 'Configurable/systemSmall': parameter 'day': expects an RFC 3339 date such as "
        + "2026-01-01T09:00:00Z, got 'tomorrow'",
      "instance 'Configurable/systemSmall': parameter 'color': 'purple' is not one of its cases: "
        + "red, green, blue",
      "instance 'Configurable/systemSmall': parameter 'animal': 'lion' is not among the options "
        + "the bundle lists: cat (Cat), dog (Dog), panda (Panda)",
      "instance 'Configurable/systemSmall#2': parameter 'animal': missing required value of type "
        + "entity (one of: cat (Cat), dog (Dog), panda (Panda))",
      "instance 't': parameter 'animal': cannot check 'cat': the bundle could not list the "
        + "options: Configurable options: the provider failed: options backend down",
    ]
    #expect(lines.count == expected.count, "\(result.errors)")
    for (line, start) in zip(lines, expected) {
      #expect(line.hasPrefix("widget-host: error: " + start), "\(line)")
    }
  }

  @Test(arguments: [
    (["--instance", "Configurable?color"], "parameter 'color' has no value (expected NAME=VALUE)"),
    (["--instance", "Configurable/systemHuge"], "unknown family 'systemHuge'"),
    (["--instance", "Good", "--kind", "Good"], "--instance and --home choose the instances"),
    (["--home", "x.json", "--family", "systemSmall"], "drop --kind and --family"),
  ])
  func malformedSpecsAreUsageErrors(_ extra: [String], _ message: String) throws {
    let result = try Products.run(["run", Self.fixture, "--once"] + extra)
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("widget-host run: "), "\(result.errors)")
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test func aBadHomeScreenFileIsNamedWithItsJSONPath() throws {
    let home = TestSupport.temporaryDirectory("home").appendingPathComponent("home.json")
    try Data(#"{"instances": [{"kind": "Configurable", "famly": "systemSmall"}]}"#.utf8)
      .write(to: home)
    let result = try Products.run(["run", Self.fixture, "--home", home.path, "--once"])
    #expect(result.status == 3)
    #expect(
      result.errors
        == "widget-host: error: \(home.path): instances[0].famly: unknown field (expected id, "
        + "kind, family, renderingMode, page, parameters)\n")
    try Data(#"{"instances": [{"kind": "Configurable", "parameters": {"count": "3"}}]}"#.utf8)
      .write(to: home)
    let typed = try Products.run(["run", Self.fixture, "--home", home.path, "--once"])
    #expect(typed.status == 3)
    #expect(
      typed.errors.contains(
        #"instance 'Configurable/systemSmall': parameter 'count': expects a whole number (int), got "3""#
      ), "\(typed.errors)")
    let missing = try Products.run(["run", Self.fixture, "--home", "/nonexistent/h.json"])
    #expect(missing.status == 3)
    #expect(missing.errors == "widget-host: error: /nonexistent/h.json: no such file\n")
  }

  @Test func optionsListsEnumCasesAndTheBundlesOptions() throws {
    let text = try Products.run(["options", Self.fixture, "Configurable", "animal"])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output == "cat    Cat\ndog    Dog\npanda  Panda\n")
    let json = try Products.run([
      "options", Self.fixture, "Configurable", "animal", "--value", "color=blue", "--format",
      "json",
    ])
    #expect(json.status == 0, "\(json.errors)")
    let listing = try WidgetJSON.decode(ParameterOptionsListing.self, from: Data(json.output.utf8))
    #expect(listing.bundle == "local.fixture" && listing.type == .entity)
    #expect(listing.options.map(\.identifier) == ["cat", "dog", "panda", "whale"])
    #expect(listing.options.last?.display == "Whale")
    let cases = try Products.run(["options", Self.fixture, "Configurable", "color"])
    #expect(cases.output == "red    Red\ngreen  Green\nblue   Blue\n")
  }

  @Test(
    arguments: [
      (["Nope", "x"], 3, "no widget kind 'Nope' in "),
      (["Good", "x"], 3, "kind 'Good' has a static configuration: it has no parameters"),
      (["Configurable", "nope"], 3, "kind 'Configurable' has no parameter 'nope' (it has: title,"),
      (["Configurable", "title"], 3, "parameter 'title' of kind 'Configurable' is of type string"),
      (
        ["Configurable", "animal", "--value", "title=fail"], 4,
        "Configurable options: the provider failed: options backend down"
      ),
    ] as [([String], Int32, String)])
  func optionsErrors(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let result = try Products.run(["options", Self.fixture] + arguments)
    #expect(result.status == status)
    #expect(result.errors.hasPrefix("widget-host: error: " + message), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test func configureOverTheSocketChangesWhatIsShown() throws {
    let path = TestSupport.shortTemporaryPath() + "/host.sock"
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", Self.fixture, "--format", "json", "--sink", "socket:\(path)",
        "--instance", "left=Configurable?animal=cat", "--instance", "right=Configurable?animal=dog",
      ], environment: Products.environment)
    defer { host.interrupt() }
    #expect(host.waitFor(timeout: 30) { $0.contains { $0.contains("animal=dog(Dog)") } })
    let client = try ControlClient(endpoint: .unix(path))
    let listed = try client.request(ControlRequest(request: "list"))
    #expect(
      listed.instances?.first?.configuration?["animal"]
        == .object(["identifier": .string("cat"), "display": .string("Cat")]))

    // A bad value changes nothing; the reply names the instance, the parameter and the cases.
    do {
      _ = try client.request(
        ControlRequest(
          request: "configure", instance: "left", parameters: ["color": .string("purple")]))
      Issue.record("purple was accepted")
    } catch .refused(let failure) {
      #expect(failure.code == "invalid-value")
      #expect(
        failure.message
          == "instance 'left': parameter 'color': 'purple' is not one of its cases: red, green, blue"
      )
    } catch {
      Issue.record("\(error)")
    }
    do {
      _ = try client.request(
        ControlRequest(
          request: "configure", instance: "left", parameters: ["animal": .string("lion")]))
      Issue.record("lion was accepted")
    } catch .refused(let failure) {
      #expect(failure.code == "unknown-option", "\(failure.message)")
    } catch {
      Issue.record("\(error)")
    }

    // Now left becomes a blue whale; right keeps its dog.
    let configured = try client.request(
      ControlRequest(
        request: "configure", instance: "left",
        parameters: ["animal": .string("whale"), "color": .string("blue")]))
    #expect(configured.configured == "left")
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.contains { $0.contains(#""instance":"left""#) && $0.contains("animal=whale(Whale)") }
      }, "\(host.output.joined(separator: "\n"))")
    // Back to the default colour: the same configuration as right's but the animal.
    _ = try client.request(
      ControlRequest(
        request: "configure", instance: "left",
        parameters: ["color": .null, "animal": .string("dog")]))
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.last { $0.contains(#""instance":"left""#) && $0.contains(#""type":"entry""#) }?
          .contains("animal=dog(Dog) color=red") == true
      })
    let after = try client.request(ControlRequest(request: "list"))
    let left = try #require(after.instances?.first { $0.instance == "left" })
    let right = try #require(after.instances?.first { $0.instance == "right" })
    #expect(left.configuration == right.configuration)
    #expect(left.entry?.lines == right.entry?.lines, "left now shares right's timeline")
    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
    let events = try StreamChecks.events(host.output)
    let rightEntries = StreamChecks.entries(events, instance: "right").filter {
      $0.source == .timeline
    }
    #expect(rightEntries.count == 1, "right was never reloaded")
  }
}
