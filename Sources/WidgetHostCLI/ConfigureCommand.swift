import Foundation
import WidgetHostCore
import WidgetSchema

/// `widget-host configure`: change the parameters of a running host's instance.
enum ConfigureCommand: Command {
  static let name = "configure"
  static let summary = "Change the parameters of a running host's widget instance."
  static let operands = "<instance> [NAME=VALUE]..."
  static let discussion = """
    Each NAME=VALUE is typed by the host from the parameter's schema exactly as an --instance \
    value is (count=3, enabled=true, day=2026-01-01T09:00:00Z, color=blue, animal=cat); NAME= \
    sets an empty text. --unset NAME forgets a value, so the parameter's default applies again. \
    Values not named keep what the instance has. The host checks the new configuration as at \
    start (dynamic values against the bundle's options) and the instance then shows it; with \
    --state-dir it survives a restart. Prints the instance configured.
    """
  static let unset = Option<String>(
    "--unset", "-u", value: "NAME", help: "Go back to the parameter's default."
  ).repeatable
  static let options: [any CommandOption] = [unset] + SharedOptions.client
  static let examples = [
    (
      "widget-host configure left animal=tiger parameter=c",
      "show a tiger on instance left (of the Animals example)"
    ),
    ("widget-host configure left --unset parameter", "instance left back to the default parameter"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard let instance = arguments.positionals.first else {
      throw UsageError(
        command: name, message: "give the instance, then NAME=VALUE changes (e.g. left color=blue)")
    }
    let (values, unset) = try changes(
      assignments: Array(arguments.positionals.dropFirst()), unset: arguments[unset])
    let request = ControlRequest(
      request: "configure", instance: instance,
      parameters: unset.isEmpty ? nil : Dictionary(uniqueKeysWithValues: unset.map { ($0, .null) }),
      values: values.isEmpty ? nil : values)
    guard let client = SocketClientOptions.connect(arguments, context: context),
      let result = SocketClientOptions.send(request, client, context: context)
    else { return .failure }
    context.output.write("configured \(result.configured ?? instance)\n")
    return .success
  }

  /// The text values of `NAME=VALUE` assignments and the names to unset; a name given twice,
  /// or both set and unset, is a usage error.
  static func changes(
    assignments: [String], unset: [String]
  ) throws(UsageError) -> (values: [String: String], unset: [String]) {
    var values: [String: String] = [:]
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw UsageError(
          command: name, message: "expected NAME=VALUE, got '\(assignment)' (NAME= for empty text)")
      }
      let parameter = String(assignment[..<equals])
      guard values[parameter] == nil else {
        throw UsageError(command: name, message: "parameter '\(parameter)' is given twice")
      }
      values[parameter] = String(assignment[assignment.index(after: equals)...])
    }
    var names = Set<String>()
    for parameter in unset {
      guard !parameter.isEmpty else {
        throw UsageError(command: name, message: "\(Self.unset.info.key) needs a parameter name")
      }
      guard values[parameter] == nil, names.insert(parameter).inserted else {
        throw UsageError(
          command: name, message: "parameter '\(parameter)' is given twice (set or --unset)")
      }
    }
    return (values, unset)
  }
}
