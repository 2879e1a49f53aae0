import AppIntents
import Foundation

/// Supplies the entries of a widget configured by a ``WidgetConfigurationIntent``
/// (``AppIntentConfiguration``), with Swift concurrency: each call returns its result.
///
/// The host may make calls concurrently, for different families and configurations.
public protocol AppIntentTimelineProvider {
  /// The provider's entry type.
  associatedtype Entry: TimelineEntry
  /// The configuration intent (`ConfigurationAppIntent`).
  associatedtype Intent: WidgetConfigurationIntent
  /// What the host tells the provider about the widget being asked for.
  typealias Context = TimelineProviderContext

  /// A sample entry shown (redacted) before the first timeline arrives. Return fast; no I/O.
  /// A synchronous implementation satisfies this requirement too.
  func placeholder(in context: Context) async -> Entry

  /// One entry for galleries and previews (`context.isPreview`), for this configuration.
  func snapshot(for configuration: Intent, in context: Context) async -> Entry

  /// The entries to show from now on for this configuration, and when to ask again.
  func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>

  /// Preconfigured choices for watch faces (``AppIntentRecommendation``); by default none.
  /// The host never asks for them.
  func recommendations() -> [AppIntentRecommendation<Intent>]
}
