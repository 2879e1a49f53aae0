import Foundation
import Intents

/// Supplies the entries of a widget configured by an intent definition (``IntentConfiguration``):
/// like ``TimelineProvider``, with the instance's configuration (a generated ``INIntent``
/// subclass) passed to the snapshot and timeline calls.
///
/// The host calls these from its own threads; call each completion exactly once.
public protocol IntentTimelineProvider {
  /// The provider's entry type.
  associatedtype Entry: TimelineEntry
  /// The generated intent class (`MyCustomIntentsIntent`).
  associatedtype Intent: INIntent
  /// What the host tells the provider about the widget being asked for.
  typealias Context = TimelineProviderContext

  /// A sample entry shown (redacted) before the first timeline arrives. Return fast; no I/O.
  func placeholder(in context: Context) -> Entry

  /// One entry for galleries and previews (`context.isPreview`), for this configuration.
  func getSnapshot(
    for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)

  /// The entries to show from now on for this configuration, and when to ask again.
  func getTimeline(
    for configuration: Intent, in context: Context,
    completion: @escaping (Timeline<Entry>) -> Void)

  /// Preconfigured choices for watch faces (``IntentRecommendation``); by default none. The
  /// host never asks for them.
  func recommendations() -> [IntentRecommendation<Intent>]
}
