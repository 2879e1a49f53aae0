import Foundation
import TestSupport
import Testing
import WidgetSchema

/// Seed 004's now-playing flow with real processes: a host runs the LockScreen bundle with its
/// control socket, the NowPlayingApp example (or `widget-host defaults` and `reload`) writes the
/// App Group and asks for a reload, and the new song appears in the stream. Every test has its
/// own `XDG_CONFIG_HOME` (the App Group store), `XDG_RUNTIME_DIR` (the default socket) and
/// `XDG_STATE_HOME`.
@Suite(.serialized) struct AppGroupTests {
  static let group = "group.com.yourapp.widget"
  static let instance = "LockScreenWidget/accessoryInline"
  static let app = TestSupport.product("NowPlayingApp")

  /// LockScreen.widgetbundle assembled with its entitlements, and Undeclared.widgetbundle, the
  /// same library assembled without them.
  static let bundles: URL = {
    let folder = TestSupport.temporaryDirectory("group-bundles")
    let library = TestSupport.product("libLockScreen.so").path
    let entitlements = TestSupport.repositoryRoot.appendingPathComponent(
      "Examples/LockScreen/LockScreen.entitlements"
    ).path
    for arguments in [
      ["--entitlements", entitlements, "--id", "dev.widget-host.examples.lockscreen"],
      ["--name", "Undeclared", "--id", "dev.widget-host.examples.undeclared"],
    ] {
      let result = try! TestSupport.run(
        Products.widgetHost.path, ["assemble", library, "--output", folder.path] + arguments)
      precondition(result.status == 0, "assemble failed: \(result.errors)")
    }
    return folder
  }()

  static var lockScreen: String { bundles.appendingPathComponent("LockScreen.widgetbundle").path }
  static var undeclared: String { bundles.appendingPathComponent("Undeclared.widgetbundle").path }

  /// A fresh environment: its own App Group store, runtime folder (default socket) and state.
  static func environment() -> [String: String] {
    var environment = Products.environment
    environment["XDG_CONFIG_HOME"] = TestSupport.temporaryDirectory("config").path
    // Short: a Unix socket path has at most 107 bytes.
    let runtime = TestSupport.shortTemporaryPath("wh-rt")
    try! FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    environment["XDG_RUNTIME_DIR"] = runtime
    environment["XDG_STATE_HOME"] = TestSupport.temporaryDirectory("state").path
    return environment
  }

