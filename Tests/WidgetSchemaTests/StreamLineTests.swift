import Foundation
import Testing

@testable import WidgetSchema

/// The lines that close or make up the output of `simulate` and `preview` (docs/stream.md#summary,
/// docs/cli.md#preview): defined beside the stream events, and written as documented.
@Suite struct StreamLineTests {
  @Test func theDocumentedSummaryLineReadsAndWritesBackByteForByte() throws {
    let text = try String(
      contentsOf: DocumentationTests.root.appendingPathComponent("docs/stream.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "\n### summary\n").dropFirst().first)
    let line = try #require(
      section.components(separatedBy: "\n").first { $0.hasPrefix(#"{"end":"#) })
    let summary = try WidgetJSON.decode(SimulationSummary.self, from: Data(line.utf8))
    #expect(summary.type == "summary" && summary.instances.first?.providerCalls == 72)
    #expect(String(decoding: try WidgetJSON.encode(summary), as: UTF8.self) == line)
  }

  @Test func aPreviewItemReadsBackAndSaysWhetherACallFailed() throws {
    let failure = PreviewItem.Failure(code: "provider-failed", message: "no network")
    var item = PreviewItem(
      bundle: "b", kind: "K", family: .systemSmall, placeholder: .init(error: failure),
      snapshot: .init(error: failure), previewsError: failure)
    let data = try WidgetJSON.encode(item)
    #expect(try WidgetJSON.decode(PreviewItem.self, from: data) == item)
    #expect(String(decoding: data, as: UTF8.self).contains(#""type":"preview""#))
    #expect(item.failed)
    item.placeholder = .init()
    item.snapshot = .init()
    #expect(!item.failed)
  }
}
