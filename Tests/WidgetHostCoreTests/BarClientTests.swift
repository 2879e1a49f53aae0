import Foundation
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// ``BarClient`` against an in-process host serving its socket: what only the client can do,
/// since the host sends no live-date redraws over the socket.
@Suite struct BarClientTests {
  /// An in-process host of one kind, `K` on `accessoryInline`, showing `entry` and serving its
  /// socket at `path`.
  struct ServedHost {
    let socket: SocketSink
    let hosting: Task<Void, any Error>

    func stop() {
      hosting.cancel()
      socket.close()
    }
  }

  static func serve(_ entry: Entry, at path: String) throws -> ServedHost {
    let bundle = try HostTests.bundle(kinds: [
      KindManifest(kind: "K", families: [.accessoryInline])
    ])
    let control = HostControl()
    let socket = try SocketSink(endpoint: .unix(path), control: control)
    let host = WidgetHost(
      options: HostOptions(bundlePaths: [bundle]),
      loader: FakeLoader(timeline: Timeline(entries: [entry], policy: .never), placeholder: entry),
      sinks: [socket], log: MemoryOutput(), control: control)
    return ServedHost(socket: socket, hosting: Task { _ = try await host.run() })
  }

  /// A timer in a bar counts: the client redraws the entry each second, though the host sends
  /// it once.
  @Test func aTimerCountsThoughTheHostSendsTheEntryOnce() async throws {
    let path = TestSupport.shortTemporaryPath() + "/host.sock"
    let start = Date()
    let view = ViewNode.text(TextNode(runs: [.verbatim("t "), .date(start, style: .timer)]))
    let entry = Entry(date: start, view: view)
    let host = try Self.serve(entry, at: path)
    defer { host.stop() }

    let output = MemoryOutput()
    let errors = MemoryOutput()
    let dates = DateText(locale: Locale(identifier: "en_US"), timeZone: .gmt)
    let client = BarClient(
      endpoint: .unix(path), instances: ["K/accessoryInline"],
      sink: PlainBarSink(output: output, errors: errors, dates: dates), errors: errors,
      dates: dates, retry: BarClient.Retry(first: 0.05, most: 0.1))
    let showing = Task { await client.run() }
    // The timer's text, `t M:SS`, as seconds: nil for another line (the notice, the redacted
    // placeholder).
    let timerSeconds = { (line: Substring) -> Int? in
      let parts = line.dropFirst(2).split(separator: ":")
      guard line.hasPrefix("t "), parts.count == 2, let minutes = Int(parts[0]),
        let seconds = Int(parts[1])
      else { return nil }
      return minutes * 60 + seconds
    }
    let timerLines = { output.text.split(separator: "\n").filter { timerSeconds($0) != nil } }
    var waited = 0
    while timerLines().count < 3 && waited < 1000 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    showing.cancel()
    await showing.value
    let lines = timerLines()
    #expect(lines.count >= 3, "\(output.text) \(errors.text)")
    // Counting up: 0:00, 0:01, 0:02, … (a busy machine may skip a second, never go back).
    let seconds = lines.compactMap(timerSeconds)
    #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $1 > $0 }, "\(lines)")
  }

  /// An activity's countdown in the compact island counts in a bar of the host's activities
  /// (`bar --activities`): the client redraws the compact island each second, though the host
  /// sends the activity once.
  @Test func anActivitysCountdownCountsInTheBar() async throws {
    // A host with a widget, for the client's `list`; the activity is written to its socket by
    // hand below, as the host's ActivityCenter would.
    let path = TestSupport.shortTemporaryPath() + "/host.sock"
    let entry = Entry(date: Date(), view: .text(TextNode(runs: [.verbatim("w")])))
    let host = try Self.serve(entry, at: path)
    defer { host.stop() }

    let output = MemoryOutput()
    let errors = MemoryOutput()
    let dates = DateText(locale: Locale(identifier: "en_US"), timeZone: .gmt)
    let client = BarClient(
      endpoint: .unix(path), instances: [],
      sink: ActivityBarSink(format: .plain, output: output, errors: errors), errors: errors,
      dates: dates, retry: BarClient.Retry(first: 0.05, most: 0.1))
    let showing = Task { await client.run() }
    defer { showing.cancel() }

    // As the host draws it: the compact leading view a word, the trailing one a countdown.
    let due = Date().addingTimeInterval(600)
    let leading = ViewNode.text(TextNode(runs: [.verbatim("Pizza")]))
    let trailing = ViewNode.text(TextNode(runs: [.date(due, style: .timer)]))
    let drawn = { (view: ViewNode) in DrawnPresentation(view: view, lines: []) }
    let info = ActivityInfo(
      id: "A", bundle: "b", attributesType: "Order", attributes: .object([:]),
      content: ActivityContentState(state: .object([:]), staleDate: nil, relevanceScore: 0),
      status: .active, started: Date())
    let event = StreamEvent(
      seq: 1_000, time: Date(), instance: nil,
      payload: .activity(
        ActivityEvent(
          event: .started, activity: info,
          presentations: ActivityPresentations(
            lockScreen: drawn(.empty), expanded: drawn(.empty), compactLeading: drawn(leading),
            compactTrailing: drawn(trailing), minimal: drawn(.empty),
            compactText: "Pizza 10:00"))))
    // Sent until the client has subscribed and shows it.
    let countdown = { (line: Substring) -> Int? in
      let parts = line.dropFirst("Pizza ".count).split(separator: ":")
      guard line.hasPrefix("Pizza "), parts.count == 2, let minutes = Int(parts[0]),
        let seconds = Int(parts[1])
      else { return nil }
      return minutes * 60 + seconds
    }
    let lines = { output.text.split(separator: "\n").filter { countdown($0) != nil } }
    var waited = 0
    while lines().isEmpty && waited < 500 {
      host.socket.write(event)
      try await Task.sleep(for: .milliseconds(20))
      waited += 1
    }
    while lines().count < 3 && waited < 1000 {
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    showing.cancel()
    await showing.value
    #expect(lines().count >= 3, "\(output.text) \(errors.text)")
    // Counting down: 9:59, 9:58, … (a busy machine may skip a second, never go back).
    let seconds = lines().compactMap(countdown)
    #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $1 < $0 }, "\(lines())")
  }
}
