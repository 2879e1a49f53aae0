import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// Seed 003's Animal widget (Examples/Animals), built from its intent definition by the
/// IntentDefinitionPlugin, assembled and run by the real `widget-host`.
@Suite struct ConfigurableWidgetTests {
  /// The assembled Animals.widgetbundle, once per test process.
  static let animals: String = {
    let folder = TestSupport.temporaryDirectory("animals")
    let assemble = try! TestSupport.run(
      Products.widgetHost.path,
      [
        "assemble", TestSupport.product("libAnimals.so").path, "--output", folder.path,
        "--id", "dev.widget-host.examples.animals", "--version", "1.0.0",
      ])
    precondition(assemble.status == 0, "assemble failed: \(assemble.errors)")
    return folder.appendingPathComponent("Animals.widgetbundle").path
  }()

  @Test func theManifestDescribesTheIntentsParameters() throws {
    let result = try Products.run(["inspect", "--json", Self.animals])
    #expect(result.status == 0, "\(result.errors)")
    let manifest = try WidgetJSON.decode(BundleManifest.self, from: Data(result.output.utf8))
    let kind = try #require(manifest.kinds.first)
    #expect(kind.kind == "XG_Widget")
    #expect(kind.displayName == "XG_SwiftUI_3Day")
    #expect(
      kind.configuration
        == .intent(
          IntentSchema(
            intent: "MyCustomIntentsIntent", title: "My Custom Intents",
            parameters: [
              ParameterSchema(
                name: "parameter", title: "Parameter", type: .enum, default: .string("a"),
                cases: [
                  ParameterCase(value: "a", title: "Black"),
                  ParameterCase(value: "b", title: "Blue"),
                  ParameterCase(value: "c", title: "Red"),
                ]),
              ParameterSchema(
                name: "animal", title: "Animal", type: .entity, dynamicOptions: true,
                entityType: "Animal"),
            ])))
  }

  @Test func runsWithTheDefaultConfiguration() throws {
    let result = try Products.run([
      "run", Self.animals, "--once", "--format", "json", "--family", "systemSmall",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let entries = events.compactMap { event -> EntryEvent? in
      guard case .entry(let entry) = event.payload, entry.kind == "XG_Widget" else { return nil }
      return entry
    }
    // No animal chosen: the seed's provider shows the lion.
    let entry = try #require(entries.last(where: { $0.source == .timeline }))
    #expect(entry.lines.contains { $0.contains("lion") }, "\(entry.lines)")
    #expect(entry.lines.contains { $0.contains("这是颜色") }, "\(entry.lines)")
  }

  /// The `options` method and a configured timeline, through the host's bundle connection to a
  /// worker process running the bundle (the `widget-host options` command and `--instance`
  /// come with the host's instance support).
  @Test func optionsAndConfiguredTimelinesGoThroughTheABI() async throws {
    let connection = try await WorkerLoader(
      executable: Products.widgetWorker.path,
      quarantine: QuarantineStore(
        path: TestSupport.temporaryDirectory("quarantine").appendingPathComponent("q.json").path)
    ).load(try BundleSource.open(Self.animals), services: StandaloneServices(log: MemoryOutput()))

    let options = try await connection.call(
      .options, kind: "XG_Widget",
      context: ProviderContext(family: .systemSmall, configuration: [:], parameter: "animal"))
    #expect(
      try WidgetJSON.decode(ParameterOptions.self, from: options)
        == ParameterOptions(options: [
          ParameterOption(identifier: "panda", display: "panda"),
          ParameterOption(identifier: "lion", display: "lion"),
          ParameterOption(identifier: "tiger", display: "tiger"),
        ]))

    let tiger: [String: JSONValue] = [
      "parameter": .string("c"),
      "animal": .object(["identifier": .string("tiger"), "display": .string("tiger")]),
    ]
    let reply = try await connection.call(
      .timeline, kind: "XG_Widget",
      context: ProviderContext(family: .systemSmall, configuration: tiger))
    let timeline = try WidgetJSON.decode(WidgetSchema.Timeline.self, from: reply)
    let text = String(decoding: try WidgetJSON.encode(timeline), as: UTF8.self)
    #expect(text.contains("🐯") && text.contains("tiger"), "\(text)")
    #expect(text.contains("red"), "parameter c is the seed's red: \(text)")

    do {
      _ = try await connection.call(
        .timeline, kind: "XG_Widget",
        context: ProviderContext(family: .systemSmall, configuration: ["parameter": .string("d")]))
      Issue.record("a value outside the enum was accepted")
    } catch {
      #expect(
        "\(error)".contains(
          "parameter 'parameter' of MyCustomIntentsIntent: expected one of a, b, c, got \"d\""),
        "\(error)")
    }
    await connection.close()
  }
}
