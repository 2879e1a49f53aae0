import Foundation

/// The C programs the benchmark compiles at run time, kept as `.c` files in
/// `Sources/WidgetBench/Programs/` (excluded from the Swift target; `.ci/run` compiles each with
/// warnings as errors on its own). They are read from the checkout the benchmark runs in, as
/// the ABI header is.
enum BenchProgram {
  /// The file `name` of `Sources/WidgetBench/Programs/` in the repository at `repositoryRoot`;
  /// fails naming the path when it is not there.
  static func source(_ name: String, repositoryRoot: URL) throws -> URL {
    let url = repositoryRoot.appendingPathComponent("Sources/WidgetBench/Programs/\(name)")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw BenchError("\(url.path) is missing: widget-bench runs from a widget-host checkout")
    }
    return url
  }
}
