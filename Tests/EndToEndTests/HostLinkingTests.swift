import Foundation
import TestSupport
import Testing

/// `widget-host` carries its own Swift runtime, Foundation, SQLite and C++ library (linked
/// statically, for its start-up: docs/performance.md, startup). A Swift bundle loaded
/// in-process brings the shared runtime it was built against and runs on it, beside the host's
/// copy: nothing Swift crosses the C ABI between them (docs/abi.md).
@Suite struct HostLinkingTests {
  /// The shared libraries of a host with only a C bundle: none of Swift's.
  @Test func aHostRunningACBundleMapsNoSharedSwiftLibrary() throws {
    let host = try LiveProcess(
      Products.widgetHost, .inProcess, ["run", Products.systemStatus, "--format", "json"])
    let shown = host.waitFor(timeout: 30) { $0.contains { $0.contains(#""type":"entry""#) } }
    let maps = Self.maps(of: host.processIdentifier)
    host.interrupt()
    let status = host.wait()
    #expect(shown, "no entry within 30 s: \(host.errors)")
    #expect(status == 0, "\(host.errors)")
    // The check reads the host's maps: its own executable and the C library are there.
    #expect(maps.contains("/widget-host"))
    #expect(maps.contains("/libc.so"))
    for library in [
      "/libswiftCore.so", "/libswift_Concurrency.so", "/libdispatch.so", "/libFoundation.so",
      "/libFoundationEssentials.so", "/lib_FoundationICU.so", "/libsqlite3.so", "/libstdc++.so",
    ] {
      #expect(!maps.contains(library), "the host maps \(library)")
    }
  }

  /// A Swift bundle in-process: its runtime is loaded with it, its entries are shown, and the
  /// host stops cleanly with both runtimes in the process.
  @Test func aSwiftBundleInProcessRunsOnTheRuntimeItBrings() throws {
    let host = try LiveProcess(
      Products.widgetHost, .inProcess, ["run", Products.clock, "--format", "json"])
    let shown = host.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }
    }
    let maps = Self.maps(of: host.processIdentifier)
    host.interrupt()
    let status = host.wait()
    #expect(shown, "no timeline entry within 30 s: \(host.errors)")
    #expect(status == 0, "SIGINT ends the run cleanly; stderr: \(host.errors)")
    #expect(host.errors.isEmpty, "\(host.errors)")
    #expect(maps.contains("/libswiftCore.so"), "the Clock bundle's runtime is not mapped")
    let entries = try StreamChecks.events(host.output).filter {
      if case .entry = $0.payload { true } else { false }
    }
    #expect(!entries.isEmpty)
  }

  /// A restart in-process shows the Clock's restored entry before it loads the library, then
  /// loads it, runtime and all, and stops cleanly with it (docs/isolation.md, *Start-up*).
  @Test func aRestartedInProcessHostLoadsItsSwiftBundleAfterTheRestoredEntry() async throws {
    let state = TestSupport.temporaryDirectory("state-dir").path
    let arguments = ["run", Products.clock, "--format", "json", "--state-dir", state]
    let first = try Products.run(arguments + ["--once"], mode: .inProcess)
    #expect(first.status == 0, "\(first.errors)")
    let host = try LiveProcess(Products.widgetHost, .inProcess, arguments)
    let restored = host.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""restored":true"#) }
    }
    let loaded = try await TestSupport.eventually(within: 30, every: .milliseconds(100)) {
      Self.maps(of: host.processIdentifier).contains("/libswiftCore.so")
    }
    host.interrupt()
    let status = host.wait()
    #expect(restored, "no restored entry within 30 s: \(host.errors)")
    #expect(loaded, "the Clock bundle's runtime was never mapped")
    #expect(status == 0, "\(host.errors)")
    #expect(host.errors.isEmpty, "\(host.errors)")
  }

  /// `/proc/PID/maps` of a running process.
  static func maps(of process: Int32) -> String {
    TestSupport.contents(ofProcFile: "/proc/\(process)/maps") ?? ""
  }
}
