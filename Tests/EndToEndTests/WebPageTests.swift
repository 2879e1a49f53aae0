import Foundation
import TestSupport
import Testing
import WidgetControl
import WidgetHostCore
import WidgetRendering
import WidgetSchema

/// The web sink with the real binaries (docs/web.md): `run --sink web` serves the home-screen
/// page, its files and endpoints refuse bad requests, and in a real headless Chromium the page
/// shows each widget as the pixel renderer draws it, taps what a click lands on and follows the
/// stream without reloading.
@Suite(.serialized) struct WebPageTests {
  /// The instances every host here shows, in this order: the demo's Clock and SystemStatus,
  /// Examples/Counter (an App Group and buttons) and seed 000's wishes widget (a widgetURL).
  static let instances = [
    "TestWidget/systemSmall", "SystemStatus/systemSmall", "Counter/systemSmall",
    "wishesWidget/systemMedium",
  ]

  /// A host serving the page on a free port, with its stream on standard output, its pictures
  /// (`--pictures`) in a folder and its control socket, in a fresh environment.
  struct Host {
    let process: LiveProcess
    let port: UInt16
    let pictures: URL
    let socket: String
    let environment: [String: String]
    let opened: URL

    /// `home`: a home-screen file showing `shown` instead of ``WebPageTests/instances``.
    init(
      web: String? = nil, _ extra: [String] = [], home: URL? = nil,
      shown: [String] = WebPageTests.instances
    ) throws {
      let port = try WebClient.freePort()
      self.port = port
      pictures = TestSupport.temporaryDirectory("pictures")
      socket = TestSupport.shortTemporaryPath() + "/host.sock"
      opened = TestSupport.temporaryDirectory("opened").appendingPathComponent("urls")
      environment = Products.environment
      var arguments = [
        "run", Products.clock, Products.systemStatus, Products.counter,
        TestSupport.product("libWishes.so").path,
      ]
      if let home {
        arguments += ["--home", home.path]
      } else {
        for instance in WebPageTests.instances { arguments += ["--instance", instance] }
      }
      arguments += [
        "--sink", web ?? "web:\(port)", "--sink", "socket:\(socket)", "--format", "json",
        "--pictures", pictures.path, "--on-open-url", "echo \"$1\" >> '\(opened.path)'",
      ]
      process = try LiveProcess(
        Products.widgetHost, Products.defaultMode, arguments + extra, environment: environment)
      let drawn = process.waitFor(timeout: 90) { lines in
        shown.allSatisfy { id in
          lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""instance":"\#(id)""#) }
        }
      }
      try #require(drawn, "the host showed every instance: \(process.errors)")
    }

    var events: [StreamEvent] {
      get throws { try StreamChecks.events(process.output) }
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> WebClient.Response {
      try WebClient.request("GET", path, port: port, headers: headers)
    }

    /// `widget-host` with `arguments` against this host's socket and environment.
    func widgetHost(_ arguments: [String]) throws -> TestSupport.ProcessResult {
      try Products.run(arguments, environment: environment)
    }

    func stop() {
      process.interrupt(SIGTERM)
      _ = process.wait()
    }
  }

  // MARK: The server

