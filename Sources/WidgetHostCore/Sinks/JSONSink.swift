import Foundation
import WidgetSchema

/// Newline-delimited JSON: the header line, then one event per line (docs/stream.md).
///
/// Lines are written through an ``OutputBuffer``: a burst of events goes out in a few large
/// writes, a lone event at once (asynchronously, without waiting for another), and ``end()``
/// writes whatever is pending before it returns.
public struct JSONSink: EventSink {
  private let buffer: OutputBuffer

  /// Writes to `output`.
  public init(output: any OutputTarget) {
    buffer = OutputBuffer(output: output)
  }

  /// The JSON stream carries each entry's geometry (docs/stream.md#geometry).
  public var wantsGeometry: Bool { true }

  public func begin(_ header: StreamHeader) {
    let line = header.jsonBytes()
    buffer.append { bytes in
      bytes.append(contentsOf: line)
      bytes.append(0x0A)
    }
  }

  /// Writes the event straight into the buffer with ``StreamEvent/appendJSONLine(to:)`` (the
  /// same bytes as `JSONEncoder`'s, without its cost); an event that cannot be written (a
  /// non-finite number) is dropped, as before.
  public func write(_ event: StreamEvent) {
    buffer.append { bytes in try? event.appendJSONLine(to: &bytes) }
  }

  /// Writes every line still pending before returning.
  public func end() {
    buffer.flush()
  }
}
