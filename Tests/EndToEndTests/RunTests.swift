import Foundation
import TestSupport
import Testing
import WidgetSchema

/// `widget-host run` with the real example bundles, as a user runs it.
@Suite struct RunTests {
  @Test(arguments: Products.Mode.allCases) func onceShowsBothExamplesAsBoxes(_ mode: Products.Mode)
    throws
  {
    let before = Date()
    let result = try Products.run(
      mode: mode, ["run", Products.clock, Products.systemStatus, "--once"])
    let after = Date()
    #expect(result.status == 0, "\(result.errors)")
    let output = result.output
    #expect(output.contains("TestWidget/systemSmall · entry"))
    #expect(output.contains("SystemStatus/systemSmall · entry"))
    // The Clock shows the time its first entry was made, formatted for en_US in UTC.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateStyle = .none
    formatter.timeStyle = .short
    // With a plain space where ICU puts U+202F (docs/stream.md, "The lines rendering").
    let candidates = Set(
      [before, after].map {
        formatter.string(from: $0).replacingOccurrences(of: "\u{202F}", with: " ")
      })
    #expect(
      candidates.contains { output.contains($0) }, "expected one of \(candidates) in\n\(output)")
    for label in ["System Status", "up ", "load ", "mem "] {
      #expect(output.contains(label), "missing '\(label)' in\n\(output)")
    }
    // Each box is the family's grid (small: 21 columns) inside a frame.
    let frame = output.split(separator: "\n").filter { $0.hasPrefix("╭") }
    #expect(frame.count == 2)
    #expect(frame.allSatisfy { $0.count == 21 + 4 })
  }

  @Test(arguments: Products.Mode.allCases) func onceAsJSONFollowsTheStreamSchema(
    _ mode: Products.Mode
  ) throws {
    let result = try Products.run(
      mode: mode,
      [
        "run", Products.clock, Products.systemStatus, "--once", "--format", "json",
        "--family", "systemMedium",
      ])
    #expect(result.status == 0, "\(result.errors)")
    let events = try StreamChecks.events(result.output.components(separatedBy: "\n"))
    let loaded = events.compactMap { event -> String? in
      guard case .bundle(let bundle) = event.payload, bundle.event == .loaded else { return nil }
      return bundle.bundle
    }
    #expect(loaded == ["dev.widget-host.examples.clock", "dev.widget-host.examples.system-status"])
    let unloaded = events.suffix(2).compactMap { event -> String? in
      guard case .bundle(let bundle) = event.payload, bundle.event == .unloaded else { return nil }
      return bundle.bundle
    }
    #expect(unloaded == loaded, "the stream ends with the bundles unloaded")
    let clock = StreamChecks.entries(events, instance: "TestWidget/systemMedium")
    #expect(clock.count == 1)
    guard case .text(let text)? = clock.first?.view,
      case .date(_, .time)? = text.runs.first?.content
    else {
      Issue.record(
        "the Clock entry should be Text(date, style: .time), got \(String(describing: clock.first?.view))"
      )
      return
    }
    #expect(clock.first?.lines.count == 10, "medium is 10 rows")
    #expect(clock.first?.lines.allSatisfy { $0.count == 45 } == true, "medium is 45 columns")
    let timelines = events.compactMap { event -> TimelineEvent? in
      guard event.instance == "TestWidget/systemMedium",
        case .timeline(let timeline) = event.payload
      else { return nil }
      return timeline
    }
    #expect(timelines.map(\.entries) == [5], "five entries an hour apart")
    #expect(timelines.first?.policy == .atEnd)
    #expect(StreamChecks.entries(events, instance: "SystemStatus/systemMedium").count == 1)
  }

  @Test(arguments: Products.Mode.allCases) func liveRunAdvancesThroughTheTimelineAndStopsCleanly(
    _ mode: Products.Mode
  ) throws {
    let process = try LiveProcess(
      Products.widgetHost, mode,
      ["run", Products.systemStatus, "--family", "accessoryInline", "--format", "json"],
      environment: Products.environment)
    let sawTwo = process.waitFor(timeout: 30) { lines in
      lines.filter { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }.count
        >= 2
    }
    process.interrupt()
    let status = process.wait()
    #expect(
      sawTwo, "expected two entries within 30 s; got:\n\(process.output.joined(separator: "\n"))")
    #expect(status == 0, "SIGINT ends a run cleanly; stderr: \(process.errors)")
    let events = try StreamChecks.events(process.output)
    let entries = StreamChecks.entries(events, instance: "SystemStatus/accessoryInline").filter {
      $0.source == .timeline
    }
    // One timeline, its entries shown in turn, five seconds apart.
    let timelines = events.filter { if case .timeline = $0.payload { true } else { false } }
    #expect(timelines.count == 1)
    if entries.count >= 2 {
      #expect(entries[1].date.timeIntervalSince(entries[0].date) == 5)
      #expect(entries[0].validUntil == entries[1].date)
    }
  }

  @Test(arguments: Products.Mode.allCases) func liveTextRunPrintsBoxesAsEntriesChange(
    _ mode: Products.Mode
  ) throws {
    let process = try LiveProcess(
      Products.widgetHost, mode,
      ["run", Products.systemStatus, "--family", "accessoryRectangular"],
      environment: Products.environment)
    let sawTwo = process.waitFor(timeout: 30) { lines in
      lines.filter { $0.hasPrefix("SystemStatus/accessoryRectangular · entry") }.count >= 2
    }
    process.interrupt(SIGTERM)
    #expect(process.wait() == 0)
    #expect(sawTwo, "\(process.output.joined(separator: "\n"))")
  }

  @Test(arguments: Products.Mode.allCases) func bareLibraryRunsWithItsOwnManifest(
    _ mode: Products.Mode
  ) throws {
    let result = try Products.run(
      mode: mode, ["run", TestSupport.product("libClock.so").path, "--once"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("TestWidget/systemSmall · entry"))
  }

  @Test(arguments: Products.Mode.allCases) func cExampleNeedsNoSwiftRuntime(_ mode: Products.Mode)
    throws
  {
    let library = Products.bundles.appendingPathComponent(
      "SystemStatus.widgetbundle/libSystemStatus.so")
    let ldd = try TestSupport.run("/usr/bin/env", ["ldd", library.path])
    #expect(ldd.status == 0)
    #expect(!ldd.output.contains("swift"), "\(ldd.output)")
    #expect(ldd.output.contains("libc.so"))
  }
}

extension RunTests {
  /// Stopped by SIGINT or SIGTERM, the host still writes the end of its stream (the bundle
  /// unloaded) to the pipe before it exits: the JSON sink's buffer loses nothing at exit. The
  /// entry itself arrives while the host runs, with no later event to push it out.
  @Test(arguments: [SIGINT, SIGTERM]) func aStoppedHostWritesTheEndOfItsStream(
    _ signal: Int32
  ) throws {
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      ["run", Products.clock, "--format", "json", "--family", "systemSmall"])
    let shown = host.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""type":"entry""#) }
    }
    #expect(shown, "the host showed the clock's entry while running")
    host.interrupt(signal)
    #expect(host.wait(timeout: 30) == 0, "\(host.errors)")
    let events = try StreamChecks.events(host.output)
    guard case .bundle(let bundle)? = events.last?.payload else {
      Issue.record("the stream should end with the bundle unloaded, got \(host.output.suffix(2))")
      return
    }
    #expect(bundle.event == .unloaded)
    #expect(bundle.bundle == "dev.widget-host.examples.clock")
  }
}
