import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetControl
import WidgetHostCore
import WidgetSchema

@testable import WidgetHostCLI

/// The configuration file as `run` reads it (docs/configuration.md), its schema, and how the
/// command line overrides it.
@Suite struct ConfigFileTests {
  static let schemas = JSONSchemaValidator(
    folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas"))
  static let environment = ["HOME": "/home/me"]

  static func read(_ json: String, file: String = "/etc/wh/config.json") throws(ConfigError)
    -> Arguments
  {
    try ConfigFile.decode(
      Data(json.utf8), file: file, options: RunCommand.allOptions, environment: environment)
  }

  /// The example of docs/configuration.md: the first JSON block after `## Example`.
  static func documentedExample() throws -> String {
    let text = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/configuration.md"),
      encoding: .utf8)
    let section = try #require(text.range(of: "## Example"))
    let rest = text[section.upperBound...]
    let start = try #require(rest.range(of: "```json\n"))
    let end = try #require(rest[start.upperBound...].range(of: "```"))
    return String(rest[start.upperBound..<end.lowerBound])
  }

  @Test func theSchemasKeysAreRunsOptions() throws {
    let data = try Data(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent(
        "docs/schemas/config.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let properties = try #require(schema["properties"] as? [String: Any])
    let options = RunCommand.options.map { ConfigFile.key(of: $0.info) }.filter { $0 != "config" }
    #expect(Set(properties.keys) == Set(options + ["bundles", "$schema"]))
  }

  @Test func theDocumentedExampleFollowsTheSchemaAndReads() throws {
    let example = try Self.documentedExample()
    #expect(Self.schemas.problems(in: example, against: "config.schema.json") == [])
    let arguments = try Self.read(example)
    #expect(arguments.positionals == ["/home/me/.local/share/widget-host/bundles"])
    let instances = arguments[SharedOptions.instances]
    #expect(instances.map(\.kind) == ["SystemStatus", "XG_Widget"])
    #expect(
      instances[1].id == "panda" && instances[1].parameters["animal"] == .json(.string("panda")))
    #expect(arguments[RunCommand.output] == "/home/me/.local/state/widget-host/stream.jsonl")
    #expect(arguments[RunCommand.sinks] == [.socket(SocketEndpoint.parse(sink: "socket")!)])
    #expect(arguments[SharedOptions.budget] == .some(nil))
    #expect(arguments[SharedOptions.deadline] == 10)
    #expect(arguments[SharedOptions.locale] == "en-GB")
    // A wrong value is one the schema refuses too.
    let wrong = example.replacingOccurrences(of: "\"deadline\": 10", with: "\"deadline\": true")
    #expect(!Self.schemas.problems(in: wrong, against: "config.schema.json").isEmpty)
  }

  @Test func theServicesConfigurationFollowsTheSchemaAndReads() throws {
    let data = try Data(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent(
        "Examples/systemd/config.json"))
    #expect(Self.schemas.problems(data, against: "config.schema.json") == [])
    let arguments = try ConfigFile.decode(
      data, file: "/home/me/.config/widget-host/config.json", options: RunCommand.allOptions,
      environment: Self.environment)
    #expect(arguments.positionals == ["/home/me/.local/share/widget-host/bundles"])
  }

  @Test func valuesAreReadAsTheCommandLineReadsThem() throws {
    let arguments = try Self.read(
      """
      {"bundles": "b.widgetbundle", "kind": "Clock", "family": ["systemSmall", "accessoryInline"],
       "once": true, "watch": false, "scale": 3, "min-reload-interval": 0.5, "state-dir": "~/s",
       "home": "../home.json"}
      """)
    #expect(arguments.positionals == ["/etc/wh/b.widgetbundle"])
    #expect(arguments[SharedOptions.kinds] == ["Clock"])
    #expect(arguments[SharedOptions.families] == [.systemSmall, .accessoryInline])
    #expect(arguments[RunCommand.once] && !arguments[RunCommand.watch])
    #expect(arguments[RunCommand.scale] == 3)
    #expect(arguments[SharedOptions.minimumReloadInterval] == 0.5)
    #expect(arguments[SharedOptions.stateDirectory] == "/home/me/s")
    #expect(arguments[SharedOptions.home] == "/etc/wh/../home.json")
  }

  @Test func everyProblemIsReportedWithItsPath() {
    #expect(
      throws: ConfigError(
        file: "/etc/wh/config.json",
        [
          ("budget", "takes one value, got an array"),
          ("bundles[1]", "expected the path of a bundle or a folder of bundles"),
          (
            "config",
            "unknown setting (the keys are the command's long options without --, and bundles)"
          ),
          ("deadline", "needs a positive number of seconds, got '0'"),
          ("instance[0]", "expected a string or an object, got true"),
          ("instance[1].parameters", "expected an object of parameter values by name"),
          ("sink", "expected a string, got true"),
        ])
    ) {
      try Self.read(
        """
        {"budget": [1], "bundles": ["a", ""], "config": "x", "deadline": 0,
         "instance": [true, {"kind": "K", "parameters": []}], "sink": true}
        """)
    }
    #expect(
      throws: ConfigError(file: "/etc/wh/config.json", [("", "expected a JSON object of settings")])
    ) {
      try Self.read("[]")
    }
  }

  @Test func theCommandLineOverridesTheFile() throws {
    let file = try Self.read(
      #"{"bundles": ["a", "b"], "kind": ["A"], "family": "systemSmall", "budget": 5, "once": true}"#
    )
    let options = RunCommand.allOptions
    // Nothing given: the file's settings.
    let bare = try Arguments([], options: options, command: "run").overriding(
      file, groups: [RunCommand.selection])
    #expect(bare.positionals == ["/etc/wh/a", "/etc/wh/b"])
    #expect(bare[SharedOptions.kinds] == ["A"] && bare[SharedOptions.budget] == 5)
    // An option replaces the file's value; one of the selection replaces all of the file's
    // selection; operands replace its bundles.
    let given = try Arguments(
      ["c", "--instance", "K/systemMedium", "--budget", "unlimited"], options: options,
      command: "run"
    ).overriding(file, groups: [RunCommand.selection])
    #expect(given.positionals == ["c"])
    #expect(given[SharedOptions.kinds].isEmpty && given[SharedOptions.families].isEmpty)
    #expect(given[SharedOptions.instances].map(\.kind) == ["K"])
    #expect(given[SharedOptions.budget] == .some(nil))
    #expect(given[RunCommand.once])
  }

  @Test func aSyntaxErrorNamesItsLineAndColumn() {
    #expect(
      throws: ConfigError(
        file: "/etc/wh/config.json", [("", "not valid JSON: line 3, column 15: invalid value")])
    ) {
      try Self.read("{\n  \"once\": true,\n  \"budget\": 3,,\n}")
    }
  }
}
