import Foundation
import IntentCodegen
import Testing

/// The generator turns seed 003's intent definition into what Xcode would generate.
@Suite struct SwiftGeneratorTests {
  static let seedDefinition = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/Animals/Sources/Intents.intentdefinition")

  func seed() throws -> IntentDefinition {
    let data = try Data(contentsOf: Self.seedDefinition)
    return try IntentDefinition(propertyList: data, file: "Intents.intentdefinition")
  }

  @Test func readsTheSeedDefinition() throws {
    let definition = try seed()
    #expect(definition.intents.map(\.className) == ["MyCustomIntentsIntent"])
    let parameters = try #require(definition.intents.first).parameters
    #expect(parameters.map(\.name) == ["parameter", "animal"])
    #expect(parameters[0].type == .enumeration("Choose"))
    #expect(parameters[0].defaultValue == .string("a"))
    #expect(!parameters[0].dynamicOptions)
    #expect(parameters[1].type == .object("Animal"))
    #expect(parameters[1].dynamicOptions)
    #expect(definition.enums.map(\.name) == ["Choose"])
    #expect(definition.enums[0].cases.map(\.name) == ["a", "b", "c"])
    #expect(definition.enums[0].cases.map(\.rawValue) == [1, 2, 3])
    #expect(definition.types.map(\.name) == ["Animal"])
    #expect(definition.types[0].properties.isEmpty, "INObject's own properties are not repeated")
  }

  @Test func generatesTheSeedsDeclarations() throws {
    let source = SwiftGenerator.generate(try seed(), source: "Intents.intentdefinition")
    for declaration in [
      "import Intents",
      "public enum Choose: Int, _INCodableEnum, Sendable {",
      "  case unknown = 0\n  case a = 1\n  case b = 2\n  case c = 3\n",
      #"(.a, "a", "Black"),"#,
      "public class Animal: INObject {",
      "public class MyCustomIntentsIntent: INIntent {",
      #"@_INParameter(title: "Parameter", default: Choose.a)"#,
      "public var parameter: Choose\n",
      #"@_INParameter(title: "Animal", dynamicOptions: true)"#,
      "public var animal: Animal?\n",
      #"public override class var _intentTitle: String? { "My Custom Intents" }"#,
      "public protocol MyCustomIntentsIntentHandling: AnyObject {",
      "func provideAnimalOptionsCollection(\n    for intent: MyCustomIntentsIntent,\n"
        + "    with completion: @escaping (INObjectCollection<Animal>?, (any Error)?) -> Void)",
      #"case "animal":"#,
      "handler.provideAnimalOptionsCollection(for: self)",
      #"return .handlerDoesNotAdopt("MyCustomIntentsIntentHandling")"#,
    ] {
      #expect(source.contains(declaration), "missing: \(declaration)")
    }
  }

  @Test func enumsWithoutAnUnknownValueCountFromOne() throws {
    let definition = try IntentDefinition(
      propertyList: plist(
        enums: """
          <dict><key>INEnumName</key><string>Size</string><key>INEnumValues</key><array>
          <dict><key>INEnumValueName</key><string>small</string><key>INEnumValueIndex</key><integer>0</integer></dict>
          <dict><key>INEnumValueName</key><string>default</string><key>INEnumValueIndex</key><integer>1</integer></dict>
          </array></dict>
          """,
        parameters: """
          <dict><key>INIntentParameterName</key><string>size</string>
          <key>INIntentParameterType</key><string>Integer</string>
          <key>INIntentParameterEnumType</key><string>Size</string></dict>
          <dict><key>INIntentParameterName</key><string>count</string>
          <key>INIntentParameterType</key><string>Integer</string>
          <key>INIntentParameterMetadata</key><dict>
          <key>INIntentParameterMetadataDefaultValue</key><integer>5</integer></dict></dict>
          """), file: "Size.intentdefinition")
    #expect(definition.enums[0].cases.map(\.rawValue) == [1, 2])
    let source = SwiftGenerator.generate(definition, source: "Size.intentdefinition")
    #expect(source.contains("  case `default` = 2\n"))
    #expect(source.contains("default: Size.unknown)"), "no default: .unknown, as Xcode does")
    #expect(
      source.contains(
        #"@_INParameter(title: "count", type: .integer, default: NSNumber(value: 5))"#))
    #expect(source.contains("public var count: NSNumber?"))
    #expect(source.contains("    .noDynamicOptions\n"))
  }

  @Test func unsupportedParametersAreErrorsNamingThem() {
    #expect(
      throws: IntentDefinitionError(
        "Who.intentdefinition: INIntents[0] (Greet) parameter 'who': type 'Person' is not "
          + "supported (supported: String, Integer, Decimal, Boolean, DateComponents, an enum, "
          + "a custom type)")
    ) {
      try IntentDefinition(
        propertyList: plist(
          parameters: """
            <dict><key>INIntentParameterName</key><string>who</string>
            <key>INIntentParameterType</key><string>Person</string></dict>
            """), file: "Who.intentdefinition")
    }
    #expect(
      throws: IntentDefinitionError(
        "Bad.intentdefinition: INIntents[0] (Greet) parameter 'pet': object type 'Pet' is not "
          + "defined in INTypes")
    ) {
      try IntentDefinition(
        propertyList: plist(
          parameters: """
            <dict><key>INIntentParameterName</key><string>pet</string>
            <key>INIntentParameterType</key><string>Object</string>
            <key>INIntentParameterObjectType</key><string>Pet</string></dict>
            """), file: "Bad.intentdefinition")
    }
    #expect(throws: IntentDefinitionError.self) {
      try IntentDefinition(propertyList: Data("not a plist".utf8), file: "x.intentdefinition")
    }
  }

  /// A searchable parameter's method takes the search term (nil when the host asks for the
  /// whole list); every method has an async form, and each form defaults to the other.
  @Test func searchableParametersTakeASearchTerm() throws {
    let definition = try IntentDefinition(
      propertyList: plist(
        parameters: """
          <dict><key>INIntentParameterName</key><string>name</string>
          <key>INIntentParameterType</key><string>String</string>
          <key>INIntentParameterSupportsDynamicEnumeration</key><true/>
          <key>INIntentParameterSupportsSearch</key><true/></dict>
          """), file: "Greet.intentdefinition")
    #expect(definition.intents[0].parameters[0].searchable)
    let source = SwiftGenerator.generate(definition, source: "Greet.intentdefinition")
    for declaration in [
      "  func provideNameOptionsCollection(\n    for intent: GreetIntent, searchTerm: String?,\n"
        + "    with completion: @escaping (INObjectCollection<NSString>?, (any Error)?) -> Void)\n",
      "  func provideNameOptionsCollection(for intent: GreetIntent, searchTerm: String?) async "
        + "throws -> INObjectCollection<NSString>\n",
      "handler.provideNameOptionsCollection(for: self, searchTerm: nil) { collection, error in",
      "extension GreetIntentHandling {",
      "_INProvideOptions({ try await self.provideNameOptionsCollection(for: intent, searchTerm: "
        + "searchTerm) }, completion: completion)",
      #"throw _INOptionsNotProvided(method: "provideNameOptionsCollection(for:searchTerm:with:)")"#,
    ] {
      #expect(source.contains(declaration), "missing: \(declaration)\n\(source)")
    }
  }

  private func plist(enums: String = "", parameters: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>INEnums</key><array>\(enums)</array>
      <key>INIntents</key><array><dict>
      <key>INIntentName</key><string>Greet</string>
      <key>INIntentParameters</key><array>\(parameters)</array>
      </dict></array>
      </dict></plist>
      """.utf8)
  }
}
