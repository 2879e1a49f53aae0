import Foundation
import Testing
import WidgetSchema

@testable import WidgetHostCLI

/// What `configure` sends for its arguments, and how `inspect` prints a configuration.
@Suite struct ConfigurationCommandsTests {
  @Test func assignmentsSplitAtTheFirstEqualsSign() throws {
    let (values, unset) = try ConfigureCommand.changes(
      assignments: ["color=blue", "title=a=b", "note="], unset: ["count"])
    #expect(values == ["color": "blue", "title": "a=b", "note": ""])
    #expect(unset == ["count"])
  }

  @Test(arguments: [
    (["color"], [String](), "expected NAME=VALUE, got 'color'"),
    (["=blue"], [], "expected NAME=VALUE, got '=blue'"),
    (["color=red", "color=blue"], [], "parameter 'color' is given twice"),
    (["color=red"], ["color"], "parameter 'color' is given twice (set or --unset)"),
    ([], ["count", "count"], "parameter 'count' is given twice (set or --unset)"),
  ])
  func badChangesAreUsageErrors(_ assignments: [String], _ unset: [String], _ message: String) {
    #expect {
      _ = try ConfigureCommand.changes(assignments: assignments, unset: unset)
    } throws: { error in
      (error as? UsageError)?.message.hasPrefix(message) == true
    }
  }

  @Test func inspectPrintsEveryParameter() {
    let configuration = ConfigurationManifest.appIntent(
      IntentSchema(
        intent: "SelectAnimalIntent",
        parameters: [
          ParameterSchema(
            name: "color", title: "Color", type: .enum, default: .string("red"),
            cases: [ParameterCase(value: "red"), ParameterCase(value: "blue")]),
          ParameterSchema(name: "animal", type: .entity, required: true, entityType: "Animal"),
          ParameterSchema(name: "count", type: .int, default: .number(3)),
        ]))
    #expect(
      InspectCommand.configuration(of: configuration) == """
              configuration: appIntent SelectAnimalIntent
                color "Color": enum red|blue, default "red"
                animal: entity Animal, required, dynamic options
                count: int, default 3

        """)
    #expect(InspectCommand.configuration(of: .static) == "      configuration: static\n")
  }
}
