import Foundation
import WidgetBundleRuntime
import WidgetControl
import WidgetHostCore
import WidgetRendering
import WidgetSchema
import WidgetSupport

/// The options several commands take, each declared once: the same spelling, value and checks
/// everywhere (a command may give one a line of help of its own with `help(_:)`).
enum SharedOptions {
  static let help = Flag("--help", "-h", help: "Show this help.")

  // Which widgets: run, preview, simulate (and, narrowed, others).
  static let kinds = Option<String>("--kind", "-k", value: "KIND", help: "Show only this kind.")
    .repeatable
  static let families = family.repeatable.help("Show kinds in this family: \(familyNames).")
  /// One family (`options`); repeated by `families`.
  static let family = Option<WidgetFamily>(
    "--family", "-f", value: "FAMILY", help: "The family.", parse: parseFamily)
  static let instances = Option<InstanceSpec>(
    "--instance", value: "SPEC",
    help: "Show this instance: [ID=]KIND[/FAMILY][?NAME=VALUE&...], e.g. "
      + "'left=XG_Widget/systemSmall?animal=panda' (docs/home-screen.md)."
  ) { (text) throws(ValueError) in
    do throws(InstanceSpecError) {
      return try InstanceSpec.parse(text)
    } catch {
      throw ValueError(error.description)
    }
  }.repeatable.objects { (value, path, file) throws(ValueError) in
    do throws(HomeScreenError) {
      return try HomeScreen.instance(value, path: path, file: file)
    } catch {
      throw ValueError(error.message, at: error.path)
    }
  }
  static let home = Option<String>(
    "--home", value: "FILE",
    help: "Show the instances of this home-screen file (JSON, docs/home-screen.md)."
  ).path

  static let renderingMode = Option<RenderingMode>.choice(
    "--rendering-mode", value: "MODE", noun: "rendering mode",
    help: "Draw the instances that do not give their own in this mode, and tell their bundles: "
      + "fullColor, accented or vibrant (default: each family's; docs/rendering.md).",
    choices: ["fullColor": .fullColor, "accented": .accented, "vibrant": .vibrant])

  // How the host schedules and calls: run, simulate, preview.
  static let budget = Option<Int?>(
    "--budget", value: "N", synopsis: "N|unlimited",
    help: "Reloads the host makes on its own per widget in any 24 h (default 70), or unlimited."
  ) { (text, name) throws(ValueError) in
    if text == "unlimited" { return nil }
    guard let count = Int(text), count >= 0 else {
      throw ValueError("\(name) needs a number of reloads or unlimited, got '\(text)'")
    }
    return count
  }
  static let minimumReloadInterval = Option<Double>(
    "--min-reload-interval", value: "SECONDS",
    help: "Least time between two timeline requests of one widget (default 60)."
  ) { (text, name) throws(ValueError) in
    guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
      throw ValueError("\(name) needs a number of seconds, got '\(text)'")
    }
    return seconds
  }
  static let deadline = seconds(
    "--deadline",
    help: "Real seconds to wait for a snapshot or timeline reply before giving up (default 30).")
  static let placeholderDeadline = seconds(
    "--placeholder-deadline",
    help: "Real seconds to wait for a placeholder reply before giving up (default 5).")
  static let stateDirectory = Option<String>(
    "--state-dir", value: "DIR",
    help: "Where the durable state is kept: state.sqlite3 with instance configurations, each "
      + "instance's last timeline and the refresh budgets (default: $XDG_STATE_HOME/widget-host; "
      + "docs/state.md)."
  ) { (text, name) throws(ValueError) in
    // An empty value would be the current folder, unasked.
    guard !text.isEmpty else { throw ValueError("\(name) needs a folder, got ''") }
    return text
  }.path
  static let logLevel = Option<BundleLogLevel>.choice(
    "--log-level", value: "LEVEL", noun: "log level",
    help: "Bundle log lines shown on stderr: debug, info (default), warning, error.",
    choices: ["debug": .debug, "info": .info, "warning": .warning, "error": .error])
  static let locale = Option<String>(
    "--locale", value: "LOCALE",
    help: "The user's language and locale (zh-Hans, en-GB, zh_CN.UTF-8): the bundles' "
      + "<lang>.lproj strings, display names and dates (default: LC_ALL, LC_MESSAGES, LANG)."
  ) { (text, name) throws(ValueError) in
    guard !text.isEmpty,
      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) }),
      text.first?.isLetter == true
    else {
      throw ValueError(
        "\(name) needs a language tag or locale name such as zh-Hans, en-GB or "
          + "zh_CN.UTF-8, got '\(text)'")
    }
    return text
  }
  static let color = Option<String>.choice(
    "--color", value: "WHEN",
    help: "Text styles and colours: auto (on a terminal, unless NO_COLOR is set), always, never.",
    choices: ["auto": "auto", "always": "always", "never": "never"])
  static let json = Flag("--json", help: "Print the report as JSON.")
  /// Pixels per point of drawn pictures: preview's png and svg, run's `--pictures`.
  static let scale = Option<Int>(
    "--scale", value: "N", synopsis: "1|2|3",
    help: "Pixels per point for png and svg: 1, 2 (the default) or 3."
  ) { (text, name) throws(ValueError) in
    guard let scale = Int(text), PixelRenderer.scales.contains(scale) else {
      throw ValueError("\(name) must be 1, 2 or 3, got '\(text)'")
    }
    return scale
  }

  // Clients of a running host: watch, reload, tap, configure.
  static let socket = Option<SocketEndpoint>(
    "--socket", "-s", value: "PATH",
    help: "The host's socket: a path (default $XDG_RUNTIME_DIR/widget-host/widget-host.sock) "
      + "or tcp:HOST:PORT."
  ) { (text, name) throws(ValueError) in
    guard let endpoint = SocketEndpoint.parse(client: text) else {
      throw ValueError("bad \(name) '\(text)' (expected a path or tcp:HOST:PORT)")
    }
    return endpoint
  }
  /// A token read from a file, never from the command line, which every local user can read
  /// in `/proc/PID/cmdline`. The file must not be readable by group or others.
  static let tokenFile = Option<String>(
    "--token-file", value: "FILE",
    help: "Read the host's token from FILE (mode 600; default $WIDGET_HOST_TOKEN)."
  ) { (path, name) throws(ValueError) in
    try readToken(path, option: name)
  }.path
  static let timeout = Option<Double>(
    "--timeout", value: "SECONDS",
    help: "How long to wait for the host's reply to a request (default 60)."
  ) { (text, name) throws(ValueError) in
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw ValueError(
        "bad \(name) '\(text)' (expected seconds, more than 0 and at most 86400)")
    }
    return seconds
  }
  /// What every client of a running host takes.
  static let client: [any CommandOption] = [socket, tokenFile, timeout]

  /// The token of `--token-file`, else of `$WIDGET_HOST_TOKEN`; nil when neither is given.
  static func token(_ arguments: Arguments, option: Option<String> = tokenFile) -> String? {
    if let token = arguments[option] { return token }
    guard let value = getenv(HostPaths.tokenVariable), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  /// The first line of `path`, refused when others may read the file or it holds no token;
  /// errors begin with `option` and the path.
  static func readToken(_ path: String, option: String) throws(ValueError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw ValueError("\(option) \(path): \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & 0o077 == 0 else {
      throw ValueError(
        "\(option) \(path) may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))"
          + "): chmod 600 it")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ValueError("\(option) \(path): cannot be read")
    }
    let line =
      String(decoding: data, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
      ).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
    guard !line.isEmpty else { throw ValueError("\(option) \(path) holds no token") }
    return line
  }

  /// An option whose value is a positive number of seconds.
  static func seconds(_ name: String, help: String) -> Option<Double> {
    Option<Double>(name, value: "SECONDS", help: help) { (text) throws(ValueError) in
      guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
        throw ValueError("\(name) needs a positive number of seconds, got '\(text)'")
      }
      return seconds
    }
  }

  /// Every family's name, in order, separated by commas; added up because a process's first
  /// `joined(separator:)`, at every start, looks its generic types up by name.
  static let familyNames = WidgetFamily.allCases.dropFirst().reduce(
    WidgetFamily.allCases[0].rawValue
  ) { names, family in names + ", " + family.rawValue }

  static func parseFamily(_ text: String) throws(ValueError) -> WidgetFamily {
    guard let family = WidgetFamily(rawValue: text) else {
      throw ValueError("unknown family '\(text)' (expected one of: \(familyNames))")
    }
    return family
  }
}

