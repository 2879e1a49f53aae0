import Foundation

/// What a status bar shows in place of a widget when there is no entry to show: the host is
/// not running, or it has no such instance (`widget-host bar`, docs/status-bars.md).
public struct BarNotice: Sendable, Equatable {
  /// Why there is nothing to show.
  public enum Reason: String, Sendable {
    /// The client has no connection to a host: it is not running, stopped or restarting.
    case disconnected
    /// The host runs, but has no instance of that id.
    case unknownInstance = "unknown-instance"
  }

  /// The line the bar shows.
  public var text: String
  /// More detail, for a tooltip.
  public var detail: String
  /// Why; Waybar's CSS class.
  public var reason: Reason

  /// A notice shown as `text`, with `detail` in a tooltip.
  public init(text: String, detail: String, reason: Reason) {
    self.text = text
    self.detail = detail
    self.reason = reason
  }

  /// No host to talk to: `detail` says what happened (the connection's error).
  public static func disconnected(_ detail: String) -> BarNotice {
    BarNotice(text: "widget-host: not running", detail: detail, reason: .disconnected)
  }

  /// The host has no instance `id`; `known` are the ones it has.
  public static func unknownInstance(_ id: String, known: [String]) -> BarNotice {
    BarNotice(
      text: "widget-host: no instance \(id)",
      detail: "the host has no instance '\(id)' (instances: "
        + (known.isEmpty ? "none" : known.joined(separator: ", ")) + ")",
      reason: .unknownInstance)
  }
}

/// A sink that writes a status bar's protocol (``I3BarSink``, ``WaybarSink``,
/// ``PlainBarSink``) and can show a ``BarNotice`` in place of a widget: what
/// ``BarClient`` feeds.
public protocol StatusBarSink: EventSink {
  /// Shows `notice` in place of each of `instances` until that instance's next entry.
  func show(_ notice: BarNotice, instances: [String])
  /// The client is connected to a host again: its current state follows.
  func connected()
}

extension StatusBarSink {
  /// A sink that shows instances takes the next entries as the sign of a host.
  public func connected() {}
}
