import Foundation
import Synchronization
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// The stream's latest entry of each instance: kept undrawn, read back as it was written.
@Suite struct EventStreamTests {
  /// Keeps every event written.
  final class Recorder: EventSink {
    let events = Mutex<[StreamEvent]>([])
    func begin(_ header: StreamHeader) {}
    func write(_ event: StreamEvent) { events.withLock { $0.append(event) } }
    func end() {}
  }

  let start = Date(timeIntervalSince1970: 1_800_000_000)
  let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

  func text(_ string: String) -> ViewNode { .text(TextNode(runs: [.verbatim(string)])) }

  /// The entry events written, by instance, the last of each.
  func lastWritten(_ recorder: Recorder) -> [String: StreamEvent] {
    recorder.events.withLock { events in
      Dictionary(
        events.compactMap { event in
          guard case .entry = event.payload, let instance = event.instance else { return nil }
          return (instance, event)
        }, uniquingKeysWith: { _, last in last })
    }
  }

  /// Shows instance x a timer through a router on `stream`, then moves the clock on 65 s,
  /// past its live redraws; returns the timer's view.
  func showTimer(on stream: EventStream, _ clock: VirtualClock) -> ViewNode {
    let router = EventRouter(stream: stream, renderer: renderer, clock: clock)
    let key = TimelineKey(bundle: "b", kind: "K", family: .accessoryInline)
    let timer = ViewNode.text(TextNode(runs: [.verbatim("t "), .date(start, style: .timer)]))
    router.route(
      .entry(
        key, instances: ["x"], Entry(date: start, view: timer), source: .timeline,
        validUntil: nil, stale: false))
    router.stop()
    clock.advance(by: 65)
    return timer
  }

  @Test func latestEntriesReadBackExactlyAsWritten() throws {
    let clock = VirtualClock(start: start)
    let recorder = Recorder()
    let stream = EventStream(clock: clock, sinks: [recorder], renderer: renderer)
    let router = EventRouter(stream: stream, renderer: renderer, clock: clock)
    let small = TimelineKey(bundle: "b", kind: "K", family: .systemSmall)
    let medium = TimelineKey(bundle: "b", kind: "K", family: .systemMedium)
    let styled = ViewNode.stack(
      StackNode(
        axis: .vertical,
        children: [
          .modified(
            text("Title"), .style(TextStyle(weight: .bold, foreground: ColorValue(name: "red")))),
          .modified(text("open"), .link("app://open")),
          text("second line of a longer text that wraps across rows"),
        ]))
    router.route(
      .entry(
        medium, instances: ["m"],
        Entry(date: start, view: .modified(styled, .widgetURL("app://w"))),
        source: .timeline, validUntil: nil, stale: false))
    router.route(
      .entry(
        small, instances: ["p", "q"], Entry(date: start, view: text("secret")),
        source: .placeholder, validUntil: nil, stale: false))
    clock.advance(by: 3_600)
    let written = lastWritten(recorder)
    let current = stream.currentEntries()
    #expect(current.map(\.instance) == ["m", "p", "q"], "in sequence order")
    for event in current {
      let instance = try #require(event.instance)
      #expect(event == written[instance], "\(instance) reads back as written")
      #expect(stream.currentEntry(of: instance) == written[instance])
    }
    guard case .entry(let entry) = current.first?.payload else {
      Issue.record("no entry")
      return
    }
    #expect(!entry.spans.isEmpty && !entry.regions.isEmpty && entry.url == "app://w")
    #expect(stream.currentEntry(of: "nobody") == nil)
    guard case .entry(let placeholder) = current.last?.payload else {
      Issue.record("the last current event is no entry: \(String(describing: current.last))")
      return
    }
    #expect(!placeholder.lines.joined().contains("secret"), "a placeholder stays redacted")
  }

  @Test func anEntryWithLiveDatesIsDrawnAsOfItsReading() throws {
    let clock = VirtualClock(start: start)
    let recorder = Recorder()
    let stream = EventStream(clock: clock, sinks: [recorder], renderer: renderer)
    let timer = showTimer(on: stream, clock)
    let event = try #require(stream.currentEntry(of: "x"))
    guard case .entry(let entry) = event.payload else {
      Issue.record("not an entry")
      return
    }
    let expected = renderer.render(timer, family: .accessoryInline, now: clock.now()).lines
    #expect(entry.lines == expected)
    #expect(entry.lines.joined().contains("1:05"))
    #expect(event.seq == lastWritten(recorder)["x"]?.seq, "the event keeps its number")
  }

  @Test func withoutARendererTheLatestEntryIsKeptWhole() throws {
    let clock = VirtualClock(start: start)
    let recorder = Recorder()
    let stream = EventStream(clock: clock, sinks: [recorder])
    _ = showTimer(on: stream, clock)
    #expect(stream.currentEntry(of: "x") == lastWritten(recorder)["x"], "its text as written")
  }
}
