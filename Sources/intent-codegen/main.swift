import Foundation
import IntentCodegen

// intent-codegen <definition.intentdefinition> --output <File.swift>
//
// Generates the Swift source of an Xcode intent definition (see IntentCodegen.SwiftGenerator).
// The IntentDefinitionPlugin runs it for each `.intentdefinition` file of a target.
let usage = "usage: intent-codegen <definition.intentdefinition> --output <file.swift>"
var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count {
  output = arguments[index + 1]
  arguments.removeSubrange(index...index + 1)
}
guard arguments.count == 1, let output else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
let input = arguments[0]
do {
  guard let data = FileManager.default.contents(atPath: input) else {
    throw IntentDefinitionError("\(input): cannot read the file")
  }
  let definition = try IntentDefinition(propertyList: data, file: input)
  let source = SwiftGenerator.generate(
    definition, source: URL(fileURLWithPath: input).lastPathComponent)
  try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("intent-codegen: error: \(error)\n".utf8))
  exit(1)
}
