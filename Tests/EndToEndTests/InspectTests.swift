import Foundation
import TestSupport
import Testing
import WidgetSchema

/// `inspect`, `list`, `assemble` and `--help`, as a user runs them.
@Suite struct InspectTests {
  @Test func inspectReadsTheManifest() throws {
    let result = try Products.run(["inspect", Products.clock])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Clock (dev.widget-host.examples.clock) 1.0.0\n"))
    #expect(result.output.contains("TestWidget: My Widget"))
    #expect(result.output.contains("families: systemSmall, systemMedium, systemLarge"))
    let json = try Products.run(["inspect", "--json", Products.systemStatus])
    let manifest = try WidgetJSON.decode(BundleManifest.self, from: Data(json.output.utf8))
    #expect(manifest.kinds.map(\.kind) == ["SystemStatus"])
  }

  /// A configurable kind shows its configuration type, intent and every parameter; a static
  /// one says so.
  @Test func inspectShowsEachParameter() throws {
    let library = try TestSupport.compileSharedLibrary(IsolationTests.fixture)
    let result = try Products.run(["inspect", library.path])
    #expect(result.status == 0, "\(result.errors)")
    let expected = """
            families: systemSmall, systemLarge
            configuration: intent ConfigurableIntent
              title: string, default "Hi"
              count: int, default 1
              ratio: double
              enabled: bool, default false
              day: date
              color: enum red|green|blue, default "red"
              animal: entity Animal, required, dynamic options

      """
    #expect(result.output.hasSuffix(expected), "\(result.output)")
    #expect(
      result.output.contains(
        "    Good: Good\n      families: systemSmall, systemMedium\n      configuration: static\n"))
    let clock = try Products.run(["inspect", Products.clock])
    #expect(clock.output.hasSuffix("      configuration: static\n"))
  }

  @Test func listFindsBundlesInAFolder() throws {
    let result = try Products.run(["list", Products.bundles.path])
    #expect(result.status == 0)
    #expect(result.output.contains("dev.widget-host.examples.clock 1.0.0"))
    #expect(result.output.contains("  TestWidget [systemSmall, systemMedium, systemLarge]"))
    #expect(result.output.contains("dev.widget-host.examples.system-status"))
  }

  @Test func assembleGeneratesTheManifestFromTheLibrary() throws {
    let output = TestSupport.temporaryDirectory("assemble")
    let result = try Products.run([
      "assemble", TestSupport.product("libClock.so").path, "--output", output.path, "--id",
      "com.example.clock",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let data = try Data(
      contentsOf: output.appendingPathComponent("Clock.widgetbundle/manifest.json"))
    let manifest = try WidgetJSON.decode(BundleManifest.self, from: data)
    #expect(manifest.id == "com.example.clock")
    #expect(manifest.library == "libClock.so")
    #expect(
      manifest.kinds == [
        KindManifest(
          kind: "TestWidget", displayName: "My Widget", description: "This is an example widget.",
          families: [.systemSmall, .systemMedium, .systemLarge])
      ])
  }

  @Test(arguments: ["run", "inspect", "list", "assemble"])
  func everyCommandHasHelpWithAnExample(_ command: String) throws {
    let result = try Products.run([command, "--help"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("USAGE: widget-host \(command)"))
    #expect(result.output.contains("EXAMPLES:\n  # "))
  }
}
