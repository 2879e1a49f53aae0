import Foundation
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// `widget-host run`: load bundles and stream their widgets.
enum RunCommand: Command {
  static let name = "run"
  static let summary = "Load widget bundles and stream their widgets' entries."
  static let synopsis = """
    run <bundle>... [--kind KIND]... [--family FAMILY]... [--instance SPEC]... [--home FILE]
          [--format text|json|i3bar|waybar]
          [--once] [--sink socket[:PATH]|tcp:HOST:PORT]... [--token TOKEN] [--on-open-url CMD]
          [--state-dir DIR] [--budget N|unlimited] [--min-reload-interval SECONDS] [--deadline SECONDS]
          [--placeholder-deadline SECONDS] [--color WHEN] [--log-level LEVEL]
          [--memory-limit SIZE] [--in-process] [--watch] [--locale LOCALE]
    """
  static let discussion = """
    Each <bundle> is a Name.widgetbundle folder or, for development, a shared library built with \
    the SDK. Every kind of every bundle is shown in its first family unless --kind and --family \
    choose, or --instance and --home name the instances and their parameters. Runs until interrupted (SIGINT, SIGTERM), or with --once until every widget has \
    shown its current entry. Each bundle runs in its own worker process: a crash is reported \
    and the worker restarted; a bundle that crashes 3 times within 60 s is quarantined until its \
    library changes or 'widget-host unquarantine' is run (docs/isolation.md). Each widget's \
    last timeline is kept in --state-dir: a restarted host shows its entry at once, marked \
    restored, before asking the bundle again (docs/state.md).
    """
  static let options: [OptionSpec] = [
    OptionSpec(
      names: ["--kind", "-k"], valueName: "KIND", help: "Show only this kind (repeatable)."),
    OptionSpec(
      names: ["--family", "-f"], valueName: "FAMILY",
      help: "Show kinds in this family (repeatable): " + familyNames + "."),
    .instance,
    .home,
    OptionSpec(
      names: ["--format"], valueName: "FORMAT",
      help: "text (framed boxes, the default), json (newline-delimited JSON, docs/stream.md), "
        + "i3bar (the i3bar/swaybar protocol; clicks on stdin tap widgets) or waybar (JSON lines "
        + "for one Waybar custom module: select exactly one instance); docs/status-bars.md."),
    OptionSpec(
      names: ["--once"], valueName: nil, help: "Show every widget's current entry, then exit."),
    .budget,
    .state,
    .minimumReloadInterval,
    .deadline,
    .placeholderDeadline,
    OptionSpec(
      names: ["--color"], valueName: "WHEN",
      help: "Text styles and colours: auto (on a terminal, unless NO_COLOR is set), always, never."),
    OptionSpec(
      names: ["--sink"], valueName: "SINK",
      help: "Also serve the stream and control requests (repeatable): socket (at "
        + "$XDG_RUNTIME_DIR/widget-host/widget-host.sock), socket:PATH, or tcp:HOST:PORT "
        + "(docs/control.md)."),
    OptionSpec(
      names: ["--token"], valueName: "TOKEN",
      help: "Clients must send this token first (required for TCP beyond 127.0.0.1)."),
    OptionSpec(
      names: ["--on-open-url"], valueName: "CMD",
      help: "Run /bin/sh -c CMD with the URL as $1 (and $WIDGET_URL) when a tap opens one."),
    .logLevel,
    .locale,
    OptionSpec(
      names: ["--memory-limit"], valueName: "SIZE",
      help: "Address-space limit of each worker process: bytes, or with K, M or G (powers of "
        + "1024), or 'none' (default 1G)."),
    OptionSpec(
      names: ["--in-process"], valueName: nil,
      help: "Load bundles into the host process itself (for debugging and speed comparisons: "
        + "a crashing bundle takes the host down)."),
    OptionSpec(
      names: ["--watch"], valueName: nil,
      help: "Reload a bundle when its library or manifest changes (a rebuild), in a fresh "
        + "worker, keeping its widgets; a broken rebuild keeps the running version."),
  ]
  static let examples = [
    (
      "widget-host run Clock.widgetbundle SystemStatus.widgetbundle",
      "stream two bundles to the terminal"
    ),
    (
      "widget-host run Clock.widgetbundle --family systemMedium --once",
      "print the current entry once"
    ),
    ("widget-host run --format json SystemStatus.widgetbundle | jq .type", "feed a program"),
    (
      "widget-host run Animals.widgetbundle --instance 'left=Animals/systemSmall?color=red&animal=cat' "
        + "--instance 'Animals?animal=lion' --once",
      "two configured instances of one kind"
    ),
    (
      "widget-host run Clock.widgetbundle --family accessoryInline --format i3bar",
      "status_command for i3bar or swaybar"
    ),
    (
      "widget-host run Clock.widgetbundle --kind TestWidget --family accessoryInline "
        + "--format waybar",
      "exec of a Waybar custom module"
    ),
    (
      "widget-host run Wishes.widgetbundle --sink socket --on-open-url 'xdg-open \"$1\"'",
      "serve watch, reload and tap clients; open tapped URLs"
    ),
    (
      "widget-host run .build/debug/libMyWidget.so --watch",
      "develop: each swift build that changes the library reloads the widget"
    ),
  ]

