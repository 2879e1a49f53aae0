import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// `widget-host options`: the values a parameter of a configurable kind may take.
enum OptionsCommand: Command {
  static let name = "options"
  static let summary = "List the values a widget parameter may take (enum cases, dynamic options)."
  static let operands = "<bundle> <kind> <parameter>"
  static let discussion = """
    For an enum parameter, prints its cases (value and title) from the manifest. For a dynamic \
    parameter (an entity, or a string whose values the bundle lists), loads the bundle and asks \
    it, as the host does before running an instance, with the options method; --value gives the \
    instance's other values, which the bundle may use to narrow the list. Prints one option per \
    line: the identifier to use in --instance, then what a person sees.
    """
  static let family = SharedOptions.family.help(
    "The instance's family (default: the kind's first).")
  static let values = Option<(name: String, value: String)>(
    "--value", value: "NAME=VALUE",
    help: "Another parameter's value, typed as in --instance."
  ) { (text, name) throws(ValueError) in
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw ValueError("\(name) needs NAME=VALUE, got '\(text)'")
    }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }.repeatable
  static let format = Option<Bool>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "text (identifier and display, one per line; the default) or json (one object, "
      + "docs/home-screen.md#listing-options).", choices: ["text": false, "json": true])
  static let options: [any CommandOption] = [family, values, format, SharedOptions.deadline]
  static let examples = [
    ("widget-host options Animals.widgetbundle XG_Widget animal", "the animals to choose from"),
    (
      "widget-host options Animals.widgetbundle XG_Widget animal --value parameter=b --format json",
      "the list for instances whose parameter is b, for a program"
    ),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    guard arguments.positionals.count == 3 else {
      throw UsageError(command: name, message: "give a bundle, a kind and a parameter")
    }
    let (bundle, kind, parameter) = (
      arguments.positionals[0], arguments.positionals[1], arguments.positionals[2]
    )
    var options = HostOptions(bundlePaths: [bundle])
    try options.apply(arguments, command: name)
    var values: [String: ParameterInput] = [:]
    for (name, value) in arguments[Self.values] { values[name] = .text(value) }
    let json = arguments[format] ?? false
    let host = WidgetHost(options: options, sinks: [], log: context.errors, logLevel: .warning)
    let listing: ParameterOptionsListing
    do {
      listing = try await host.parameterOptions(
        kind: kind, parameter: parameter, family: arguments[family], values: values)
    } catch .provider(let message) {
      context.errors.write(errorLines(message))
      return .providerFailed
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
    if json {
      let data = (try? WidgetJSON.encode(listing)) ?? Data()
      context.output.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      let width = listing.options.map(\.identifier.count).max() ?? 0
      for option in listing.options {
        let padding = String(repeating: " ", count: width - option.identifier.count + 2)
        context.output.write(option.identifier + padding + option.display + "\n")
      }
    }
    return .success
  }
}
