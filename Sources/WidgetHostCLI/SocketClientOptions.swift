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
    OptionSpec(
      names: ["--timeout"], valueName: "SECONDS",
      help: "How long to wait for the host's reply to a request (default 60)."),
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
    var timeout = ControlClient.defaultReplyTimeout
    if let value = arguments.last("--timeout") {
      guard let seconds = Double(value), seconds > 0, seconds <= 86_400 else {
        throw UsageError(
          command: command,
          message: "bad --timeout '\(value)' (expected seconds, more than 0 and at most 86400)")
      }
      timeout = seconds
    }
    do {
      return try ControlClient(
        endpoint: endpoint, token: arguments.last("--token"), replyTimeout: timeout)
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
