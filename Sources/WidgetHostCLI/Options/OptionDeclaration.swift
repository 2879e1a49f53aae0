import WidgetSchema

/// What an option declares, whatever the type of its value: its spellings, the name of its
/// value, one line of help, whether it may be given more than once, and how its text becomes a
/// value. Parsing, `--help`, the synopsis and the checks of docs/cli.md all read it.
struct OptionInfo: Sendable {
  /// The spellings, long first: `["--kind", "-k"]`. The first is the option's key.
  var names: [String]
  /// The value's name for help and docs/cli.md's tables (`KIND`), or nil for a flag.
  var valueName: String?
  /// The value as the synopsis shows it: the choices of a choice (`text|json`), else the name.
  var synopsisValue: String?
  /// One line of help.
  var help: String
  /// True if every value given is kept (`--kind A --kind B`); else the last one wins.
  var repeatable: Bool
  /// True if the command needs the option (the synopsis shows it without brackets; parsing
  /// refuses a command line without it).
  var required = false
  /// The keys of the flags of its ``FlagChoice``, itself included, of which parsing refuses
  /// more than one; empty for an option of no choice.
  var exclusive: [String] = []
  /// Turns one value's text into the value, or says what is wrong with it.
  var convert: @Sendable (String) throws(ValueError) -> any Sendable
  /// True if the value names a file or folder: a configuration file's relative paths are read
  /// from the file's folder, and `~/` from the home folder.
  var isPath = false
  /// How a configuration file may give the value as a JSON object instead of text (an
  /// instance as a home-screen file writes it), given the object, its JSON path and the file;
  /// nil when only text (or a number) will do.
  var convertObject: (@Sendable (JSONValue, String, String) throws(ValueError) -> any Sendable)?

  /// The key values are kept under: the first spelling.
  var key: String { names[0] }

  /// Whether the option takes no value.
  var isFlag: Bool { valueName == nil }

  /// `--kind KIND`, `-k KIND`: each spelling as `--help`'s rows and docs/cli.md's tables
  /// write it.
  var spellings: [String] {
    names.map { name in valueName.map { "\(name) \($0)" } ?? name }
  }

  /// `[--kind KIND]...`: the option in a synopsis.
  var synopsis: String {
    let option = names[0] + ((synopsisValue ?? valueName).map { " \($0)" } ?? "")
    return (required ? option : "[\(option)]") + (repeatable ? "..." : "")
  }
}

/// Why a value is not one the option takes: the whole message, naming the option and the value
/// (`--budget needs a number of reloads or unlimited, got 'x'`).
struct ValueError: Error, Sendable, Equatable {
  var message: String
  /// The JSON path of the offending value inside a configuration file's value, when it is
  /// deeper than the option's own key (`instance[1].family`).
  var path: String?

  init(_ message: String, at path: String? = nil) {
    self.message = message
    self.path = path
  }
}

/// An option of a command, as its declaration lists it.
protocol CommandOption: Sendable {
  /// The option's declaration.
  var info: OptionInfo { get }
}

/// An option without a value (`--once`): given or not.
struct Flag: CommandOption {
  let info: OptionInfo

  /// A flag spelled `names`.
  init(_ names: String..., help: String) {
    info = OptionInfo(
      names: names, valueName: nil, help: help, repeatable: false,
      convert: { (_: String) throws(ValueError) -> any Sendable in true })
  }

  fileprivate init(info: OptionInfo) {
    self.info = info
  }

  /// The same flag with another line of help.
  func help(_ help: String) -> Flag {
    var info = info
    info.help = help
    return Flag(info: info)
  }
}

/// An option with one value of type `Value`; when given more than once, the last one wins.
struct Option<Value: Sendable>: CommandOption {
  let info: OptionInfo

  /// An option spelled `names` whose value, named `value` in help, `parse` reads.
  init(
    _ names: String..., value: String, synopsis: String? = nil, help: String,
    parse: @escaping @Sendable (String) throws(ValueError) -> Value
  ) {
    info = OptionInfo(
      names: names, valueName: value, synopsisValue: synopsis, help: help, repeatable: false,
      convert: { (text: String) throws(ValueError) -> any Sendable in try parse(text) })
  }

  /// An option spelled `names` whose value `parse` reads, given the text and the option's key
  /// (for its errors: `--budget needs a number…`).
  init(
    _ names: String..., value: String, synopsis: String? = nil, help: String,
    parse: @escaping @Sendable (_ text: String, _ name: String) throws(ValueError) -> Value
  ) {
    let name = names[0]
    info = OptionInfo(
      names: names, valueName: value, synopsisValue: synopsis, help: help, repeatable: false,
      convert: { (text: String) throws(ValueError) -> any Sendable in try parse(text, name) })
  }

