import Foundation
import TestSupport
import Testing

@testable import WidgetBench

/// The sink's floor (docs/performance.md, sink): the C writer writes back exactly the JSON
/// lines it read, however often it is asked to, and names what is wrong with input it cannot
/// read. The sink scenario relies on the first (it compares the floor's output with the sink's)
/// and runs it only on the sink's own output.
@Suite struct TreeWriterFloorTests {
  static let lines = [
    #"{"a":[1,-2,3.25,true,false,null],"b":{"c":"d\"e\\f\n\t\u0001 █"},"e":[]}"#,
    #"{"data":{"lines":["  ██  ","      "],"spans":[{"column":2,"length":2}]},"seq":12}"#,
  ]

  @Test func writesTheLinesItReadsByteForByte() throws {
    let folder = TestSupport.temporaryDirectory("floor")
    let floor = try TreeWriterFloor.build(
      in: folder, repositoryRoot: TestSupport.repositoryRoot)
    let input = folder.appendingPathComponent("in.jsonl")
    try Data((Self.lines.joined(separator: "\n") + "\n").utf8).write(to: input)
    let output = folder.appendingPathComponent("out.jsonl")
    let run = try floor.run(input: input, repeats: 3, output: output.path)
    #expect(run.lines == 6)
    let expected = String(repeating: Self.lines.joined(separator: "\n") + "\n", count: 3)
    #expect(try String(contentsOf: output, encoding: .utf8) == expected)
  }

  @Test(arguments: [
    (#"{"a":"b"#, "unterminated string"),
    (#"{"a":1"#, "unterminated object or array"),
    (#"{"a":tru}"#, "unexpected character"),
  ])
  func malformedInputIsANamedError(_ text: String, _ problem: String) throws {
    let folder = TestSupport.temporaryDirectory("floor")
    let floor = try TreeWriterFloor.build(
      in: folder, repositoryRoot: TestSupport.repositoryRoot)
    let input = folder.appendingPathComponent("in.jsonl")
    try Data((text + "\n").utf8).write(to: input)
    let error = #expect(throws: BenchError.self) {
      try floor.run(input: input, repeats: 1, output: "/dev/null")
    }
    #expect(error?.description.contains(problem) == true, "\(String(describing: error))")
  }
}
