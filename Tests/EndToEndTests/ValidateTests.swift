import Foundation
import TestSupport
import Testing

/// `widget-host validate` (docs/cli.md#validate), with the real binary: the example passes every
/// check, the fixture's misbehaving kinds fail the right checks, and a crash does not stop the
/// suite.
@Suite struct ValidateTests {
  static let schemas = JSONSchemaValidator(
    folder: TestSupport.repositoryRoot.appendingPathComponent("docs/schemas"))

  struct Check: Decodable {
    var id: String
    var passed: Bool
    var skipped: Bool
    var message: String
    var seconds: Double
  }

  struct Report: Decodable {
    var bundle: String
    var checks: [Check]
    var passed: Int
    var failed: Int
    var skipped: Int

    subscript(id: String) -> Check? { checks.first { $0.id == id } }
  }

  static let checkIDs = [
    "manifest-schema", "loads", "kinds-agree", "parameter-options", "placeholder-fast",
    "snapshot-once", "timeline-once", "entries-sorted-and-dated", "concurrent-calls",
    "reload-cycle",
    "fuzzed-contexts", "activities",
  ]

  /// Runs `validate --json` and checks the output against the schema.
  func validate(_ arguments: [String]) throws -> (Int32, Report, String) {
    let result = try Products.run(
      ["validate", "--json"] + arguments, environment: IsolationTests.isolatedEnvironment())
    let problems = Self.schemas.problems(in: result.output, against: "validate.schema.json")
    #expect(problems.isEmpty, "\(problems)\n\(result.output)")
    let report = try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
    #expect(report.checks.map(\.id) == Self.checkIDs)
    return (result.status, report, result.errors)
  }

  @Test func theSystemStatusExamplePassesEveryCheck() throws {
    let (status, report, errors) = try validate([Products.systemStatus])
    #expect(status == 0, "\(report.checks.filter { !$0.passed }) \(errors)")
    #expect(report.passed == 10 && report.failed == 0 && report.skipped == 2)
    #expect(report["activities"]?.skipped == true)
    #expect(report["parameter-options"]?.skipped == true)
    #expect(report.bundle == Products.systemStatus)
  }

  @Test func theTableShowsEveryCheck() throws {
    let result = try Products.run(
      ["validate", Products.systemStatus], environment: IsolationTests.isolatedEnvironment())
    #expect(result.status == 0, "\(result.errors)")
    // SystemStatus has no parameters and no Live Activity.
    let skipped = ["parameter-options", "activities"]
    for id in Self.checkIDs where !skipped.contains(id) {
      #expect(result.output.contains("PASS  \(id) "), "\(id): \(result.output)")
    }
    for id in skipped {
      #expect(result.output.contains("SKIP  \(id) "), "\(result.output)")
    }
    #expect(result.output.contains("10 passed, 0 failed, 2 skipped"))
  }

