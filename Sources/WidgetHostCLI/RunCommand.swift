import Dispatch
import Foundation
import WidgetBundleRuntime
import WidgetControl
import WidgetHostCore
import WidgetRendering
import WidgetSchema
import WidgetWeb

/// `widget-host run`: load bundles and stream their widgets.
enum RunCommand: Command {
  static let name = "run"
  static let summary = "Load widget bundles and stream their widgets' entries."
  static let operands = "[<bundle>...]"
  static let discussion = """
    Each <bundle> is a Name.widgetbundle folder or, for development, a shared library built with \
    the SDK. Every kind of every bundle is shown in its first family unless --kind and --family \
    choose, or --instance and --home name the instances and their parameters. Runs until \
    interrupted (SIGINT, SIGTERM), or with --once until every widget has shown its current \
    entry. Each bundle runs in its own worker process: a crash is reported and the worker \
    restarted; a bundle that crashes 3 times within 60 s is quarantined until its library \
    changes or 'widget-host unquarantine' is run (docs/isolation.md). Each widget's last \
    timeline is kept in --state-dir: a restarted host shows its entry at once, marked restored, \
    before asking the bundle again (docs/state.md). Settings start from the configuration \
    file (--config; docs/configuration.md), which the options given override; SIGHUP reads it \
    again and applies its bundles and instances, keeping the instances that did not change. A <bundle> that is a folder of bundles stands for every Name.widgetbundle in it.
    """

  /// What `--format` writes the stream as.
  enum Format: Sendable {
    case text, json, i3bar, waybar, plain
  }

  static let format = Option<Format>.choice(
    "--format", value: "FORMAT", noun: "format",
    help: "text (framed boxes, the default), json (newline-delimited JSON, docs/stream.md), "
      + "i3bar (the i3bar/swaybar protocol; clicks on stdin tap widgets), waybar (JSON lines "
      + "for one Waybar custom module) or plain (one line of bar text per update, for i3blocks, "
      + "polybar, eww or Conky); waybar and plain show exactly one instance; "
      + "docs/status-bars.md.",
    choices: [
      "text": .text, "json": .json, "i3bar": .i3bar, "waybar": .waybar, "plain": .plain,
    ])
  static let once = Flag("--once", help: "Show every widget's current entry, then exit.")
  static let output = Option<String>(
    "--output", value: "FILE",
    help: "Write the stream to FILE instead of standard output (appended; created, mode 600, "
      + "when missing), or to standard output with -."
  ) { (text, name) throws(ValueError) in
    guard !text.isEmpty else { throw ValueError("\(name) needs a file, got ''") }
    return text
  }.path
  static let config = Option<String>(
    "--config", value: "FILE", synopsis: "FILE|none",
    help: "Start from the settings in FILE (JSON, docs/configuration.md), or from none "
      + "(default: $XDG_CONFIG_HOME/widget-host/config.json when it exists); the options given "
      + "override it."
  ) { (text, name) throws(ValueError) in
    guard !text.isEmpty else { throw ValueError("\(name) needs a file or none, got ''") }
    return text
  }
  /// Where `--sink` serves: a control socket, or the web page.
  enum Sink: Sendable, Equatable {
    case socket(SocketEndpoint)
    case web(WebAddress)
  }

