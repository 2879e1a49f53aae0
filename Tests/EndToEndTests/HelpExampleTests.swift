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
  ]

  /// The folder the examples run in: Clock, SystemStatus, Animals and Wishes bundles.
  static let folder: URL = {
    let folder = TestSupport.temporaryDirectory("help-examples")
    for name in ["Clock", "SystemStatus"] {
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
