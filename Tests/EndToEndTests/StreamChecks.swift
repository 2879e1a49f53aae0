import Foundation
import TestSupport
import Testing
import WidgetSchema

/// Checks a JSON stream as a consumer would read it: a header first, then events with
/// consecutive sequence numbers, each decoding as the schema says.
enum StreamChecks {
  /// `contiguous`: the stream starts at 1 with no gaps (a run's own output); otherwise only
  /// increasing (a subscriber joins with the current state, then live events).
  static func events(_ lines: [String], contiguous: Bool = true) throws -> [StreamEvent] {
    let nonEmpty = lines.filter { !$0.isEmpty }
    let first = try #require(nonEmpty.first, "the stream is empty")
    let header = try WidgetJSON.decode(StreamHeader.self, from: Data(first.utf8))
    #expect(header.stream == "widget-host")
    #expect(header.version == 1)
    #expect(header.type == "header")
    #expect(
      JSONSchemaValidator.stream.problems(Data(first.utf8), against: "header.schema.json") == [])
    var events: [StreamEvent] = []
    for line in nonEmpty.dropFirst() {
      let event = try WidgetJSON.decode(StreamEvent.self, from: Data(line.utf8))
      // Every event is also checked against its published JSON Schema.
      let problems = JSONSchemaValidator.stream.problems(
        Data(line.utf8), against: "\(event.payload.type).schema.json")
      #expect(problems == [], "\(line)")
      events.append(event)
    }
    if contiguous {
      #expect(events.map(\.seq) == (0..<UInt64(events.count)).map { $0 + 1 })
    } else {
      #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq })
    }

    return events
  }

  static func entries(_ events: [StreamEvent], instance: String) -> [EntryEvent] {
    events.compactMap { event in
      guard event.instance == instance, case .entry(let entry) = event.payload else { return nil }
      return entry
    }
  }
}
