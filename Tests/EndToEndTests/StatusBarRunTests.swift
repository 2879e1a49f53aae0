import Foundation
import TestSupport
import Testing

/// `widget-host run --format i3bar|waybar` as a status bar runs it, with the Wishes example
/// (its widget opens `url://123`).
@Suite struct StatusBarRunTests {
  /// A bar that goes away ends the host, even when SIGPIPE is ignored (as Waybar and systemd
  /// start it): the host sees its output's reader gone and stops cleanly, exit 0, without
  /// waiting for its next write.
  @Test(arguments: ["json", "waybar", "i3bar", "text"])
  func theHostEndsWhenItsReaderGoesAwayWithSIGPIPEIgnored(_ format: String) throws {
    let script = """
      (trap '' PIPE; exec "$0" run "$1" --format "$2" 2>/dev/null) | head -1 >/dev/null
      exit ${PIPESTATUS[0]}
      """
    let result = try TestSupport.run(
      "/usr/bin/timeout",
      ["30", "/bin/bash", "-c", script, Products.widgetHost.path, Products.systemStatus, format],
      environment: Products.environment)
    #expect(result.status == 0, "exit \(result.status) (124: still running after 30 s)")
  }

  static let wishes = TestSupport.product("libWishes.so").path
  static let instance = "wishesWidget/systemMedium"

  @Test func i3barStreamsBlocksAndALeftClickOnStdinOpensTheWidgetURL() throws {
    let process = try LiveProcess(
      Products.widgetHost, Products.defaultMode, ["run", Self.wishes, "--format", "i3bar"],
      environment: Products.environment, writableInput: true)
    let shown = process.waitFor(timeout: 30) { lines in
      lines.count >= 3 && lines.dropFirst(2).contains { $0.contains(#""full_text":"#) }
    }
    // What i3bar writes: the opening bracket, then clicks; one right click (ignored), one
    // malformed line, one left click.
    let click =
      #"{"name":"\#(Self.instance)","instance":"\#(Self.instance)","x":1210,"y":8,"#
      + #""relative_x":30,"relative_y":8,"width":200,"height":18,"button":"#
    try process.send("[\n\(click)3}\n,{\"name\": oops\n,\(click)1}\n")
    let opened = process.waitForErrors(timeout: 30) { errors in
      errors.contains("widget-host: open url://123 (tapped \(Self.instance))")
        && errors.contains("malformed click event")
    }
    try process.closeInput()
    process.interrupt()
    let status = process.wait()
    #expect(shown, "\(process.output.joined(separator: "\n"))")
    #expect(opened, "stderr: \(process.errors)")
    #expect(status == 0, "stderr: \(process.errors)")
    #expect(process.errors.components(separatedBy: "widget-host: open ").count == 2)

    var reader = try I3BarStreamReader()
    reader.feed(Data(process.output.map { $0 + "\n" }.joined().utf8))
    #expect(reader.problems == [], "\(process.output.joined(separator: "\n"))")
    #expect(reader.isValidAndOpen)
    #expect(reader.clickEvents)
    for array in reader.arrays {
      #expect(array.map(\.name) == [Self.instance])
      #expect(array.allSatisfy { !$0.fullText.isEmpty && !$0.fullText.contains("  ") })
    }
  }

  @Test func waybarPrintsOneSchemaCheckedLineForOneInstance() throws {
    let result = try Products.run(["run", Self.wishes, "--format", "waybar", "--once"])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 1, "\(result.output)")
    let schema = (validator: JSONSchemaValidator.statusBars, file: "waybar.schema.json")
    for line in lines {
      #expect(schema.validator.problems(in: line, against: schema.file) == [], "\(line)")
      #expect(line.contains(#""class":["wishesWidget"]"#), "\(line)")
    }
  }

  /// `--format plain`: the bar text of the one instance, one line per update, as
  /// `widget-host bar --format plain` prints it.
  @Test func plainPrintsTheBarTextOfOneInstance() throws {
    let result = try Products.run([
      "run", Products.systemStatus, "--format", "plain", "--family", "accessoryInline", "--once",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 1, "\(result.output)")
    #expect(
      lines.first?.range(of: #"^up .+ · load [0-9.]+$"#, options: .regularExpression) != nil,
      "\(result.output)")
    let several = try Products.run([
      "run", Products.clock, Products.systemStatus, "--format", "plain", "--once",
    ])
    #expect(several.status == 2, "\(several.errors)")
    #expect(several.errors.contains("--format plain shows one widget per process"))
  }

  @Test func waybarRefusesSeveralInstancesAsAUsageError() throws {
    let result = try Products.run([
      "run", Products.clock, Products.systemStatus, "--format", "waybar", "--once",
    ])
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        "--format waybar shows one widget per process (one Waybar custom module each), but this "
          + "selection has 2 instances: TestWidget/systemSmall, SystemStatus/systemSmall; choose "
          + "one with --kind KIND and --family FAMILY"),
      "\(result.errors)")
  }
}
