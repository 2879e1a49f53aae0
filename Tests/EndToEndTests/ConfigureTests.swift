import Foundation
import TestSupport
import Testing
import WidgetControl
import WidgetHostCore
import WidgetSchema

/// `widget-host configure` and the restart rule's check of stored configurations, with the real
/// binary and the C fixture's `Configurable` kind (its entries show the configuration it
/// received as `name=value` pairs).
@Suite struct ConfigureTests {
  static let fixture = TestSupport.repositoryRoot.appendingPathComponent(
    "Tests/WidgetHostCoreTests/Fixtures/fixture_bundle.c")

  /// The fixture as a new version whose `color` parameter lost its `blue` case: same file name,
  /// so the same bundle id (`local.fixture`).
  static func withoutBlue() throws -> URL {
    let description =
      #"{"kinds":[{"kind":"Configurable","families":["systemSmall","systemLarge"],"#
      + #""configuration":{"type":"intent","intent":"ConfigurableIntent","parameters":["#
      + #"{"name":"title","type":"string","default":"Hi"},"#
      + #"{"name":"count","type":"int","default":1},{"name":"ratio","type":"double"},"#
      + #"{"name":"enabled","type":"bool","default":false},{"name":"day","type":"date"},"#
      + #"{"name":"color","type":"enum","default":"red","cases":["#
      + #"{"value":"red","title":"Red"},{"value":"green","title":"Green"}]},"#
      + #"{"name":"animal","type":"entity","entityType":"Animal","required":true}]}}]}"#
    let escaped = description.replacingOccurrences(of: "\"", with: "\\\"")
    return try TestSupport.compileSharedLibrary(
      fixture, defines: ["FIXTURE_DESCRIPTION=\"\(escaped)\""], name: "libfixture.so")
  }

  /// One `--once` run of instance `left` (`Configurable?animal=cat`) of `library` keeping its
  /// state in `state`: its events.
  static func runLeft(_ library: URL, state: String) throws -> [StreamEvent] {
    let result = try Products.run([
      "run", library.path, "--once", "--format", "json", "--state-dir", state,
      "--instance", "left=Configurable?animal=cat",
    ])
    #expect(result.status == 0, "\(result.errors)")
    return try StreamChecks.events(result.output.components(separatedBy: "\n"))
  }

  /// The text of left's last timeline entry, its wrapped lines joined by spaces.
  static func shown(_ events: [StreamEvent]) -> String {
    StreamChecks.entries(events, instance: "left").last { $0.source == .timeline }?.lines
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ") ?? ""
  }

  static func warnings(_ events: [StreamEvent]) -> [(String?, ProblemEvent)] {
    events.compactMap { event in
      if case .warning(let problem) = event.payload { (event.instance, problem) } else { nil }
    }
  }

  /// Stores `color` as instance left's configuration, as a `configure` request would have.
  static func storeColor(_ color: String, state: String) throws {
    let store = try StateStore(directory: state)
    let stored = try #require(store.instance("left"))
    guard
      case .object(var values) = try WidgetJSON.decode(
        JSONValue.self, from: Data(stored.key.configuration.utf8))
    else {
      Issue.record("no configuration stored: \(stored)")
      return
    }
    values["color"] = .string(color)
    let configuration = String(
      decoding: try WidgetJSON.encode(JSONValue.object(values)), as: UTF8.self)
    try store.saveInstance(
      id: "left",
      key: TimelineKey(
        bundle: stored.key.bundle, kind: stored.key.kind, family: stored.key.family,
        configuration: configuration),
      at: Date())
  }

