import Foundation
import TestSupport
import Testing
import WidgetHostCore
import WidgetRendering
import WidgetSchema

/// Live Activities with real processes: a host runs the Delivery bundle with its control socket;
/// the DeliveryApp example (ActivityKit) and `widget-host activity` start, update and end a
/// delivery's activity; the stream, the terminal and the bar show it (docs/activities.md).
@Suite(.serialized) struct LiveActivityTests {
  static let app = TestSupport.product("DeliveryApp")

  /// Delivery.widgetbundle, assembled once.
  static let bundle: String = {
    let folder = TestSupport.temporaryDirectory("activity-bundles")
    let result = try! TestSupport.run(
      Products.widgetHost.path,
      [
        "assemble", TestSupport.product("libDelivery.so").path, "--output", folder.path, "--id",
        "dev.widget-host.examples.delivery",
      ])
    precondition(result.status == 0, "assemble failed: \(result.errors)")
    return folder.appendingPathComponent("Delivery.widgetbundle").path
  }()

  /// A fresh environment: its own runtime folder (the default socket) and state.
  static func environment() -> [String: String] {
    var environment = AppGroupTests.environment()
    environment["TZ"] = "UTC"
    return environment
  }

  /// Starts a host with the socket, once its widget shows a timeline entry (before that, the
  /// host answers requests with `not-running`).
  static func startHost(
    mode: Products.Mode = Products.defaultMode, format: String = "json",
    environment: [String: String]
  ) throws -> LiveProcess {
    let host = try LiveProcess(
      Products.widgetHost, mode,
      ["run", bundle, "--format", format, "--sink", "socket", "--color", "never"],
      environment: environment)
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.contains {
          format == "json"
            ? $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#)
            : $0.hasPrefix("DeliveryWidget/systemSmall · entry")
        }
      }, "the host shows its widget: \(host.errors)")
    return host
  }

  static func runApp(_ arguments: [String], environment: [String: String]) throws
    -> TestSupport.ProcessResult
  {
    try TestSupport.run(app.path, arguments, environment: environment)
  }

  /// The activity events of `host`'s JSON stream so far, each checked against its schema.
  static func activities(_ host: LiveProcess) throws -> [ActivityEvent] {
    try StreamChecks.events(host.output).compactMap { event in
      guard case .activity(let activity) = event.payload else { return nil }
      #expect(event.instance == nil)
      return activity
    }
  }

  /// Waits until `host` has streamed `count` activity events.
  static func waitForActivities(_ count: Int, _ host: LiveProcess) -> Bool {
    host.waitFor(timeout: 20) { lines in
      lines.filter { $0.contains(#""type":"activity""#) }.count >= count
    }
  }

  static func text(_ presentation: DrawnPresentation?) -> String {
    (presentation?.lines ?? []).joined(separator: "\n")
  }

  @Test(arguments: Products.Mode.allCases)
  func anAppStartsUpdatesAndEndsAnActivity(_ mode: Products.Mode) throws {
    let environment = Self.environment()
    let host = try Self.startHost(mode: mode, environment: environment)
    defer { host.interrupt() }

    let start = try Self.runApp(
      ["start", "42", "Noodle Bar", "Sam", "3"], environment: environment)
    #expect(start.status == 0, "\(start.errors)")
    let id = start.output.trimmingCharacters(in: .newlines)
    #expect(UUID(uuidString: id) != nil, "start prints the id: \(start.output)")
    #expect(Self.waitForActivities(1, host), "\(host.errors)")

    let update = try Self.runApp(["update", id, "Sam", "1"], environment: environment)
    #expect(update.status == 0 && update.errors == "", "\(update.errors)")
    #expect(Self.waitForActivities(2, host))
    let listed = try Self.runApp(["list"], environment: environment)
    #expect(listed.output == "\(id) #42 active 1 stops\n")
    let cli = try Products.run(["activity", "list", "--json"], environment: environment)
    let infos = try WidgetJSON.decode([ActivityInfo].self, from: Data(cli.output.utf8))
    #expect(infos.map(\.id) == [id])
    #expect(infos.first?.attributesType == "DeliveryAttributes")
    #expect(infos.first?.bundle == "dev.widget-host.examples.delivery")

    let end = try Self.runApp(["end", id, "--now"], environment: environment)
    #expect(end.status == 0 && end.errors == "", "\(end.errors)")
    #expect(Self.waitForActivities(4, host))
    #expect(try Products.run(["activity", "list"], environment: environment).output == "")

    let events = try Self.activities(host)
    try #require(events.map(\.event) == [.started, .updated, .ended, .dismissed])
    #expect(Set(events.map(\.activity.id)) == [id])
    let started = try #require(events.first?.presentations)
    #expect(Self.text(started.lockScreen).contains("Noodle Bar"))
    #expect(Self.text(started.lockScreen).contains("#42"))
    #expect(Self.text(started.lockScreen).contains("Sam: 3 stop(s) away"))
    #expect(started.compactText == "⚲ 3 away")
    #expect(Self.text(started.expanded).contains("Sam is bringing order #42"))
    #expect(Self.text(started.minimal).contains("3"))
    #expect(started.keylineTint == ColorValue(name: "orange"))
    // The banner is as tall as its content (with a row of margin), as on iOS.
    #expect(started.lockScreen.lines.count < 10)
    let updated = Self.text(events[1].presentations?.lockScreen)
    let ended = Self.text(events[2].presentations?.lockScreen)
    #expect(updated.contains("Sam: 1 stop(s) away"))
    #expect(ended.contains("Sam is at your door"))
    #expect(events[2].activity.status == .ended)
    #expect(events[2].activity.dismissAt == events[2].activity.ended)
    #expect(events[3].activity.status == .dismissed && events[3].presentations == nil)
  }

  @Test func theTerminalShowsABoxAndTheBarABlock() throws {
    let environment = Self.environment()
    let host = try Self.startHost(format: "text", environment: environment)
    defer { host.interrupt() }
    let start = try Self.runApp(
      ["start", "7", "Pizza Place", "Ana", "2"], environment: environment)
    #expect(start.status == 0, "\(start.errors)")
    #expect(
      host.waitFor(timeout: 20) { lines in
        lines.contains("activity DeliveryAttributes · started · ◖⚲ 2 away◗")
          && lines.contains { $0.contains("Ana: 2 stop(s) away") }
      }, "\(host.output.joined(separator: "\n"))")
    host.interrupt()
    #expect(host.wait() == 0)

    // A restarted host with the i3bar format shows the activity kept in its state as a block.
    let bar = try LiveProcess(
      Products.widgetHost, Products.defaultMode, ["run", Self.bundle, "--format", "i3bar"],
      environment: environment)
    defer { bar.interrupt() }
    #expect(
      bar.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""full_text":"⚲ 2 away""#) }
      }, "\(bar.output) \(bar.errors)")
    let line = try #require(bar.output.last { $0.contains("⚲ 2 away") })
    let json = line.hasPrefix(",") ? String(line.dropFirst()) : line
    #expect(
      JSONSchemaValidator.statusBars.problems(Data(json.utf8), against: "i3bar-blocks.schema.json")
        == [])
    #expect(line.contains(##""color":"#ff9f0a""##), "the keyline tint: \(line)")
  }

  /// `widget-host bar --activities`: a Waybar module of the most relevant activity, empty (so
  /// hidden) while none is shown.
  @Test func aWaybarModuleShowsTheMostRelevantActivity() throws {
    let environment = Self.environment()
    let host = try Self.startHost(environment: environment)
    defer { host.interrupt() }
    let bar = try LiveProcess(
      Products.widgetHost, ["bar", "--format", "waybar", "--activities"], environment: environment)
    defer { bar.interrupt() }
    func updates() throws -> [WaybarSink.Update] {
      try bar.output.map { line in
        #expect(
          JSONSchemaValidator.statusBars.problems(Data(line.utf8), against: "waybar.schema.json")
            == [], "\(line)")
        return try WidgetJSON.decode(WaybarSink.Update.self, from: Data(line.utf8))
      }
    }
    #expect(bar.waitFor(timeout: 20) { !$0.isEmpty }, "\(bar.errors)")
    #expect(try updates().last?.text == "", "nothing shown: an empty module")
    let low = try Products.run(
      [
        "activity", "start", "DeliveryAttributes", "--attributes",
        #"{"orderNumber":"1","restaurant":"A"}"#, "--state",
        #"{"courier":"Lo","stopsAway":7,"arrival":"2026-12-07T12:00:00Z"}"#,
      ], environment: environment)
    #expect(low.status == 0, "\(low.errors)")
    #expect(bar.waitFor(timeout: 20) { $0.contains { $0.contains("7 away") } }, "\(bar.output)")
    let high = try Products.run(
      [
        "activity", "start", "DeliveryAttributes", "--attributes",
        #"{"orderNumber":"2","restaurant":"B"}"#, "--state",
        #"{"courier":"Hi","stopsAway":2,"arrival":"2026-12-07T12:00:00Z"}"#, "--relevance", "50",
      ], environment: environment)
    let highID = high.output.trimmingCharacters(in: .newlines)
    #expect(bar.waitFor(timeout: 20) { $0.contains { $0.contains("2 away") } }, "\(bar.output)")
    let shown = try #require(try updates().last)
    #expect(shown.class == ["activity", "DeliveryAttributes", "active"])
    #expect(shown.tooltip.contains("Hi: 2 stop(s) away"), "\(shown.tooltip)")
    // The less relevant one is shown again once the other goes.
    let end = try Products.run(
      ["activity", "end", highID, "--dismissal", "immediate"], environment: environment)
    #expect(end.status == 0)
    #expect(
      bar.waitFor(timeout: 20) { lines in lines.last?.contains("7 away") == true },
      "\(bar.output)")
  }

  /// `widget-host activity --help`'s examples run in order, `ID` the id `start` printed.
  @Test func theHelpExamplesRun() throws {
    let environment = Self.environment()
    let host = try Self.startHost(environment: environment)
    defer { host.interrupt() }
    let help = try Products.run(["activity", "--help"], environment: environment).output
    let examples = help.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { $0.hasPrefix("widget-host activity ") }
    #expect(examples.count == 4, "\(help)")
    var id = ""
    for example in examples {
      let arguments = HelpExampleTests.words(
        example.replacingOccurrences(of: " ID ", with: " \(id) ")
      )
      .dropFirst()
      let result = try Products.run(Array(arguments), environment: environment)
      #expect(result.status == 0, "\(example): \(result.errors)")
      if arguments.dropFirst().first == "start" {
        id = result.output.trimmingCharacters(in: .newlines)
      }
    }
    #expect(UUID(uuidString: id) != nil)
    #expect(Self.waitForActivities(4, host), "started, updated, ended, dismissed")
    #expect(try Self.activities(host).map(\.event) == [.started, .updated, .ended, .dismissed])
  }

  @Test func aStaleDateMarksItStale() throws {
    let environment = Self.environment()
    let host = try Self.startHost(environment: environment)
    defer { host.interrupt() }
    let id = try Self.runApp(["start", "9", "Deli", "Bo", "4"], environment: environment).output
      .trimmingCharacters(in: .newlines)
    let update = try Self.runApp(
      ["update", id, "Bo", "2", "--stale-in", "1"], environment: environment)
    #expect(update.status == 0, "\(update.errors)")
    #expect(Self.waitForActivities(3, host), "\(host.errors)")
    let events = try Self.activities(host)
    try #require(events.map(\.event) == [.started, .updated, .stale])
    #expect(events[2].activity.status == .stale)
    let stale = Self.text(events[2].presentations?.lockScreen)
    #expect(stale.contains("Waiting for news…"))
    // A stale activity still takes updates; fresh content makes it active again.
    #expect(try Self.runApp(["update", id, "Bo", "1"], environment: environment).status == 0)
    #expect(Self.waitForActivities(4, host))
    #expect(try Self.activities(host).last?.activity.status == .active)
  }

  @Test func activitiesSurviveARestartUntilTheyAreDismissed() throws {
    let environment = Self.environment()
    var host = try Self.startHost(environment: environment)
    let id = try Self.runApp(["start", "5", "Tacos", "Cy", "6"], environment: environment).output
      .trimmingCharacters(in: .newlines)
    #expect(Self.waitForActivities(1, host))
    host.interrupt()
    #expect(host.wait() == 0)

    // The app is gone and so is the host; a new host shows the activity again.
    host = try Self.startHost(environment: environment)
    #expect(Self.waitForActivities(1, host), "\(host.errors)")
    var events = try Self.activities(host)
    #expect(events.map(\.event) == [.started])
    #expect(events.first?.restored == true)
    #expect(events.first?.activity.id == id)
    let restored = Self.text(events.first?.presentations?.lockScreen)
    #expect(restored.contains("Cy: 6 stop(s) away"))

    // Ended with the default policy, it is still shown after another restart, as ended.
    #expect(try Self.runApp(["end", id], environment: environment).status == 0)
    #expect(Self.waitForActivities(2, host))
    host.interrupt()
    #expect(host.wait() == 0)
    host = try Self.startHost(environment: environment)
    defer { host.interrupt() }
    #expect(Self.waitForActivities(1, host))
    events = try Self.activities(host)
    #expect(events.first?.activity.status == .ended)
    #expect(events.first?.restored == true)
    let ended = try Products.run(
      ["activity", "update", id, "--state", "{}"], environment: environment)
    #expect(ended.status == 1)
    #expect(
      ended.errors
        == "widget-host: activity \(id) has ended; an ended activity takes no more updates "
        + "(activity-ended)\n")
  }

  @Test func badRequestsAreRefusedWithTheirReason() throws {
    let environment = Self.environment()
    let host = try Self.startHost(environment: environment)
    defer { host.interrupt() }
    func activity(_ arguments: [String]) throws -> TestSupport.ProcessResult {
      try Products.run(["activity"] + arguments, environment: environment)
    }
    let unknown = try activity(["start", "PizzaAttributes", "--state", "{}"])
    #expect(unknown.status == 1)
    #expect(
      unknown.errors
        == "widget-host: no bundle draws activities of type 'PizzaAttributes' (types: "
        + "DeliveryAttributes) (unknown-activity-type)\n")

    let large = String(repeating: "x", count: 5000)
    let tooLarge = try activity([
      "start", "DeliveryAttributes", "--state", #"{"courier":"\#(large)"}"#,
    ])
    #expect(tooLarge.status == 1)
    #expect(tooLarge.errors.contains("may be at most 4096 bytes (payload-too-large)"))

    // The state does not decode as the bundle's ContentState: the bundle says so.
    let malformed = try activity([
      "start", "DeliveryAttributes", "--attributes", #"{"orderNumber":"1","restaurant":"R"}"#,
      "--state", #"{"courier":5}"#,
    ])
    #expect(malformed.status == 1)
    #expect(malformed.errors.contains("does not decode as ContentState"), "\(malformed.errors)")

    let missing = try activity([
      "update", "00000000-0000-0000-0000-000000000000", "--state", "{}",
    ])
    #expect(
      missing.errors
        == "widget-host: no activity '00000000-0000-0000-0000-000000000000' is shown "
        + "(unknown-activity)\n")

    // Updates beyond the burst of 10 are refused until the bucket refills.
    let id = try Self.runApp(["start", "1", "R", "Di", "9"], environment: environment).output
      .trimmingCharacters(in: .newlines)
    let updates = try (0..<15).map { stops in
      try activity([
        "update", id, "--state",
        #"{"courier":"Di","stopsAway":\#(stops),"arrival":"2026-12-07T12:00:00Z"}"#,
      ])
    }
    #expect(updates.prefix(10).allSatisfy { $0.status == 0 }, "\(updates.map(\.errors))")
    let refused = try #require(updates.first { $0.status == 1 }, "an update was refused")
    #expect(refused.errors.contains("may be updated about once a second"))
    #expect(refused.errors.hasSuffix("(rate-limited)\n"), "\(refused.errors)")

    // Usage errors: exit 2, one line.
    for (arguments, message) in [
      (["start", "T", "--state", "[1]"], "--state needs a JSON object, not '[1]'"),
      (["start", "T"], "start needs --state JSON"),
      (["list", "--state", "{}"], "--state applies to start, update or end"),
      (["end", "x", "--dismissal", "later"], "--dismissal takes default, immediate or an RFC"),
      (["stop"], "unknown action 'stop' (actions: start, update, end, list)"),
    ] {
      let result = try activity(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
    }
  }

  @Test func previewShowsTheDeclaredActivityPreviews() throws {
    let text = try Products.run(["preview", Self.bundle])
    #expect(text.status == 0, "\(text.errors)")
    #expect(
      text.output.contains("DeliveryAttributes · activity (dev.widget-host.examples.delivery)"))
    #expect(text.output.contains("#Preview \"Notification\" · content\n1/2"), "\(text.output)")
    #expect(text.output.contains("Sam is at your door"))
    #expect(text.output.contains("⚲    ● 3 away"), "\(text.output)")

    let json = try Products.run(["preview", Self.bundle, "--format", "json"])
    #expect(json.status == 0)
    let lines = json.output.split(separator: "\n").map(String.init)
    let activities = try lines.filter { $0.contains(#""type":"activity-preview""#) }.map { line in
      #expect(
        JSONSchemaValidator.stream.problems(
          Data(line.utf8), against: "activity-preview.schema.json") == [], "\(line)")
      return try WidgetJSON.decode(ActivityPreviewItem.self, from: Data(line.utf8))
    }
    #expect(activities.map(\.name) == ["Notification", "Island"])
    #expect(activities.map(\.viewKind) == [.content, .compact])
    #expect(activities.first?.states.count == 2)
    #expect(activities.last?.states.first?.compactText == "⚲ 3 away")
    // The widgets' lines come first, as before.
    #expect(lines.first?.contains(#""type":"preview""#) == true)
  }

  /// `validate` checks the activity type too: its previews draw, and malformed content is
  /// refused cleanly (the SDK cannot decode a number as the attributes).
  @Test(.enabled(if: Products.defaultMode == .worker))
  func validateChecksTheActivityType() throws {
    let result = try Products.run(
      ["validate", Self.bundle], environment: IsolationTests.isolatedEnvironment())
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    let line = try #require(
      result.output.split(separator: "\n").first { $0.contains(" activities ") })
    #expect(line.contains("PASS"), "\(line)")
    #expect(
      line.contains(
        "1 Live Activity types: 3 preview states drawn, malformed content refused cleanly"),
      "\(line)")
  }

  /// ActivityKit's update sequences (`activityStateUpdates`, `contentUpdates`,
  /// `activityUpdates`) follow the host's events, whoever caused them.
  @Test func anAppFollowsItsActivitiesChanges() throws {
    let environment = Self.environment()
    // Started before the host: it listens once the host is there.
    let newOnes = try LiveProcess(Self.app, ["follow"], environment: environment)
    defer { newOnes.interrupt() }
    #expect(newOnes.waitFor(timeout: 10) { $0.contains("following new deliveries") })
    let host = try Self.startHost(environment: environment)
    defer { host.interrupt() }

    let start = try Self.runApp(
      ["start", "7", "Pizza Place", "Ann", "4"], environment: environment)
    let id = start.output.trimmingCharacters(in: .newlines)
    #expect(start.status == 0, "\(start.errors)")
    #expect(
      newOnes.waitFor(timeout: 10) { $0.contains("new \(id) #7") },
      "activityUpdates: \(newOnes.output) \(newOnes.errors)")

    let follower = try LiveProcess(Self.app, ["follow", id], environment: environment)
    #expect(follower.waitFor(timeout: 10) { $0.contains("following \(id)") })
    // Another program updates it: the app hears of it.
    let update = try Products.run(
      [
        "activity", "update", id, "--state",
        #"{"courier":"Ann","stopsAway":2,"arrival":"2026-12-07T12:30:00Z"}"#,
      ],
      environment: environment)
    #expect(update.status == 0, "\(update.errors)")
    #expect(
      follower.waitFor(timeout: 10) { $0.contains("content Ann 2 stops") },
      "contentUpdates: \(follower.output) \(follower.errors)")
    let end = try Self.runApp(["end", id, "--now"], environment: environment)
    #expect(end.status == 0, "\(end.errors)")
    // The sequences finish once the activity is dismissed, and so does the app.
    #expect(follower.wait(timeout: 10) == 0, "\(follower.errors)")
    // Each sequence in order; the two print from different tasks, so they interleave.
    let lines = follower.output
    #expect(lines.first == "following \(id)")
    #expect(
      lines.filter { $0.hasPrefix("content") } == ["content Ann 2 stops", "content Ann 0 stops"])
    #expect(lines.filter { $0.hasPrefix("state") } == ["state ended", "state dismissed"])
    #expect(lines.count == 5, "\(lines)")
    // An activity shown before the sequence began is not new to it.
    #expect(newOnes.output == ["following new deliveries", "new \(id) #7"])
  }

  @Test func anAppWithoutAHostIsToldWhereItLooked() throws {
    let environment = Self.environment()
    let socket = environment["XDG_RUNTIME_DIR"]! + "/widget-host/widget-host.sock"
    let start = try Self.runApp(["start", "1", "R", "C", "1"], environment: environment)
    #expect(start.status == 1)
    #expect(start.errors.hasPrefix("DeliveryApp: no widget-host is listening on \(socket) "))
    #expect(try Self.runApp(["list"], environment: environment).output == "")
  }

  /// A host with a token takes an app's requests and subscription when the app has the same
  /// `$WIDGET_HOST_TOKEN`, and refuses them without it.
  @Test func anAppSendsTheHostsToken() throws {
    var environment = Self.environment()
    environment["WIDGET_HOST_TOKEN"] = "s3cret-token"
    let host = try Self.startHost(environment: environment)
    defer { host.interrupt() }
    let start = try Self.runApp(["start", "5", "Bagels", "Jo", "2"], environment: environment)
    #expect(start.status == 0, "\(start.errors)")
    let id = start.output.trimmingCharacters(in: .newlines)
    let follower = try LiveProcess(Self.app, ["follow", id], environment: environment)
    #expect(follower.waitFor(timeout: 10) { $0.contains("following \(id)") })
    #expect(try Self.runApp(["end", id, "--now"], environment: environment).status == 0)
    #expect(follower.wait(timeout: 10) == 0, "the subscription authenticated: \(follower.errors)")
    #expect(follower.output.contains("state dismissed"))

    var without = environment
    without["WIDGET_HOST_TOKEN"] = nil
    let refused = try Self.runApp(["start", "6", "Bagels", "Jo", "2"], environment: without)
    #expect(refused.status == 1)
    let socket = environment["XDG_RUNTIME_DIR"]! + "/widget-host/widget-host.sock"
    #expect(
      refused.errors.hasPrefix(
        "DeliveryApp: the widget-host on \(socket) has a token and this app's WIDGET_HOST_TOKEN "
          + "is not set"), "\(refused.errors)")
  }
}

