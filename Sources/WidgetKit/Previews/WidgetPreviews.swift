import AppIntents
import CWidgetKitShims
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
    let intent = Handoff(intent)
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
    let intent = Handoff(intent)
    self.init(name, as: family, widget: widget) { context in
      await timelineProvider().timeline(for: intent.value, in: context).entries
    }
  }

  /// The widget forms' common part: each entry drawn by the widget's content for the family.
  @MainActor private init<W: Widget>(
    _ name: String?, as family: WidgetFamily, widget: @escaping () -> W,
    entries: @escaping @MainActor (TimelineProviderContext) async -> [any TimelineEntry]
  ) {
    let descriptor = widget().body._descriptor
    self.init(_displayName: name, kind: descriptor.manifest.kind, family: family.schemaFamily) {
      let context = TimelineProviderContext(family: family, isPreview: true)
      return await entries(context).map { entry in
        guard let drawn = descriptor.draw(entry, context) else {
          preconditionFailure(
            "#Preview of '\(descriptor.manifest.kind)': an entry of type \(type(of: entry)) is "
              + "not of the type the widget's provider gives")
        }
        return drawn
      }
    }
  }
}

/// Resumes a continuation once: a provider's completion must be called exactly once, and a
/// second call is ignored here as the host's reply handling ignores it.
private final class ContinuationOnce: @unchecked Sendable {
  // Unchecked: the lock guards `continuation`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Handoff<[any TimelineEntry]>, Never>?

  init(_ continuation: CheckedContinuation<Handoff<[any TimelineEntry]>, Never>) {
    self.continuation = continuation
  }

  func resume(_ entries: [any TimelineEntry]) {
    let continuation = lock.withLock {
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: Handoff(entries))
  }
}

/// A preview of `widget` at `family`, showing the entries `timeline` builds.
@freestanding(declaration)
public macro Preview<W: Widget>(
  _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
  @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A preview of `widget` at `family` configured with the app intent `intent`, showing the
/// entries `timeline` builds.
@freestanding(declaration)
public macro Preview<W: Widget, Intent: WidgetConfigurationIntent>(
  _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
  widget: @escaping () -> W,
  @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A preview of `widget` at `family`, showing the timeline of `timelineProvider`'s provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(
  _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
  timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A preview of `widget` at `family` configured with the intent-definition `intent`, showing
/// the timeline of `timelineProvider`'s provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: IntentTimelineProvider>(
  _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
  widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A preview of `widget` at `family` configured with the app intent `intent`, showing the
/// timeline of `timelineProvider`'s provider.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(
  _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
  widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// The `#Preview` declarations of the image WidgetKit is linked into (a bundle, or a test
/// runner), found through the records the macro puts in its `wk_previews` section.
enum DeclaredPreviews {
  /// The declarations' types, in the order the linker laid the records out.
  static var declarations: [any _PreviewDeclaration.Type] {
    var begin: UnsafeRawPointer?
    var end: UnsafeRawPointer?
    wk_shims_preview_records(&begin, &end)
    guard let begin, let end, end > begin else { return [] }
    typealias Record = @convention(c) (UnsafeMutableRawPointer) -> Void
    let count = (end - begin) / MemoryLayout<Record>.stride
    let records = begin.assumingMemoryBound(to: Record.self)
    return (0..<count).map { index in
      let slot = UnsafeMutablePointer<any _PreviewDeclaration.Type>.allocate(capacity: 1)
      defer { slot.deallocate() }
      records[index](UnsafeMutableRawPointer(slot))
      return slot.move()
    }
  }

  /// The reply to the host's `previews` call for `kind`: every widget preview of that kind,
  /// its entries drawn.
  @MainActor static func reply(forKind kind: String) async -> WidgetSchema.Previews {
    var previews: [WidgetSchema.Previews.Declared] = []
    var activities: [WidgetSchema.Previews.Activity] = []
    for declaration in declarations {
      let preview = declaration.makePreview()
      guard preview._kind == kind else { continue }
      if let family = preview._family {
        previews.append(
          WidgetSchema.Previews.Declared(
            name: preview.displayName, family: family, entries: await preview._entries()))
      } else if let viewKind = preview._activityViewKind {
        activities.append(
          WidgetSchema.Previews.Activity(
            name: preview.displayName, viewKind: viewKind,
            states: await preview._activityStates()))
      }
    }
    return WidgetSchema.Previews(
      previews: previews, activities: activities.isEmpty ? nil : activities)
  }
}
