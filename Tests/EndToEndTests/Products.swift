import Foundation
import TestSupport
import Testing

/// The real products the end-to-end tests run: the `widget-host` binary, the two example
/// bundles and the runtime probe, built the documented way (Clock and the probe assembled from
/// their SwiftPM products, SystemStatus with its Makefile), once per test process.
enum Products {
  static let widgetHost = TestSupport.product("widget-host")
  /// The worker the host runs for each bundle, next to `widget-host`.
  static let widgetWorker = TestSupport.product("widget-worker")

  /// A folder with Clock.widgetbundle and SystemStatus.widgetbundle.
  static let bundles: URL = {
    let folder = TestSupport.temporaryDirectory("bundles")
    let assemble = try! TestSupport.run(
      widgetHost.path,
      [
        "assemble", TestSupport.product("libClock.so").path, "--output", folder.path,
        "--id", "dev.widget-host.examples.clock", "--version", "1.0.0",
      ])
    precondition(assemble.status == 0, "assemble failed: \(assemble.errors)")
    let probe = try! TestSupport.run(
      widgetHost.path,
      [
        "assemble", TestSupport.product("libRuntimeProbe.so").path, "--output", folder.path,
        "--id", "dev.widget-host.tests.runtime-probe", "--version", "1.0.0", "--app-group",
        "group.dev.widget-host.tests.probe", "--resources",
        TestSupport.repositoryRoot.appendingPathComponent("Tests/Fixtures/RuntimeProbeResources")
          .path, "--resource-bundle",
        TestSupport.product("widget-host_RuntimeProbe.resources").path,
      ])
    precondition(probe.status == 0, "assemble failed: \(probe.errors)")
    let make = try! TestSupport.run(
      "/usr/bin/env",
      [
        "make", "-s", "-C",
        TestSupport.repositoryRoot.appendingPathComponent("Examples/SystemStatus").path,
        "OUT=\(folder.path)",
      ])
    precondition(make.status == 0, "make failed: \(make.errors)")
    let todo = try! TestSupport.run(
      "/usr/bin/env",
      [
        "make", "-s", "-C",
        TestSupport.repositoryRoot.appendingPathComponent("Examples/TodoList").path,
        "OUT=\(folder.path)",
      ])
    precondition(todo.status == 0, "make failed: \(todo.errors)")
    let counter = try! TestSupport.run(
      widgetHost.path,
      [
        "assemble", TestSupport.product("libCounter.so").path, "--output", folder.path,
        "--id", "dev.widget-host.examples.counter", "--version", "1.0.0", "--entitlements",
        TestSupport.repositoryRoot.appendingPathComponent("Examples/Counter/Counter.entitlements")
          .path,
      ])
    precondition(counter.status == 0, "assemble failed: \(counter.errors)")
    return folder
  }()

  static var clock: String { bundles.appendingPathComponent("Clock.widgetbundle").path }
  /// Tests/Fixtures/RuntimeProbe: what a bundle's process gives widget code.
  static var runtimeProbe: String {
    bundles.appendingPathComponent("RuntimeProbe.widgetbundle").path
  }
  static var systemStatus: String {
    bundles.appendingPathComponent("SystemStatus.widgetbundle").path
  }
  /// Examples/TodoList: a C bundle whose rows are buttons running C actions.
  static var todoList: String { bundles.appendingPathComponent("TodoList.widgetbundle").path }
  /// Examples/Counter: a Swift bundle with buttons, a toggle and two controls.
  static var counter: String { bundles.appendingPathComponent("Counter.widgetbundle").path }

  /// A fixed, documented environment: US English, UTC, a temporary `XDG_CONFIG_HOME` and
  /// `XDG_DATA_HOME` (App Groups of this test process only: a developer's real defaults and
  /// group files never leak in) and a new
  /// temporary `XDG_STATE_HOME` each time it is read. The host's durable state (restored
  /// entries, budgets, quarantine) is never the user's, and no run sees another's unless a test
  /// passes one environment to several runs on purpose.
  static var environment: [String: String] {
    var environment = baseEnvironment
    environment["XDG_STATE_HOME"] = TestSupport.temporaryDirectory("state").path
    return environment
  }

  private static let baseEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "en_US.UTF-8"
    environment["TZ"] = "UTC"
    environment["XDG_CONFIG_HOME"] = TestSupport.temporaryDirectory("config").path
    environment["XDG_DATA_HOME"] = TestSupport.temporaryDirectory("data").path
    environment["WIDGET_HOST_SOCKET"] = nil
    return environment
  }()

  /// How `run` loads bundles: in worker processes (the default) or, with `--in-process`, into
  /// the host itself. The run tests pass in both.
  enum Mode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case worker
    case inProcess

    var testDescription: String { rawValue }
  }

  /// The mode of every run that does not choose one: workers, or with
  /// `WIDGET_HOST_TEST_MODE=in-process` (as `.ci/run`'s second pass sets it) in-process, so the
  /// whole end-to-end suite passes in both modes.
  static let defaultMode: Mode =
    ProcessInfo.processInfo.environment["WIDGET_HOST_TEST_MODE"] == "in-process"
    ? .inProcess : .worker

  /// `arguments`, with `--in-process` after `run` in that mode.
  static func arguments(_ arguments: [String], mode: Mode) -> [String] {
    guard mode == .inProcess, arguments.first == "run" else { return arguments }
    return ["run", "--in-process"] + arguments.dropFirst()
  }

  /// Runs `widget-host` with `arguments` to completion in worker mode, whatever the default:
  /// for tests of crashes and limits that only workers survive.
  static func runInWorkers(
    _ arguments: [String], environment: [String: String] = environment
  ) throws -> TestSupport.ProcessResult {
    try run(arguments, mode: .worker, environment: environment)
  }

  /// Runs `widget-host` with `arguments` to completion, loading bundles as `mode` says.
  static func run(mode: Mode, _ arguments: [String]) throws -> TestSupport.ProcessResult {
    try run(arguments, mode: mode)
  }

  /// Runs `widget-host` with `arguments` to completion, loading bundles as `mode` says.
  static func run(
    _ arguments: [String], mode: Mode = defaultMode, environment: [String: String] = environment
  ) throws -> TestSupport.ProcessResult {
    try TestSupport.run(
      widgetHost.path, Self.arguments(arguments, mode: mode), environment: environment)
  }
}

extension LiveProcess {
  /// Starts `widget-host` with `arguments` in `mode`, in `environment` (default: a fresh
  /// ``Products/environment``).
  convenience init(
    _ executable: URL, _ mode: Products.Mode, _ arguments: [String],
    environment: [String: String]? = nil, writableInput: Bool = false
  ) throws {
    try self.init(
      executable, Products.arguments(arguments, mode: mode),
      environment: environment ?? Products.environment, writableInput: writableInput)
  }
}