  @Test func theFixtureFailsTheRightChecksWithTheRightMessages() throws {
    let library = try TestSupport.compileSharedLibrary(IsolationTests.fixture)
    let kinds = ["Good", "Twice", "Garbage", "Never", "Segv", "Ancient", "Many"]
    let (status, report, errors) = try validate(
      [library.path, "--deadline", "1"] + kinds.flatMap { ["--kind", $0] })
    #expect(status == 5, "\(errors)")
    let manifest = try #require(report["manifest-schema"])
    #expect(manifest.skipped && manifest.message.contains("bare library"))
    #expect(report["loads"]?.passed == true)
    #expect(report["kinds-agree"]?.skipped == true)

    let placeholder = try #require(report["placeholder-fast"])
    #expect(!placeholder.passed)
    #expect(placeholder.message.contains("Never placeholder: no reply within 1 s"))
    #expect(placeholder.message.contains("Garbage placeholder reply: not valid JSON"))
    #expect(!placeholder.message.contains("Good"))

    for method in ["snapshot", "timeline"] {
      let once = try #require(report["\(method)-once"])
      #expect(!once.passed)
      #expect(
        once.message.contains("Twice \(method): the bundle replied more than once"),
        "\(once.message)")
      #expect(
        once.message.contains(
          "Segv \(method): the bundle's worker process crashed (killed by SIGSEGV)"),
        "\(once.message)")
      #expect(once.message.contains("Never \(method): no reply within 1 s"))
      #expect(!once.message.contains("Good"))
    }

    let entries = try #require(report["entries-sorted-and-dated"])
    #expect(!entries.passed)
    #expect(entries.message.contains("Ancient timeline reply: entries[0].date: 1960-01-01"))
    #expect(entries.message.contains("Many timeline reply: entries: 20000 entries"))
    #expect(!entries.message.contains("Good"))

    // The crash did not stop the suite: the checks after it ran and report on the others.
    let concurrent = try #require(report["concurrent-calls"])
    #expect(concurrent.passed && !concurrent.skipped, "\(concurrent.message)")
    #expect(concurrent.message.contains("Segv"))
    #expect(report["reload-cycle"]?.skipped == false)
    let fuzzed = try #require(report["fuzzed-contexts"])
    #expect(!fuzzed.passed)
    #expect(fuzzed.message.contains("Segv systemSmall"))
    #expect(!fuzzed.message.contains("Good"))
  }

  @Test func aWellBehavedKindOfTheFixturePasses() throws {
    let library = try TestSupport.compileSharedLibrary(IsolationTests.fixture)
    let (status, report, errors) = try validate([library.path, "--kind", "Good"])
    #expect(status == 0, "\(report.checks.filter { !$0.passed }) \(errors)")
    #expect(report.passed == 8 && report.skipped == 4)
  }

  /// The configurable kind is called with its default configuration (its required entity gets
  /// the first option the bundle lists) and its options reply is checked.
  @Test func theConfigurableKindGetsItsDefaultConfiguration() throws {
    let library = try TestSupport.compileSharedLibrary(IsolationTests.fixture)
    let (status, report, errors) = try validate([library.path, "--kind", "Configurable"])
    #expect(status == 0, "\(report.checks.filter { !$0.passed }) \(errors)")
    let options = try #require(report["parameter-options"])
    #expect(options.passed && !options.skipped)
    #expect(
      options.message.contains("1 option lists decoded as ParameterOptions"), "\(options.message)")
    #expect(options.message.contains("Configurable: animal=cat"), "\(options.message)")
    #expect(report.passed == 9 && report.skipped == 3)
  }

  /// An options call the bundle refuses (here the fixture's error status for any parameter but
  /// animal) fails parameter-options; a required parameter with neither default nor options
  /// leaves its kind out of the calling checks, with the reason.
  @Test func aFailingOptionsCallFailsParameterOptions() throws {
    let description =
      #"{"kinds":[{"kind":"Configurable","families":["systemSmall"],"configuration":"#
      + #"{"type":"intent","intent":"I","parameters":["#
      + #"{"name":"title","type":"string","dynamicOptions":true},"#
      + #"{"name":"count","type":"int","required":true}]}}]}"#
    let escaped = description.replacingOccurrences(of: "\"", with: "\\\"")
    let library = try TestSupport.compileSharedLibrary(
      IsolationTests.fixture, defines: ["FIXTURE_DESCRIPTION=\"\(escaped)\""],
      name: "libbadoptions.so")
    let (status, report, _) = try validate([library.path])
    #expect(status == 5)
    let options = try #require(report["parameter-options"])
    #expect(!options.passed)
    #expect(
      options.message.contains("Configurable: the options of parameter 'title'"),
      "\(options.message)")
    #expect(
      options.message.contains(
        "left out of the calls: Configurable (required parameter 'count' (int) has no default)"),
      "\(options.message)")
    #expect(report["placeholder-fast"]?.skipped == true)
  }

  @Test func aMajorVersionTwoLibraryFailsLoads() throws {
    let library = try TestSupport.compileSharedLibrary(
      IsolationTests.fixture, defines: ["FIXTURE_MAJOR=2"], name: "libmajor2.so")
    let (status, report, _) = try validate([library.path])
    #expect(status == 5)
    let loads = try #require(report["loads"])
    #expect(!loads.passed)
    #expect(loads.message.contains("built for ABI 2."), "\(loads.message)")
    #expect(report.failed == 1 && report.skipped == 11)
  }

  @Test func aManifestThatDisagreesWithTheLibraryFailsKindsAgree() throws {
    let folder = TestSupport.temporaryDirectory("disagree").appendingPathComponent(
      "SystemStatus.widgetbundle")
    try FileManager.default.copyItem(atPath: Products.systemStatus, toPath: folder.path)
    let manifestURL = folder.appendingPathComponent("manifest.json")
    var manifest =
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
    var kinds = manifest["kinds"] as! [[String: Any]]
    kinds[0]["families"] = ["systemSmall"]
    manifest["kinds"] = kinds
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)

    let (status, report, _) = try validate([folder.path])
    #expect(status == 5)
    #expect(report["manifest-schema"]?.passed == true)
    #expect(report["loads"]?.passed == true)
    let agree = try #require(report["kinds-agree"])
    #expect(!agree.passed)
    #expect(
      agree.message.contains(
        "kind 'SystemStatus': manifest.json lists families [systemSmall], the library"),
      "\(agree.message)")
  }

  @Test func anInvalidManifestFailsManifestSchema() throws {
    let folder = TestSupport.temporaryDirectory("invalid").appendingPathComponent(
      "SystemStatus.widgetbundle")
    try FileManager.default.copyItem(atPath: Products.systemStatus, toPath: folder.path)
    let manifestURL = folder.appendingPathComponent("manifest.json")
    var manifest =
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
    var kinds = manifest["kinds"] as! [[String: Any]]
    kinds[0]["families"] = ["systemHuge"]
    manifest["kinds"] = kinds
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)

    let (status, report, _) = try validate([folder.path])
    #expect(status == 5)
    let schema = try #require(report["manifest-schema"])
    #expect(!schema.passed)
    #expect(
      schema.message.contains("kinds[0].families[0]: unknown value 'systemHuge'"),
      "\(schema.message)")
    #expect(report.skipped == 11)
  }

  @Test func aBundleThatCannotBeOpenedIsExitStatus3() throws {
    let result = try Products.run(["validate", "/nonexistent/Nothing.widgetbundle"])
    #expect(result.status == 3)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("no such file or directory"))
  }
}
