import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetHostCore
import WidgetRendering
import WidgetSchema

/// One widget update as the host performs it, through the host's own types: the provider call
/// over the C ABI (in-process or in a worker), the reply decoded and checked as a timeline, the
/// entry laid out and rendered on its family's grid, and the `entry` event written by the JSON
/// sink.
final class UpdatePipeline: Sendable {
  private let connection: any BundleConnection
  private let kind: String
  private let family: WidgetFamily
  /// The instance's id, made once: the host keeps each instance's id, it does not build it per
  /// update.
  private let instance: String
  private let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
  private let sink: JSONSink
  private let sequence = Mutex<UInt64>(0)
  /// Where the sink writes: bytes counted, the last line kept.
  let output = CountingOutput()

  init(connection: any BundleConnection, kind: String, family: WidgetFamily) {
    self.connection = connection
    self.kind = kind
    self.family = family
    instance = "\(kind)/\(family.rawValue)"
    sink = JSONSink(output: output)
  }

  /// Performs one update.
  func update() async throws {
    sink.write(try await event())
  }

  /// Ends the sink's stream: writes what it still buffers to `output`.
  func finish() {
    sink.end()
  }

  /// Performs one update up to the `entry` event, which is returned rather than written.
  func event() async throws -> StreamEvent {
    let reply = try await call()
    let timeline = try WidgetJSON.decode(Timeline.self, from: reply)
    let now = Date()
    let entry = try firstEntry(of: timeline)
    return event(timeline, entry, renderer.render(entry.view, family: family, now: now), now: now)
  }

  /// The CPU time of each stage of an update on its own, in seconds per update: the provider
  /// call, the reply read as a timeline, the entry rendered, and its event written by the sink.
  /// Each stage runs `iterations` times on the same input, so that its share of the whole is
  /// seen without a profiler.
  func stageCosts(iterations: Int) async throws -> [(stage: String, seconds: Double)] {
    let reply = try await call()
    let timeline = try WidgetJSON.decode(Timeline.self, from: reply)
    let now = Date()
    let entry = try firstEntry(of: timeline)
    let rendered = renderer.render(entry.view, family: family, now: now)
    func cost(_ body: () async throws -> Void) async rethrows -> Double {
      let start = Clock.cpu()
      for _ in 0..<iterations { try await body() }
      return (Clock.cpu() - start) / Double(iterations)
    }
    return [
      ("call", try await cost { _ = try await call() }),
      ("read", try await cost { _ = try WidgetJSON.decode(Timeline.self, from: reply) }),
      ("render", await cost { _ = renderer.render(entry.view, family: family, now: now) }),
      ("write", await cost { sink.write(event(timeline, entry, rendered, now: now)) }),
    ]
  }

  private func call() async throws -> Data {
    try await connection.call(
      .timeline, kind: kind, context: ProviderContext(family: family, isPreview: false))
  }

  private func firstEntry(of timeline: Timeline) throws -> Entry {
    guard let entry = timeline.entries.first else { throw BenchError("\(kind): empty timeline") }
    return entry
  }

  private func event(
    _ timeline: Timeline, _ entry: Entry, _ rendered: RenderedEntry, now: Date
  ) -> StreamEvent {
    let seq = sequence.withLock { value in
      value += 1
      return value
    }
    return StreamEvent(
      seq: seq, time: now, instance: instance,
      payload: .entry(
        EntryEvent(
          kind: kind, family: family, source: .timeline, date: entry.date,
          validUntil: timeline.entries.count > 1 ? timeline.entries[1].date : nil,
          relevance: entry.relevance, view: entry.view, lines: rendered.lines,
          spans: rendered.spans, regions: rendered.regions, url: rendered.url)))
  }
}

/// An output that keeps only a count of the bytes written and the last line.
///
/// It takes the JSON sink's bytes as they are (`write(utf8:)`), as a file or socket output does:
/// turning each event into a `String` would be the benchmark's cost, not the host's.
final class CountingOutput: OutputTarget {
  private let state = Mutex<(bytes: Int, last: [UInt8])>((0, []))

  func write(_ text: String) {
    write(utf8: Array(text.utf8))
  }

  func write(utf8 bytes: [UInt8]) {
    // The JSON sink writes batches of whole lines: keep the last one.
    let end = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
    let start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    state.withLock { state in
      state.bytes += bytes.count
      state.last = Array(bytes[start..<end])
    }
  }

  /// Bytes written so far.
  var bytes: Int { state.withLock { $0.bytes } }
  /// The last line written, without its newline.
  var last: String { String(decoding: state.withLock { $0.last }, as: UTF8.self) }
}

/// Services for bundles loaded by the benchmark: real clock, log dropped.
struct BenchServices: BundleServices {
  let localeIdentifier = "en-US"
  func log(bundle: String, level: BundleLogLevel, message: String) {}
  func now() -> Date { Date() }
  var clockIsSystemClock: Bool { true }
  func reload(bundle: String, kind: String?) {}
}
