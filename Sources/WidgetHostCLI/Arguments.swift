/// A command line after parsing: options by name and positional arguments, checked against a
/// command's ``OptionSpec``s.
struct Arguments {
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  /// Parses `arguments` (without the command name). `--name value`, `--name=value` and `--`
  /// (end of options) are understood; anything unknown is a ``UsageError`` naming it.
  init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = options.first(where: { $0.names.contains(name) }) else {
        throw UsageError(command: command, message: "unknown option '\(name)'")
      }
      if let valueName = spec.valueName {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(command: command, message: "option \(name) needs a value (\(valueName))")
        }
        values[spec.key, default: []].append(value)
      } else {
        guard inlineValue == nil else {
          throw UsageError(command: command, message: "option \(name) takes no value")
        }
        flags.insert(spec.key)
      }
    }
  }

  /// True if the flag was given.
  func flag(_ key: String) -> Bool { flags.contains(key) }

  /// Every value given for a repeatable option, in order.
  func all(_ key: String) -> [String] { values[key] ?? [] }

  /// The last value given for an option.
  func last(_ key: String) -> String? { values[key]?.last }
}

/// One option a command accepts.
struct OptionSpec {
  /// The spellings, e.g. `["--kind", "-k"]`; the first is the key.
  var names: [String]
  /// The value's placeholder for help (`KIND`), or nil for a flag.
  var valueName: String?
  /// One line of help.
  var help: String

  var key: String { names[0] }

  static let help = OptionSpec(names: ["--help", "-h"], valueName: nil, help: "Show this help.")

  // Options shared by run, simulate and preview, with the same meaning everywhere.
  static let budget = OptionSpec(
    names: ["--budget"], valueName: "N",
    help: "Reloads the host makes on its own per widget in any 24 h (default 70), or unlimited.")
  static let minimumReloadInterval = OptionSpec(
    names: ["--min-reload-interval"], valueName: "SECONDS",
    help: "Least time between two timeline requests of one widget (default 60).")
  static let deadline = OptionSpec(
    names: ["--deadline"], valueName: "SECONDS",
    help: "Real seconds to wait for a snapshot or timeline reply before giving up (default 30).")
  static let placeholderDeadline = OptionSpec(
    names: ["--placeholder-deadline"], valueName: "SECONDS",
    help: "Real seconds to wait for a placeholder reply before giving up (default 5).")
  static let state = OptionSpec(
    names: ["--state-dir"], valueName: "DIR",
    help: "Where the durable state is kept: state.sqlite3 with instance configurations, each "
      + "instance's last timeline and the refresh budgets (default: $XDG_STATE_HOME/widget-host; "
      + "docs/state.md).")
  static let instance = OptionSpec(
    names: ["--instance"], valueName: "SPEC",
    help: "Show this instance (repeatable): [ID=]KIND[/FAMILY][?NAME=VALUE&...], e.g. "
      + "'left=Animals/systemSmall?color=red' (docs/home-screen.md).")
  static let home = OptionSpec(
    names: ["--home"], valueName: "FILE",
    help: "Show the instances of this home-screen file (JSON, docs/home-screen.md).")
  static let logLevel = OptionSpec(
    names: ["--log-level"], valueName: "LEVEL",
    help: "Bundle log lines shown on stderr: debug, info (default), warning, error.")
  static let locale = OptionSpec(
    names: ["--locale"], valueName: "LOCALE",
    help: "The user's language and locale (zh-Hans, en-GB, zh_CN.UTF-8): the bundles' "
      + "<lang>.lproj strings, display names and dates (default: LC_ALL, LC_MESSAGES, LANG).")
}

/// A command line that does not make sense; printed as `widget-host <command>: <message>` and
/// exit status 2.
struct UsageError: Error, Equatable {
  var command: String
  var message: String
}