  fileprivate init(info: OptionInfo) {
    self.info = info
  }

  /// The same option, given as often as one likes: every value is kept, in order.
  var repeatable: RepeatedOption<Value> {
    var info = info
    info.repeatable = true
    return RepeatedOption(info: info)
  }

  /// The same option with another line of help (a shared option whose meaning a command
  /// narrows).
  func help(_ help: String) -> Option<Value> {
    var info = info
    info.help = help
    return Option(info: info)
  }

  /// The same option, which parsing refuses together with the options keyed `others` (which
  /// declare the same): `--region` or `--cell`.
  func excluding(_ others: String...) -> Option<Value> {
    var info = info
    info.exclusive = [info.key] + others
    return Option(info: info)
  }

  /// The same option, which the command needs.
  var required: Option<Value> {
    var info = info
    info.required = true
    return Option(info: info)
  }

  /// The same option, whose value is a path (``OptionInfo/isPath``).
  var path: Option<Value> {
    var info = info
    info.isPath = true
    return Option(info: info)
  }
}

/// An option with a value of type `Value` that may be given several times (`--kind A --kind B`).
struct RepeatedOption<Value: Sendable>: CommandOption {
  let info: OptionInfo

  fileprivate init(info: OptionInfo) {
    self.info = info
  }

  /// The same option, which a configuration file may also give as JSON objects that `convert`
  /// reads (with the object's JSON path and the file, for errors).
  func objects(
    _ convert: @escaping @Sendable (JSONValue, String, String) throws(ValueError) -> Value
  ) -> RepeatedOption<Value> {
    var info = info
    info.convertObject = {
      (value: JSONValue, path: String, file: String) throws(ValueError) -> any Sendable in
      try convert(value, path, file)
    }
    return RepeatedOption(info: info)
  }

  /// The same option with another line of help.
  func help(_ help: String) -> RepeatedOption<Value> {
    var info = info
    info.help = help
    return RepeatedOption(info: info)
  }
}

extension Option where Value == String {
  /// An option whose value is any text.
  init(_ names: String..., value: String, help: String) {
    info = OptionInfo(
      names: names, valueName: value, help: help, repeatable: false,
      convert: { (text: String) throws(ValueError) -> any Sendable in text })
  }
}

extension Option {
  /// An option whose value is one of `choices` (text and value, in the order help lists them);
  /// anything else is `unknown NOUN 'X' (expected A, B or C)`, the noun by default the option's
  /// key.
  static func choice(
    _ names: String..., value: String, noun: String? = nil, help: String,
    choices: KeyValuePairs<String, Value>
  ) -> Option<Value> {
    let noun = noun ?? names[0]
    var table: [(String, Value)] = []
    var synopsis = ""
    for (text, value) in choices {
      synopsis += synopsis.isEmpty ? text : "|" + text
      table.append((text, value))
    }
    return Option(
      info: OptionInfo(
        names: names, valueName: value, synopsisValue: synopsis, help: help, repeatable: false,
        convert: { [table, noun] (text: String) throws(ValueError) -> any Sendable in
          guard let match = table.first(where: { $0.0 == text }) else {
            throw ValueError("unknown \(noun) '\(text)' (expected \(list(table.map(\.0))))")
          }
          return match.1
        }))
  }
}

/// Flags of which at most one may be given, each standing for a value (`--int`, `--double` and
/// `--bool` for the type of a value): parsing refuses two of them together, and
/// `arguments[choice]` is the value of the one given.
struct FlagChoice<Value: Sendable>: Sendable {
  /// The flags, in order, as the command's options list them.
  let flags: [Flag]
  /// The value each flag stands for, in the same order.
  let values: [Value]

  /// The choice between `choices`' flags, each standing for its value.
  init(_ choices: (flag: Flag, value: Value)...) {
    let keys = choices.map(\.flag.info.key)
    flags = choices.map { choice in
      var info = choice.flag.info
      info.exclusive = keys
      return Flag(info: info)
    }
    values = choices.map(\.value)
  }
}

/// `a`, `a or b`, `a, b or c` (or with `and`).
func list(_ words: [String], conjunction: String = "or") -> String {
  var text = ""
  for (index, word) in words.enumerated() {
    if index > 0 { text += index == words.count - 1 ? " \(conjunction) " : ", " }
    text += word
  }
  return text
}
