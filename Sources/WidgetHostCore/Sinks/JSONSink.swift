import Foundation
import WidgetSchema

/// Newline-delimited JSON: the header line, then one event per line (docs/stream.md).
public struct JSONSink: EventSink {
  private let output: any OutputTarget

  /// Writes to `output`.
  public init(output: any OutputTarget) {
    self.output = output
  }

  public func begin(_ header: StreamHeader) {
    var line = header.jsonBytes()
    line.append(0x0A)
    output.write(utf8: line)
  }

  /// Writes the event with ``StreamEvent/jsonBytes()`` (the same bytes as `JSONEncoder`'s,
  /// without its cost); an event that cannot be written (a non-finite number) is dropped, as
  /// before.
  public func write(_ event: StreamEvent) {
    guard var line = try? event.jsonBytes() else { return }
    line.append(0x0A)
    output.write(utf8: line)
  }

  public func end() {}
}