  static func run(_ arguments: Arguments, context: CommandContext) async throws(UsageError)
    -> ExitCode
  {
    let bundles = arguments.positionals
    guard !bundles.isEmpty else {
      throw UsageError(command: name, message: "give at least one bundle")
    }
    // One copy of the environment for the whole start: ProcessInfo makes a new dictionary each
    // time it is asked.
    let environment = ProcessInfo.processInfo.environment
    var options = HostOptions(bundlePaths: bundles, environment: environment)
    options.kinds = arguments.all("--kind")
    options.families = try arguments.all("--family").map { (value) throws(UsageError) in
      try parseFamily(value)
    }
    try InstanceArguments.parse(arguments, into: &options, command: name)
    options.once = arguments.flag("--once")
    try parseLocale(arguments, into: &options)
    try parseBudget(arguments, into: &options)
    options.stateDirectory =
      arguments.last("--state-dir") ?? StateStore.defaultDirectory(environment: environment)
    try parseReloadInterval(arguments, into: &options)
    try parseDeadlines(arguments, into: &options)
    let logLevel = try parseLogLevel(arguments.last("--log-level") ?? "info")
    let color = arguments.last("--color") ?? "auto"
    guard
      var style = TextSink.Options.choose(
        color: color, terminal: context.outputIsTerminal, environment: environment)
    else {
      throw UsageError(
        command: name, message: "unknown --color '\(color)' (expected auto, always or never)")
    }
    let sink: any EventSink
    // Known here rather than asked later with `sink is I3BarSink`: a cast that fails looks for a
    // bridging conformance of JSONSink through every conformance record (0.1 ms at start).
    var readsClicks = false
    switch arguments.last("--format") ?? "text" {
    case "text":
      if options.once { style.inPlace = false }
      sink = TextSink(
        output: context.output, errors: context.errors,
        dates: options.dates, options: style)
    case "json":
      sink = JSONSink(output: context.output)
    case "i3bar":
      sink = I3BarSink(output: context.output, errors: context.errors)
      readsClicks = true
    case "waybar":
      sink = WaybarSink(output: context.output, errors: context.errors)
    case let other:
      throw UsageError(
        command: name,
        message: "unknown format '\(other)' (expected text, json, i3bar or waybar)")
    }
    // The default (1G) is not parsed from text: that was a cold path at every start.
    var memoryLimit: Int? = WorkerLoader.defaultMemoryLimit
    if let value = arguments.last("--memory-limit") { memoryLimit = try parseMemoryLimit(value) }
    if arguments.flag("--in-process") && arguments.last("--memory-limit") != nil {
      throw UsageError(
        command: name, message: "--memory-limit applies to worker processes, not --in-process")
    }
    if arguments.flag("--watch") {
      // A Swift image cannot be unloaded from a process: a new version needs a new worker.
      if arguments.flag("--in-process") {
        throw UsageError(
          command: name,
          message: "--watch loads each new version in a fresh worker process; it cannot be "
            + "combined with --in-process")
      }
      if options.once {
        throw UsageError(command: name, message: "--watch runs until stopped; drop --once")
      }
      options.watch = true
    }
    let loader: any BundleLoader
    let stateDirectory =
      options.stateDirectory ?? StateStore.defaultDirectory(environment: environment)
    if arguments.flag("--in-process") {
      loader = DeferredInProcessLoader(stateDirectory: stateDirectory)
    } else {
      var workers = WorkerLoader(memoryLimit: memoryLimit, stateDirectory: stateDirectory)
      workers.stagesLibraries = options.watch
      loader = workers
    }
    let opener = arguments.last("--on-open-url").map { OpenURLCommand($0, log: context.errors) }
    let control = HostControl { url in opener?.open(url) }
    var sockets: [SocketSink] = []
    defer { for socket in sockets { socket.close() } }
    for value in arguments.all("--sink") {
      guard let endpoint = SocketEndpoint.parse(sink: value) else {
        throw UsageError(
          command: name,
          message: "unknown sink '\(value)' (expected socket, socket:PATH or tcp:HOST:PORT)")
      }
      let token = arguments.last("--token")
      guard endpoint.isLocal || token != nil else {
        throw UsageError(
          command: name, message: "--sink \(value) listens beyond loopback: give --token")
      }
      do {
        let socket = try SocketSink(endpoint: endpoint, control: control, token: token)
        sockets.append(socket)
        context.errors.write("widget-host: listening on \(socket.endpoint)\n")
      } catch {
        context.errors.write(errorLines(error.description))
        return .failure
      }
    }
    let host = WidgetHost(
      options: options, loader: loader, sinks: [sink] + sockets, log: context.errors,
      logLevel: logLevel, control: control)
    if readsClicks {
      I3BarClicks.startReading(
        from: context.input, control: host.control, errors: context.errors)
    }
    do {
      let summary = try await host.run()
      return options.once && summary.failedInstances > 0 ? .providerFailed : .success
    } catch .format(let message) {
      throw UsageError(command: name, message: message)
    } catch .state(let error) {
      context.errors.write(errorLines(error.description))
      return .failure
    } catch {
      context.errors.write(errorLines(error.description))
      return .bundle
    }
  }