  static let sinks = Option<Sink>(
    "--sink", value: "SINK", synopsis: "socket[:PATH]|tcp:HOST:PORT|web[:ADDR:PORT]",
    help: "Also serve the stream and control requests: socket (at "
      + "$XDG_RUNTIME_DIR/widget-host/widget-host.sock), socket:PATH, or tcp:HOST:PORT "
      + "(docs/control.md); or a home-screen web page: web (http://127.0.0.1:"
      + "\(WebAddress.defaultPort)/), web:PORT or web:ADDR:PORT (docs/web.md)."
  ) { (text, name) throws(ValueError) in
    if text == "socket:" {
      throw ValueError("\(name) socket: needs a path after the colon (or give socket alone)")
    }
    if text == "web" || text.hasPrefix("web:") {
      guard let address = WebAddress.parse(sink: text) else {
        throw ValueError(
          "\(name) \(text): expected web, web:PORT or web:ADDR:PORT (an IPv4 or [IPv6] address)")
      }
      return .web(address)
    }
    guard let endpoint = SocketEndpoint.parse(sink: text) else {
      throw ValueError(
        "unknown sink '\(text)' (expected socket, socket:PATH, tcp:HOST:PORT or web[:ADDR:PORT])")
    }
    return .socket(endpoint)
  }.repeatable
  static let token = SharedOptions.tokenFile.help(
    "Clients must send the token in FILE first (default $WIDGET_HOST_TOKEN; needed for TCP).")
  static let allowNoToken = Flag(
    "--allow-no-token", help: "Serve tcp:127.0.0.1 sinks without a token (to every local user).")
  static let openURL = Option<String>(
    "--on-open-url", value: "CMD",
    help: "Run /bin/sh -c CMD with the URL as $1 (and $WIDGET_URL) when a tap opens one.")
  static let memoryLimit = Option<Int?>(
    "--memory-limit", value: "SIZE",
    help: "Address-space limit of each worker process: bytes, or with K, M or G (powers of "
      + "1024), or 'none' (default 1G).", parse: parseMemoryLimit)
  static let inProcess = Flag(
    "--in-process",
    help: "Load bundles into the host process itself (for debugging and speed comparisons: "
      + "a crashing bundle takes the host down).")
  static let watch = Flag(
    "--watch",
    help: "Reload a bundle when its library or manifest changes (a rebuild), in a fresh "
      + "worker, keeping its widgets; a broken rebuild keeps the running version.")

  static let pictures = Option<String>(
    "--pictures", value: "DIR",
    help: "Also draw each entry as it is shown, as iOS would, into DIR/INSTANCE.png (replaced "
      + "atomically; docs/rendering.md#pixels).")
  static let pictureFormat = Option<PixelFormat>.choice(
    "--picture-format", value: "FORMAT", noun: "picture format",
    help: "png (the default) or svg, for --pictures.", choices: ["png": .png, "svg": .svg])
  static let scale = SharedOptions.scale.help(
    "Pixels per point for --pictures: 1, 2 (the default) or 3.")