extension HostOptions {
  /// Applies the shared host options a command declares and was given: the selection
  /// (`--kind`, `--family`, `--instance`, `--home`), `--rendering-mode`, the schedule (`--budget`,
  /// `--min-reload-interval`), the deadlines and `--locale`. `--instance` and `--home` choose
  /// the instances themselves, so either with `--kind` or `--family` is a usage error.
  mutating func apply(_ arguments: Arguments, command: String) throws(UsageError) {
    let kinds = arguments.declares(SharedOptions.kinds) ? arguments[SharedOptions.kinds] : []
    let families =
      arguments.declares(SharedOptions.families) ? arguments[SharedOptions.families] : []
    self.kinds = kinds
    self.families = families
    let specs =
      arguments.declares(SharedOptions.instances) ? arguments[SharedOptions.instances] : []
    let home = arguments.declares(SharedOptions.home) ? arguments[SharedOptions.home] : nil
    if !specs.isEmpty || home != nil {
      if !kinds.isEmpty || !families.isEmpty {
        throw UsageError(
          command: command,
          message: "\(SharedOptions.instances.info.key) and \(SharedOptions.home.info.key) "
            + "choose the instances themselves: drop \(SharedOptions.kinds.info.key) and "
            + "\(SharedOptions.families.info.key) (give the family in the spec: KIND/FAMILY)")
      }
      instances += specs
      homeScreen = home
    }
    if arguments.declares(SharedOptions.renderingMode),
      let mode = arguments[SharedOptions.renderingMode]
    {
      renderingMode = mode
    }
    if arguments.declares(SharedOptions.budget), let budget = arguments[SharedOptions.budget] {
      scheduler.budget = budget
    }
    if arguments.declares(SharedOptions.minimumReloadInterval),
      let interval = arguments[SharedOptions.minimumReloadInterval]
    {
      scheduler.minimumReloadInterval = interval
    }
    if arguments.declares(SharedOptions.deadline), let seconds = arguments[SharedOptions.deadline] {
      deadlines.timeline = seconds
    }
    if arguments.declares(SharedOptions.placeholderDeadline),
      let seconds = arguments[SharedOptions.placeholderDeadline]
    {
      deadlines.placeholder = seconds
    }
    if arguments.declares(SharedOptions.locale), let locale = arguments[SharedOptions.locale] {
      setLocale(locale)
    }
  }
}
