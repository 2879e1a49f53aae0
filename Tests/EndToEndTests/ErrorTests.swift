import Foundation
import TestSupport
import Testing

/// What a user sees when something is wrong: one line per problem on stderr naming what and
/// where, and the documented exit status.
@Suite struct ErrorTests {
  /// A copy of the Clock bundle whose manifest is changed by `edit`.
  func clockCopy(_ edit: (inout [String: Any]) -> Void) throws -> String {
    let folder = TestSupport.temporaryDirectory("broken").appendingPathComponent(
      "Clock.widgetbundle")
    try FileManager.default.copyItem(atPath: Products.clock, toPath: folder.path)
    let manifestURL = folder.appendingPathComponent("manifest.json")
    var manifest =
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
    edit(&manifest)
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
    return folder.path
  }

  @Test func invalidManifestNamesFileAndField() throws {
    let bundle = try clockCopy { manifest in
      var kinds = manifest["kinds"] as! [[String: Any]]
      kinds[0]["families"] = ["systemSmall", "systemHuge"]
      manifest["kinds"] = kinds
    }
    let result = try Products.run(["run", bundle, "--once"])
    #expect(result.status == 3)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        "widget-host: error: \(bundle)/manifest.json: kinds[0].families[1]: unknown value 'systemHuge'"
      ),
      "\(result.errors)")
  }

  @Test func libraryDisagreeingWithManifestIsRefused() throws {
    let bundle = try clockCopy { manifest in
      var kinds = manifest["kinds"] as! [[String: Any]]
      kinds[0]["families"] = ["systemSmall"]
      kinds.append(["kind": "Ghost", "families": ["systemSmall"]])
      manifest["kinds"] = kinds
    }
    let result = try Products.run(["run", bundle, "--once"])
    #expect(result.status == 3)
    let lines = result.errors.split(separator: "\n")
    #expect(
      lines.contains {
        $0.contains(
          "library and manifest.json disagree: kind 'TestWidget': manifest.json lists families [systemSmall], the library [systemSmall, systemMedium, systemLarge]"
        )
      }, "\(result.errors)")
    #expect(
      lines.contains { $0.contains("kind 'Ghost' is in manifest.json but not in the library") })
  }

  @Test func sameKindInTwoBundles() throws {
    let copy = try clockCopy { $0["id"] = "com.example.copy" }
    let result = try Products.run(["run", Products.clock, copy, "--once"])
    #expect(result.status == 3)
    #expect(
      result.errors.contains(
        "widget-host: error: kind 'TestWidget' is declared by two bundles: \(Products.clock) and \(copy)"
      ),
      "\(result.errors)")
  }

  @Test func selectionErrors() throws {
    let kind = try Products.run(["run", Products.clock, "--kind", "Nope", "--once"])
    #expect(kind.status == 3)
    #expect(
      kind.errors.contains("no widget kind 'Nope' in the given bundles (they have: TestWidget)"))
    let family = try Products.run([
      "run", Products.clock, "--kind", "TestWidget", "--family", "accessoryInline",
    ])
    #expect(family.status == 3)
    #expect(family.errors.contains("widget kind 'TestWidget' does not support accessoryInline"))
  }

  @Test func usageErrors() throws {
    let noBundle = try Products.run(["run"])
    #expect(noBundle.status == 2)
    #expect(
      noBundle.errors
        == "widget-host run: give at least one bundle (or list them under \"bundles\" in the "
        + "configuration file, docs/configuration.md) (see widget-host run --help)\n")
    let badFamily = try Products.run(["run", Products.clock, "--family", "huge"])
    #expect(badFamily.status == 2)
    #expect(badFamily.errors.contains("unknown family 'huge' (expected one of: systemSmall,"))
    let badOption = try Products.run(["run", Products.clock, "--colour"])
    #expect(badOption.status == 2)
    #expect(badOption.errors.contains("unknown option '--colour'"))
    let command = try Products.run(["explode"])
    #expect(command.status == 2)
    #expect(command.errors.contains("unknown command 'explode'"))
  }

  @Test func missingBundle() throws {
    let result = try Products.run(["run", "/nonexistent/X.widgetbundle"])
    #expect(result.status == 3)
    #expect(
      result.errors
        == "widget-host: error: /nonexistent/X.widgetbundle: no such file or directory\n")
  }

  @Test func failingProviderInOnceModeShowsThePlaceholder() throws {
    let fixture = TestSupport.repositoryRoot.appendingPathComponent(
      "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c")
    let library = try TestSupport.compileSharedLibrary(fixture)
    let result = try Products.run(["run", library.path, "--kind", "Fail", "--once"])
    #expect(result.status == 4, "\(result.output)\n\(result.errors)")
    #expect(
      result.errors.contains(
        "widget-host: error: Fail/systemSmall: Fail timeline: the provider failed: backend unreachable"
      ), "\(result.errors)")
    #expect(result.output.contains("Fail/systemSmall · placeholder"))
  }
}

