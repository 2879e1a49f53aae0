import Foundation
import TestSupport
import Testing

/// `widget-host bar` against a real host (`run … --sink socket:PATH`) with the shipped
/// examples, read as a status bar reads it: the same lines `run --format` prints, a
/// disconnected state while there is no host, clicks that tap the host's widget, and the real
/// i3blocks running it as a persistent block.
@Suite struct BarClientTests {
  static let status = "SystemStatus/accessoryInline"
  static let wishes = "wishesWidget/systemMedium"
  static let clock = "TestWidget/systemSmall"
  static let waybarSchema = "waybar.schema.json"

  static func socketPath() -> String {
    TestSupport.shortTemporaryPath() + "/host.sock"
  }

  /// A host showing SystemStatus in `accessoryInline` as `format`, serving `path`, once it has
  /// printed a line that is not the placeholder.
  static func startStatusHost(_ path: String, format: String = "waybar") throws -> LiveProcess {
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", Products.systemStatus, "--kind", "SystemStatus", "--family", "accessoryInline",
        "--format", format, "--sink", "socket:\(path)",
      ])
    let shown = host.waitFor(timeout: 30) { lines in
      lines.contains { $0.hasPrefix("{") && !$0.contains("placeholder") }
    }
    try #require(shown, "the host showed SystemStatus: \(host.errors)")
    return host
  }

  static func bar(_ arguments: [String], writableInput: Bool = false) throws -> LiveProcess {
    try LiveProcess(
      Products.widgetHost, ["bar"] + arguments, environment: Products.environment,
      writableInput: writableInput)
  }

  /// The `text` of a Waybar line.
  static func text(ofWaybarLine line: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return object?["text"] as? String
  }

  @Test func waybarLinesAreTheHostsOwnAndPlainIsTheirText() throws {
    let path = Self.socketPath()
    let host = try Self.startStatusHost(path)
    defer {
      host.interrupt()
      _ = host.wait()
    }
    let waybar = try Self.bar(["--format", "waybar", "--instance", Self.status, "--socket", path])
    let plain = try Self.bar(["--format", "plain", "--instance", Self.status, "--socket", path])
    #expect(waybar.waitFor(timeout: 20) { !$0.isEmpty }, "\(waybar.errors)")
    #expect(plain.waitFor(timeout: 20) { !$0.isEmpty }, "\(plain.errors)")
    waybar.interrupt()
    plain.interrupt()
    #expect(waybar.wait() == 0, "\(waybar.errors)")
    #expect(plain.wait() == 0, "\(plain.errors)")

    // What the bar reads from the client is a line the host's own `--format waybar` printed.
    let hostLines = host.output
    let line = try #require(waybar.output.first)
    #expect(hostLines.contains(line), "client: \(line)\nhost: \(hostLines)")
    #expect(
      JSONSchemaValidator.statusBars.problems(in: line, against: Self.waybarSchema) == [],
      "\(line)")
    #expect(line.contains(#""class":["SystemStatus"]"#), "\(line)")
    // The plain line is the bar text of an entry the host showed (no markup to undo in it).
    let texts = hostLines.compactMap(Self.text(ofWaybarLine:))
    let text = try #require(plain.output.first)
    #expect(texts.contains(text), "plain: \(text)\nhost: \(texts)")
    #expect(text.contains("load"), "\(text)")
    #expect(!plain.errors.contains("not running"), "\(plain.errors)")
  }

  @Test func i3barArraysAreTheHostsOwnAndALeftClickTapsTheWidget() throws {
    let path = Self.socketPath()
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", Products.clock, TestSupport.product("libWishes.so").path, "--instance",
        Self.clock, "--instance", Self.wishes, "--format", "i3bar", "--sink", "socket:\(path)",
      ])
    defer {
      host.interrupt()
      _ = host.wait()
    }
    let bothShown = { (lines: [String]) in
      lines.contains {
        $0.contains(#""name":"\#(Self.clock)""#) && $0.contains(#""name":"\#(Self.wishes)""#)
          && !$0.contains("██")
      }
    }
    try #require(host.waitFor(timeout: 30, bothShown), "\(host.errors)")

    let bar = try Self.bar(
      ["--instance", Self.clock, "--instance", Self.wishes, "--socket", path],
      writableInput: true)
    #expect(bar.waitFor(timeout: 20) { $0.count >= 3 }, "\(bar.errors)")
    // A left click on the Wishes block, as i3bar writes it: the host opens its widgetURL.
    try bar.send(#"[\#n{"name":"\#(Self.wishes)","instance":"\#(Self.wishes)","button":1}\#n"#)
    let opened = "widget-host: open url://123 (tapped \(Self.wishes))"
    #expect(host.waitForErrors(timeout: 20) { $0.contains(opened) }, "\(host.errors)")
    // The open-url event comes back to the client over the socket.
    #expect(bar.waitForErrors(timeout: 20) { $0.contains(opened) }, "\(bar.errors)")
    try bar.closeInput()
    bar.interrupt()
    #expect(bar.wait() == 0, "\(bar.errors)")

    var reader = try I3BarStreamReader()
    reader.feed(Data(bar.output.map { $0 + "\n" }.joined().utf8))
    #expect(reader.problems == [], "\(bar.output)")
    #expect(reader.isValidAndOpen)
    #expect(reader.clickEvents)
    // The header, the opening bracket and arrays the host printed itself, byte for byte (the
    // host's arrays after its first start with a comma; so do the client's).
    #expect(Array(bar.output.prefix(2)) == Array(host.output.prefix(2)))
    let hostArrays = host.output.dropFirst(2).map {
      $0.hasPrefix(",") ? String($0.dropFirst()) : $0
    }
    // Arrays with both blocks: before the second entry came, the client's array had one.
    for array in bar.output.dropFirst(2)
    where array.contains(#""name":"\#(Self.clock)""#)
      && array.contains(#""name":"\#(Self.wishes)""#)
    {
      let bare = array.hasPrefix(",") ? String(array.dropFirst()) : array
      #expect(hostArrays.contains(bare), "client: \(bare)\nhost: \(hostArrays)")
    }
    #expect(reader.arrays.last?.map(\.name) == [Self.clock, Self.wishes])
  }

  /// A persistent i3blocks block (1.5 and later) gets its clicks on standard input: the
  /// button number on a line, or with `format=json` the block as an object with `button`. A
  /// left click taps the widget; other buttons do nothing.
  @Test func plainTapsOnTheClicksI3blocksWritesToStandardInput() throws {
    let path = Self.socketPath()
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", TestSupport.product("libWishes.so").path, "--family", "systemMedium", "--format",
        "json", "--sink", "socket:\(path)",
      ])
    defer {
      host.interrupt()
      _ = host.wait()
    }
    let opened = { (lines: [String]) in lines.count { $0.contains(#""type":"open-url""#) } }
    try #require(
      host.waitFor(timeout: 30) { lines in
        lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }
      }, "\(host.errors)")
    let bar = try Self.bar(
      ["--format", "plain", "--instance", Self.wishes, "--socket", path], writableInput: true)
    #expect(bar.waitFor(timeout: 20) { $0.contains { $0.contains("sq_") } }, "\(bar.output)")
    // A right click, then a left one: the taps are made one after the other, so when the
    // left click's URL has opened, a tap by the right click would have too.
    try bar.send("3\n1\n")
    #expect(host.waitFor(timeout: 20) { opened($0) >= 1 }, "\(host.errors)")
    #expect(opened(host.output) == 1)
    try bar.send(#"{"":"","name":"wishes","button":1,"x":10,"y":5}"# + "\n")
    #expect(host.waitFor(timeout: 20) { opened($0) >= 2 }, "\(host.errors)")
    #expect(
      bar.waitForErrors(timeout: 20) { errors in
        errors.components(separatedBy: "widget-host: open url://123 (tapped \(Self.wishes))")
          .count == 3
      }, "\(bar.errors)")
    try bar.closeInput()
    bar.interrupt()
    #expect(bar.wait() == 0, "\(bar.errors)")
  }

  @Test func anUnknownInstanceIsShownAndNamedWithTheHostsInstances() throws {
    let path = Self.socketPath()
    let host = try Self.startStatusHost(path)
    defer {
      host.interrupt()
      _ = host.wait()
    }
    let i3bar = try Self.bar(
      ["--instance", "Nope/systemSmall", "--instance", Self.status, "--socket", path])
    let waybar = try Self.bar(
      ["--format", "waybar", "--instance", "Nope/systemSmall", "--socket", path])
    let named =
      "widget-host: the host has no instance 'Nope/systemSmall' (instances: \(Self.status))"
    #expect(i3bar.waitForErrors(timeout: 20) { $0.contains(named) }, "\(i3bar.errors)")
    #expect(waybar.waitForErrors(timeout: 20) { $0.contains(named) }, "\(waybar.errors)")
    #expect(
      i3bar.waitFor(timeout: 20) { lines in
        lines.contains { $0.contains("load") && $0.contains("widget-host: no instance") }
      }, "\(i3bar.output)")
    #expect(waybar.waitFor(timeout: 20) { !$0.isEmpty })
    i3bar.interrupt()
    waybar.interrupt()
    #expect(i3bar.wait() == 0)
    #expect(waybar.wait() == 0)

    var reader = try I3BarStreamReader()
    reader.feed(Data(i3bar.output.map { $0 + "\n" }.joined().utf8))
    #expect(reader.problems == [], "\(i3bar.output)")
    // One block each, in the order given; the unknown one grey.
    let last = try #require(reader.arrays.last)
    #expect(last.map(\.name) == ["Nope/systemSmall", Self.status])
    #expect(last.first?.fullText == "widget-host: no instance Nope/systemSmall")
    #expect(last.first?.color == "#8e8e93")
    #expect(
      waybar.output == [
        #"{"class":["unknown-instance"],"text":"widget-host: no instance Nope/systemSmall","#
          + #""tooltip":"the host has no instance &apos;Nope/systemSmall&apos; (instances: "#
          + #"\#(Self.status))"}"#
      ])
  }

  @Test func withoutAHostTheBarSaysSoUntilOneStartsAndAgainWhenItStops() throws {
    let path = Self.socketPath()
    let plain = try Self.bar(["--format", "plain", "--instance", Self.status, "--socket", path])
    let waybar = try Self.bar(["--format", "waybar", "--instance", Self.status, "--socket", path])
    let i3bar = try Self.bar(["--instance", Self.status, "--socket", path])
    #expect(plain.waitFor(timeout: 20) { $0 == ["widget-host: not running"] }, "\(plain.output)")
    #expect(waybar.waitFor(timeout: 20) { $0.count == 1 }, "\(waybar.output)")
    #expect(i3bar.waitFor(timeout: 20) { $0.count == 3 }, "\(i3bar.output)")
    let notRunning =
      #"{"class":["disconnected"],"text":"widget-host: not running","tooltip":"no host is "#
      + #"listening on \#(path) (start one with widget-host run … --sink socket)"}"#
    #expect(waybar.output == [notRunning])
    #expect(
      JSONSchemaValidator.statusBars.problems(in: notRunning, against: Self.waybarSchema) == [])
    #expect(
      i3bar.output.last
        == ##"[{"color":"#8e8e93","full_text":"widget-host: not running","instance":"##
        + #""\#(Self.status)","name":"\#(Self.status)","short_text":"widget-host: not running","#
        + #""urgent":false}]"#)
    #expect(plain.errors.contains("widget-host: no host is listening on \(path)"))

    // The host starts: the bar shows the widget, without being restarted.
    var host = try Self.startStatusHost(path)
    let showsText = { (lines: [String]) in lines.last?.contains("load") == true }
    #expect(plain.waitFor(timeout: 20, showsText), "\(plain.output) \(plain.errors)")
    #expect(waybar.waitFor(timeout: 20, showsText), "\(waybar.output)")
    #expect(i3bar.waitFor(timeout: 20, showsText), "\(i3bar.output)")
    #expect(plain.errors.contains("widget-host: connected to the host on \(path)"))

    // It stops: the bar says so again, and the client keeps running.
    host.interrupt()
    #expect(host.wait() == 0)
    let saysNotRunning = { (lines: [String]) in
      lines.last?.contains("widget-host: not running") == true
    }
    #expect(plain.waitFor(timeout: 20, saysNotRunning), "\(plain.output)")
    #expect(waybar.waitFor(timeout: 20, saysNotRunning), "\(waybar.output)")
    #expect(i3bar.waitFor(timeout: 20, saysNotRunning), "\(i3bar.output)")
    #expect(plain.errors.contains("widget-host: the host on \(path) stopped"))
    #expect(plain.isRunning && waybar.isRunning && i3bar.isRunning)

    // A new host on the same socket: the bar is back.
    host = try Self.startStatusHost(path)
    #expect(plain.waitFor(timeout: 20, showsText), "\(plain.output)")
    #expect(waybar.waitFor(timeout: 20, showsText), "\(waybar.output)")
    #expect(i3bar.waitFor(timeout: 20, showsText), "\(i3bar.output)")
    host.interrupt()
    _ = host.wait()

    for client in [plain, waybar, i3bar] {
      client.interrupt(SIGTERM)
      #expect(client.wait() == 0, "\(client.errors)")
    }
    var reader = try I3BarStreamReader()
    reader.feed(Data(i3bar.output.map { $0 + "\n" }.joined().utf8))
    #expect(reader.problems == [], "\(i3bar.output)")
    #expect(reader.isValidAndOpen)
    for line in waybar.output {
      #expect(
        JSONSchemaValidator.statusBars.problems(in: line, against: Self.waybarSchema) == [],
        "\(line)")
    }
  }

  /// The bar went away (its end of the pipe closed), with SIGPIPE ignored as bars start their
  /// modules: the client stops, exit 0.
  @Test func theClientEndsWhenTheBarClosesItsOutput() throws {
    let script = """
      (trap '' PIPE; exec "$0" bar --format plain --instance X/systemSmall --socket "$1" \
      2>/dev/null) | head -1 >/dev/null
      exit ${PIPESTATUS[0]}
      """
    let result = try TestSupport.run(
      "/usr/bin/timeout",
      ["30", "/bin/bash", "-c", script, Products.widgetHost.path, Self.socketPath()],
      environment: Products.environment)
    #expect(result.status == 0, "exit \(result.status) (124: still running after 30 s)")
  }

  @Test func waybarAndPlainShowOneInstanceI3barAtLeastOne() throws {
    let two = try Products.run(["bar", "--format", "waybar", "-i", "A/systemSmall", "-i", "B"])
    #expect(two.status == 2)
    #expect(two.output.isEmpty)
    #expect(
      two.errors
        == "widget-host bar: --format waybar shows one instance per process (one bar module "
        + "each): give exactly one --instance, not 2 (see widget-host bar --help)\n")
    let none = try Products.run(["bar", "--format", "plain"])
    #expect(none.status == 2)
    #expect(none.errors.contains("--format plain shows one instance per process"))
    let i3bar = try Products.run(["bar"])
    #expect(i3bar.status == 2)
    #expect(i3bar.errors.contains("give the instances to show with --instance ID"))
  }

  static let i3blocks = "/usr/bin/i3blocks"

  /// The real i3blocks (Debian's 1.4, which Tests/run installs) with a persistent block that
  /// runs the plain client: its status line carries the host's bar text.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: i3blocks),
      "i3blocks is not installed (Tests/run installs the Debian package i3blocks)"))
  func i3blocksShowsThePlainClientInAPersistentBlock() throws {
    let path = Self.socketPath()
    let host = try Self.startStatusHost(path)
    defer {
      host.interrupt()
      _ = host.wait()
    }
    let config = TestSupport.temporaryDirectory("i3blocks").appendingPathComponent("config")
    try """
    [status]
    command=exec '\(Products.widgetHost.path)' bar --format plain --instance \(Self.status) --socket '\(path)'
    interval=persist

    """.write(to: config, atomically: true, encoding: .utf8)
    // i3bar keeps the status command's standard input (its click stream) open.
    let i3blocks = try LiveProcess(
      URL(fileURLWithPath: Self.i3blocks), ["-c", config.path],
      environment: Products.environment, writableInput: true)
    let texts = host.output.compactMap(Self.text(ofWaybarLine:))
    let shown = i3blocks.waitFor(timeout: 30) { lines in
      lines.contains { line in texts.contains { line.contains(#""full_text":"\#($0)""#) } }
    }
    // The client is i3blocks' child (the block's shell exec'd it): stopped by its pid.
    let children = Self.children(of: i3blocks.processIdentifier)
    for child in children { kill(child, SIGTERM) }
    try i3blocks.closeInput()
    i3blocks.interrupt(SIGTERM)
    _ = i3blocks.wait()
    #expect(shown, "i3blocks printed: \(i3blocks.output)\nstderr: \(i3blocks.errors)")
    #expect(i3blocks.output.first == #"{"version":1,"click_events":true}"#)
    #expect(children.count == 1, "\(children)")
  }

  /// The processes whose parent is `pid`, from /proc.
  static func children(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { candidate in
      guard
        let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
        let end = stat.range(of: ") ", options: .backwards)
      else { return false }
      let fields = stat[end.upperBound...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == pid
    }
  }
}
