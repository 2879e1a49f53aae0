import Foundation
import SwiftUI
import Synchronization
import WidgetSchema

/// Resolves entries into the schema's JSON: the entry's view is built once, here, for the family
/// of the call, so the host never calls back into the bundle to render.
struct EntryEncoder<Entry: TimelineEntry, Content: View> {
  let context: TimelineProviderContext
  let content: (Entry) -> Content

  /// Encodes one entry; a placeholder is `redacted`, as WidgetKit shows placeholders.
  func encode(_ entry: Entry, redacted: Bool = false) -> Result<Data, ProviderCallError> {
    encodePayload(schemaEntry(entry, redacted: redacted))
  }

  /// The entry with its view resolved, as ``encode(_:redacted:)`` encodes it.
  func draw(_ entry: Entry) -> WidgetSchema.Entry { schemaEntry(entry) }

  func encode(_ timeline: Timeline<Entry>) -> Result<Data, ProviderCallError> {
    encodePayload(
      WidgetSchema.Timeline(
        entries: timeline.entries.map { schemaEntry($0) }, policy: timeline.policy.value))
  }

  /// Resolves the entry's view for the call's family. A redacted (placeholder) entry is
  /// resolved with `redactionReasons` set to `.placeholder` and its root wrapped in a
  /// `redacted` style (unless it is empty), so its text is drawn as blocks except inside
  /// `unredacted()`.
  private func schemaEntry(_ entry: Entry, redacted: Bool = false) -> WidgetSchema.Entry {
    var environment = EnvironmentValues()
    environment.widgetFamily = context.family
    environment._proposedSize = context.displaySize
    environment.widgetRenderingMode =
      context.renderingMode.map(WidgetRenderingMode.init) ?? .mode(for: context.family)
    if redacted { environment.redactionReasons = .placeholder }
    var view = ViewResolver.resolve(content(entry), in: environment)
    // An empty view has nothing to redact.
    if redacted, view != .empty { view = .modified(view, .style(TextStyle(redacted: true))) }
    let relevance = entry.relevance.map {
      Relevance(score: Double($0.score), duration: $0.duration)
    }
    return WidgetSchema.Entry(date: entry.date, relevance: relevance, view: view)
  }

  private func encodePayload<T: Encodable>(_ payload: T) -> Result<Data, ProviderCallError> {
    do {
      return .success(try WidgetJSON.encode(payload))
    } catch {
      return .failure(ProviderCallError(message: "could not encode the reply: \(error)"))
    }
  }
}

/// Forwards the first reply and reports any further one: WidgetKit's completions must be called
/// exactly once, and a second call is a bug in the provider that the author should hear about.
final class ReplyOnce: @unchecked Sendable {
  // Unchecked: `reply` is immutable and `sent` guarantees it runs at most once, from whichever
  // thread the provider calls its completion on.
  private let reply: _WidgetDescriptor.Reply
  private let what: String
  private let sent = Atomic<Bool>(false)

  init(_ reply: @escaping _WidgetDescriptor.Reply, what: String) {
    self.reply = reply
    self.what = what
  }

  func send(_ result: Result<Data, ProviderCallError>) {
    guard !sent.exchange(true, ordering: .acquiringAndReleasing) else {
      BundleExport.log(.warning, "\(what) called more than once; the extra call was ignored")
      return
    }
    reply(result)
  }
}
