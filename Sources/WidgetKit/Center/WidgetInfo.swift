import Foundation
import WidgetSchema

/// A widget the user has on screen, as ``WidgetCenter/getCurrentConfigurations(_:)`` reports it.
public struct WidgetInfo: Sendable, Hashable, CustomStringConvertible {
  /// The widget's kind (the `kind` of its configuration).
  public let kind: String
  /// The family it is shown in.
  public let family: WidgetFamily
  /// The instance's parameter values as canonical JSON (`{}` for static widgets), as the
  /// provider's context carries them (docs/schema.md, "Context"). iOS hands over an `INIntent`
  /// here; decode this with `JSONDecoder` into the types you need.
  public let configurationJSON: String
  /// The host's name for the instance (`LockScreenWidget/accessoryCircular`); not in iOS.
  public let instance: String

  init(_ widget: ConfiguredWidget) {
    kind = widget.kind
    family = WidgetFamily(widget.family)
    configurationJSON =
      (try? WidgetJSON.encode(widget.configuration)).map { String(decoding: $0, as: UTF8.self) }
      ?? "{}"
    instance = widget.instance
  }

  public var description: String { "\(kind) (\(family))" }
}

/// Why ``WidgetCenter/getCurrentConfigurations(_:)`` failed: no host runs, or it did not answer.
public struct WidgetCenterError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, in one line.
  public let message: String

  public var description: String { message }
}
