import Foundation
import FuzzSupport
import WidgetHostCore
import WidgetSchema

// A bundle's reply bytes as the host reads them (`BundleTimelineProvider`): a timeline reply, a
// snapshot or placeholder entry and a bare view tree, each through `WidgetJSON.decode` (the
// hand-written `ReplyReader`, then `JSONDecoder` when it gives up), then the checks the host
// makes before it stores a reply (`ReplyLimits`, `ViewLimits`), then stored
// (`Timeline.jsonBytes()`) and read back as a restart reads it. Findings, besides a trap: the
// reader and `JSONDecoder` disagreeing on a value, and a stored timeline that does not read back
// as the same drawable timeline.

/// The checks of `BundleTimelineProvider` on a decoded reply; nil when it would be stored.
enum ReplyChecks {
  static func problem(in entry: Entry, at path: String) -> String? {
    guard ReplyLimits.dates.contains(entry.date) else { return "\(path).date is out of range" }
    return ViewLimits.problem(in: entry, at: path).map { "\($0)" }
  }

  static func problem(in timeline: Timeline) -> String? {
    guard timeline.entries.count <= ReplyLimits.maximumEntries else { return "too many entries" }
    if timeline.entries.contains(where: { !ReplyLimits.dates.contains($0.date) }) {
      return "an entry's date is out of range"
    }
    if let problem = ViewLimits.problem(in: timeline.entries, at: "entries") { return "\(problem)" }
    if case .after(let date) = timeline.policy, !ReplyLimits.dates.contains(date) {
      return "policy.date is out of range"
    }
    return nil
  }
}

/// `type` decoded by the host's path, which must agree with `JSONDecoder` alone.
func decode<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) -> T? {
  let host: T?
  do {
    host = try WidgetJSON.decode(type, from: data)
  } catch {
    _ = error.description
    host = nil
  }
  let reference = try? WidgetJSON.decoder().decode(type, from: data)
  Fuzzer.require(
    host == reference,
    "ReplyReader and JSONDecoder disagree on a \(type): \(String(describing: host)) against "
      + "\(String(describing: reference))")
  return host
}

/// `timeline` stored and read back as a restart does (`StateStore.timeline(of:)`): it must read,
/// still pass the checks, and store again to the same bytes.
func storeAndRestore(_ timeline: Timeline) {
  guard let stored = try? timeline.jsonBytes() else {
    return Fuzzer.require(false, "a checked timeline cannot be stored")
  }
  guard let restored = try? WidgetJSON.decode(Timeline.self, from: Data(stored)) else {
    return Fuzzer.require(false, "a stored timeline does not read back: \(stored)")
  }
  Fuzzer.require(
    ViewLimits.problem(in: restored.entries, at: "entries") == nil,
    "a stored timeline is no longer drawable")
  Fuzzer.require(
    (try? restored.jsonBytes()) == stored, "a restored timeline stores as other bytes")
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Fuzzer.data(bytes, count)
  guard data.count <= ReplyLimits.maximumBytes else { return 0 }
  if let timeline = decode(Timeline.self, data), ReplyChecks.problem(in: timeline) == nil {
    let (entries, _) = TimelineMath.sorted(timeline.entries)
    _ = TimelineMath.currentIndex(of: entries, at: Fuzzer.now)
    _ = TimelineMath.nextTransition(of: entries, after: Fuzzer.now)
    _ = TimelineMath.nextReload(
      policy: timeline.policy, entries: entries, fetchedAt: Fuzzer.now, minimumInterval: 300)
    storeAndRestore(Timeline(entries: entries, policy: timeline.policy))
  }
  if let entry = decode(Entry.self, data), ReplyChecks.problem(in: entry, at: "") == nil {
    storeAndRestore(Timeline(entries: [entry], policy: .never))
  }
  if let view = decode(ViewNode.self, data) {
    _ = ViewLimits.problem(in: view, at: "view")
  }
  return 0
}

Fuzzer.run(testOneInput)