  /// Starts a host on the default socket, once it shows its first timeline entry.
  static func startHost(
    _ bundle: String, mode: Products.Mode = Products.defaultMode, environment: [String: String]
  ) throws -> LiveProcess {
    let host = try LiveProcess(
      Products.widgetHost, mode,
      ["run", bundle, "--family", "accessoryInline", "--format", "json", "--sink", "socket"],
      environment: environment)
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }
      }, "the host showed its first entry: \(host.errors)")
    return host
  }

  /// Whether the host's stream has shown an entry whose grid contains `text`.
  static func shows(_ text: String, _ host: LiveProcess, timeout: Double = 20) -> Bool {
    host.waitFor(timeout: timeout) { lines in
      lines.contains { $0.contains(#""type":"entry""#) && $0.contains(text) }
    }
  }

  static func runApp(
    _ arguments: [String], environment: [String: String]
  ) throws -> TestSupport.ProcessResult {
    try TestSupport.run(app.path, arguments, environment: environment)
  }

  static func widgetHost(
    _ arguments: [String], environment: [String: String]
  ) throws -> TestSupport.ProcessResult {
    try Products.run(arguments, environment: environment)
  }

  @Test(arguments: Products.Mode.allCases)
  func theAppWritesTheGroupAndTheWidgetShowsTheSong(_ mode: Products.Mode) throws {
    let environment = Self.environment()
    let host = try Self.startHost(Self.lockScreen, mode: mode, environment: environment)
    defer { host.interrupt() }
    #expect(Self.shows("▶ My Song - My Artist", host, timeout: 1), "the seed's sample at first")

    // reloadTimelines(ofKind:)
    let reload = try Self.runApp(["Blue in Green", "Miles Davis"], environment: environment)
    #expect(reload.status == 0)
    #expect(reload.errors == "")
    #expect(Self.shows("▶ Blue in Green - Miles Davis", host), "\(host.errors)")

    // reloadAllTimelines()
    let all = try Self.runApp(["So What", "Miles Davis", "--all"], environment: environment)
    #expect(all.status == 0)
    #expect(all.errors == "")
    #expect(Self.shows("▶ So What - Miles Davis", host), "\(host.errors)")

    // getCurrentConfigurations
    let list = try Self.runApp(["--list"], environment: environment)
    #expect(list.status == 0, "\(list.errors)")
    #expect(list.output == "LockScreenWidget accessoryInline {}\n")

    // The app's values are saved in the store, where the CLI reads them too.
    let read = try Self.widgetHost(
      ["defaults", "read", Self.group, "currentSongName"], environment: environment)
    #expect(read.output == "So What\n")

    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
    let events = try StreamChecks.events(host.output)
    let reloads = events.filter {
      if case .reload(let reload) = $0.payload { return reload.reason == .request }
      return false
    }
    #expect(reloads.count == 2, "one reload event per WidgetCenter call")
  }

  @Test func defaultsWriteAndReloadKindDoTheSame() throws {
    let environment = Self.environment()
    let host = try Self.startHost(Self.lockScreen, environment: environment)
    defer { host.interrupt() }
    for (key, value) in [("currentSongName", "Freddie"), ("currentArtistName", "Cannonball")] {
      let write = try Self.widgetHost(
        ["defaults", "write", Self.group, key, value], environment: environment)
      #expect(write.status == 0, "\(write.errors)")
    }
    let reload = try Self.widgetHost(
      ["reload", "--kind", "LockScreenWidget"], environment: environment)
    #expect(reload.status == 0, "\(reload.errors)")
    #expect(reload.output == "reloaded 1 instance(s)\n")
    #expect(Self.shows("▶ Freddie - Cannonball", host), "\(host.errors)")
    host.interrupt()
    #expect(host.wait() == 0)
  }

  @Test func withoutAHostTheAppAndTheCLISaySo() throws {
    let environment = Self.environment()
    let socket = environment["XDG_RUNTIME_DIR"]! + "/widget-host/widget-host.sock"
    // The group exists in the store (an earlier write), so the app's new values are saved
    // even though no host answers.
    _ = try Self.widgetHost(
      ["defaults", "write", Self.group, "currentSongName", "Old"], environment: environment)
    let reload = try Self.runApp(["New Song", "Artist"], environment: environment)
    #expect(reload.status == 0, "reloadTimelines returns nothing, as on iOS")
    #expect(
      reload.errors
        == "WidgetCenter: reloadTimelines(ofKind: \"LockScreenWidget\"): no widget-host is "
        + "listening on \(socket) (start one with widget-host run … --sink socket, or set "
        + "WIDGET_HOST_SOCKET)\n")
    let read = try Self.widgetHost(
      ["defaults", "read", Self.group, "currentSongName"], environment: environment)
    #expect(read.output == "New Song\n")

    let list = try Self.runApp(["--list"], environment: environment)
    #expect(list.status == 1)
    #expect(list.errors.hasPrefix("NowPlayingApp: no widget-host is listening on \(socket) "))

    let cli = try Self.widgetHost(
      ["reload", "--kind", "LockScreenWidget"], environment: environment)
    #expect(cli.status == 1)
    #expect(cli.errors.hasPrefix("widget-host: no host is listening on \(socket) "))

    // WIDGET_HOST_SOCKET chooses another path, for the app and the CLI alike.
    var moved = environment
    moved["WIDGET_HOST_SOCKET"] = TestSupport.shortTemporaryPath("wh-nowhere", suffix: ".sock")
    let elsewhere = try Self.runApp(["A", "B"], environment: moved)
    #expect(elsewhere.errors.contains("listening on \(moved["WIDGET_HOST_SOCKET"]!) "))
    let cliElsewhere = try Self.widgetHost(["reload"], environment: moved)
    #expect(cliElsewhere.errors.contains("listening on \(moved["WIDGET_HOST_SOCKET"]!) "))
  }

  @Test func aHostThatNeverAnswersCostsTheAppAtMostTheTimeout() throws {
    try TestSupport.withMuteListener { path in
      var environment = Self.environment()
      environment["WIDGET_HOST_SOCKET"] = path
      let started = Date()
      let reload = try Self.runApp(["Song", "Artist"], environment: environment)
      let elapsed = Date().timeIntervalSince(started)
      #expect(reload.status == 0)
      #expect(
        reload.errors
          == "WidgetCenter: reloadTimelines(ofKind: \"LockScreenWidget\"): the host on \(path) "
          + "did not answer within 5 s\n")
      #expect(elapsed < 15, "it gave up after its deadline (\(elapsed) s)")

      // The CLI's requests give up too, after --timeout (60 s unless given).
      let cli = try Self.widgetHost(["reload", "--timeout", "0.5"], environment: environment)
      #expect(cli.status == 1)
      #expect(cli.errors == "widget-host: the host on \(path) did not answer within 0.5 s\n")
      for value in ["0", "-1", "soon", "nan", "100000"] {
        let bad = try Self.widgetHost(["reload", "--timeout", value], environment: environment)
        #expect(bad.status == 2, "\(value)")
        #expect(bad.errors.contains("bad --timeout '\(value)' (expected seconds"), "\(bad.errors)")
      }
    }
  }

  /// `--state-dir` holds all of a host's state: the bundles' containers too, not the default
  /// state folder.
  @Test func containersFollowTheStateDirectory() throws {
    let environment = Self.environment()
    let state = TestSupport.temporaryDirectory("own-state").path
    let host = try LiveProcess(
      Products.widgetHost, .worker,
      [
        "run", Self.lockScreen, "--family", "accessoryInline", "--format", "json",
        "--state-dir", state,
      ],
      environment: environment)
    defer { host.interrupt() }
    #expect(
      host.waitFor(timeout: 30) { lines in
        lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }
      }, "\(host.errors)")
    host.interrupt()
    #expect(host.wait() == 0)
    let container = state + "/containers/dev.widget-host.examples.lockscreen/config"
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: container + "/\(Self.group).plist")
        == environment["XDG_CONFIG_HOME"]! + "/\(Self.group).plist")
    #expect(FileManager.default.fileExists(atPath: state + "/state.sqlite3"))
    #expect(
      !FileManager.default.fileExists(
        atPath: environment["XDG_STATE_HOME"]! + "/widget-host/containers"))
  }

  @Test func anUndeclaredGroupIsNotSharedWithAWorker() throws {
    let environment = Self.environment()
    let host = try Self.startHost(Self.undeclared, mode: .worker, environment: environment)
    defer { host.interrupt() }
    // The group is in the store already, so the app's WidgetCenter saves it though no running
    // bundle declares it.
    _ = try Self.widgetHost(
      ["defaults", "write", Self.group, "currentSongName", "Old"], environment: environment)
    let reload = try Self.runApp(["Secret Song", "Artist"], environment: environment)
    #expect(reload.status == 0)
    #expect(reload.errors == "")
    // The reload ran: a second timeline came, and it still shows the sample song.
    #expect(
      host.waitFor(timeout: 20) { lines in
        lines.filter { $0.contains(#""type":"timeline""#) }.count >= 2
      }, "\(host.errors)")
    host.interrupt()
    #expect(host.wait() == 0)
    let entries = try StreamChecks.entries(
      StreamChecks.events(host.output), instance: Self.instance)
    #expect(entries.last?.lines.contains { $0.contains("▶ My Song - My Artist") } == true)
    #expect(!host.output.contains { $0.contains("Secret Song") })
    // The app did write the group: the store has it; only the bundle does not see it.
    let read = try Self.widgetHost(
      ["defaults", "read", Self.group, "currentSongName"], environment: environment)
    #expect(read.output == "Secret Song\n")
  }

  /// A C bundle declaring group.dev.test.declared reports what it sees through the
  /// wk.widget-center extension and the files of its XDG_CONFIG_HOME.
  @Test(arguments: Products.Mode.allCases)
  func aBundleSeesItsDeclaredGroupsAndConfigurations(_ mode: Products.Mode) throws {
    let environment = Self.environment()
    let store = environment["XDG_CONFIG_HOME"]!
    let library = try TestSupport.compileSharedLibrary(
      TestSupport.repositoryRoot.appendingPathComponent(
        "Tests/EndToEndTests/Fixtures/app_groups_bundle.c"),
      name: "libGroupProbe.so")
    let write = try Self.widgetHost(
      ["defaults", "write", "group.dev.test.declared", "value", "shared-value"],
      environment: environment)
    #expect(write.status == 0, "\(write.errors)")
    let result = try Products.run(
      ["run", library.path, "--once", "--format", "json"], mode: mode, environment: environment)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("groups=['group.dev.test.declared']"), "\(result.output)")
    #expect(result.output.contains("declared=shared-value"), "\(result.output)")
    #expect(
      result.output.contains(
        "configs={'widgets':[{'configuration':{},'family':'systemSmall',"
          + "'instance':'GroupProbe/systemSmall','kind':'GroupProbe'}]}"), "\(result.output)")
    let undeclared = store + "/group.dev.test.undeclared.plist"
    switch mode {
    case .worker:
      // Its write to a group it did not declare stayed private, with a warning.
      #expect(!FileManager.default.fileExists(atPath: undeclared))
      #expect(
        result.errors.contains(
          "widget-host: [dev.test.groupprobe] warning: the bundle wrote App Group "
            + "'group.dev.test.undeclared', which its manifest does not declare"),
        "\(result.errors)")
    case .inProcess:
      // In the host's own process nothing stands between a bundle and the store
      // (docs/authoring.md says so).
      #expect(FileManager.default.fileExists(atPath: undeclared))
    }
  }

  @Test func defaultsReadsWritesAndDeletesTypedValues() throws {
    let environment = Self.environment()
    func run(_ arguments: [String]) throws -> TestSupport.ProcessResult {
      try Self.widgetHost(["defaults"] + arguments, environment: environment)
    }
    let group = "group.dev.test.values"
    #expect(try run(["write", group, "name", "My Song"]).status == 0)
    #expect(try run(["write", group, "volume", "7", "--int"]).status == 0)
    #expect(try run(["write", group, "gain", "--double", "--", "-2.5"]).status == 0)
    #expect(try run(["write", group, "playing", "true", "--bool"]).status == 0)
    #expect(try run(["read", group, "volume"]).output == "7\n")
    #expect(
      try run(["read", group]).output
        == "gain = -2.5\nname = My Song\nplaying = true\nvolume = 7\n")
    #expect(
      try run(["read", group, "--json"]).output
        == #"{"gain":-2.5,"name":"My Song","playing":true,"volume":7}"# + "\n")
    // Foundation's own file, typed as the options said.
    let file = try String(
      contentsOfFile: environment["XDG_CONFIG_HOME"]! + "/\(group).plist", encoding: .utf8)
    #expect(file.contains("<integer>7</integer>") && file.contains("<true/>"))
    #expect(file.contains("<real>-2.5</real>"))

    #expect(try run(["delete", group, "volume"]).status == 0)
    let missing = try run(["read", group, "volume"])
    #expect(missing.status == 1)
    #expect(missing.errors == "widget-host: \(group) has no key 'volume'\n")
    #expect(try run(["delete", group, "volume"]).status == 1)

    let badGroup = try run(["read", "com.example"])
    #expect(badGroup.status == 2)
    #expect(badGroup.errors.contains("'com.example' is not an App Group id"))
    let badInt = try run(["write", group, "volume", "loud", "--int"])
    #expect(badInt.status == 2)
    #expect(badInt.errors.contains("'loud' is not an integer"))
    let badAction = try run(["list", group])
    #expect(badAction.status == 2)
    #expect(badAction.errors.contains("unknown action 'list' (actions: read, write, delete)"))

    // The command line writes finite numbers only; an app can store any double, and JSON has
    // no NaN or infinity: they are strings, and the line stays JSON.
    #expect(try run(["write", group, "ratio", "nan", "--double"]).status == 2)
    let odd = "group.dev.test.odd"
    let values: [String: Any] = ["ratio": Double.nan, "top": Double.infinity]
    try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
      .write(to: URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]! + "/\(odd).plist"))
    #expect(try run(["write", odd, "path", "a/\"b\""]).status == 0)
    #expect(try run(["read", odd, "ratio", "--json"]).output == #""nan""# + "\n")
    #expect(
      try run(["read", odd, "--json"]).output
        == #"{"path":"a/\"b\"","ratio":"nan","top":"inf"}"# + "\n")
  }

  @Test func assembleTakesAppGroupsFromEntitlementsAndOptions() throws {
    let manifest = try WidgetJSON.decode(
      BundleManifest.self,
      from: Data(
        contentsOf: URL(fileURLWithPath: Self.lockScreen).appendingPathComponent("manifest.json")))
    #expect(manifest.appGroups == [Self.group])

    let folder = TestSupport.temporaryDirectory("entitlements")
    let bad = folder.appendingPathComponent("Bad.entitlements")
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
    <array><string>com.example.nogroup</string></array></dict></plist>
    """.write(to: bad, atomically: true, encoding: .utf8)
    let library = TestSupport.product("libLockScreen.so").path
    let refused = try Products.run([
      "assemble", library, "--output", folder.path, "--entitlements", bad.path,
    ])
    #expect(refused.status == 3)
    #expect(
      refused.errors.contains(
        "\(bad.path): com.apple.security.application-groups[0]: 'com.example.nogroup' is not an "
          + "App Group id"), "\(refused.errors)")
    let extra = try Products.run([
      "assemble", library, "--output", folder.path, "--app-group", "group.dev.test.extra",
    ])
    #expect(extra.status == 0, "\(extra.errors)")
    let assembled = try WidgetJSON.decode(
      BundleManifest.self,
      from: Data(
        contentsOf: folder.appendingPathComponent("LockScreen.widgetbundle/manifest.json")))
    #expect(assembled.appGroups == ["group.dev.test.extra"])
  }
}