  static func parseFamily(
    _ value: String, command: String = name
  ) throws(UsageError) -> WidgetFamily {
    guard let family = WidgetFamily(rawValue: value) else {
      throw UsageError(
        command: command, message: "unknown family '\(value)' (expected one of: \(familyNames))")
    }
    return family
  }

  /// Every family's name, in order, separated by commas. Added up rather than `joined`: the
  /// options are made at every start, and the first `joined(separator:)` of a process looks its
  /// generic types up by name (0.3 ms).
  static let familyNames = WidgetFamily.allCases.dropFirst().reduce(
    WidgetFamily.allCases[0].rawValue
  ) { names, family in names + ", " + family.rawValue }

  /// `none`, or a number of bytes with an optional K, M or G suffix (powers of 1024).
  static func parseMemoryLimit(_ value: String) throws(UsageError) -> Int? {
    if value == "none" { return nil }
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(value)
    var unit = 1
    if let last = value.last.map({ Character($0.uppercased()) }), let scale = units[last] {
      unit = scale
      digits = digits.dropLast()
    }
    guard let number = Int(digits), number > 0, number <= Int.max / unit,
      number * unit >= 256 << 20
    else {
      throw UsageError(
        command: name,
        message: "--memory-limit needs a size of at least 256M (e.g. 512M, 2G) or 'none', got "
          + "'\(value)'")
    }
    return number * unit
  }

  /// `--locale`, shared by `run`, `preview`, `simulate`, `list` and `inspect`.
  static func parseLocale(
    _ arguments: Arguments, into options: inout HostOptions, command: String = name
  ) throws(UsageError) {
    guard let value = arguments.last("--locale") else { return }
    guard !value.isEmpty,
      value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) }),
      value.first?.isLetter == true
    else {
      throw UsageError(
        command: command,
        message: "--locale needs a language tag or locale name such as zh-Hans, en-GB or "
          + "zh_CN.UTF-8, got '\(value)'")
    }
    options.setLocale(value)
  }

  /// `--budget N|unlimited`, shared by `run` and `simulate`.
  static func parseBudget(
    _ arguments: Arguments, into options: inout HostOptions, command: String = name
  ) throws(UsageError) {
    guard let budget = arguments.last("--budget") else { return }
    if budget == "unlimited" {
      options.scheduler.budget = nil
    } else if let count = Int(budget), count >= 0 {
      options.scheduler.budget = count
    } else {
      throw UsageError(
        command: command,
        message: "--budget needs a number of reloads or unlimited, got '\(budget)'")
    }
  }

  /// `--min-reload-interval`, shared by `run` and `simulate`.
  static func parseReloadInterval(
    _ arguments: Arguments, into options: inout HostOptions, command: String = name
  ) throws(UsageError) {
    guard let interval = arguments.last("--min-reload-interval") else { return }
    guard let seconds = TimeInterval(interval), seconds >= 0, seconds.isFinite else {
      throw UsageError(
        command: command,
        message: "--min-reload-interval needs a number of seconds, got '\(interval)'")
    }
    options.scheduler.minimumReloadInterval = seconds
  }

  /// `--deadline` and `--placeholder-deadline`, shared by `run`, `preview` and `simulate`.
  static func parseDeadlines(
    _ arguments: Arguments, into options: inout HostOptions, command: String = name
  ) throws(UsageError) {
    // Two plain checks rather than a loop over key paths, which are made at run time (at
    // every start).
    func seconds(_ flag: String) throws(UsageError) -> Double? {
      guard let value = arguments.last(flag) else { return nil }
      guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
        throw UsageError(
          command: command, message: "\(flag) needs a positive number of seconds, got '\(value)'")
      }
      return seconds
    }
    if let timeline = try seconds("--deadline") { options.deadlines.timeline = timeline }
    if let placeholder = try seconds("--placeholder-deadline") {
      options.deadlines.placeholder = placeholder
    }
  }

  static func parseLogLevel(
    _ value: String, command: String = name
  ) throws(UsageError) -> BundleLogLevel {
    let levels: [String: BundleLogLevel] = [
      "debug": .debug, "info": .info, "warning": .warning, "error": .error,
    ]
    guard let level = levels[value] else {
      throw UsageError(
        command: command,
        message: "unknown log level '\(value)' (expected debug, info, warning or error)")
    }
    return level
  }
}

/// Formats a possibly multi-line error as `widget-host: error: …` lines.
func errorLines(_ message: String) -> String {
  message.split(separator: "\n").map { "widget-host: error: \($0)\n" }.joined()
}
