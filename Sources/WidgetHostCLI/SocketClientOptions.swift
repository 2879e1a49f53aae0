import Foundation
import WidgetControl
import WidgetHostCore
import WidgetSchema

/// How every client of a running host (`watch`, `reload`, `tap`, `configure`) connects, with
/// the options of ``SharedOptions/client``.
enum SocketClientOptions {
  /// Connects as `arguments` say; nil after printing a one-line error (no host, refused).
  static func connect(_ arguments: Arguments, context: CommandContext) -> ControlClient? {
    let endpoint =
      arguments[SharedOptions.socket] ?? SocketEndpoint.unix(SocketEndpoint.defaultPath())
    let timeout = arguments[SharedOptions.timeout] ?? ControlClient.defaultReplyTimeout
    do {
      return try ControlClient(
        endpoint: endpoint, token: SharedOptions.token(arguments), replyTimeout: timeout)
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
