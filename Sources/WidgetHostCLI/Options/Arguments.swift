/// A command line after parsing: every option's values, converted to their types, and the
/// arguments that are not options.
struct Arguments {
  private var values: [String: [any Sendable]] = [:]
  /// The keys of the options the command declares.
  private let declared: Set<String>
  /// The arguments that are not options, in order.
  private(set) var positionals: [String] = []

  /// Parses `arguments` (without the command name) against the command's `options`.
  /// `--name value`, `--name=value` and `--` (end of options) are understood; an unknown
  /// option, a missing value or a value the option does not take, two flags of one
  /// ``FlagChoice`` or (unless `--help` is given) a missing required option is a ``UsageError``
  /// naming it.
  init(_ arguments: [String], options: [any CommandOption], command: String) throws(UsageError) {
    declared = Set(options.map(\.info.key))
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
      guard let option = options.first(where: { $0.info.names.contains(name) })?.info else {
        throw UsageError(command: command, message: "unknown option '\(name)'")
      }
      guard let valueName = option.valueName else {
        guard inlineValue == nil else {
          throw UsageError(command: command, message: "option \(name) takes no value")
        }
        values[option.key] = [true]
        continue
      }
      let text: String
      if let inlineValue {
        text = inlineValue
      } else if index < arguments.count {
        text = arguments[index]
        index += 1
      } else {
        throw UsageError(command: command, message: "option \(name) needs a value (\(valueName))")
      }
      do {
        let value = try option.convert(text)
        if option.repeatable {
          values[option.key, default: []].append(value)
        } else {
          values[option.key] = [value]
        }
      } catch {
        throw UsageError(command: command, message: error.message)
      }
    }
    for option in options.map(\.info) where !option.exclusive.isEmpty {
      let given = option.exclusive.filter { values[$0] != nil }
      guard given.count <= 1 else {
        throw UsageError(
          command: command,
          message: "options \(list(given, conjunction: "and")) cannot be combined")
      }
    }
    guard values[SharedOptions.help.info.key] == nil else { return }
    for option in options.map(\.info) where option.required && values[option.key] == nil {
      throw UsageError(command: command, message: "option \(option.spellings[0]) is required")
    }
  }

  /// Arguments given by other means than the command line (a configuration file): `values`
  /// by option key, already converted, and the operands.
  init(values: [String: [any Sendable]], positionals: [String], options: [any CommandOption]) {
    declared = Set(options.map(\.info.key))
    self.values = values
    self.positionals = positionals
  }

  /// These arguments (the command line's) over `defaults` (a configuration file's): an option
  /// given here replaces the defaults' values of it, and an option of one of `groups` given
  /// here replaces the defaults' values of every option of its group (the command line's
  /// `--instance` replaces the file's `kind` and `family`); operands given here replace the
  /// defaults'.
  func overriding(_ defaults: Arguments, groups: [[any CommandOption]]) -> Arguments {
    var merged = defaults
    for group in groups {
      let keys = group.map(\.info.key)
      guard keys.contains(where: { values[$0] != nil }) else { continue }
      for key in keys { merged.values[key] = nil }
    }
    for (key, given) in values { merged.values[key] = given }
    if !positionals.isEmpty { merged.positionals = positionals }
    return merged
  }

  /// The values given for `option`; the option must be one the command declares.
  private func given(_ option: OptionInfo) -> [any Sendable] {
    precondition(
      declared.contains(option.key), "\(option.key) is not an option of this command")
    return values[option.key] ?? []
  }

  /// True if the flag was given.
  subscript(flag: Flag) -> Bool { !given(flag.info).isEmpty }

  /// The value given for `option` (the last, if given more than once), or nil.
  subscript<Value>(option: Option<Value>) -> Value? {
    given(option.info).last.map { $0 as! Value }
  }

  /// The value of the flag of `choice` that was given, or nil if none was.
  subscript<Value>(choice: FlagChoice<Value>) -> Value? {
    flag(of: choice).flatMap { flag in
      choice.flags.firstIndex { $0.info.key == flag.info.key }.map { choice.values[$0] }
    }
  }

  /// The flag of `choice` that was given, or nil if none was.
  func flag<Value>(of choice: FlagChoice<Value>) -> Flag? {
    choice.flags.first { self[$0] }
  }

  /// Every value given for `option`, in order.
  subscript<Value>(option: RepeatedOption<Value>) -> [Value] {
    given(option.info).map { $0 as! Value }
  }

  /// True if the command declares `option` (shared code that serves several commands asks).
  func declares(_ option: some CommandOption) -> Bool { declared.contains(option.info.key) }

  /// The values given for `option`, as text: equal for two sets of arguments that give the
  /// option the same values.
  func describedValues(of option: OptionInfo) -> String {
    String(describing: values[option.key] ?? [])
  }

  /// True if `option` was given at all.
  func contains(_ option: some CommandOption) -> Bool { !given(option.info).isEmpty }
}

/// A command line that does not make sense; printed as
/// `widget-host <command>: <message> (see widget-host <command> --help)`, exit status 2.
struct UsageError: Error, Equatable {
  var command: String
  var message: String
}
