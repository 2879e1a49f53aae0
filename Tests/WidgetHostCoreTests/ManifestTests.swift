import Foundation
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetHostCore

/// Every manifest field: missing, malformed or breaking a rule gives an error naming the file
/// and the JSON path.
@Suite struct ManifestTests {
  nonisolated(unsafe) static let valid: [String: Any] = [
    "id": "com.example.clock", "name": "Clock", "version": "1.0.0", "abiVersion": "1.0",
    "library": "libClock.so", "appGroups": ["group.com.example"],
    "kinds": [
      [
        "kind": "Clock", "displayName": "Clock", "description": "The time.",
        "families": ["systemSmall", "systemMedium"], "configuration": ["type": "static"],
      ]
    ],
  ]

  /// Writes a bundle folder with `manifest` (JSON object or raw text) and an empty library.
  func bundle(_ manifest: Any, library: String = "libClock.so") throws -> String {
    let folder = TestSupport.temporaryDirectory("manifest")
    let data: Data
    if let text = manifest as? String {
      data = Data(text.utf8)
    } else {
      data = try JSONSerialization.data(withJSONObject: manifest)
    }
    try data.write(to: folder.appendingPathComponent("manifest.json"))
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent(library).path, contents: Data())
    return folder.path
  }

  func error(for manifest: Any) throws -> String {
    let path = try bundle(manifest)
    do {
      _ = try BundleSource.open(path)
    } catch {
      return error.description
    }
    Issue.record("expected the manifest to be refused")
    return ""
  }

  func modified(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
    var manifest = Self.valid
    change(&manifest)
    return manifest
  }

  func modifiedKind(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
    modified { manifest in
      var kind = (manifest["kinds"] as! [[String: Any]])[0]
      change(&kind)
      manifest["kinds"] = [kind]
    }
  }

  @Test func validManifestOpens() throws {
    let path = try bundle(Self.valid)
    let source = try BundleSource.open(path)
    #expect(source.manifest?.id == "com.example.clock")
    #expect(source.manifest?.kinds.first?.families == [.systemSmall, .systemMedium])
    #expect(source.libraryPath.hasSuffix("/libClock.so"))
    #expect(!source.isBareLibrary)
  }

  @Test func optionalFieldsDefault() throws {
    let path = try bundle(
      modified { manifest in
        manifest["name"] = nil
        manifest["appGroups"] = nil
        manifest["kinds"] = [["kind": "Clock", "families": ["systemSmall"]]]
      })
    let manifest = try #require(try BundleSource.open(path).manifest)
    #expect(manifest.name == "com.example.clock")
    #expect(manifest.appGroups == [])
    #expect(manifest.kinds[0].displayName == "Clock")
    #expect(manifest.kinds[0].description == "")
    #expect(manifest.kinds[0].configuration == .static)
  }

  @Test(arguments: ["id", "version", "abiVersion", "library", "kinds"])
  func missingRequiredField(_ field: String) throws {
    let message = try error(for: modified { $0[field] = nil })
    #expect(message.contains("manifest.json: \(field): missing required field"), "\(message)")
  }

  @Test(arguments: ["kind", "families"])
  func missingRequiredKindField(_ field: String) throws {
    let message = try error(for: modifiedKind { $0[field] = nil })
    #expect(
      message.contains("manifest.json: kinds[0].\(field): missing required field"), "\(message)")
  }

  @Test func wrongTypes() throws {
    #expect(
      try error(for: modified { $0["id"] = 42 }).contains("manifest.json: id: expected a string"))
    #expect(try error(for: modified { $0["kinds"] = "Clock" }).contains("kinds: expected an array"))
    #expect(
      try error(for: modifiedKind { $0["displayName"] = ["x"] })
        .contains("kinds[0].displayName: expected a string"))
    #expect(
      try error(for: modified { $0["appGroups"] = [1] }).contains("appGroups[0]: expected a string")
    )
  }

  @Test func unknownFamilyIsNamedWithTheAcceptedOnes() throws {
    let message = try error(for: modifiedKind { $0["families"] = ["systemSmall", "systemHuge"] })
    #expect(message.contains("manifest.json: kinds[0].families[1]: unknown value 'systemHuge'"))
    #expect(message.contains("accessoryInline"))
  }

  @Test func badABIVersions() throws {
    #expect(
      try error(for: modified { $0["abiVersion"] = "one" })
        .contains("abiVersion: 'one' is not an ABI version"))
    let major = try error(for: modified { $0["abiVersion"] = "2.0" })
    #expect(
      major.contains(
        "abiVersion: the bundle needs ABI 2.0; this host implements ABI \(ABIVersion.current)"))
  }

  @Test func ruleViolations() throws {
    #expect(try error(for: modified { $0["id"] = "" }).contains("manifest.json: id: must be"))
    #expect(try error(for: modified { $0["version"] = "" }).contains("version: must not be empty"))
    #expect(
      try error(for: modified { $0["library"] = "../libClock.so" })
        .contains("library: must be a file name inside the bundle folder"))
    #expect(
      try error(for: modified { $0["appGroups"] = ["com.example"] })
        .contains("appGroups[0]: 'com.example' must start with 'group.'"))
    #expect(
      try error(for: modified { $0["kinds"] = [] as [Any] })
        .contains("kinds: must declare at least one widget kind"))
    #expect(
      try error(for: modifiedKind { $0["families"] = [] as [Any] })
        .contains("kinds[0].families: must list at least one family"))
    #expect(
      try error(for: modifiedKind { $0["families"] = ["systemSmall", "systemSmall"] })
        .contains("kinds[0].families[1]: 'systemSmall' is listed twice"))
    #expect(
      try error(for: modifiedKind { $0["configuration"] = ["type": "dynamic"] })
        .contains("kinds[0].configuration.type: unknown configuration type 'dynamic'"))
  }

  @Test func duplicateKindInOneManifest() throws {
    let message = try error(
      for: modified { manifest in
        manifest["kinds"] = [
          ["kind": "Clock", "families": ["systemSmall"]],
          ["kind": "Clock", "families": ["systemMedium"]],
        ]
      })
    #expect(message.contains("kinds[1].kind: 'Clock' is declared twice (also at kinds[0])"))
  }

  @Test func everyProblemIsReported() throws {
    let message = try error(
      for: modified { manifest in
        manifest["version"] = ""
        manifest["library"] = "/abs.so"
      })
    #expect(message.split(separator: "\n").count == 2)
  }

  @Test func malformedJSON() throws {
    let message = try error(for: "{\"id\": \"x\",")
    #expect(message.contains("/manifest.json: not valid JSON"), "\(message)")
  }

  @Test func missingManifestAndLibrary() throws {
    let empty = TestSupport.temporaryDirectory("manifest")
    #expect(throws: BundleError.self) { try BundleSource.open(empty.path) }
    do {
      _ = try BundleSource.open(empty.path)
    } catch {
      #expect(error.description.contains("manifest.json: missing"))
    }
    let path = try bundle(modified { $0["library"] = "libOther.so" })
    do {
      _ = try BundleSource.open(path)
      Issue.record("expected a missing library to be refused")
    } catch {
      #expect(error.description.contains("library: 'libOther.so' does not exist"))
    }
  }

  @Test func notABundle() throws {
    let folder = TestSupport.temporaryDirectory("manifest")
    let text = folder.appendingPathComponent("notes.txt")
    try Data("hello".utf8).write(to: text)
    #expect(throws: BundleError.self) { try BundleSource.open(text.path) }
    #expect(throws: BundleError.self) {
      try BundleSource.open(folder.appendingPathComponent("nope").path)
    }
  }

  @Test func libraryAndManifestDisagreements() {
    let manifest = BundleManifest(
      id: "x", version: "1", library: "l.so",
      kinds: [
        KindManifest(kind: "A", families: [.systemSmall]),
        KindManifest(kind: "B", families: [.systemSmall, .systemMedium]),
      ])
    let description = BundleDescription(kinds: [
      KindManifest(kind: "B", families: [.systemSmall, .systemLarge]),
      KindManifest(kind: "C", families: [.systemSmall]),
    ])
    let differences = ManifestValidator.differences(manifest: manifest, description: description)
    #expect(
      differences == [
        "kind 'A' is in manifest.json but not in the library",
        "kind 'B': manifest.json lists families [systemSmall, systemMedium], the library [systemSmall, systemLarge]",
        "kind 'C' is in the library but not in manifest.json",
      ])
    #expect(
      ManifestValidator.differences(
        manifest: manifest,
        description: BundleDescription(kinds: manifest.kinds.reversed())
      ).isEmpty)
  }

  @Test func duplicateKindsAcrossBundlesNameBoth() {
    let first = InstancePlan.Bundle(
      id: "a", path: "A.widgetbundle",
      kinds: [KindManifest(kind: "Clock", families: [.systemSmall])])
    let second = InstancePlan.Bundle(
      id: "b", path: "B.widgetbundle",
      kinds: [KindManifest(kind: "Clock", families: [.systemSmall])])
    #expect(
      throws: BundleError.duplicateKind(
        kind: "Clock", first: "A.widgetbundle", second: "B.widgetbundle")
    ) {
      try InstancePlan.checkUniqueKinds([first, second])
    }
    #expect(
      BundleError.duplicateKind(kind: "Clock", first: "A.widgetbundle", second: "B.widgetbundle")
        .description
        == "kind 'Clock' is declared by two bundles: A.widgetbundle and B.widgetbundle")
  }
}
