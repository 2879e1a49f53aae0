import Foundation
import TestSupport
import Testing

/// The `widget-worker` executable as users meet it: installed next to `widget-host`, run by it
/// and never by them (docs/isolation.md, "The worker executable").
@Suite struct WorkerExecutableEndToEndTests {
  @Test func aHostWithoutItsWorkerSaysWhereItLooked() throws {
    let folder = TestSupport.temporaryDirectory("lone-host")
    let host = folder.appendingPathComponent("widget-host")
    try FileManager.default.copyItem(at: Products.widgetHost, to: host)
    let library = try TestSupport.compileSharedLibrary(IsolationTests.fixture)
    let result = try TestSupport.run(
      host.path, ["run", library.path, "--once", "--format", "json"],
      environment: Products.environment)
    // The bundle cannot be loaded: exit 3, as for any bundle that does not load.
    #expect(result.status == 3, "\(result.output)")
    let missing = folder.appendingPathComponent("widget-worker").path
    #expect(
      result.errors.contains(
        "\(library.path): the worker process failed: \(missing) does not exist"),
      "\(result.errors)")
    // In-process, the same host needs no worker.
    let inProcess = try TestSupport.run(
      host.path,
      ["run", library.path, "--once", "--format", "json", "--in-process", "--kind", "Once"],
      environment: Products.environment)
    #expect(!inProcess.errors.contains("widget-worker"), "\(inProcess.errors)")
  }

  @Test func runByAPersonItIsAUsageError() throws {
    for (arguments, message) in [
      ([String](), "widget-worker: --fd is required"),
      (["worker", "--fd", "3"], "widget-worker: unknown argument 'worker'"),
    ] {
      let result = try TestSupport.run(Products.widgetWorker.path, arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.errors.hasPrefix(message), "\(result.errors)")
      #expect(result.errors.contains("run by widget-host"), "\(result.errors)")
    }
  }
}
