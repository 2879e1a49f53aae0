import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetBundleRuntime
import WidgetRendering
import WidgetSchema

@testable import WidgetHostCore

/// The host wired together on a virtual clock, with an in-memory bundle.
@Suite struct HostTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// A bundle folder whose manifest declares `kinds`; the library file is empty because the
  /// fake loader never opens it.
  static func bundle(kinds: [KindManifest]) throws -> String {
    let folder = TestSupport.temporaryDirectory("host").appendingPathComponent("Fake.widgetbundle")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest = BundleManifest(id: "fake", version: "1", library: "libFake.so", kinds: kinds)
    try WidgetJSON.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"))
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent("libFake.so").path, contents: Data())
    return folder.path
  }

  func run(
    _ timeline: Timeline, placeholder: Entry, family: WidgetFamily = .accessoryInline,
    until condition: @escaping @Sendable (String) -> Bool, advance: TimeInterval = 0,
    timelineAfter shown: String? = nil
  ) async throws -> String {
    let path = try Self.bundle(kinds: [KindManifest(kind: "K", families: [family])])
    let clock = VirtualClock(start: Self.start)
    let output = MemoryOutput()
    let options = HostOptions(
      bundlePaths: [path], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    let sink = TextSink(
      output: output, errors: output,
      dates: DateText(locale: options.locale, timeZone: options.timeZone))
    var loader = FakeLoader(timeline: timeline, placeholder: placeholder)
    if let shown {
      // The timeline answers once `shown` is on the output (or after 10 s, when the test fails).
      loader.beforeTimeline = {
        _ = try? await TestSupport.eventually(within: 10) { output.text.contains(shown) }
      }
    }
    let host = WidgetHost(
      options: options, clock: clock, loader: loader, sinks: [sink], log: output)
    let task = Task { try await host.run() }
    var waited = 0
    while !condition(output.text) && waited < 500 {
      // Time moves (in steps of at most `advance`) once the timeline's entry is shown.
      if advance > 0, output.text.contains("· entry"), let next = clock.nextDeadline,
        next <= clock.now().addingTimeInterval(advance)
      {
        clock.advance(to: next)
      }
      try await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    task.cancel()
    _ = try await task.value
    return output.text
  }

  @Test func timersAreRedrawnEachSecondWithoutAReload() async throws {
    let entry = Entry(
      date: Self.start,
      view: .text(TextNode(runs: [.verbatim("t "), .date(Self.start, style: .timer)])))
    let text = try await run(
      Timeline(entries: [entry], policy: .never), placeholder: entry,
      until: { $0.contains("t 0:03") }, advance: 1)
    for second in 0...3 { #expect(text.contains("t 0:0\(second)"), "\(text)") }
  }

  @Test func placeholdersAreRedacted() async throws {
    let placeholder = Entry(date: Self.start, view: .text(TextNode(runs: [.verbatim("Song Name")])))
    let gate = Entry(
      date: Self.start.addingTimeInterval(10), view: .text(TextNode(runs: [.verbatim("real")])))
    let text = try await run(
      Timeline(entries: [gate], policy: .never), placeholder: placeholder,
      until: { $0.contains("K/accessoryInline · placeholder") && $0.contains("real") },
      timelineAfter: "K/accessoryInline · placeholder")
    #expect(text.contains("████ ████"), "\(text)")
    #expect(!text.contains("Song Name"))
  }
}

extension HostTests {
  @Test func aLinkInSystemSmallIsAWarningAndNoRegion() async throws {
    let link = ViewNode.modified(.text(TextNode(runs: [.verbatim("open")])), .link("app://x"))
    let entry = Entry(date: Self.start, view: .modified(link, .widgetURL("app://widget")))
    let path = try Self.bundle(kinds: [
      KindManifest(kind: "K", families: [.systemSmall, .systemMedium])
    ])
    var options = HostOptions(
      bundlePaths: [path], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    options.once = true
    options.families = [.systemSmall, .systemMedium]
    let output = MemoryOutput()
    let host = WidgetHost(
      options: options, clock: VirtualClock(start: Self.start),
      loader: FakeLoader(timeline: Timeline(entries: [entry], policy: .never), placeholder: entry),
      sinks: [JSONSink(output: output)], log: output)
    _ = try await host.run()
    for line in output.text.split(separator: "\n") {
      #expect(JSONSchemaValidator.stream.streamLineProblems(String(line)) == [], "\(line)")
    }
    let events = try output.text.split(separator: "\n").dropFirst().map {
      try WidgetJSON.decode(StreamEvent.self, from: Data($0.utf8))
    }
    let warnings = events.compactMap { event -> (String?, ProblemEvent)? in
      guard case .warning(let problem) = event.payload else { return nil }
      return (event.instance, problem)
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.0 == "K/systemSmall")
    #expect(warnings.first?.1.code == "view-ignored")
    let entries = events.compactMap { event -> EntryEvent? in
      guard case .entry(let entry) = event.payload else { return nil }
      return entry
    }
    // The two families' timelines arrive in either order.
    let byFamily = entries.sorted { $0.family.rawValue > $1.family.rawValue }
    #expect(byFamily.map(\.family) == [.systemSmall, .systemMedium])
    #expect(byFamily.map(\.regions.count) == [0, 1])
    #expect(entries.allSatisfy { $0.url == "app://widget" })
  }
}

extension HostTests {
  @Test func aTapOpensTheURLAndEarnsAFreeReload() async throws {
    let entry = Entry(
      date: Self.start,
      view: .modified(.text(TextNode(runs: [.verbatim("go")])), .widgetURL("app://go")))
    let path = try Self.bundle(kinds: [KindManifest(kind: "K", families: [.systemSmall])])
    let options = HostOptions(
      bundlePaths: [path], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    let output = MemoryOutput()
    let host = WidgetHost(
      options: options, clock: VirtualClock(start: Self.start),
      loader: FakeLoader(timeline: Timeline(entries: [entry], policy: .never), placeholder: entry),
      sinks: [JSONSink(output: output)], log: output)
    let run = Task { try await host.run() }
    var url: String?
    for _ in 0..<500 where url == nil {
      url = try? await host.control.tap(instance: "K/systemSmall").url
      if url == nil { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(url == "app://go")
    _ = try await TestSupport.eventually(within: 5) {
      output.text.contains(#""reason":"interaction""#)
    }
    run.cancel()
    _ = try await run.value
    for line in output.text.split(separator: "\n") {
      #expect(JSONSchemaValidator.stream.streamLineProblems(String(line)) == [], "\(line)")
    }
    #expect(output.text.contains(#""type":"open-url""#))
    #expect(output.text.contains(#""reason":"interaction""#), "\(output.text)")
  }
}

/// Loads nothing: every bundle answers with the same canned timeline and placeholder.
struct FakeLoader: BundleLoader {
  let timeline: Timeline
  let placeholder: Entry
  /// Awaited before each timeline call answers: what a test must see first.
  var beforeTimeline: @Sendable () async -> Void = {}

  func load(_ source: BundleSource, services: any BundleServices) async throws(BundleError)
    -> any BundleConnection
  {
    FakeConnection(
      description: BundleDescription(kinds: source.manifest?.kinds ?? []),
      timeline: try! WidgetJSON.encode(timeline), placeholder: try! WidgetJSON.encode(placeholder),
      beforeTimeline: beforeTimeline)
  }
}

final class FakeConnection: BundleConnection {
  let description: BundleDescription
  let timeline: Data
  let placeholder: Data
  let beforeTimeline: @Sendable () async -> Void

  init(
    description: BundleDescription, timeline: Data, placeholder: Data,
    beforeTimeline: @escaping @Sendable () async -> Void
  ) {
    self.description = description
    self.timeline = timeline
    self.placeholder = placeholder
    self.beforeTimeline = beforeTimeline
  }

  func call(_ method: ProviderMethod, kind: String, context: ProviderContext)
    async throws(ProviderError) -> Data
  {
    if method == .placeholder { return placeholder }
    await beforeTimeline()
    return timeline
  }

  func close() async {}
}
