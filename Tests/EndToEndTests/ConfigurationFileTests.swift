import Foundation
import TestSupport
import Testing
import WidgetSchema

/// `run`'s configuration file with the real binary and the shipped bundles
/// (docs/configuration.md): read from `$XDG_CONFIG_HOME`, overridden by the command line, and
/// refused whole, one line per problem, when it is bad.
@Suite struct ConfigurationFileTests {
  /// An environment whose `XDG_CONFIG_HOME` holds `config` as `widget-host/config.json`.
  static func environment(config: String) throws -> (
    environment: [String: String], file: String
  ) {
    var environment = Products.environment
    let folder = TestSupport.temporaryDirectory("config-file")
    let directory = folder.appendingPathComponent("widget-host")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("config.json")
    try Data(config.utf8).write(to: file)
    environment["XDG_CONFIG_HOME"] = folder.path
    return (environment, file.path)
  }

  /// The instances that showed an entry, from a JSON stream.
  static func instances(_ output: String) throws -> Set<String> {
    Set(
      try StreamChecks.events(output.components(separatedBy: "\n")).compactMap { event in
        guard case .entry = event.payload else { return nil }
        return event.instance
      })
  }

  static let config = """
    {
      "bundles": ["\(Products.bundles.path)"],
      "instance": [
        "status=SystemStatus/accessoryInline",
        {"id": "clock", "kind": "TestWidget", "family": "systemSmall"}
      ],
      "format": "json",
      "once": true,
      "budget": 5,
      "deadline": 20
    }
    """

  @Test func aRunWithoutArgumentsStartsFromTheFile() throws {
    let (environment, _) = try Self.environment(config: Self.config)
    let result = try Products.run(["run"], environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    #expect(try Self.instances(result.output) == ["status", "clock"])
  }

  @Test func theCommandLineOverridesTheFile() throws {
    let (environment, _) = try Self.environment(config: Self.config)
    // One selection option replaces the file's instances; --format replaces its format; the
    // bundles still come from the file.
    let text = try Products.run(
      ["run", "--kind", "SystemStatus", "--family", "accessoryInline", "--format", "text"],
      environment: environment)
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.contains("SystemStatus/accessoryInline"), "\(text.output)")
    #expect(!text.output.contains("clock"))
    // Bundles given replace the file's: Clock alone has no SystemStatus kind.
    let bundles = try Products.run(
      ["run", Products.clock, "--kind", "SystemStatus"], environment: environment)
    #expect(bundles.status == 3)
    #expect(bundles.errors.contains("no widget kind 'SystemStatus'"), "\(bundles.errors)")
    // --config none reads no file: no bundles are left.
    let none = try Products.run(["run", "--config", "none"], environment: environment)
    #expect(none.status == 2)
    #expect(none.errors.contains("give at least one bundle"), "\(none.errors)")
  }

  @Test func aBadFileIsOneLinePerProblemAndNothingStarts() throws {
    let (environment, file) = try Self.environment(
      config: """
        {
          "bundles": ["\(Products.bundles.path)"],
          "budget": -1,
          "kinds": ["Clock"],
          "once": "yes",
          "instance": [{"kind": "TestWidget", "family": "huge"}]
        }
        """)
    let result = try Products.run(["run", "--format", "json"], environment: environment)
    #expect(result.status == 2)
    #expect(result.output == "", "nothing starts: no stream header")
    #expect(
      result.errors.split(separator: "\n") == [
        "widget-host: error: \(file): budget: needs a number of reloads or unlimited, got '-1'",
        "widget-host: error: \(file): instance[0].family: unknown family 'huge' (expected one "
          + "of: systemSmall, systemMedium, systemLarge, systemExtraLarge, accessoryCorner, "
          + "accessoryCircular, accessoryRectangular, accessoryInline, control)",
        "widget-host: error: \(file): kinds: unknown setting (did you mean \"kind\"?)",
        "widget-host: error: \(file): once: expected true or false, got 'yes'",
      ])
    let (broken, brokenFile) = try Self.environment(config: "{\n  \"once\": true,,\n}")
    let syntax = try Products.run(["run"], environment: broken)
    #expect(syntax.status == 2)
    #expect(
      syntax.errors
        == "widget-host: error: \(brokenFile): not valid JSON: line 2, column 16: invalid value\n")
    let missing = try Products.run(
      ["run", "--config", "/nonexistent/config.json"], environment: environment)
    #expect(missing.status == 2)
    #expect(
      missing.errors == "widget-host: error: /nonexistent/config.json: no such file\n")
  }

  @Test func pathsStartAtTheFilesFolderAndOutputAppends() throws {
    let (environment, file) = try Self.environment(config: Self.config)
    let folder = (file as NSString).deletingLastPathComponent
    // `output` relative to the file's folder; a second run appends to what the first wrote.
    var settings = try JSONSerialization.jsonObject(with: Data(Self.config.utf8)) as! [String: Any]
    settings["output"] = "stream.jsonl"
    settings["bundles"] = [Products.bundles.path]
    try JSONSerialization.data(withJSONObject: settings).write(to: URL(fileURLWithPath: file))
    for _ in 0..<2 {
      let result = try Products.run(["run"], environment: environment)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output == "")
    }
    let written = try String(contentsOfFile: folder + "/stream.jsonl", encoding: .utf8)
    #expect(written.split(separator: "\n").filter { $0.contains(#""type":"header""#) }.count == 2)
    var info = stat()
    #expect(stat(folder + "/stream.jsonl", &info) == 0 && info.st_mode & 0o777 == 0o600)
    // `-` is standard output, whatever the file says.
    let shown = try Products.run(["run", "--output", "-"], environment: environment)
    #expect(try Self.instances(shown.output) == ["status", "clock"])
  }

  @Test func aFolderOfBundlesStandsForTheBundlesInIt() throws {
    let empty = TestSupport.temporaryDirectory("no-bundles")
    let result = try Products.run(["run", empty.path, "--once"])
    #expect(result.status == 3)
    #expect(
      result.errors
        == "widget-host: error: \(empty.path): a folder without any .widgetbundle in it\n")
    let folder = try Products.run(
      ["run", Products.bundles.path, "--kind", "SystemStatus", "--once", "--format", "json"])
    #expect(folder.status == 0, "\(folder.errors)")
    let shown = try Self.instances(folder.output)
    #expect(shown.count == 1 && shown.allSatisfy { $0.hasPrefix("SystemStatus/") }, "\(shown)")
  }
}
