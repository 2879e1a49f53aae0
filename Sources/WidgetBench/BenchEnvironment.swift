import Foundation

/// Where a benchmark run finds what it needs: the built products beside the benchmark, the
/// repository's ABI header, a scratch folder, and the sizes (`--quick` or full).
public struct BenchEnvironment: Sendable {
  /// Tiny sizes: proves every scenario runs, in a few seconds each.
  public var quick: Bool
  /// The folder of the built products (`widget-host`, `bench-hello`): this executable's own.
  public var binPath: URL
  /// The repository's root (for the ABI header).
  public var repositoryRoot: URL
  /// A scratch folder for this run, removed at the end.
  public var scratch: URL

  /// Creates an environment; the scratch folder is created.
  public init(quick: Bool, binPath: URL, repositoryRoot: URL) throws {
    self.quick = quick
    self.binPath = binPath
    self.repositoryRoot = repositoryRoot
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  /// `size` normally, `quickSize` under `--quick`.
  public func size<T>(_ size: T, quick quickSize: T) -> T { quick ? quickSize : size }

  /// A built product beside the benchmark; fails naming it when it was not built.
  public func product(_ name: String) throws -> URL {
    let url = binPath.appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      // A library's product is its name without `lib` and `.so`.
      let product =
        name.hasPrefix("lib") && name.hasSuffix(".so")
        ? String(name.dropFirst(3).dropLast(3)) : name
      throw BenchError(
        "\(url.path) is missing: build it first (swift build -c \(binPath.lastPathComponent) "
          + "--product \(product))")
    }
    return url
  }

  /// A fresh folder inside the scratch folder.
  public func folder(_ name: String) throws -> URL {
    let url = scratch.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The environment for a child `widget-host` of `scenario`: its state and quarantine files in
  /// a folder of the scratch folder that is the scenario's own, so a benchmark never touches the
  /// user's and no scenario starts from another's state (the idle scenario's 1,000 instances
  /// once made each restart of the start-up scenario about 1 ms slower).
  public func childEnvironment(for scenario: String) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state/\(scenario)").path
    environment["XDG_RUNTIME_DIR"] = scratch.path
    return environment
  }

  /// The repository holding this source file (the benchmark runs from its checkout).
  public static func findRepositoryRoot() -> URL? {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    return nil
  }
}
