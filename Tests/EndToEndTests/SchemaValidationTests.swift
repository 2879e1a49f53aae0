import Foundation
import TestSupport
import Testing

/// The stream's JSON Schemas accept what the host writes and reject broken events, so the
/// validation in every stream-reading test means something.
@Suite struct SchemaValidationTests {
  let entry = #"""
    {"data":{"date":"2027-01-15T08:00:00Z","family":"accessoryInline","kind":"K","lines":["hi                              "],"source":"timeline","spans":[],"regions":[],"view":{"type":"text","runs":[{"text":"hi"}]}},"instance":"K/accessoryInline","seq":3,"time":"2027-01-15T08:00:00.100Z","type":"entry"}
    """#

  func problems(_ json: String, _ file: String) -> [String] {
    JSONSchemaValidator.stream.problems(Data(json.utf8), against: file)
  }

  @Test func acceptsARealEntry() {
    #expect(problems(entry, "entry.schema.json") == [])
  }

  @Test func rejectsBrokenEvents() {
    #expect(
      !problems(entry.replacingOccurrences(of: #""seq":3,"#, with: ""), "entry.schema.json").isEmpty
    )
    #expect(
      !problems(
        entry.replacingOccurrences(of: #""accessoryInline","kind""#, with: #""huge","kind""#),
        "entry.schema.json"
      ).isEmpty)
    #expect(
      !problems(
        entry.replacingOccurrences(of: #""type":"text""#, with: #""type":"box""#),
        "entry.schema.json"
      ).isEmpty)
    #expect(
      !problems(
        entry.replacingOccurrences(of: #""seq":3"#, with: #""seq":"3""#), "entry.schema.json"
      ).isEmpty)
    #expect(
      !problems(
        #"{"type":"open-url","seq":1,"time":"2027-01-15T08:00:00Z","instance":"x","data":{}}"#,
        "open-url.schema.json"
      ).isEmpty)
    #expect(
      problems(
        #"{"type":"open-url","seq":1,"time":"2027-01-15T08:00:00Z","instance":"x","data":{"url":"a://b"}}"#,
        "open-url.schema.json") == [])
  }
}