  /// A stored configuration the new bundle version still accepts is shown; one it no longer
  /// accepts (an enum case gone) is dropped for the command line's, with a warning naming the
  /// instance and the parameter, and is not tried again.
  @Test func aStoredConfigurationIsCheckedAgainstTheBundleAtRestart() throws {
    let original = try TestSupport.compileSharedLibrary(Self.fixture, name: "libfixture.so")
    let newVersion = try Self.withoutBlue()
    let state = TestSupport.temporaryDirectory("configure-state").path
    #expect(Self.shown(try Self.runLeft(original, state: state)).contains("color=red"))

    try Self.storeColor("green", state: state)
    let kept = try Self.runLeft(newVersion, state: state)
    #expect(Self.shown(kept).contains("animal=cat(Cat) color=green"), "\(Self.shown(kept))")
    #expect(Self.warnings(kept).isEmpty, "\(Self.warnings(kept))")

    try Self.storeColor("blue", state: state)
    let dropped = try Self.runLeft(newVersion, state: state)
    #expect(Self.shown(dropped).contains("animal=cat(Cat) color=red"), "\(Self.shown(dropped))")
    let warnings = Self.warnings(dropped)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.0 == "left")
    #expect(warnings.first?.1.code == "stored-configuration-invalid")
    #expect(
      warnings.first?.1.message.hasPrefix(
        "instance 'left': parameter 'color': 'blue' is not one of its cases: red, green; ")
        == true, "\(warnings)")

    // The state now holds the command line's configuration: the next start has nothing to drop.
    let again = try Self.runLeft(newVersion, state: state)
    #expect(Self.warnings(again).isEmpty, "\(Self.warnings(again))")
    #expect(Self.shown(again).contains("color=red"))
  }

  /// `widget-host configure` types NAME=VALUE as --instance does, --unset goes back to the
  /// default, and a refused change exits 1 with the host's message.
  @Test func theConfigureCommandChangesARunningInstance() throws {
    let library = try TestSupport.compileSharedLibrary(Self.fixture, name: "libfixture.so")
    let path = TestSupport.shortTemporaryPath() + "/host.sock"
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", library.path, "--format", "json", "--sink", "socket:\(path)",
        "--instance", "left=Configurable?animal=cat",
      ], environment: Products.environment)
    defer { host.interrupt() }
    #expect(host.waitFor(timeout: 30) { $0.contains { $0.contains("animal=cat(Cat)") } })
    func configure(_ arguments: [String]) throws -> TestSupport.ProcessResult {
      try Products.run(["configure"] + arguments + ["--socket", path])
    }
    func lastEntry() -> String? {
      host.output.last { $0.contains(#""instance":"left""#) && $0.contains(#""type":"entry""#) }
    }

    let changed = try configure(["left", "color=blue", "animal=whale", "count=3", "enabled=true"])
    #expect(changed.status == 0, "\(changed.errors)")
    #expect(changed.output == "configured left\n")
    #expect(
      host.waitFor(timeout: 30) { _ in
        lastEntry()?.contains("animal=whale(Whale) color=blue count=3 enabled=true") == true
      }, "\(host.output.joined(separator: "\n"))")

    let unset = try configure(["left", "--unset", "count", "--unset", "enabled"])
    #expect(unset.status == 0, "\(unset.errors)")
    #expect(
      host.waitFor(timeout: 30) { _ in
        lastEntry()?.contains("animal=whale(Whale) color=blue count=1 enabled=false") == true
      }, "\(host.output.joined(separator: "\n"))")

    let bad = try configure(["left", "count=three"])
    #expect(bad.status == 1)
    #expect(
      bad.errors
        == "widget-host: instance 'left': parameter 'count': expects a whole number (int), "
        + "got 'three' (invalid-value)\n", "\(bad.errors)")
    // Over the socket, a parameter given both as JSON and as text is a bad request.
    do {
      _ = try ControlClient(endpoint: .unix(path)).request(
        ControlRequest(
          request: "configure", instance: "left", parameters: ["color": .string("red")],
          values: ["color": "green"]))
      Issue.record("a parameter in both parameters and values was accepted")
    } catch .refused(let failure) {
      #expect(failure.code == "bad-request")
      #expect(failure.message.contains("parameter 'color' is in both parameters and values"))
    } catch {
      Issue.record("\(error)")
    }
    // Unsetting a parameter the kind does not have is refused, as setting one is.
    let unsetUnknown = try configure(["left", "--unset", "colour"])
    #expect(unsetUnknown.status == 1)
    #expect(unsetUnknown.errors.contains("colour"), "\(unsetUnknown.errors)")
    #expect(unsetUnknown.errors.contains("unknown-parameter"), "\(unsetUnknown.errors)")
    let unknown = try configure(["nobody", "color=red"])
    #expect(unknown.status == 1)
    #expect(unknown.errors.contains("no instance 'nobody' (instances: left)"), "\(unknown.errors)")

    for (arguments, message) in [
      (["left", "color"], "expected NAME=VALUE, got 'color'"),
      (["left", "color=red", "--unset", "color"], "parameter 'color' is given twice"),
      ([String](), "give the instance"),
    ] {
      let usage = try configure(arguments)
      #expect(usage.status == 2, "\(arguments)")
      #expect(usage.errors.contains(message), "\(arguments): \(usage.errors)")
    }
    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
  }
}
