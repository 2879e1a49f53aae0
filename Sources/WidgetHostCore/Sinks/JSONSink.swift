import Foundation
import WidgetSchema

/// Newline-delimited JSON: the header line, then one event per line (docs/stream.md).
public struct JSONSink: EventSink {
  private let output: any OutputTarget
  private let encoder = WidgetJSON.encoder()

  /// Writes to `output`.
  public init(output: any OutputTarget) {
    self.output = output
  }

  public func begin(_ header: StreamHeader) {
    writeLine(header)
  }

  public func write(_ event: StreamEvent) {
    writeLine(event)
  }

  public func end() {}

  private func writeLine<T: Encodable>(_ value: T) {
    guard let data = try? encoder.encode(value) else { return }
    output.write(String(decoding: data, as: UTF8.self) + "\n")
  }
}
