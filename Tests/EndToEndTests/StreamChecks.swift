import Foundation
import Testing
import WidgetSchema

/// Checks a JSON stream as a consumer would read it: a header first, then events with
/// consecutive sequence numbers, each decoding as the schema says.
enum StreamChecks {
  static func events(_ lines: [String]) throws -> [StreamEvent] {
    let nonEmpty = lines.filter { !$0.isEmpty }
    let first = try #require(nonEmpty.first, "the stream is empty")
    let header = try WidgetJSON.decode(StreamHeader.self, from: Data(first.utf8))
    #expect(header.stream == "widget-host")
    #expect(header.version == 1)
    #expect(header.type == "header")
    var events: [StreamEvent] = []
    for line in nonEmpty.dropFirst() {
      events.append(try WidgetJSON.decode(StreamEvent.self, from: Data(line.utf8)))
    }
    #expect(
      events.map(\.seq) == Array(1...UInt64(max(events.count, 1))).prefix(events.count).map { $0 })
    return events
  }

  static func entries(_ events: [StreamEvent], instance: String) -> [EntryEvent] {
    events.compactMap { event in
      guard event.instance == instance, case .entry(let entry) = event.payload else { return nil }
      return entry
    }
  }
}
