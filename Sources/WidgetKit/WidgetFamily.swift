import SwiftUI
import WidgetSchema

/// The sizes a widget can be shown in.
public enum WidgetFamily: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// A small square home-screen widget (170×170 points).
  case systemSmall
  /// A wide home-screen widget (364×170 points).
  case systemMedium
  /// A large home-screen widget (364×382 points).
  case systemLarge
  /// An extra-large widget (715×382 points).
  case systemExtraLarge
  /// A watch-face corner (46×46 points).
  case accessoryCorner
  /// A small round lock-screen widget (76×76 points).
  case accessoryCircular
  /// A lock-screen rectangle of up to three lines (172×76 points).
  case accessoryRectangular
  /// One line of text above the clock (257×26 points).
  case accessoryInline

  public var description: String { rawValue }

  var schemaFamily: WidgetSchema.WidgetFamily {
    // Same names by construction; a missing case fails the round-trip test.
    WidgetSchema.WidgetFamily(rawValue: rawValue)!
  }

  /// The SDK's family for the host's; a control (which has no `WidgetFamily` on iOS, and whose
  /// views never read it) is given `.accessoryInline`, its one line.
  init(_ family: WidgetSchema.WidgetFamily) {
    self = WidgetFamily(rawValue: family.rawValue) ?? .accessoryInline
  }
}

private struct WidgetFamilyKey: EnvironmentKey {
  static let defaultValue = WidgetFamily.systemSmall
}

extension EnvironmentValues {
  /// The family of the widget being shown: `@Environment(\.widgetFamily) var family`.
  public var widgetFamily: WidgetFamily {
    get { self[WidgetFamilyKey.self] }
    set { self[WidgetFamilyKey.self] = newValue }
  }
}
