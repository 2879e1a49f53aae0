import Foundation
import TestSupport
import Testing

/// The systemd user unit (`Examples/systemd/widget-host.service`, docs/service.md) is one
/// systemd accepts, for a host installed where docs/service.md puts it.
@Suite struct ServiceUnitTests {
  static let unit = TestSupport.repositoryRoot.appendingPathComponent(
    "Examples/systemd/widget-host.service")

  /// `systemd-analyze verify --user` of `unit` with `home` as the home folder: its status and
  /// what it printed.
  static func verify(_ unit: URL, home: URL) throws -> TestSupport.ProcessResult {
    let runtime = TestSupport.temporaryDirectory("service-runtime")
    chmod(runtime.path, 0o700)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_RUNTIME_DIR"] = runtime.path
    return try TestSupport.run(
      "/usr/bin/systemd-analyze", ["verify", "--user", unit.path], environment: environment)
  }

  /// A home folder with the built host at `~/.local/bin/widget-host`.
  static func home() throws -> URL {
    let home = TestSupport.temporaryDirectory("service-home")
    let bin = home.appendingPathComponent(".local/bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("widget-host"), withDestinationURL: Products.widgetHost)
    return home
  }

  @Test func systemdAcceptsTheUnit() throws {
    let result = try Self.verify(Self.unit, home: try Self.home())
    #expect(result.status == 0, "\(result.errors)")
    // systemd-analyze only warns about a key or value it does not know: none is allowed.
    #expect(result.errors.isEmpty && result.output.isEmpty, "\(result.errors)\(result.output)")
  }

  /// The check can fail: a unit with a wrong value, or without the host installed, is reported.
  @Test func aBrokenUnitIsReported() throws {
    let text = try String(contentsOf: Self.unit, encoding: .utf8)
    let broken = TestSupport.temporaryDirectory("service-unit")
      .appendingPathComponent("widget-host.service")
    try text.replacingOccurrences(of: "KillMode=mixed", with: "KillMode=gently")
      .write(to: broken, atomically: true, encoding: .utf8)
    let wrongValue = try Self.verify(broken, home: try Self.home())
    #expect(wrongValue.errors.contains("kill mode"), "\(wrongValue.errors)")
    let noHost = try Self.verify(Self.unit, home: TestSupport.temporaryDirectory("service-empty"))
    #expect(noHost.status != 0)
    #expect(noHost.errors.contains(".local/bin/widget-host"), "\(noHost.errors)")
  }
}
