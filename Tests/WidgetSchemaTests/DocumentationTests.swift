import Foundation
import Testing

@testable import WidgetSchema

/// The JSON examples in docs/schema.md are real payloads: each decodes as one of the schema's
/// types, so the documentation cannot drift from the code unnoticed.
@Suite struct DocumentationTests {
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    {
      url.deleteLastPathComponent()
    }
    return url
  }()

  static func jsonBlocks(in document: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```json" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  static func decodesAsSomePayload(_ json: String) -> Bool {
    let data = Data(json.utf8)
    func tries<T: Decodable>(_ type: T.Type) -> Bool {
      (try? WidgetJSON.decode(type, from: data)) != nil
    }
    return tries(BundleManifest.self) || tries(BundleDescription.self)
      || tries(ProviderContext.self)
      || tries(Timeline.self) || tries(Entry.self) || tries(ViewNode.self) || tries(Relevance.self)
      || tries(ReloadPolicy.self) || tries(StreamEvent.self) || tries(StreamHeader.self)
      || tries(ColorValue.self) || tries(ConfigurationManifest.self)
      || tries(ParameterOptions.self) || tries(CurrentConfigurations.self) || tries(Previews.self)
      || tries(ActionDeclaration.self) || tries(WidgetAction.self) || tries(ActivityViews.self)
  }

  @Test func schemaExamplesDecode() throws {
    let blocks = try Self.jsonBlocks(in: "docs/schema.md")
    #expect(blocks.count >= 10)
    for block in blocks {
      #expect(
        Self.decodesAsSomePayload(block),
        "this example in docs/schema.md does not decode:\n\(block)")
    }
  }
}
