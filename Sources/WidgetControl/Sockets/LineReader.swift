import Foundation
import WidgetSchema

/// Splits a byte stream into newline-delimited lines: the control protocol's framing, for the
/// socket server and its clients.
///
/// A line longer than `limit` bytes is reported once as ``Line/tooLarge`` and the rest of it is
/// discarded as it arrives, without being buffered, so the connection stays usable.
public struct LineReader: Sendable {
  /// One result of ``feed(_:)``.
  public enum Line: Equatable, Sendable {
    /// A complete line, without its newline.
    case line(Data)
    /// A line went over the limit; its remaining bytes are being skipped.
    case tooLarge
  }

  /// The most bytes a line may have (without its newline).
  let limit: Int
  private var pending = Data()
  private var discarding = false

  /// Creates a reader; requests are limited to 1 MiB.
  public init(limit: Int = 1 << 20) {
    self.limit = limit
  }

  /// Adds received bytes; returns the lines they complete, in order.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Line] {
    var lines: [Line] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      guard let newline = rest.firstIndex(of: 0x0A) else {
        if !discarding {
          pending.append(contentsOf: rest)
          if pending.count > limit {
            pending = Data()
            discarding = true
            lines.append(.tooLarge)
          }
        }
        break
      }
      if discarding {
        discarding = false
      } else {
        pending.append(contentsOf: rest[..<newline])
        if pending.count > limit {
          lines.append(.tooLarge)
        } else {
          lines.append(.line(pending))
        }
        pending = Data()
      }
      rest = rest[rest.index(after: newline)...]
    }
    return lines
  }
}

/// Encodes values as lines of JSON (WidgetJSON conventions), for the server and its clients.
package enum JSONLines {
  /// `value` as one line of JSON, with its newline.
  package static func encode<T: Encodable>(_ value: T) -> Data {
    var data = (try? WidgetJSON.encode(value)) ?? Data("{}".utf8)
    data.append(0x0A)
    return data
  }

  /// `event` as one line of JSON, with its newline, written by ``StreamEvent/jsonBytes()``.
  package static func encode(_ event: StreamEvent) -> Data {
    guard var bytes = try? event.jsonBytes() else { return Data("{}\n".utf8) }
    bytes.append(0x0A)
    return Data(bytes)
  }

  /// `header` as one line of JSON, with its newline.
  package static func encode(_ header: StreamHeader) -> Data {
    var bytes = header.jsonBytes()
    bytes.append(0x0A)
    return Data(bytes)
  }
}
