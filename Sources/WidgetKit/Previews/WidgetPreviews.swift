import AppIntents
import Foundation
import Intents
import SwiftUI
import WidgetSchema

/// Builds the entries of a widget preview's timeline: `timeline: { Entry(…); Entry(…) }`, with
/// `if` and `for` as in any result builder.
@resultBuilder public struct PreviewTimelineBuilder {
  public static func buildExpression(_ entry: some TimelineEntry) -> [any TimelineEntry] {
    [entry]
  }
  public static func buildExpression(_ entries: [any TimelineEntry]) -> [any TimelineEntry] {
    entries
  }
  public static func buildPartialBlock(first: [any TimelineEntry]) -> [any TimelineEntry] {
    first
  }
  public static func buildPartialBlock(
    accumulated: [any TimelineEntry], next: [any TimelineEntry]
  ) -> [any TimelineEntry] { accumulated + next }
  public static func buildBlock() -> [any TimelineEntry] { [] }
  public static func buildArray(_ components: [[any TimelineEntry]]) -> [any TimelineEntry] {
    components.flatMap { $0 }
  }
  public static func buildOptional(_ component: [any TimelineEntry]?) -> [any TimelineEntry] {
    component ?? []
  }
  public static func buildEither(first component: [any TimelineEntry]) -> [any TimelineEntry] {
    component
  }
  public static func buildEither(second component: [any TimelineEntry]) -> [any TimelineEntry] {
    component
  }
}

extension Preview {
  /// A preview of `widget` at `family`, showing the entries `timeline` builds, in order. The
  /// entries must be of the type the widget's provider gives.
  @MainActor public init<W: Widget>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
  ) {
    self.init(name, as: family, widget: widget) { _ in await timeline() }
  }

  /// A preview of `widget` at `family` configured with `intent`, showing the entries
  /// `timeline` builds.
  @MainActor public init<W: Widget, Intent: WidgetConfigurationIntent>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
    widget: @escaping () -> W,
    @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
  ) {
    self.init(name, as: family, widget: widget) { _ in await timeline() }
  }

  /// A preview of `widget` at `family`, showing the timeline `timelineProvider`'s provider
  /// gives in a preview context.
  @MainActor public init<W: Widget, Provider: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider
  ) {
    self.init(name, as: family, widget: widget) { context in
      let provider = timelineProvider()
      return await withCheckedContinuation { continuation in
        let once = ContinuationOnce(continuation)
        provider.getTimeline(in: context) { once.resume($0.entries) }
      }.value
    }
  }

  /// A preview of `widget` at `family` configured with the intent-definition `intent`, showing
  /// the timeline `timelineProvider`'s provider gives for it.
  @MainActor public init<W: Widget, Provider: IntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
    widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
  ) {
    let intent = Unchecked(intent)
    self.init(name, as: family, widget: widget) { context in
      let provider = timelineProvider()
      return await withCheckedContinuation { continuation in
        let once = ContinuationOnce(continuation)
        provider.getTimeline(for: intent.value, in: context) { once.resume($0.entries) }
      }.value
    }
  }

  /// A preview of `widget` at `family` configured with the app intent `intent`, showing the
  /// timeline `timelineProvider`'s provider gives for it.
  @MainActor public init<W: Widget, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
    widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
  ) {
    let intent = Unchecked(intent)
    self.init(name, as: family, widget: widget) { context in
      await timelineProvider().timeline(for: intent.value, in: context).entries
    }
  }

  /// The widget forms' common part: each entry drawn by the widget's content for the family.
  @MainActor private init<W: Widget>(
    _ name: String?, as family: WidgetFamily, widget: @escaping () -> W,
    entries: @escaping @MainActor (TimelineProviderContext) async -> [any TimelineEntry]
  ) {
    self.init(_displayName: name, family: family.schemaFamily) {
      let descriptor = widget().body._descriptor
      let context = TimelineProviderContext(family: family, isPreview: true)
      return await entries(context).map { entry in
        guard let drawn = descriptor.draw(entry, context) else {
          preconditionFailure(
            "#Preview of '\(descriptor.manifest.kind)': an entry of type \(type(of: entry)) is "
              + "not of the type the widget's provider gives")
        }
        return drawn.view
      }
    }
  }
}

/// Resumes a continuation once: a provider's completion must be called exactly once, and a
/// second call is ignored here as the host's reply handling ignores it.
private final class ContinuationOnce: @unchecked Sendable {
  // Unchecked: the lock guards `continuation`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Unchecked<[any TimelineEntry]>, Never>?

  init(_ continuation: CheckedContinuation<Unchecked<[any TimelineEntry]>, Never>) {
    self.continuation = continuation
  }

  func resume(_ entries: [any TimelineEntry]) {
    let continuation = lock.withLock {
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: Unchecked(entries))
  }
}

/// An intent or entries handed between the preview and its provider call. Unchecked: the
/// preview owns them and hands them on once, as WidgetKit's preview does.
private struct Unchecked<Intent>: @unchecked Sendable {
  let value: Intent
  init(_ value: Intent) { self.value = value }
}

/// A preview of `widget` at `family`, showing the entries `timeline` builds.
@freestanding(declaration)
public macro Preview<W: Widget>(
  _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
  @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// A preview of `widget` at `family` configured with the app intent `intent`, showing the
/// entries `timeline` builds.
@freestanding(declaration)
public macro Preview<W: Widget, Intent: WidgetConfigurationIntent>(
  _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
  widget: @escaping () -> W,
  @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// A preview of `widget` at `family`, showing the timeline of `timelineProvider`'s provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(
  _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
  timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// A preview of `widget` at `family` configured with the intent-definition `intent`, showing
/// the timeline of `timelineProvider`'s provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: IntentTimelineProvider>(
  _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
  widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// A preview of `widget` at `family` configured with the app intent `intent`, showing the
/// timeline of `timelineProvider`'s provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(
  _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
  widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")
