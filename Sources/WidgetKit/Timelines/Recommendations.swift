import AppIntents
import Foundation
import Intents
import SwiftUI

/// A preconfigured choice of an intent-configured widget, which watch faces offer instead of
/// an editor: `IntentTimelineProvider.recommendations()`. Accepted: the host offers no such
/// choices (instances are configured with `--instance`, a home-screen file or `configure`),
/// so it never asks for them.
public struct IntentRecommendation<Intent: INIntent> {
  /// The configuration chosen.
  public let intent: Intent
  /// What the choice is called.
  public let description: String

  /// A choice of `intent`, called `description`.
  public init(intent: Intent, description: String) {
    self.intent = intent
    self.description = description
  }

  /// A choice of `intent`, called `description`.
  public init(intent: Intent, description: Text) {
    self.init(intent: intent, description: description._galleryText)
  }
}

/// A preconfigured choice of an App Intent–configured widget:
/// `AppIntentTimelineProvider.recommendations()`. Accepted, as ``IntentRecommendation``.
public struct AppIntentRecommendation<Intent: WidgetConfigurationIntent> {
  /// The configuration chosen.
  public let intent: Intent
  /// What the choice is called.
  public let description: String

  /// A choice of `intent`, called `description`.
  public init(intent: Intent, description: String) {
    self.intent = intent
    self.description = description
  }

  /// A choice of `intent`, called `description`.
  public init(intent: Intent, description: Text) {
    self.init(intent: intent, description: description._galleryText)
  }

  /// A choice of `intent`, called `description`.
  public init(intent: Intent, description: LocalizedStringResource) {
    self.init(intent: intent, description: description.defaultValue)
  }
}

extension IntentTimelineProvider {
  /// No preconfigured choices (the default, as on iOS).
  public func recommendations() -> [IntentRecommendation<Intent>] { [] }
}

extension AppIntentTimelineProvider {
  /// No preconfigured choices (the default, as on iOS).
  public func recommendations() -> [AppIntentRecommendation<Intent>] { [] }
}
