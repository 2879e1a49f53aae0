import Foundation
import WidgetHostCore

/// `widget-host defaults`: read and write App Group values as apps and bundles see them.
enum DefaultsCommand: Command {
  static let name = "defaults"
  static let summary = "Read, write or delete App Group values (UserDefaults(suiteName:))."
  static let discussion = """
    Uses the file of Foundation's UserDefaults(suiteName: group), the storage apps and bundles \
    use: $XDG_CONFIG_HOME/<group>.plist (default ~/.config). Every change is saved at once, \
    under a lock and by atomic replace, so concurrent writes are never lost. A file that is \
    not a property list is moved aside to <group>.plist.damaged-<time> and never overwritten \
    (exit 1). 'read' prints one value, or without a key every key as 'key = value'; a missing \
    key exits 1. 'write' stores a string unless --int, --double or --bool says otherwise \
    (options first, then -- before a negative number). After a write, 'widget-host reload \
    --kind KIND' makes running widgets read it.
    """
  /// The type of the value `write` stores, by its flag; none is a string.
  static let type = FlagChoice<String>(
    (Flag("--int", help: "write: the value is an integer."), "int"),
    (Flag("--double", help: "write: the value is a number."), "double"),
    (Flag("--bool", help: "write: the value is true or false (yes/no, 1/0)."), "bool"))
  static let json = SharedOptions.json.help("read: print JSON instead of text.")
  static let options: [any CommandOption] = type.flags + [json]
  static let actions = CommandActions(
    command: name,
    [
      .init("read", "<group> [key]", count: 2...3, options: [json]),
      .init("write", "<group> <key> <value>", count: 4...4, options: type.flags),
      .init("delete", "<group> <key>", count: 3...3),
    ])
  static var operands: String { actions.operands }
  static let examples = [
    (
      "widget-host defaults write group.com.yourapp.widget currentSongName 'My Song'",
      "what seed 004's app writes"
    ),
    ("widget-host defaults read group.com.yourapp.widget", "every key of the group"),
    ("widget-host defaults write group.com.example volume 7 --int", "an integer"),
    ("widget-host defaults delete group.com.example volume", "remove a key"),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    let positionals = arguments.positionals
    let action = try actions.action(in: arguments).name
    let group = positionals[1]
    do throws(AppGroupDefaultsError) {
      switch action {
      case "read" where positionals.count == 3:
        let key = positionals[2]
        guard let value = try AppGroupDefaults.read(group: group, key: key) else {
          context.errors.write("widget-host: \(group) has no key '\(key)'\n")
          return .failure
        }
        context.output.write((arguments[json] ? Self.json(value) : value.description) + "\n")
      case "read":
        let values = try AppGroupDefaults.all(group: group)
        if arguments[json] {
          context.output.write(Self.json(Dictionary(values) { first, _ in first }) + "\n")
        } else {
          for (key, value) in values { context.output.write("\(key) = \(value)\n") }
        }
      case "write":
        let value = try AppGroupDefaults.Value(
          positionals[3], as: arguments[Self.type] ?? "string")
        try AppGroupDefaults.write(group: group, key: positionals[2], value: value)
      default:
        guard try AppGroupDefaults.delete(group: group, key: positionals[2]) else {
          context.errors.write("widget-host: \(group) has no key '\(positionals[2])'\n")
          return .failure
        }
      }
    } catch {
      switch error {
      case .notSaved, .damaged, .busy:
        context.errors.write("widget-host: \(error.description)\n")
        return .failure
      case .badGroup, .badValue: break
      }
      throw UsageError(command: name, message: error.description)
    }
    return .success
  }

  /// `value` as one line of JSON, an object's keys sorted; a double that JSON cannot write (not
  /// a number, infinite) as the string `"nan"`, `"inf"` or `"-inf"`.
  private static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    // Strings, numbers and booleans with that strategy always encode.
    return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
  }
}
