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

  /// What the host writes must be declared: a key no schema names is a problem, at any depth,
  /// though the published schemas leave objects open for later versions' fields.
  @Test func rejectsKeysNoSchemaDeclares() {
    #expect(
      problems(
        entry.replacingOccurrences(of: #""kind":"K","#, with: #""kind":"K","new":1,"#),
        "entry.schema.json") == [".data: 'new' is in no schema"])
    #expect(
      problems(
        entry.replacingOccurrences(of: #""seq":3,"#, with: #""seq":3,"extra":true,"#),
        "entry.schema.json") == ["(root): 'extra' is in no schema"])
    #expect(
      problems(
        entry.replacingOccurrences(of: #"{"text":"hi"}"#, with: #"{"text":"hi","size":3}"#),
        "entry.schema.json") == [".data.view.runs[0]: 'size' is in no schema"])
    // Free-form objects (a configuration's values) take any key.
    #expect(
      problems(
        entry.replacingOccurrences(
          of: #""kind":"K","#, with: #""kind":"K","configuration":{"any":"x"},"#),
        "entry.schema.json") == [])
  }
}
