import Foundation
import TestSupport
import Testing
import WidgetControl
import WidgetHostCore
import WidgetSchema

/// `widget-host run --sink socket` with the Wishes example, driven by the real `watch`,
/// `reload` and `tap` commands.
@Suite(.serialized) struct SocketTests {
  static let instance = "wishesWidget/systemMedium"

  static func socketPath() -> String {
    TestSupport.shortTemporaryPath() + "/host.sock"
  }

  /// Starts a host serving the Wishes example on `path`, once it shows its entry.
  static func startHost(_ path: String, extra: [String] = []) throws -> LiveProcess {
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", TestSupport.product("libWishes.so").path, "--family", "systemMedium",
        "--format", "json", "--sink", "socket:\(path)",
      ] + extra, environment: Products.environment)
    let shown = host.waitFor(timeout: 30) { lines in
      lines.contains { $0.contains(#""type":"entry""#) && $0.contains(#""source":"timeline""#) }
    }
    #expect(shown, "the host showed Wishes")
    return host
  }

  static func client(_ arguments: [String]) throws -> TestSupport.ProcessResult {
    try Products.run(arguments)
  }

  @Test func everyControlRequestEndToEnd() throws {
    let path = Self.socketPath()
    let opened = TestSupport.temporaryDirectory("open").appendingPathComponent("url")
    let host = try Self.startHost(
      path, extra: ["--on-open-url", "printf '%s|%s' \"$1\" \"$WIDGET_URL\" > '\(opened.path)'"])
    defer { host.interrupt() }
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)

    // tap: the widgetURL opens, the stream shows open-url, the command runs with the URL.
    let tap = try Self.client(["tap", Self.instance, "--socket", path])
    #expect(tap.status == 0, "\(tap.errors)")
    #expect(tap.output == "url://123\n")
    #expect(host.waitFor(timeout: 10) { $0.contains { $0.contains(#""type":"open-url""#) } })
    var command = ""
    for _ in 0..<200 where command.isEmpty {
      command = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(command == "url://123|url://123")
    let outside = try Self.client(["tap", Self.instance, "--cell", "99,99", "--socket", path])
    #expect(outside.status == 1)
    #expect(outside.errors.contains("(outside-grid)"), "\(outside.errors)")

    // reload: a new reload event with reason request.
    let reload = try Self.client(["reload", "--socket", path])
    #expect(reload.status == 0, "\(reload.errors)")
    #expect(reload.output == "reloaded 1 instance(s)\n")
    #expect(
      host.waitFor(timeout: 10) { lines in
        lines.contains { $0.contains(#""type":"reload""#) && $0.contains(#""reason":"request""#) }
      })
    let unknown = try Self.client(["reload", "--kind", "nope", "--socket", path])
    #expect(unknown.status == 1)
    #expect(unknown.errors.contains("(unknown-kind)"), "\(unknown.errors)")

    // list and configure, as a program sends them.
    let client = try ControlClient(endpoint: .unix(path))
    let list = try client.request(ControlRequest(id: .number(1), request: "list"))
    #expect(list.instances?.map(\.instance) == [Self.instance])
    #expect(list.instances?.first?.entry?.url == "url://123")
    // The wishes widget's one parameter is `url`: configuring none is fine (its default
    // stays), naming another is an error.
    let configured = try client.request(
      ControlRequest(request: "configure", instance: Self.instance))
    #expect(configured.configured == Self.instance)
    #expect(throws: ControlClient.Failure.self) {
      _ = try client.request(
        ControlRequest(
          request: "configure", instance: Self.instance, parameters: ["city": .string("Paris")]))
    }

    // watch: boxes, then the JSON stream.
    let watch = try LiveProcess(
      Products.widgetHost, ["watch", "--socket", path], environment: Products.environment)
    #expect(
      watch.waitFor(timeout: 10) { lines in
        lines.contains { $0.hasPrefix("\(Self.instance) · entry") }
          && lines.contains { $0.hasPrefix("╰") }
      })
    watch.interrupt()
    #expect(watch.wait() == 0)
    let json = try LiveProcess(
      Products.widgetHost, ["watch", "--socket", path, "--format", "json"],
      environment: Products.environment)
    #expect(json.waitFor(timeout: 10) { $0.contains { $0.contains(#""type":"entry""#) } })
    json.interrupt()
    #expect(json.wait() == 0)
    // The same stream a subscriber reads: header, then events, each valid against its schema.
    _ = try StreamChecks.events(json.output, contiguous: false)

    host.interrupt()
    #expect(host.wait() == 0, "\(host.errors)")
    #expect(host.errors.contains("listening on \(path)"))
    #expect(!FileManager.default.fileExists(atPath: path), "the socket file is removed at exit")
    let events = try StreamChecks.events(host.output)
    #expect(events.contains { $0.payload == .openURL(OpenURLEvent(url: "url://123")) })
  }

  @Test func aLiveHostIsNotStolen() throws {
    let path = Self.socketPath()
    let host = try Self.startHost(path)
    let second = try Products.run([
      "run", TestSupport.product("libWishes.so").path, "--once", "--sink", "socket:\(path)",
    ])
    #expect(second.status == 1)
    #expect(second.errors.contains("another widget-host is already listening on \(path)"))
    host.interrupt()
    #expect(host.wait() == 0)
  }

  @Test func tcpWithAToken() throws {
    // A free port: bind to port 0, note the port, let it go.
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(probe, $0, length) == 0 && getsockname(probe, $0, &length) == 0
      }
    }
    let port = UInt16(bigEndian: address.sin_port)
    close(probe)
    let library = TestSupport.product("libWishes.so").path
    let open = try Products.run(["run", library, "--sink", "tcp:0.0.0.0:\(port)"])
    #expect(open.status == 2, "beyond loopback without a token is a usage error")
    #expect(open.errors.contains("give --token-file or $WIDGET_HOST_TOKEN"), "\(open.errors)")
    // Loopback serves every local user: without a token, only when asked for by name.
    let loopback = try Products.run(["run", library, "--once", "--sink", "tcp:127.0.0.1:\(port)"])
    #expect(loopback.status == 2)
    #expect(
      loopback.errors.contains(
        "tcp:127.0.0.1:\(port) accepts connections from every local user: give --token-file or "
          + "$WIDGET_HOST_TOKEN, or --allow-no-token to serve them all"), "\(loopback.errors)")
    let allowed = try Products.run([
      "run", library, "--once", "--sink", "tcp:127.0.0.1:\(port)", "--allow-no-token",
    ])
    #expect(allowed.status == 0, "\(allowed.errors)")

    // The token comes from a file only its user can read, never from the command line.
    let folder = TestSupport.temporaryDirectory("token")
    let tokenFile = folder.appendingPathComponent("token").path
    try "s3cret\n".write(toFile: tokenFile, atomically: false, encoding: .utf8)
    chmod(tokenFile, 0o644)
    let readable = try Products.run([
      "run", library, "--once", "--sink", "tcp:127.0.0.1:\(port)", "--token-file", tokenFile,
    ])
    #expect(readable.status == 2)
    #expect(
      readable.errors.contains("--token-file \(tokenFile) may be read by others (mode 644)"),
      "\(readable.errors)")
    chmod(tokenFile, 0o600)
    let host = try LiveProcess(
      Products.widgetHost, Products.defaultMode,
      [
        "run", library, "--family", "systemMedium", "--format", "json",
        "--sink", "tcp:127.0.0.1:\(port)", "--token-file", tokenFile,
      ], environment: Products.environment)
    defer { host.interrupt() }
    #expect(host.waitFor(timeout: 30) { $0.contains { $0.contains(#""source":"timeline""#) } })
    #expect(
      !(try String(contentsOfFile: "/proc/\(host.processIdentifier)/cmdline", encoding: .utf8))
        .contains("s3cret"))
    let socket = "tcp:127.0.0.1:\(port)"
    let refused = try Self.client(["tap", Self.instance, "--socket", socket])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("(unauthorized)"), "\(refused.errors)")
    let tap = try Self.client(["tap", Self.instance, "--socket", socket, "--token-file", tokenFile])
    #expect(tap.status == 0, "\(tap.errors)")
    #expect(tap.output == "url://123\n")
    var environment = Products.environment
    environment["WIDGET_HOST_TOKEN"] = "s3cret"
    let fromEnvironment = try TestSupport.run(
      Products.widgetHost.path, ["tap", Self.instance, "--socket", socket],
      environment: environment)
    #expect(fromEnvironment.status == 0, "\(fromEnvironment.errors)")
  }

  @Test func clientsWithoutAHostSaySo() throws {
    let path = Self.socketPath()
    for command in [["watch"], ["reload"], ["tap", Self.instance]] {
      let result = try Self.client(command + ["--socket", path])
      #expect(result.status == 1)
      #expect(
        result.errors
          == "widget-host: no host is listening on \(path) (start one with widget-host run … --sink socket)\n"
      )
    }
    // A stale socket file (its host died): the connection is refused, the same message.
    let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    close(stale)
    #expect(bound == 0 && FileManager.default.fileExists(atPath: path))
    let refused = try Self.client(["reload", "--socket", path])
    #expect(refused.status == 1)
    #expect(refused.errors.hasPrefix("widget-host: no host is listening on \(path) "))
    for command in ["watch", "reload", "tap"] {
      let help = try Self.client([command, "--help"])
      #expect(help.status == 0)
      #expect(help.output.contains("EXAMPLES:") && help.output.contains("widget-host \(command)"))
    }
  }
}