  static let options: [any CommandOption] = [
    config, SharedOptions.kinds, SharedOptions.families, SharedOptions.instances,
    SharedOptions.home, SharedOptions.renderingMode, format, once, output, sinks, pictures,
    pictureFormat, scale, token,
    allowNoToken, openURL,
    SharedOptions.stateDirectory, SharedOptions.budget,
    SharedOptions.minimumReloadInterval, SharedOptions.deadline,
    SharedOptions.placeholderDeadline, SharedOptions.color, SharedOptions.logLevel,
    memoryLimit, inProcess, watch, SharedOptions.locale,
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
      "widget-host run Animals.widgetbundle --instance "
        + "'left=XG_Widget/systemSmall?parameter=b&animal=panda' --instance 'XG_Widget?animal=lion' "
        + "--once",
      "two configured instances of one kind"
    ),
    (
      "widget-host run SystemStatus.widgetbundle --family accessoryInline --format i3bar",
      "status_command for i3bar or swaybar"
    ),
    (
      "widget-host run SystemStatus.widgetbundle --kind SystemStatus --family accessoryInline "
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

  /// The options that choose the instances: one of them on the command line replaces all of
  /// them in the configuration file.
  static let selection: [any CommandOption] = [
    SharedOptions.kinds, SharedOptions.families, SharedOptions.instances, SharedOptions.home,
  ]

  /// The command line over the configuration file it names with `--config` (by default the
  /// one at ``ConfigFile/defaultPath(environment:)``, when it exists), and the file read.
  static func configured(
    _ commandLine: Arguments, environment: [String: String]
  ) throws(ConfigError) -> (arguments: Arguments, file: String?) {
    let path: String
    if let given = commandLine[config] {
      if given == "none" { return (commandLine, nil) }
      path = given
    } else {
      path = ConfigFile.defaultPath(environment: environment)
      guard FileManager.default.fileExists(atPath: path) else { return (commandLine, nil) }
    }
    let file = try ConfigFile.load(path, options: allOptions, environment: environment)
    return (commandLine.overriding(file, groups: [selection]), path)
  }

  static func run(_ commandLine: Arguments, context givenContext: CommandContext)
    async throws(UsageError) -> ExitCode
  {
    // Read once: each read of ProcessInfo's environment builds a new dictionary.
    let environment = ProcessInfo.processInfo.environment
    let arguments: Arguments
    do {
      arguments = try configured(commandLine, environment: environment).arguments
    } catch {
      givenContext.errors.write(errorLines(error.description))
      return .usage
    }
    var options: HostOptions
    do throws(Refusal) {
      options = try hostOptions(arguments, environment: environment)
    } catch {
      switch error {
      case .usage(let error): throw error
      case .bundle(let error):
        givenContext.errors.write(errorLines(error.description))
        return .bundle
      }
    }
    var context = givenContext
    if let path = arguments[output], path != "-" {
      let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        context.errors.write(
          errorLines("\(output.info.key) \(path): \(String(cString: strerror(errno)))"))
        return .failure
      }
      context.output = FileOutput(
        handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
      context.outputIsTerminal = false
    }
    options.once = arguments[once]
    options.stateDirectory =
      arguments[SharedOptions.stateDirectory]
      ?? StateStore.defaultDirectory(environment: environment)
    let logLevel = arguments[SharedOptions.logLevel] ?? .info
    guard
      var style = TextSink.Options.choose(
        color: arguments[SharedOptions.color] ?? "auto", terminal: context.outputIsTerminal,
        environment: environment)
    else { preconditionFailure("--color is auto, always or never: checked when parsed") }
    let sink: any EventSink
    var resizing: (any DispatchSourceSignal)?
    defer { resizing?.cancel() }
    // Rather than a later `sink is I3BarSink`, whose failing cast searches every conformance.
    var readsClicks = false
    switch arguments[format] ?? .text {
    case .text:
      if options.once { style.inPlace = false }
      let text = TextSink(
        output: context.output, errors: context.errors,
        dates: options.dates, options: TerminalResizing.sized(style))
      resizing = TerminalResizing.redraws(text, inPlace: style.inPlace)
      sink = text
    case .json:
      sink = JSONSink(output: context.output)
    case .i3bar:
      sink = I3BarSink(output: context.output, errors: context.errors, dates: options.dates)
      readsClicks = true
    case .waybar:
      sink = WaybarSink(output: context.output, errors: context.errors, dates: options.dates)
    case .plain:
      sink = PlainBarSink(output: context.output, errors: context.errors, dates: options.dates)
    }
    let memoryLimit = arguments[Self.memoryLimit] ?? WorkerLoader.defaultMemoryLimit
    if arguments[inProcess] && arguments.contains(Self.memoryLimit) {
      throw UsageError(
        command: name,
        message: "\(Self.memoryLimit.info.key) applies to worker processes, not "
          + inProcess.info.key)
    }
    if arguments[watch] {
      // A Swift image cannot be unloaded from a process: a new version needs a new worker.
      if arguments[inProcess] {
        throw UsageError(
          command: name,
          message: "\(watch.info.key) loads each new version in a fresh worker process; it "
            + "cannot be combined with \(inProcess.info.key)")
      }
      if options.once {
        throw UsageError(
          command: name, message: "\(watch.info.key) runs until stopped; drop \(once.info.key)")
      }
      options.watch = true
    }
    let loader: any BundleLoader
    let stateDirectory =
      options.stateDirectory ?? StateStore.defaultDirectory(environment: environment)
    if arguments[inProcess] {
      loader = DeferredInProcessLoader(stateDirectory: stateDirectory)
    } else {
      var workers = WorkerLoader(memoryLimit: memoryLimit, stateDirectory: stateDirectory)
      workers.stagesLibraries = options.watch
      loader = workers
    }
    let opener = arguments[openURL].map { OpenURLCommand($0, log: context.errors) }
    let control = HostControl { url in opener?.open(url) }
    var sockets: [SocketSink] = []
    defer { for socket in sockets { socket.close() } }
    var pages: [WebSink] = []
    defer { for page in pages { page.close() } }
    let token = SharedOptions.token(arguments, option: Self.token)
    for sink in arguments[sinks] {
      guard case .socket(let endpoint) = sink else { continue }
      if case .tcp = endpoint, token == nil {
        guard endpoint.isLocal else {
          throw UsageError(
            command: name, message: SocketError.needsToken("\(endpoint)").description)
        }
        guard arguments[allowNoToken] else {
          throw UsageError(
            command: name, message: SocketError.needsTokenOnLoopback("\(endpoint)").description)
        }
      }
      do {
        let errors = context.errors
        let socket = try SocketSink(endpoint: endpoint, control: control, token: token) { user in
          errors.write(
            "widget-host: warning: refused a connection from another user (uid \(user)) on "
              + "\(endpoint) (reported once per user)\n")
        }
        sockets.append(socket)
        context.errors.write("widget-host: listening on \(socket.endpoint)\n")
      } catch {
        context.errors.write(errorLines(error.description))
        return .failure
      }
    }
    for case .web(let address) in arguments[sinks] {
      do {
        let page = try WebSink(
          address: address, control: control, token: token, dates: options.dates)
        pages.append(page)
        context.errors.write("widget-host: serving the home screen at \(page.url)\n")
      } catch {
        context.errors.write(errorLines("--sink web: \(error.description)"))
        return .failure
      }
    }
    var extra: [any EventSink] = sockets + pages
    if let folder = arguments[pictures] {
      do {
        extra.append(
          try PictureSink(
            folder: folder, format: arguments[pictureFormat] ?? .png,
            scale: arguments[scale] ?? 2, dates: options.dates, errors: context.errors))
      } catch {
        context.errors.write(errorLines("\(pictures.info.key): \(error.message)"))
        return .failure
      }
    } else if arguments.contains(pictureFormat) || arguments.contains(scale) {
      throw UsageError(
        command: name,
        message:
          "\(pictureFormat.info.key) and \(scale.info.key) need \(pictures.info.spellings[0])")
    }
    let host = WidgetHost(
      options: options, loader: loader, sinks: [sink] + extra, log: context.errors,
      logLevel: logLevel, control: control)
    if readsClicks {
      I3BarClicks.startReading(
        from: context.input, control: host.control, errors: context.errors)
    }
    let reloading = ConfigurationReloading.start(
      host, commandLine: commandLine, running: arguments, environment: environment,
      errors: context.errors)
    defer { reloading.cancel() }
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

  /// Why `run`'s arguments cannot start a host: a usage error, or a bundle folder that holds
  /// no bundle.
  enum Refusal: Error {
    case usage(UsageError)
    case bundle(BundleError)
  }

  /// What `arguments` (the command line over the configuration file) ask the host to show
  /// and how to schedule it: the bundles, each folder of bundles expanded, and the shared
  /// options. At start and again on SIGHUP.
  static func hostOptions(
    _ arguments: Arguments, environment: [String: String]
  ) throws(Refusal) -> HostOptions {
    guard !arguments.positionals.isEmpty else {
      throw .usage(
        UsageError(
          command: name,
          message: "give at least one bundle (or list them under \"bundles\" in the "
            + "configuration file, docs/configuration.md)"))
    }
    let bundles: [String]
    do { bundles = try BundleSource.expandingFolders(arguments.positionals) } catch {
      throw .bundle(error)
    }
    var options = HostOptions(bundlePaths: bundles, environment: environment)
    do { try options.apply(arguments, command: name) } catch { throw .usage(error) }
    return options
  }

  /// `none`, or a number of bytes with an optional K, M or G suffix (powers of 1024).
  static func parseMemoryLimit(_ value: String) throws(ValueError) -> Int? {
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
      throw ValueError(
        "--memory-limit needs a size of at least 256M (e.g. 512M, 2G) or 'none', got '\(value)'")
    }
    return number * unit
  }
}

/// Formats a possibly multi-line error as `widget-host: error: …` lines.
func errorLines(_ message: String) -> String {
  message.split(separator: "\n").map { "widget-host: error: \($0)\n" }.joined()
}
