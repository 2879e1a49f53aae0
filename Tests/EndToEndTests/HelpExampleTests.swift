import Foundation
import TestSupport
import Testing

/// The examples `--help` prints run as written against the shipped examples (assembled with the
/// names the examples use, in the folder they run in): a user who copies one gets what it says.
/// `run` examples run with `--once` (and without what follows a `|`); the examples that need
/// something no test folder has are named in ``needsMore``.
@Suite struct HelpExampleTests {
  static let commands = ["run", "preview", "simulate", "inspect", "list", "validate", "options"]

  /// Examples that need more than the shipped bundles, with what they need.
  static let needsMore: [String: String] = [
    "widget-host run .build/debug/libMyWidget.so --watch": "a project being built (HotReloadTests)",
    "widget-host inspect --json .build/debug/libClock.so": "the repository's build folder",
    "widget-host list ~/.local/share/widget-host/bundles": "a user's bundle folder",
    "widget-host validate libMine.so --kind Weather --json": "the reader's own library",
    "widget-host watch --socket /tmp/wh.sock --format json --kind TestWidget | jq .type":
      "a host listening on /tmp/wh.sock, a path every user of the machine shares",
    "widget-host state --state-dir ~/bar-state --json": "a state folder in the user's home",
  ]

  /// The commands whose examples talk to a running host, or to the files of one (state,
  /// quarantine, App Groups): they run beside ``HostCommands/host``.
  static let hostCommands = [
    "watch", "bar", "reload", "tap", "configure", "budget", "state", "unquarantine", "defaults",
  ]

  /// The folder the examples run in: Clock, SystemStatus, TodoList, Animals and Wishes bundles.
  static let folder: URL = {
    let folder = TestSupport.temporaryDirectory("help-examples")
    for name in ["Clock", "SystemStatus", "TodoList"] {
      try! FileManager.default.copyItem(
        at: Products.bundles.appendingPathComponent("\(name).widgetbundle"),
        to: folder.appendingPathComponent("\(name).widgetbundle"))
    }
    for name in ["Animals", "Wishes"] {
      let bundle = try! VirtualTimeTests.assembled(name)
      try! FileManager.default.copyItem(
        at: URL(fileURLWithPath: bundle),
        to: folder.appendingPathComponent("\(name).widgetbundle"))
    }
    return folder
  }()

  /// The example command lines of `command --help`.
  static func examples(of command: String) throws -> [String] {
    let help = try Products.run([command, "--help"])
    guard let section = help.output.components(separatedBy: "EXAMPLES:\n").last else { return [] }
    return section.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("widget-host ") }
  }

  /// `line` split as a shell would: words, with single- and double-quoted parts.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// The examples of the commands that need a running host, against one host serving the
  /// instances they name (the Clock's, the Wishes widget's and Animals' `left`) on the default
  /// socket. `watch` and `bar` run until interrupted: they pass when they have shown an entry.
  @Test func everyHostCommandExampleRuns() throws {
    var environment = Products.environment
    let socket = TestSupport.temporaryDirectory("help-host").path + "/host.sock"
    environment["WIDGET_HOST_SOCKET"] = socket
    let bundle = { (name: String) in Self.folder.appendingPathComponent(name).path }
    let host = try LiveProcess(
      Products.widgetHost,
      [
        "run", bundle("Clock.widgetbundle"), bundle("Wishes.widgetbundle"),
        bundle("Animals.widgetbundle"), bundle("TodoList.widgetbundle"), "--instance",
        "TestWidget/systemSmall", "--instance", "wishesWidget/systemMedium", "--instance",
        "TodoList/systemMedium", "--instance",
        "left=XG_Widget/systemSmall?parameter=b&animal=panda", "--sink", "socket", "--format",
        "json",
      ], environment: environment)
    defer {
      host.interrupt(SIGTERM)
      _ = host.wait()
    }
    let shown = host.waitFor(timeout: 60) { lines in
      ["TestWidget/systemSmall", "wishesWidget/systemMedium", "left", "TodoList/systemMedium"]
        .allSatisfy { id in
          lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""instance":"\#(id)""#) }
        }
    }
    try #require(shown, "the host showed no entries: \(host.errors)")
    for command in Self.hostCommands {
      let examples = try Self.examples(of: command)
      #expect(!examples.isEmpty, "\(command) --help has no examples")
      for example in examples where Self.needsMore[example] == nil {
        let commandLine = example.components(separatedBy: " | ").first!
        let arguments = Array(Self.words(commandLine).dropFirst())
        if command == "watch" {
          let watch = try LiveProcess(Products.widgetHost, arguments, environment: environment)
          let watched = watch.waitFor(timeout: 30) { $0.contains { $0.contains(" · entry") } }
          watch.interrupt()
          _ = watch.wait()
          #expect(watched, "\(example) showed no entry: \(watch.errors)")
          continue
        }
        if command == "bar" {
          // Runs until the bar stops it: it passes when it shows a widget, not a notice.
          let bar = try LiveProcess(Products.widgetHost, arguments, environment: environment)
          let shown = bar.waitFor(timeout: 30) { lines in
            lines.contains { line in
              (line.contains("full_text") || line.contains(#""text""#) || !line.hasPrefix("{"))
                && line != "[" && !line.contains("widget-host:")
            }
          }
          bar.interrupt()
          #expect(bar.wait() == 0, "\(example): \(bar.errors)")
          #expect(shown, "\(example) showed no widget: \(bar.output) \(bar.errors)")
          continue
        }
        let result = try TestSupport.run(
          Products.widgetHost.path, arguments, in: Self.folder, environment: environment)
        #expect(result.status == 0, "\(example): exit \(result.status): \(result.errors)")
      }
    }
  }

  @Test(arguments: commands)
  func everyExampleRuns(_ command: String) throws {
    let examples = try Self.examples(of: command)
    #expect(!examples.isEmpty, "\(command) --help has no examples")
    for example in examples where Self.needsMore[example] == nil {
      let commandLine = example.components(separatedBy: " | ").first!
      var arguments = Array(Self.words(commandLine).dropFirst())
      if command == "run" && !arguments.contains("--once") { arguments.append("--once") }
      var environment = Products.environment
      environment["WIDGET_HOST_SOCKET"] =
        TestSupport.temporaryDirectory("help-socket").path
        + "/host.sock"
      let result = try TestSupport.run(
        Products.widgetHost.path, arguments, in: Self.folder, environment: environment)
      #expect(result.status == 0, "\(example): exit \(result.status): \(result.errors)")
    }
  }
}
