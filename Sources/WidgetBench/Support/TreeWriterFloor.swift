import Foundation

/// The JSON sink's floor: a minimal JSON writer in C (`Sources/WidgetBench/Programs/tree_writer.c`)
/// that writes the sink's own events from a tree, compiled with `cc -O2` by the benchmark and
/// checked to write the same bytes.
///
/// It reads a file of JSON lines (untimed) into a tree per line: objects and arrays as arrays
/// of members in one arena, strings unescaped, whole numbers as integers. Then it writes the
/// lines `repeats` times, from their trees, into a buffer written out in 64 KiB writes as the
/// sink's are, and prints how many lines it wrote and the wall and CPU seconds that took. It
/// is given every advantage a writer could have: nothing is allocated while writing, each key
/// is kept ready-made (quoted and followed by its colon) and copied, strings are scanned eight
/// bytes at a time as the Swift writer scans them, a number that is not whole keeps its text
/// (the benchmark's events have none). What it still does is what writing JSON from a tree is:
/// walk the nodes, scan and copy every string, print the numbers. How close that comes to
/// `cat` is how close any sink that writes its events from their trees can come.
struct TreeWriterFloor {
  /// The compiled writer.
  let executable: URL

  /// What one run of the writer measured.
  struct Run {
    /// Lines written.
    var lines: Int
    /// Wall seconds of the writing.
    var wall: Double
    /// CPU seconds of the writing.
    var cpu: Double
  }

  /// Compiles the writer of the repository at `repositoryRoot` into `folder`.
  static func build(in folder: URL, repositoryRoot: URL) throws -> TreeWriterFloor {
    let source = try BenchProgram.source("tree_writer.c", repositoryRoot: repositoryRoot)
    let executable = folder.appendingPathComponent("tree_writer")
    let result = try Spawn.capture(
      "/usr/bin/env",
      [
        "cc", "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", executable.path,
        source.path,
      ])
    guard result.status == 0 else {
      throw BenchError(
        "cc failed to build \(executable.path) (\(result.status)): \(result.errors)")
    }
    return TreeWriterFloor(executable: executable)
  }

  /// Writes the lines of `input` `repeats` times to `output`.
  func run(input: URL, repeats: Int, output: String) throws -> Run {
    let result = try Spawn.capture(executable.path, [input.path, String(repeats), output])
    let fields = result.output.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard result.status == 0, fields.count == 3, let lines = Int(fields[0]),
      let wall = Double(fields[1]), let cpu = Double(fields[2])
    else {
      throw BenchError(
        "\(executable.path) \(input.path) failed (\(result.status)): "
          + "\(result.errors)\(result.output)")
    }
    return Run(lines: lines, wall: wall, cpu: cpu)
  }

}