/// Bundles that misbehave: silence, chatter on standard output.
@Suite struct MisbehavingBundleTests {
  static let fixture = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c")

  @Test(arguments: Products.Mode.allCases)
  func aProviderThatNeverRepliesMissesItsDeadline(_ mode: Products.Mode) throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let result = try Products.run(
      mode: mode,
      [
        "run", library.path, "--kind", "Never", "--once", "--deadline", "0.3",
        "--placeholder-deadline", "0.3",
      ])
    #expect(result.status == 4)
    #expect(result.errors.contains("Never timeline: no reply within 0.3 s"), "\(result.errors)")
    #expect(result.errors.contains("Never placeholder: no reply within 0.3 s"), "\(result.errors)")
  }

  @Test(arguments: Products.Mode.allCases)
  func interruptingAOnceRunStopsIt(_ mode: Products.Mode) throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let process = try LiveProcess(
      Products.widgetHost, mode,
      ["run", library.path, "--kind", "Never", "--once", "--format", "json"],
      environment: Products.environment)
    // Interrupt once the run is under way: the reload has been asked for.
    #expect(process.waitFor(timeout: 30) { $0.contains { $0.contains(#""type":"reload""#) } })
    process.interrupt()
    #expect(
      process.wait(timeout: 10) == 4, "stopped before any entry: exit 4; stderr: \(process.errors)")
  }

  @Test(
    arguments: Products.Mode.allCases,
    [
      (
        "Huge", "Huge timeline: the reply has 20971520 bytes; replies are limited to 16777216 bytes"
      ),
      ("Ancient", "Ancient timeline reply: entries[0].date: 1960-01-01T00:00:00Z is outside"),
      ("Many", "Many timeline reply: entries: 20000 entries; a timeline holds at most 10000"),
    ])
  func absurdRepliesAreRefusedWithAClearError(
    _ mode: Products.Mode, _ case: (String, String)
  ) throws {
    let (kind, message) = `case`
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let result = try Products.run(mode: mode, ["run", library.path, "--kind", kind, "--once"])
    #expect(result.status == 4)
    #expect(result.errors.contains(message), "\(result.errors)")
    if kind != "Huge" {  // Huge's placeholder is just as large, and refused too.
      #expect(result.output.contains("\(kind)/systemSmall · placeholder"), "the placeholder stays")
    }
  }

  @Test(arguments: Products.Mode.allCases)
  func bundleOutputDoesNotCorruptTheStream(_ mode: Products.Mode) throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture)
    let result = try Products.run(
      mode: mode,
      [
        "run", library.path, "--kind", "Chatty", "--once", "--format", "json",
      ])
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.output.contains("chatty"))
    #expect(result.errors.contains("chatty bundle output"))
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    #expect(StreamChecks.entries(events, instance: "Chatty/systemSmall").count == 1)
  }
}
