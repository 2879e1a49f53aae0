import Foundation
import TestSupport
import Testing
import WidgetBundleRuntime
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

  /// A kind with an intent configuration whose parameters are `parameters`.
  func withParameters(_ parameters: [[String: Any]]) -> [String: Any] {
    modifiedKind { kind in
      kind["configuration"] = ["type": "intent", "intent": "I", "parameters": parameters]
    }
  }

  nonisolated(unsafe) static let colors: [String: Any] = [
    "name": "color", "type": "enum", "default": "red",
    "cases": [["value": "red", "title": "Red"], ["value": "blue", "title": "Blue"]],
  ]

  @Test func validParametersOpen() throws {
    let path = try bundle(
      withParameters([
        Self.colors, ["name": "count", "type": "int", "default": 3],
        ["name": "day", "type": "date", "default": "2026-01-01T09:00:00Z"],
        ["name": "animal", "type": "entity", "required": true],
        ["name": "city", "type": "string", "dynamicOptions": true, "default": "Paris"],
        ["name": "pet", "type": "entity", "default": ["identifier": "cat", "display": "Cat"]],
      ]))
    let manifest = try #require(try BundleSource.open(path).manifest)
    #expect(manifest.kinds[0].configuration.parameters.count == 6)
  }

  /// Each rule of docs/schema.md "Rules beyond the schema" for parameters, with its JSON path.
  @Test func parameterRuleViolations() throws {
    let path = "manifest.json: kinds[0].configuration.parameters"
    func message(_ parameters: [[String: Any]]) throws -> String {
      try error(for: withParameters(parameters))
    }
    let duplicate = try message([Self.colors, ["name": "color", "type": "string"]])
    #expect(
      duplicate.contains("\(path)[1].name: 'color' is declared twice (also at parameters[0])"),
      "\(duplicate)")
    var cases = Self.colors
    cases["cases"] = [["value": "red", "title": "Red"], ["value": "red", "title": "Rouge"]]
    #expect(
      try message([cases]).contains(
        "\(path)[0].cases[1].value: 'red' is listed twice (also at cases[0])"))
    var outside = Self.colors
    outside["default"] = "purple"
    #expect(
      try message([outside]).contains(
        "\(path)[0].default: 'purple' is not one of its cases: red, blue"))
    #expect(
      try message([["name": "count", "type": "int", "default": "three"]]).contains(
        "\(path)[0].default: expects a whole number (int), got \"three\""))
    #expect(
      try message([["name": "on", "type": "bool", "default": 1]]).contains(
        "\(path)[0].default: expects true or false, got 1"))
    #expect(
      try message([["name": "day", "type": "date", "default": "tomorrow"]]).contains(
        "\(path)[0].default: expects an RFC 3339 date"))
    #expect(
      try message([["name": "title", "type": "string", "required": true, "default": "Hi"]])
        .contains("\(path)[0].default: a required parameter has no default"))
    #expect(
      try message([["name": "count", "type": "int", "dynamicOptions": true]]).contains(
        "\(path)[0].dynamicOptions: only string and entity parameters can have dynamic options "
          + "(this one is int)"))
    #expect(
      try message([["name": "title", "type": "string", "cases": [["value": "a", "title": "A"]]]])
        .contains("\(path)[0].cases: only enum parameters have cases (this one is string)"))
    for name in ["a&b", "a=b", "a?b", "a b", "", "50%"] {
      let text = try message([["name": name, "type": "string"]])
      #expect(
        text.contains("\(path)[0].name: '\(name)' is not a usable parameter name"),
        "\(name): \(text)")
    }
    // Every problem at once.
    let all = try message([
      ["name": "a&b", "type": "int", "default": "x"],
      ["name": "c", "type": "bool", "required": true, "default": true],
    ])
    #expect(all.split(separator: "\n").count == 3, "\(all)")
  }

  /// A library's own description breaks the same rules: it is refused before it runs.
  @Test func descriptionParametersAreCheckedToo() {
    let text =
      #"{"kinds":[{"kind":"K","families":["systemSmall"],"configuration":{"type":"intent","#
      + #""intent":"I","parameters":[{"name":"n","type":"int","default":1.5}]}}]}"#
    let description = Data(text.utf8)
    #expect {
      _ = try ManifestValidator.decodeDescription(description, library: "libK.so")
    } throws: { error in
      "\(error)".contains("kinds[0].configuration.parameters[0].default: expects a whole number")
    }
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
