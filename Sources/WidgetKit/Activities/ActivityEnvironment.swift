import SwiftUI

/// The size a Live Activity is shown at: `medium` on the Lock Screen and the host's banners;
/// `small` is the Apple Watch's Smart Stack and CarPlay, which the host has no counterpart of.
public struct ActivityFamily: Sendable, Hashable {
  private let name: String
  /// The Apple Watch and CarPlay presentation.
  public static let small = ActivityFamily(name: "small")
  /// The Lock Screen banner: the one the host shows.
  public static let medium = ActivityFamily(name: "medium")
}

private struct ActivityFamilyKey: EnvironmentKey {
  static let defaultValue = ActivityFamily.medium
}

private struct ActivityFullscreenKey: EnvironmentKey {
  static let defaultValue = false
}

private struct ActivityUpdateReducedKey: EnvironmentKey {
  static let defaultValue = false
}

extension EnvironmentValues {
  /// The family the activity is drawn for: always `medium` (the host shows the Lock Screen
  /// banner).
  public var activityFamily: ActivityFamily {
    get { self[ActivityFamilyKey.self] }
    set { self[ActivityFamilyKey.self] = newValue }
  }

  /// Whether the activity fills the screen (StandBy): false, the host shows banners.
  public var isActivityFullscreen: Bool {
    get { self[ActivityFullscreenKey.self] }
    set { self[ActivityFullscreenKey.self] = newValue }
  }

  /// Whether the system shows the activity's updates less often (a watch's wrist down): false,
  /// the host draws every update.
  public var isActivityUpdateReduced: Bool {
    get { self[ActivityUpdateReducedKey.self] }
    set { self[ActivityUpdateReducedKey.self] = newValue }
  }
}

extension ActivityConfiguration {
  /// The families besides `medium` the activity supports: accepted. The host draws the
  /// `medium` presentation only, as ``EnvironmentValues/activityFamily`` says.
  public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> ActivityConfiguration {
    self
  }
}
