import Foundation
import TestSupport
import Testing
import WidgetControl
import WidgetHostCore
import WidgetSchema

/// Seed 000's wishes widget configured as the seed writes it: an `IntentConfiguration` whose
/// generated `ConfigurationIntent` has one parameter, `url` ("Server URL"). Each instance POSTs
/// to its own server; a value that is not a URL shows the localized fallback, never a crash.
@Suite struct WishesConfigurationTests {
  /// The wishes entry of `instance` in `events`, its drawn lines joined, white space collapsed.
  static func text(_ events: [StreamEvent], instance: String) throws -> String {
    let entry = try #require(
      StreamChecks.entries(events, instance: instance).last, "no entry for \(instance)")
    return LocalizationTests.collapsed(entry.lines.joined(separator: " "))
  }

  /// A server that answers every POST with wishes titled `title`.
  static func server(_ title: String) throws -> LocalHTTPServer {
    try LocalHTTPServer(body: #"{"data": {"title": "\#(title)", "content": "From \#(title)"}}"#)
  }

  @Test func instancesWithDifferentServersShowDifferentWishes() throws {
    let north = try Self.server("North")
    let south = try Self.server("South")
    defer {
      north.stop()
      south.stop()
    }
    let result = try Products.run([
      "run", LocalizationTests.wishes, "--once", "--format", "json", "--locale", "en",
      "--instance", LocalizationTests.instance(url: north.url("/wishes"), id: "left"),
      "--instance", LocalizationTests.instance(url: south.url("/south/wishes"), id: "right"),
      "--instance", LocalizationTests.instance(url: north.url("/wishes"), id: "again"),
    ])
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let left = try Self.text(events, instance: "left")
    let right = try Self.text(events, instance: "right")
    #expect(left.contains("North") && left.contains("From North"), "\(left)")
    #expect(right.contains("South") && right.contains("From South"), "\(right)")
    #expect(!left.contains("South") && !right.contains("North"))
    #expect(try Self.text(events, instance: "again") == left)
    // Each server was asked once: `again` has left's configuration, so it shares left's call.
    #expect(north.requests == [.init(method: "POST", path: "/wishes", body: "type=wishes")])
    #expect(south.requests == [.init(method: "POST", path: "/south/wishes", body: "type=wishes")])
  }

  @Test(arguments: ["not a url", "", "ftp://127.0.0.1/wishes", "http:///wishes"])
  func aValueThatIsNotAServerURLShowsTheFallback(_ value: String) throws {
    let (text, entry, events) = try LocalizationTests.run(["--locale", "en"], url: value)
    #expect(entry.source == .timeline)
    #expect(text.contains("Today's wish"))
    #expect(text.contains("Couldn't load today's wish. Trying again in an hour."))
    // As for a server that is down: one entry an hour on, and the next try after it.
    let timeline = try #require(
      events.compactMap { event -> TimelineEvent? in
        guard case .timeline(let timeline) = event.payload else { return nil }
        return timeline
      }.first)
    #expect(timeline.policy == .after(entry.date))
    let started = try #require(events.first?.time)
    #expect(abs(entry.date.timeIntervalSince(started) - 3600) < 60)
    let problems = events.filter { event in
      if case .error = event.payload { true } else { false }
    }
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func theServerURLIsAParameterWithADefault() throws {
    let result = try Products.run(["inspect", "--json", LocalizationTests.wishes])
    #expect(result.status == 0, "\(result.errors)")
    let manifest = try WidgetJSON.decode(BundleManifest.self, from: Data(result.output.utf8))
    let kind = try #require(manifest.kinds.first { $0.kind == "wishesWidget" })
    #expect(
      kind.configuration
        == .intent(
          IntentSchema(
            intent: "ConfigurationIntent", title: "Configuration",
            parameters: [
              ParameterSchema(
                name: "url", title: "Server URL", type: .string,
                default: .string("http://127.0.0.1:8787/wishes"))
            ])))
    // An instance may only name the parameters the intent has.
    let unknown = try Products.run([
      "run", LocalizationTests.wishes, "--once", "--instance", "wishesWidget?city=Paris",
    ])
    #expect(unknown.status != 0)
    #expect(unknown.errors.contains("city"), "\(unknown.errors)")
  }

  @Test func configuringAnotherServerOverTheSocketShowsItsWishes() throws {
    let north = try Self.server("North")
    let south = try Self.server("South")
    defer {
      north.stop()
      south.stop()
    }
    let path = TestSupport.shortTemporaryPath() + "/host.sock"
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", LocalizationTests.wishes, "--format", "json", "--locale", "en",
        "--sink", "socket:\(path)",
        "--instance", LocalizationTests.instance(url: north.url("/wishes"), id: "home"),
      ], environment: Products.environment)
    defer { host.interrupt() }
    #expect(host.waitFor(timeout: 30) { $0.contains { $0.contains("From North") } })
    let client = try ControlClient(endpoint: .unix(path))
    let configured = try client.request(
      ControlRequest(
        request: "configure", instance: "home",
        parameters: ["url": .string(south.url("/wishes"))]))
    #expect(configured.configured == "home")
    #expect(
      host.waitFor(timeout: 30) { $0.contains { $0.contains("From South") } },
      "\(host.output.joined(separator: "\n"))")
    #expect(south.requests.count == 1)
    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
  }
}
