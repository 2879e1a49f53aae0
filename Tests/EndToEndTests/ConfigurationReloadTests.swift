import Foundation
import TestSupport
import Testing
import WidgetSchema

/// SIGHUP to a running `run`: the configuration file is read again and what it selects is
/// applied without dropping the instances that did not change (docs/configuration.md).
@Suite struct ConfigurationReloadTests {
  /// The stream's events so far.
  static func events(_ host: LiveProcess) -> [StreamEvent] {
    host.output.compactMap { line in
      try? WidgetJSON.decoder().decode(StreamEvent.self, from: Data(line.utf8))
    }
  }

  static func config(_ instances: [String], extra: String = "") -> String {
    let list = instances.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"bundles": ["\(Products.bundles.path)"], "instance": [\(list)], "format": "json"\(extra)}
      """
  }

  /// The ids of `instance` events of `change` after event number `after`.
  static func changes(_ events: [StreamEvent], _ change: InstanceEvent.Change, after: UInt64)
    -> [String]
  {
    events.compactMap { event in
      guard event.seq > after, case .instance(let data) = event.payload, data.event == change
      else { return nil }
      return event.instance
    }
  }

  @Test(arguments: Products.Mode.allCases)
  func unchangedInstancesKeepRunningAndTheRestChanges(_ mode: Products.Mode) throws {
    let (environment, file) = try ConfigurationFileTests.environment(
      config: Self.config(["clock=TestWidget/systemSmall", "status=SystemStatus/systemSmall"]))
    let host = try LiveProcess(Products.widgetHost, mode, ["run"], environment: environment)
    defer { host.interrupt(SIGKILL) }
    let shown = { (ids: Set<String>, after: UInt64) in
      { (_: [String]) -> Bool in
        let events = Self.events(host)
        return ids.isSubset(
          of: Set(
            events.compactMap { event -> String? in
              guard event.seq > after, case .entry(let entry) = event.payload,
                entry.source == .timeline
              else { return nil }
              return event.instance
            }))
      }
    }
    #expect(host.waitFor(timeout: 30, shown(["clock", "status"], 0)), "\(host.errors)")
    let before = Self.events(host).last?.seq ?? 0
    // clock stays as it was; status moves to another family; tiny is new.
    try Data(
      Self.config(
        [
          "status=SystemStatus/accessoryInline", "clock=TestWidget/systemSmall",
          "tiny=SystemStatus/accessoryRectangular",
        ], extra: #", "budget": 10"#
      ).utf8
    ).write(to: URL(fileURLWithPath: file))
    host.interrupt(SIGHUP)
    #expect(host.waitFor(timeout: 30, shown(["status", "tiny"], before)), "\(host.errors)")
    let events = Self.events(host)
    #expect(Self.changes(events, .removed, after: before) == ["status"])
    #expect(Set(Self.changes(events, .added, after: before)) == ["status", "tiny"])
    let touched = events.filter { $0.seq > before && $0.instance == "clock" }
    // Its timeline is not asked for anew (its own policy may still reload it).
    #expect(
      !touched.contains {
        if case .reload(let reload) = $0.payload { reload.reason == .initial } else { false }
      })
    #expect(!touched.contains { if case .instance = $0.payload { true } else { false } })
    #expect(
      host.waitForErrors(timeout: 10) {
        $0.contains("SIGHUP: read \(file); the instances and bundles are applied")
          && $0.contains(
            "warning: SIGHUP: budget changed, which the running host cannot change: restart "
              + "widget-host to apply it")
      }, "\(host.errors)")
    // Clock's bundle is no longer needed once clock goes: it is unloaded.
    let next = Self.events(host).last?.seq ?? 0
    try Data(Self.config(["status=SystemStatus/accessoryInline"]).utf8).write(
      to: URL(fileURLWithPath: file))
    host.interrupt(SIGHUP)
    #expect(
      host.waitFor(timeout: 30) { _ in
        Self.events(host).contains { event in
          guard event.seq > next, case .bundle(let bundle) = event.payload else { return false }
          return bundle.event == .unloaded && bundle.kinds == ["TestWidget"]
        }
      }, "\(host.errors)")
    #expect(Self.changes(Self.events(host), .removed, after: next) == ["clock", "tiny"])
    host.interrupt(SIGTERM)
    #expect(host.wait() == 0)
  }

  @Test func aBadConfigurationChangesNothing() throws {
    let (environment, file) = try ConfigurationFileTests.environment(
      config: Self.config(["clock=TestWidget/systemSmall"]))
    let host = try LiveProcess(Products.widgetHost, .worker, ["run"], environment: environment)
    defer { host.interrupt(SIGKILL) }
    #expect(
      host.waitFor(timeout: 30) { _ in
        Self.events(host).contains { if case .entry = $0.payload { true } else { false } }
      }, "\(host.errors)")
    // A file that does not read, then one whose kind does not exist.
    try Data(#"{"budget": -1}"#.utf8).write(to: URL(fileURLWithPath: file))
    host.interrupt(SIGHUP)
    #expect(
      host.waitForErrors(timeout: 10) {
        $0.contains("error: \(file): budget: needs a number of reloads or unlimited, got '-1'")
          && $0.contains("SIGHUP: the configuration was not applied; nothing changed")
      }, "\(host.errors)")
    try Data(Self.config(["clock=Nope/systemSmall"]).utf8).write(to: URL(fileURLWithPath: file))
    host.interrupt(SIGHUP)
    #expect(
      host.waitFor(timeout: 10) { _ in
        Self.events(host).contains { event in
          guard case .warning(let problem) = event.payload else { return false }
          return problem.code == "reconfigure-failed" && problem.message.contains("'Nope'")
        }
      }, "\(host.errors)")
    #expect(!Self.events(host).contains { if case .instance = $0.payload { true } else { false } })
    #expect(host.isRunning)
    host.interrupt(SIGTERM)
    #expect(host.wait() == 0)
  }
}
