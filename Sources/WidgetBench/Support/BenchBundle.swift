import Foundation
import WidgetBundleRuntime

/// The benchmark's widget bundle: plain C against `widget_abi.h`
/// (`Sources/WidgetBench/Programs/bench_bundle.c`), compiled with `cc -shared -fPIC` by the
/// benchmark itself, as a C author would build it.
///
/// It declares `kinds` kinds named `<prefix><n>`, each in four families (systemSmall,
/// systemMedium, systemLarge, accessoryRectangular). Every entry is a typical status widget: a
/// padded headline over two lines of text. Timelines depend on the kind's number `n`:
///
/// - idle bundles: one entry now, next reload in two hours (nothing due for an hour and more);
/// - otherwise `n % 8` picks the policy: 0–1 four entries 30 min apart and `atEnd`; 2–3 one
///   entry and `after` 1 h; 4–5 one entry and `never`; 6 two entries 5 min apart and `after`
///   10 min, 7 one entry and `after` 15 min (144 and 96 reloads a day: past the budget of 70,
///   so some are deferred).
public struct BenchBundle: Sendable {
  /// How many kinds.
  public var kinds: Int
  /// The kinds' name prefix; distinct prefixes keep kinds unique across bundles.
  public var prefix: String
  /// Whether every timeline is idle for two hours.
  public var idle: Bool

  /// Describes a bundle.
  public init(kinds: Int, prefix: String = "Bench", idle: Bool = false) {
    self.kinds = kinds
    self.prefix = prefix
    self.idle = idle
  }

  /// `kinds` kinds as bundles of at most the host's limit of kinds per bundle
  /// (``ManifestValidator/maximumKinds``), prefixed `<prefix>A`, `<prefix>B`, …: the policies
  /// above are spread over each bundle's kinds alike.
  public static func split(kinds: Int, prefix: String, idle: Bool = false) -> [BenchBundle] {
    let limit = ManifestValidator.maximumKinds
    return stride(from: 0, to: kinds, by: limit).enumerated().map { index, first in
      let letter = String(UnicodeScalar(UInt8(65 + index)))
      return BenchBundle(kinds: min(limit, kinds - first), prefix: prefix + letter, idle: idle)
    }
  }

  /// The families each kind supports, in order.
  public static let families = [
    "systemSmall", "systemMedium", "systemLarge", "accessoryRectangular",
  ]

  /// How many entries each timeline of kind number `number` holds (the policies above), for a
  /// scenario that makes the bundle's replies again; `bench_bundle.c` decides the same.
  public func entriesPerTimeline(ofKind number: Int) -> Int {
    if idle { return 1 }
    switch number % 8 {
    case 0, 1: return 4
    case 6: return 2
    default: return 1
    }
  }

  /// Compiles the bundle into `folder` as `lib<prefix>.so` and returns its path.
  public func build(in folder: URL, environment: BenchEnvironment) throws -> URL {
    let source = try BenchProgram.source(
      "bench_bundle.c", repositoryRoot: environment.repositoryRoot)
    let library = folder.appendingPathComponent("lib\(prefix).so")
    let include = environment.repositoryRoot.appendingPathComponent("Sources/CWidgetABI/include")
    var arguments = [
      "cc", "-O2", "-shared", "-fPIC", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I",
      include.path, "-o", library.path, source.path, "-DBENCH_KINDS=\(kinds)",
      "-DBENCH_PREFIX=\"\(prefix)\"",
    ]
    if idle { arguments.append("-DBENCH_IDLE") }
    let result = try Spawn.capture("/usr/bin/env", arguments)
    guard result.status == 0 else {
      throw BenchError("cc failed to build \(library.path) (\(result.status)): \(result.errors)")
    }
    return library
  }

}
