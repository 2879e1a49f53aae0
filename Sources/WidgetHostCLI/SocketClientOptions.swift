import Foundation
import WidgetHostCore

/// The options every socket client (`watch`, `reload`, `tap`, `configure`) shares, and how it
/// connects.
enum SocketClientOptions {
  static let options = [
    OptionSpec(
      names: ["--socket", "-s"], valueName: "PATH",
      help: "The host's socket: a path (default $XDG_RUNTIME_DIR/widget-host/widget-host.sock) "
        + "or tcp:HOST:PORT."),
    OptionSpec(
      names: ["--token"], valueName: "TOKEN", help: "The token the host was started with."),
  ]

  /// Connects as `arguments` say; nil after printing a one-line error (no host, refused).
  static func connect(
    _ arguments: Arguments, command: String, context: CommandContext
  ) throws(UsageError) -> ControlClient? {
    let value = arguments.last("--socket") ?? SocketEndpoint.defaultPath()
    guard let endpoint = SocketEndpoint.parse(client: value) else {
      throw UsageError(
        command: command, message: "bad --socket '\(value)' (expected a path or tcp:HOST:PORT)")
    }
    do {
      return try ControlClient(endpoint: endpoint, token: arguments.last("--token"))
    } catch {
      context.errors.write("widget-host: \(error.description)\n")
      return nil
    }
  }

  /// Sends one request and prints the failure, if any, as one line.
  static func send(
    _ request: ControlRequest, _ client: ControlClient, context: CommandContext
  ) -> ControlResult? {
    do {
      return try client.request(request)
    } catch {
      context.errors.write("widget-host: \(error.description)\n")
      return nil
    }
  }
}