extension WebPageTests {
  // In WebPageTests' serialized suite: one Chromium at a time on the machine.
  /// In a real Chromium, the page shows the banner above the home screen as the pixel renderer
  /// draws it, and removes it when the activity goes; `--pictures` keeps a file of it meanwhile.
  @Test func theWebPageShowsTheBannerAndThePicturesFolderAFile() async throws {
    let environment = LiveActivityTests.environment()
    let port = try WebClient.freePort()
    let pictures = TestSupport.temporaryDirectory("activity-pictures")
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", LiveActivityTests.bundle, "--format", "json", "--sink", "socket", "--sink",
        "web:\(port)",
        "--pictures", pictures.path,
      ], environment: environment)
    defer { host.interrupt() }
    #expect(
      host.waitFor(timeout: 60) { lines in
        lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }
      }, "\(host.errors)")
    let id = try LiveActivityTests.runApp(
      ["start", "8", "Sushi Go", "Kim", "4"], environment: environment
    )
    .output.trimmingCharacters(in: .newlines)
    #expect(LiveActivityTests.waitForActivities(1, host))
    let file = pictures.appendingPathComponent("activity_\(id).png")
    #expect(
      try await TestSupport.eventually(within: 20) {
        FileManager.default.fileExists(atPath: file.path)
      })

    let browser = try WebDriver()
    try browser.open("http://127.0.0.1:\(port)/")
    #expect(
      browser.waitUntil(
        "return !!document.querySelector('figure.activity[data-activity=\"\(id)\"][data-drawn]')"),
      "the page shows the banner")
    let rect = try #require(
      try browser.run(
        "const r = document.querySelector('figure.activity img').getBoundingClientRect();"
          + " return [r.x, r.y, r.width];") as? [Double])
    #expect(rect[2] == 364, "the banner is 364 points wide: \(rect)")
    let before = try WebClient.request(
      "GET", "/api/activity-picture?activity=\(id)&scale=2", port: port
    ).body
    let screenshot = try PNGImage(decoding: try browser.screenshot())
    let after = try WebClient.request(
      "GET", "/api/activity-picture?activity=\(id)&scale=2", port: port
    ).body
    let best = try [before, after].map {
      WebPageTests.compare(
        screenshot, at: WebPageTests.pixels((rect[0], rect[1])), with: try PNGImage(decoding: $0),
        wallpaper: (233, 233, 238))
    }.max { $0.close < $1.close }!
    #expect(best.close >= 0.99 && best.mean <= 3, "\(best)")
    let missing = try WebClient.request("GET", "/api/activity-picture?activity=nope", port: port)
    #expect(missing.status == 404)

    #expect(
      try LiveActivityTests.runApp(["end", id, "--now"], environment: environment).status == 0)
    #expect(
      browser.waitUntil("return !document.querySelector('figure.activity')"),
      "the banner goes with the activity")
    #expect(
      try await TestSupport.eventually(within: 20) {
        !FileManager.default.fileExists(atPath: file.path)
      })

    // The Clear button beside a banner, in the bundle's system action colour (white): a click
    // ends the activity and dismisses it, as swiping it away does on iOS.
    let second = try LiveActivityTests.runApp(
      ["start", "9", "Taco Town", "Lee", "2"], environment: environment
    )
    .output.trimmingCharacters(in: .newlines)
    let button =
      "document.querySelector('figure.activity[data-activity=\"\(second)\"][data-drawn] .clear')"
    #expect(browser.waitUntil("return !!\(button)"), "the banner has its Clear button")
    #expect(
      try browser.run("return getComputedStyle(\(button)).color") as? String
        == "rgb(255, 255, 255)")
    let center = try #require(
      try browser.run(
        "const r = \(button).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];"
      ) as? [Double])
    try browser.click(x: center[0], y: center[1])
    #expect(
      browser.waitUntil("return !document.querySelector('figure.activity')"),
      "the cleared banner goes")
    #expect(
      host.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""event":"dismissed""#) && $0.contains(second) }
      })
    let cleared = try LiveActivityTests.activities(host).filter { $0.activity.id == second }
    #expect(cleared.map(\.event) == [.started, .ended, .dismissed])
    #expect(try Products.run(["activity", "list"], environment: environment).output == "")
    // Bad clears are refused with their reason.
    let unknown = try WebClient.json(
      "POST", "/api/activity-clear", port: port, ["activity": "nope"])
    #expect(unknown.status == 404)
    let notJSON = try WebClient.request(
      "POST", "/api/activity-clear", port: port, headers: ["Content-Type": "text/plain"],
      body: Array("nope".utf8))
    #expect(notJSON.status == 415)
    let malformed = try WebClient.request(
      "POST", "/api/activity-clear", port: port, headers: ["Content-Type": "application/json"],
      body: Array("{}".utf8))
    #expect(malformed.status == 400)
    #expect(
      String(decoding: malformed.body, as: UTF8.self).trimmingCharacters(in: .newlines)
        == #"a clear is {"activity": ID}: missing field 'activity'"#)
  }
}