  @Test func thePageItsFilesAndItsHomeScreen() throws {
    let host = try Host()
    defer { host.stop() }
    #expect(
      host.process.errors.contains("serving the home screen at http://127.0.0.1:\(host.port)/"))
    let page = try host.get("/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    #expect(page.text.contains(#"<script src="page.js""#))
    // Every asset the page loads is served by the host: nothing from the network.
    for (path, type) in [("/page.js", "text/javascript"), ("/page.css", "text/css")] {
      let asset = try host.get(path)
      #expect(asset.status == 200, "\(path)")
      #expect(asset.headers["content-type"]?.hasPrefix(type) == true, "\(path)")
    }
    #expect(!page.text.contains("http"), "the page links nothing outside the host")
    let schemas = JSONSchemaValidator(
      folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas/web"))
    let homeBody = Data(try host.get("/api/home").body)
    #expect(schemas.problems(homeBody, against: "home.schema.json") == [])
    // The documented examples follow the schemas.
    #expect(
      schemas.problems(
        in: #"{"instance": "Counter/systemSmall", "x": 96, "y": 98}"#, against: "tap.schema.json")
        == [])
    let redrawn = try WidgetJSON.encode(WebRedrawn(instance: "Counter/systemSmall"))
    #expect(schemas.problems(redrawn, against: "redrawn.schema.json") == [])
    let home = try JSONDecoder().decode(WebHome.self, from: homeBody)
    #expect(home.instances.map(\.instance) == Self.instances, "command-line order")
    #expect(home.instances.map(\.width) == [170, 170, 170, 364])
    #expect(home.instances.map(\.height) == [170, 170, 170, 170])
    // The picture of an entry is the pixel renderer's, at the scale asked for.
    let picture = try host.get("/api/picture?instance=Counter/systemSmall&scale=3")
    #expect(picture.status == 200)
    #expect(picture.headers["content-type"] == "image/png")
    let image = try PNGImage(decoding: picture.body)
    #expect(image.width == 510 && image.height == 510)
  }

  @Test func badRequestsGetTheRight4xxWithAReason() throws {
    let host = try Host()
    defer { host.stop() }
    func check(
      _ response: WebClient.Response, _ status: Int, _ reason: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
      #expect(response.text.contains(reason), "\(response.text)", sourceLocation: sourceLocation)
    }
    check(try host.get("/nothing-here"), 404, "no such page")
    check(try host.get("/../../etc/passwd"), 404, "no such page")
    check(try host.get("/%2e%2e/etc/passwd"), 404, "no such page")
    check(try WebClient.request("DELETE", "/", port: host.port), 405, "allowed: GET, HEAD")
    check(try host.get("/api/tap"), 405, "allowed: POST")
    let tap = { (type: String, body: String) in
      try WebClient.request(
        "POST", "/api/tap", port: host.port, headers: ["Content-Type": type],
        body: Array(body.utf8))
    }
    check(try tap("text/plain", #"{"instance":"x","x":1,"y":1}"#), 415, "application/json")
    check(try tap("application/json", "{"), 400, "not valid JSON")
    check(try tap("application/json", #"{"x":1,"y":1}"#), 400, "missing field 'instance'")
    check(try tap("application/json", #"{"instance":"x","x":"a","y":1}"#), 400, "wrong type at 'x'")
    check(try tap("application/json", #"{"instance":"nope","x":1,"y":1}"#), 404, "unknown-instance")
    check(
      try tap("application/json", String(repeating: " ", count: 20_000) + "{}"), 413,
      "over 16384 bytes")
    check(try host.get("/api/picture"), 400, "give the instance")
    check(
      try host.get("/api/picture?instance=Counter/systemSmall&appearance=sepia"), 400,
      "light or dark")
    check(try host.get("/api/picture?instance=Counter/systemSmall&scale=9"), 400, "1, 2 or 3")
    check(try host.get("/api/picture?instance=nope"), 404, "no instance 'nope'")
    // A page on another site whose name points at 127.0.0.1 sends its own Host.
    check(
      try host.get("/", headers: ["Host": "attacker.example:\(host.port)"]), 421, "not 'attacker")
    // Headers beyond the connection's 32 KiB.
    let big = try host.get("/", headers: ["X-Filler": String(repeating: "a", count: 40_000)])
    #expect([413, 414, 431].contains(big.status), "\(big.status) \(big.text)")
    // A tap on a widget where nothing opens says so.
    check(
      try tap("application/json", #"{"instance":"TestWidget/systemSmall","x":5,"y":5}"#), 409,
      "nothing-to-open")
    // The host still serves.
    #expect(try host.get("/").status == 200)
  }

  @Test func offLoopbackTheTokenIsCheckedOnEveryRequest() throws {
    let refused = try Products.run([
      "run", Products.clock, "--sink", "web:0.0.0.0:0", "--once",
    ])
    #expect(refused.status != 0)
    #expect(
      refused.errors.contains(
        "--sink web:0.0.0.0:0 is reachable from other machines: give --token-file FILE"))

    let tokenFile = TestSupport.temporaryDirectory("token").appendingPathComponent("token")
    try Data("s3cret-token\n".utf8).write(to: tokenFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
    let port = try WebClient.freePort()
    let process = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", Products.clock, "--sink", "web:0.0.0.0:\(port)", "--token-file", tokenFile.path,
        "--format", "json",
      ],
      environment: Products.environment)
    defer {
      process.interrupt(SIGTERM)
      _ = process.wait()
    }
    #expect(process.waitFor(timeout: 60) { $0.contains { $0.contains(#""type":"entry""#) } })
    #expect(process.errors.contains("http://0.0.0.0:\(port)/?token=s3cret-token"))
    for path in ["/", "/page.js", "/api/home", "/api/events", "/api/picture?instance=x"] {
      let response = try WebClient.request("GET", path, port: port)
      #expect(response.status == 401, "\(path): \(response.status)")
      #expect(response.headers["www-authenticate"] == "Bearer")
      #expect(
        try WebClient.request(
          "GET", path + (path.contains("?") ? "&" : "?") + "token=wrong", port: port
        ).status == 401)
    }
    #expect(try WebClient.request("GET", "/?token=s3cret-token", port: port).status == 200)
    let bearer = try WebClient.request(
      "GET", "/api/home", port: port, headers: ["Authorization": "Bearer s3cret-token"])
    #expect(bearer.status == 200)
  }

  @Test func theEventStreamStartsWithTheCurrentStateThenFollows() throws {
    let host = try Host()
    defer { host.stop() }
    let fd = try WebClient.connect(port: host.port)
    defer { close(fd) }
    let request = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(host.port)\r\n\r\n"
    _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    var received = ""
    func read(until condition: (String) -> Bool) -> Bool {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      var tv = timeval(tv_sec: 1, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
      for _ in 0..<60 where !condition(received) {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 { received += String(decoding: buffer[0..<count], as: UTF8.self) }
      }
      return condition(received)
    }
    func messages() -> [String] {
      received.components(separatedBy: "\n").filter { $0.hasPrefix("data: ") }.map {
        String($0.dropFirst("data: ".count))
      }
    }
    #expect(read { text in Self.instances.allSatisfy { text.contains(#""instance":"\#($0)""#) } })
    #expect(received.hasPrefix("HTTP/1.1 200"))
    #expect(received.contains("Content-Type: text/event-stream"))
    // The header first, then one entry per instance: the current state, as a socket subscriber
    // gets it; every message is a stream event of docs/stream.md.
    let first = messages()
    #expect(first.first?.contains(#""type":"header""#) == true)
    let events = try first.dropFirst().map {
      try WidgetJSON.decoder().decode(StreamEvent.self, from: Data($0.utf8))
    }
    #expect(Set(events.compactMap(\.instance)) == Set(Self.instances))
    // A reload's new entry follows without asking again.
    let before = messages().count
    let reload = try host.widgetHost(["reload", "--kind", "Counter", "--socket", host.socket])
    #expect(reload.status == 0, "\(reload.errors)")
    #expect(
      read { _ in messages().dropFirst(before).contains { $0.contains(#""type":"reload""#) } })
    #expect(read { _ in messages().dropFirst(before).contains { $0.contains(#""type":"entry""#) } })
  }

  // MARK: In a browser

  /// Where the page shows each instance: its frame's top left, in CSS pixels.
  static func frames(_ browser: WebDriver) throws -> [String: (x: Double, y: Double)] {
    let value = try browser.run(
      """
      return [...document.querySelectorAll('figure')].map(f => {
        const r = f.querySelector('.frame').getBoundingClientRect();
        return [f.dataset.instance, r.x, r.y];
      });
      """)
    var frames: [String: (x: Double, y: Double)] = [:]
    for case let item as [Any] in value as? [Any] ?? [] {
      guard let id = item[0] as? String, let x = item[1] as? Double, let y = item[2] as? Double
      else { continue }
      frames[id] = (x, y)
    }
    return frames
  }

  /// A point of the page in the 2× screenshot's pixels.
  static func pixels(_ point: (x: Double, y: Double)) -> (x: Int, y: Int) {
    (Int((point.x * 2).rounded()), Int((point.y * 2).rounded()))
  }

  /// How far the screenshot's rectangle at `origin` is from `expected` drawn over `wallpaper`:
  /// the share of pixels whose channels all lie within 12 of the expected, and the mean
  /// difference per channel.
  static func compare(
    _ screenshot: PNGImage, at origin: (x: Int, y: Int), with expected: PNGImage,
    wallpaper: (Double, Double, Double)
  ) -> (close: Double, mean: Double) {
    var closePixels = 0
    var total = 0.0
    let count = expected.width * expected.height
    for y in 0..<expected.height {
      for x in 0..<expected.width {
        let want = expected.pixel(x, y)
        let alpha = Double(want.alpha) / 255
        let target = [
          Double(want.red) * alpha + wallpaper.0 * (1 - alpha),
          Double(want.green) * alpha + wallpaper.1 * (1 - alpha),
          Double(want.blue) * alpha + wallpaper.2 * (1 - alpha),
        ]
        let got = screenshot.pixel(origin.x + x, origin.y + y)
        let differences = zip([got.red, got.green, got.blue], target).map {
          abs(Double($0) - $1)
        }
        if differences.allSatisfy({ $0 <= 12 }) { closePixels += 1 }
        total += differences.reduce(0, +) / 3
      }
    }
    return (Double(closePixels) / Double(count), total / Double(count))
  }

  /// Waits until the page has drawn every instance's latest entry.
  static func waitUntilDrawn(_ browser: WebDriver, _ host: Host) throws {
    let latest = Dictionary(
      try host.events.compactMap { event -> (String, UInt64)? in
        guard let id = event.instance, case .entry = event.payload else { return nil }
        return (id, event.seq)
      }, uniquingKeysWith: { max($0, $1) })
    let checks = latest.map { id, seq in
      "Number(document.querySelector('figure[data-instance=\"\(id)\"]')?.dataset.seq) >= \(seq)"
    }
    let script =
      "return " + checks.joined(separator: " && ")
      + " && [...document.querySelectorAll('figure')].every(f => f.dataset.drawn"
      + " && Number(f.dataset.drawn) === Number(f.dataset.requested));"
    #expect(browser.waitUntil(script), "the page drew every entry")
  }

  @Test func aBrowserShowsEachWidgetAsThePixelRendererDrawsIt() throws {
    let host = try Host()
    defer { host.stop() }
    let browser = try WebDriver()
    for appearance in ["light", "dark"] {
      try browser.open("http://127.0.0.1:\(host.port)/?appearance=\(appearance)")
      try Self.waitUntilDrawn(browser, host)
      let frames = try Self.frames(browser)
      #expect(Set(frames.keys) == Set(Self.instances))
      let screenshot = try PNGImage(decoding: try browser.screenshot())
      let wallpaper = appearance == "dark" ? (0.0, 0.0, 0.0) : (233.0, 233.0, 238.0)
      for id in Self.instances {
        guard let frame = frames[id] else { continue }
        let origin = Self.pixels(frame)
        // Light: the picture `--pictures` wrote of the same entry; dark: the page's own picture
        // endpoint (the same renderer). Live entries may move on between the screenshot and
        // the file: either the picture before or after must match.
        var candidates: [[UInt8]] = []
        if appearance == "light" {
          let file = host.pictures.appendingPathComponent(
            id.replacingOccurrences(of: "/", with: "_") + ".png")
          candidates.append(Array(try Data(contentsOf: file)))
        }
        candidates.append(
          try host.get("/api/picture?instance=\(id)&appearance=\(appearance)&scale=2").body)
        let results = try candidates.map {
          Self.compare(
            screenshot, at: origin, with: try PNGImage(decoding: $0), wallpaper: wallpaper)
        }
        let best = results.max { $0.close < $1.close }!
        #expect(best.close >= 0.99 && best.mean <= 3, "\(appearance) \(id): \(best)")
      }
      // The dark page draws dark widgets: the Counter's container is not white.
      if appearance == "dark", let counter = frames["Counter/systemSmall"] {
        let origin = Self.pixels(counter)
        let inside = screenshot.pixel(origin.x + 40, origin.y + 300)
        #expect(inside.red < 80 && inside.green < 80 && inside.blue < 80, "\(inside)")
      }
    }
  }

  /// Counts the taps the page sends (`window.tapsSent`).
  static func countTaps(_ browser: WebDriver) throws {
    _ = try browser.run(
      """
      window.tapsSent = 0;
      const fetchFirst = window.fetch;
      window.fetch = (resource, options) => {
        if (String(resource).includes("/api/tap")) window.tapsSent += 1;
        return fetchFirst(resource, options);
      };
      return true;
      """)
  }

  /// Clicks (x, y) and waits until the page has sent a tap for it. A click that never reached
  /// the page (an input event WebDriver delivered while a loaded runner was busy) is tried
  /// again, at most twice, and said on standard error; what the tap does is checked as strictly
  /// as ever by the caller.
  static func clickToTap(_ browser: WebDriver, x: Double, y: Double) throws {
    for attempt in 1...3 {
      let sent = (try browser.run("return window.tapsSent") as? Int) ?? 0
      try browser.click(x: x, y: y)
      if browser.waitUntil("return window.tapsSent > \(sent)", timeout: 5) { return }
      FileHandle.standardError.write(
        Data("WebPageTests: click \(attempt) at (\(x), \(y)) sent no tap\n".utf8))
    }
    Issue.record("three clicks at (\(x), \(y)) sent no tap: the page did not get them")
  }

  @Test func clicksTapWhatTheyLandOnAndThePageFollowsWithoutReloading() throws {
    let host = try Host()
    defer { host.stop() }
    let browser = try WebDriver()
    try browser.open("http://127.0.0.1:\(host.port)/")
    try Self.waitUntilDrawn(browser, host)
    _ = try browser.run("window.loadedOnce = true; return true;")
    try Self.countTaps(browser)
    let frames = try Self.frames(browser)

    // The wishes widget (systemMedium) has a widgetURL and no Link: a click anywhere opens it,
    // as `widget-host tap` does: an open-url event, and --on-open-url runs.
    let wishes = try #require(frames["wishesWidget/systemMedium"])
    try Self.clickToTap(browser, x: wishes.x + 100, y: wishes.y + 80)
    #expect(
      host.process.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""type":"open-url""#) && $0.contains("url://123") }
      }, "\(host.process.errors)")
    var opened = ""
    for _ in 0..<100 where !opened.contains("url://123") {
      opened = (try? String(contentsOf: host.opened, encoding: .utf8)) ?? ""
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(opened == "url://123\n")

    // The Counter's + button (a Button(intent:)) runs its intent: an action event, then the
    // new count on the page, drawn from the stream.
    let counter = try #require(frames["Counter/systemSmall"])
    try Self.clickToTap(browser, x: counter.x + 96, y: counter.y + 98)
    #expect(
      host.process.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains(#""type":"action""#) && $0.contains("ChangeCountIntent") }
      }, "\(host.process.errors)")
    try Self.waitUntilDrawn(browser, host)

    // An app's change to the App Group, then its reload: the page shows the new count.
    let write = try host.widgetHost([
      "defaults", "write", "--int", "group.dev.widget-host.examples.counter", "count", "41",
    ])
    #expect(write.status == 0, "\(write.errors)")
    let reload = try host.widgetHost(["reload", "--kind", "Counter", "--socket", host.socket])
    #expect(reload.status == 0, "\(reload.errors)")
    #expect(
      host.process.waitFor(timeout: 20) { lines in
        lines.contains {
          $0.contains(#""type":"entry""#) && $0.contains("Counter/systemSmall")
            && $0.contains(#""text":"41""#)
        }
      }, "\(host.process.errors)")
    try Self.waitUntilDrawn(browser, host)
    let screenshot = try PNGImage(decoding: try browser.screenshot())
    let origin = Self.pixels(counter)
    let expected = try PNGImage(
      decoding: try host.get("/api/picture?instance=Counter/systemSmall&scale=2").body)
    let match = Self.compare(screenshot, at: origin, with: expected, wallpaper: (233, 233, 238))
    #expect(match.close >= 0.99, "the page shows the count of 41: \(match)")
    #expect(try browser.run("return window.loadedOnce === true") as? Bool == true, "no reload")
  }

  /// A home-screen file's pages: `/api/home` and `list` say which page each instance is on, the
  /// page shows one page at a time in the file's order, and its dots (or the arrow keys) turn it.
  @Test func aHomeScreenFileSPagesAreShownOneAtATime() throws {
    let home = TestSupport.temporaryDirectory("home").appendingPathComponent("home.json")
    try Data(
      #"""
      {"instances": [
        {"kind": "wishesWidget", "family": "systemMedium", "page": 2},
        {"kind": "Counter"},
        {"kind": "TestWidget", "page": 2},
        {"kind": "SystemStatus", "page": 1}
      ]}
      """#.utf8
    ).write(to: home)
    let order = [
      "wishesWidget/systemMedium", "Counter/systemSmall", "TestWidget/systemSmall",
      "SystemStatus/systemSmall",
    ]
    let host = try Host(home: home, shown: order)
    defer { host.stop() }
    let listed = try WebClient.request("GET", "/api/home", port: host.port)
    let screen = try JSONDecoder().decode(WebHome.self, from: Data(listed.body))
    #expect(screen.instances.map(\.instance) == order, "the file's order")
    #expect(screen.instances.map(\.page) == [2, 1, 2, 1])
    let list = try ControlClient(endpoint: .unix(host.socket)).request(
      ControlRequest(request: "list"))
    #expect(list.instances?.map(\.page) == [2, 1, 2, 1], "list replies carry the page")

    let browser = try WebDriver()
    try browser.open("http://127.0.0.1:\(host.port)/")
    try Self.waitUntilDrawn(browser, host)
    let visible = """
      return [...document.querySelectorAll('figure')]
        .filter(f => f.getBoundingClientRect().width > 0).map(f => f.dataset.instance);
      """
    #expect(
      try browser.run(visible) as? [String] == ["Counter/systemSmall", "SystemStatus/systemSmall"],
      "page 1 first, in the file's order")
    let dots = try browser.run("return document.querySelectorAll('#pages button').length")
    #expect((dots as? NSNumber)?.intValue == 2)
    // The second dot shows page 2; its widgets are drawn where the page puts them.
    let dot = try browser.run(
      """
      const r = document.querySelectorAll('#pages button')[1].getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2];
      """)
    let center = try #require((dot as? [NSNumber])?.map(\.doubleValue))
    try browser.click(x: center[0], y: center[1])
    #expect(
      browser.waitUntil("return location.hash === '#page=2'"), "the address names the page")
    #expect(
      try browser.run(visible) as? [String] == [
        "wishesWidget/systemMedium", "TestWidget/systemSmall",
      ])
    let frames = try Self.frames(browser)
    let wishes = try #require(frames["wishesWidget/systemMedium"])
    let screenshot = try PNGImage(decoding: try browser.screenshot())
    let expected = try PNGImage(
      decoding: try host.get("/api/picture?instance=wishesWidget/systemMedium&scale=2").body)
    let match = Self.compare(
      screenshot, at: Self.pixels(wishes), with: expected, wallpaper: (233, 233, 238))
    #expect(match.close >= 0.99, "page 2 shows the wishes widget: \(match)")
    // The left arrow key turns back to page 1.
    _ = try browser.run(
      "dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); return true;")
    #expect(browser.waitUntil("return location.hash === ''"))
    #expect(
      try browser.run(visible) as? [String] == ["Counter/systemSmall", "SystemStatus/systemSmall"])
  }
}
