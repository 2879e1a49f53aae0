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
  ///
  /// A widget written for iOS 17, one with a container background, gets iOS 17's content
  /// margins (``SwiftUI/EnvironmentValues/widgetContentMargins``) unless its configuration
  /// disabled them: its root is padded with them, and its views are offered the size inside
  /// them (what a `GeometryReader` or a grid sees). Whether a kind has a container background
  /// is known once its view is resolved, so the kind's last answer (``ContainerBackgroundMemo``)
  /// decides the size offered; an entry that answers otherwise is resolved again.
  private func schemaEntry(_ entry: Entry, redacted: Bool = false) -> WidgetSchema.Entry {
    var environment = EnvironmentValues()
    environment.widgetFamily = context.family
    environment.widgetRenderingMode =
      context.renderingMode.map(WidgetRenderingMode.init) ?? .mode(for: context.family)
    if redacted { environment.redactionReasons = .placeholder }
    let margins = environment.widgetContentMargins
    let mayHaveMargins = !context.contentMarginsDisabled && margins != SwiftUI.EdgeInsets()
    func resolved(withMargins: Bool) -> ViewNode {
      var environment = environment
      environment._proposedSize = context.displaySize
      if withMargins {
        environment._proposedSize.width -= margins.leading + margins.trailing
        environment._proposedSize.height -= margins.top + margins.bottom
      }
      return ViewResolver.resolve(content(entry), in: environment)
    }
    let guess = mayHaveMargins && context.backgrounds?.hasBackground(context.family) ?? true
    var view = resolved(withMargins: guess)
    let hasMargins = mayHaveMargins && hasContainerBackground(view)
    if mayHaveMargins { context.backgrounds?.note(hasMargins, for: context.family) }
    if hasMargins != guess { view = resolved(withMargins: hasMargins) }
    // An empty view has nothing to redact.
    if redacted, view != .empty { view = .modified(view, .style(TextStyle(redacted: true))) }
    if hasMargins {
      view = .modified(
        view,
        .padding(
          WidgetSchema.EdgeInsets(
            top: margins.top, leading: margins.leading, bottom: margins.bottom,
            trailing: margins.trailing)))
    }
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

/// Whether `view` has a `.containerBackground` anywhere.
private func hasContainerBackground(_ view: ViewNode) -> Bool {
  switch view {
  case .stack(let stack): stack.children.contains(where: hasContainerBackground)
  case .modified(_, .containerBackground): true
  case .modified(let child, let modifier):
    hasContainerBackground(child)
      || {
        switch modifier {
        case .background(let layer, _), .overlay(let layer, _): hasContainerBackground(layer)
        default: false
        }
      }()
  default: false
  }
}

/// Whether a kind's views have a container background, by family, as its last entry answered:
/// the size its next entry is offered (``EntryEncoder``).
final class ContainerBackgroundMemo: Sendable {
  private let answers = Mutex<[WidgetFamily: Bool]>([:])

  /// The last answer for `family`; nil before the first.
  func hasBackground(_ family: WidgetFamily) -> Bool? {
    answers.withLock { $0[family] }
  }

  func note(_ hasBackground: Bool, for family: WidgetFamily) {
    answers.withLock { $0[family] = hasBackground }
  }
}
