import Testing
import WidgetHostCore

@testable import WidgetHostCLI

/// Command-line parsing: what is accepted, and the message for what is not.
@Suite struct ArgumentsTests {
  static let kinds = Option<String>("--kind", "-k", value: "KIND", help: "").repeatable
  static let once = Flag("--once", help: "")
  static let count = Option<Int>("--count", value: "N", help: "") { (text) throws(ValueError) in
    guard let count = Int(text) else { throw ValueError("--count needs a number, got '\(text)'") }
    return count
  }
  let options: [any CommandOption] = [kinds, once, count]

  @Test func valuesFlagsAndPositionals() throws {
    let arguments = try Arguments(
      [
        "a", "--kind", "X", "-k", "Y", "--once", "--kind=Z", "--count", "1", "--count=2", "--",
        "--not-an-option",
      ],
      options: options, command: "run")
    #expect(arguments[Self.kinds] == ["X", "Y", "Z"])
    #expect(arguments[Self.count] == 2)
    #expect(arguments[Self.once])
    #expect(arguments.positionals == ["a", "--not-an-option"])
    let none = try Arguments([], options: options, command: "run")
    #expect(none[Self.kinds].isEmpty && none[Self.count] == nil && !none[Self.once])
  }

  @Test func valuesAreCheckedWhenParsed() {
    #expect(throws: UsageError(command: "run", message: "--count needs a number, got 'x'")) {
      try Arguments(["--count", "x"], options: options, command: "run")
    }
  }

  @Test func mistakes() {
    #expect(throws: UsageError(command: "run", message: "unknown option '--kinds'")) {
      try Arguments(["--kinds", "X"], options: options, command: "run")
    }
    #expect(throws: UsageError(command: "run", message: "option --kind needs a value (KIND)")) {
      try Arguments(["--kind"], options: options, command: "run")
    }
    #expect(throws: UsageError(command: "run", message: "option --once takes no value")) {
      try Arguments(["--once=yes"], options: options, command: "run")
    }
  }

  @Test func topLevelHelpAndVersion() async {
    let output = MemoryOutput()
    let errors = MemoryOutput()
    let context = CommandContext(output: output, errors: errors)
    #expect(await WidgetHostCLI.main([], context: context) == 0)
    for command in ["run", "inspect", "list", "assemble"] {
      #expect(output.text.contains("\n  \(command) "))
    }
    #expect(await WidgetHostCLI.main(["--version"], context: context) == 0)
    #expect(output.text.hasSuffix("widget-host \(WidgetHost.version)\n"))
    #expect(await WidgetHostCLI.main(["help", "run"], context: context) == 0)
    #expect(output.text.contains("USAGE: widget-host run [<bundle>...]"))
    #expect(errors.text.isEmpty)
  }

  @Test func badValuesAreUsageErrors() async {
    let errors = MemoryOutput()
    let context = CommandContext(output: MemoryOutput(), errors: errors)
    #expect(await WidgetHostCLI.main(["run", "x", "--format", "xml"], context: context) == 2)
    #expect(
      errors.text.contains(
        "widget-host run: unknown format 'xml' (expected text, json, i3bar, waybar or plain)"))
    #expect(
      await WidgetHostCLI.main(["run", "x", "--min-reload-interval", "soon"], context: context) == 2
    )
    #expect(errors.text.contains("--min-reload-interval needs a number of seconds, got 'soon'"))
    #expect(await WidgetHostCLI.main(["run", "x", "--log-level", "loud"], context: context) == 2)
    #expect(await WidgetHostCLI.main(["inspect"], context: context) == 2)
    #expect(await WidgetHostCLI.main(["inspect", "a", "b"], context: context) == 2)
  }

  @Test func memoryLimits() throws {
    #expect(try RunCommand.parseMemoryLimit("1G") == 1 << 30)
    #expect(try RunCommand.parseMemoryLimit("512m") == 512 << 20)
    #expect(try RunCommand.parseMemoryLimit("268435456") == 256 << 20)
    #expect(try RunCommand.parseMemoryLimit("none") == nil)
    for bad in ["100M", "", "G", "1.5G", "-1G", "99999999999G"] {
      #expect(throws: ValueError.self) { try RunCommand.parseMemoryLimit(bad) }
    }
  }

  @Test func environmentLocale() {
    #expect(HostOptions.environmentLocale(["LANG": "zh_CN.UTF-8"]).identifier == "zh_CN")
    #expect(
      HostOptions.environmentLocale(["LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"]).identifier
        == "de_DE")
    #expect(HostOptions.environmentLocale(["LANG": "C.UTF-8"]).identifier == "en_US")
    #expect(HostOptions.environmentLocale([:]).identifier == "en_US")
  }

  @Test func environmentLanguage() {
    #expect(HostOptions.environmentLanguage(["LANG": "zh_CN.UTF-8"]) == "zh-CN")
    #expect(
      HostOptions.environmentLanguage(["LC_MESSAGES": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"])
        == "zh-TW")
    #expect(
      HostOptions.environmentLanguage(["LC_ALL": "de_DE", "LC_MESSAGES": "fr_FR"]) == "de-DE")
    #expect(HostOptions.environmentLanguage(["LANG": "C.UTF-8"]) == nil)
    #expect(HostOptions.environmentLanguage([:]) == nil)
  }

  @Test func localeOptionSetsLanguageAndLocale() throws {
    var options = HostOptions(bundlePaths: [])
    options.setLocale("zh_CN.UTF-8")
    #expect(options.language == "zh-CN")
    #expect(options.locale.identifier == "zh_CN")
    options.setLocale("zh-Hans")
    #expect(options.language == "zh-Hans")
    options.setLocale("C")
    #expect(options.language == nil)
  }

  @Test func aBadLocaleIsAUsageError() async {
    let context = CommandContext(output: MemoryOutput(), errors: MemoryOutput())
    for command in ["run", "preview", "simulate", "list", "inspect"] {
      var arguments = [command, "x.widgetbundle", "--locale", "zh Hans"]
      if command == "simulate" { arguments += ["--for", "1h"] }
      #expect(await WidgetHostCLI.main(arguments, context: context) == 2, "\(command)")
    }
  }

  static let span = Option<String>("--for", value: "DURATION", help: "").required
  static let type = FlagChoice<String>(
    (Flag("--int", help: ""), "int"), (Flag("--double", help: ""), "double"),
    (Flag("--bool", help: ""), "bool"))

  @Test func aRequiredOptionMustBeGiven() throws {
    let options: [any CommandOption] = [Self.span, SharedOptions.help]
    #expect(throws: UsageError(command: "simulate", message: "option --for DURATION is required")) {
      try Arguments(["a"], options: options, command: "simulate")
    }
    #expect(
      try Arguments(["--for", "1h"], options: options, command: "simulate")[Self.span] == "1h")
    // --help is honoured without it.
    #expect(try Arguments(["--help"], options: options, command: "simulate")[SharedOptions.help])
  }

  @Test func aRequiredOptionMissingIsExitStatus2() async {
    let errors = MemoryOutput()
    let context = CommandContext(output: MemoryOutput(), errors: errors)
    #expect(await WidgetHostCLI.main(["simulate", "x.widgetbundle"], context: context) == 2)
    #expect(
      errors.text
        == "widget-host simulate: option --for DURATION is required "
        + "(see widget-host simulate --help)\n")
    let output = MemoryOutput()
    let help = CommandContext(output: output, errors: MemoryOutput())
    #expect(await WidgetHostCLI.main(["simulate", "--help"], context: help) == 0)
    #expect(output.text.hasPrefix("USAGE: widget-host simulate"))
  }

  @Test func optionsDeclaredExclusiveExcludeEachOther() async throws {
    let options = TapCommand.options
    #expect(
      throws: UsageError(command: "tap", message: "options --region and --cell cannot be combined")
    ) {
      try Arguments(["x", "--cell", "1,2", "--region", "link-0"], options: options, command: "tap")
    }
    let one = try Arguments(["x", "--cell", "1,2"], options: options, command: "tap")
    #expect(one[TapCommand.cell]?.x == 1)
    // Through the command line: a usage error, exit 2, before any connection.
    let errors = MemoryOutput()
    let context = CommandContext(output: MemoryOutput(), errors: errors)
    #expect(
      await WidgetHostCLI.main(["tap", "x", "-r", "link-0", "--cell", "0,0"], context: context)
        == 2)
    #expect(
      errors.text.contains("options --region and --cell cannot be combined"), "\(errors.text)")
  }

  @Test func flagsOfAChoiceExcludeEachOther() throws {
    let options = Self.type.flags
    #expect(
      throws: UsageError(
        command: "defaults", message: "options --int and --bool cannot be combined")
    ) {
      try Arguments(["--bool", "--int"], options: options, command: "defaults")
    }
    #expect(
      throws: UsageError(
        command: "defaults", message: "options --int, --double and --bool cannot be combined")
    ) {
      try Arguments(["--int", "--double", "--bool"], options: options, command: "defaults")
    }
    let one = try Arguments(["--double", "--double"], options: options, command: "defaults")
    #expect(one[Self.type] == "double")
    #expect(one.flag(of: Self.type)?.info.key == "--double")
    let none = try Arguments([], options: options, command: "defaults")
    #expect(none[Self.type] == nil && none.flag(of: Self.type) == nil)
  }

  @Test(arguments: [
    (
      ["defaults", "write", "group.a", "k", "1", "--int", "--double"], "defaults",
      "--int and --double"
    ),
    (["new", "A", "--c", "--intent"], "new", "--intent and --c"),
  ])
  func twoExclusiveFlagsAreExitStatus2(_ arguments: [String], _ command: String, _ flags: String)
    async
  {
    let errors = MemoryOutput()
    let context = CommandContext(output: MemoryOutput(), errors: errors)
    #expect(await WidgetHostCLI.main(arguments, context: context) == 2)
    #expect(
      errors.text
        == "widget-host \(command): options \(flags) cannot be combined "
        + "(see widget-host \(command) --help)\n")
  }

  @Test func theFlagOfAChoiceIsItsValue() {
    #expect(NewCommand.template.flags.map(\.info.key) == ["--intent", "--app-intent", "--c"])
    #expect(NewCommand.template.values.map(\.rawValue) == ["intent", "appIntent", "c"])
    #expect(DefaultsCommand.type.values == ["int", "double", "bool"])
  }
}
