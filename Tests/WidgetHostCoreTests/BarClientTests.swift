import Foundation
import TestSupport
import Testing
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// ``BarClient`` against an in-process host serving its socket: what only the client can do,
/// since the host sends no live-date redraws over the socket.
@Suite struct BarClientTests {
  /// A timer in a bar counts: the client redraws the entry each second, though the host sends
  /// it once.
  @Test func aTimerCountsThoughTheHostSendsTheEntryOnce() async throws {
    let path = TestSupport.shortTemporaryPath() + "/host.sock"
    let start = Date()
    let view = ViewNode.text(TextNode(runs: [.verbatim("t "), .date(start, style: .timer)]))
    let entry = Entry(date: start, view: view)
    let bundle = try HostTests.bundle(kinds: [
      KindManifest(kind: "K", families: [.accessoryInline])
    ])
    let control = HostControl()
    let socket = try SocketSink(endpoint: .unix(path), control: control)
    defer { socket.close() }
    let host = WidgetHost(
      options: HostOptions(bundlePaths: [bundle]),
      loader: FakeLoader(timeline: Timeline(entries: [entry], policy: .never), placeholder: entry),
      sinks: [socket], log: MemoryOutput(), control: control)
    let hosting = Task { try await host.run() }
    defer { hosting.cancel() }

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
}
