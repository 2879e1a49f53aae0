import Foundation
import SwiftUI
import WidgetSchema

/// Everything the SDK knows about one widget kind: its manifest entry and how to answer the
/// host's calls for it. Built by configurations; not for bundle authors.
public struct _WidgetDescriptor {
  /// A reply to one call: a JSON payload, or an error message.
  typealias Reply = (Result<Data, ProviderCallError>) -> Void

  var manifest: KindManifest
  /// `.contentMarginsDisabled()`: the kind's entries get no content margins.
  var contentMarginsDisabled = false
  /// Whether the kind's views had a container background, when last resolved (the size offered
  /// to the next entry's views depends on it).
  let backgrounds = ContainerBackgroundMemo()
  /// Answers a call, as the configuration built it (``respond(_:_:_:)`` calls it).
  private let answer: (ProviderMethod, TimelineProviderContext, @escaping Reply) -> Void
  /// Draws an entry, as the configuration built it (``draw(_:_:)`` calls it).
  private let drawEntry: (any TimelineEntry, TimelineProviderContext) -> WidgetSchema.Entry?
  /// Set for an `ActivityConfiguration`: the Live Activity type it draws, listed in the
  /// manifest's `activities` rather than its kinds (``manifest``'s kind is the type's name).
  var activity: ActivityManifest?
  /// For an `ActivityConfiguration`: the views of an activity's attributes and content state
  /// (nil when they are not of its types) and whether it is stale. Previews draw their states
  /// with it.
  var drawActivity: (Any, Any, Bool) -> ActivityViews? = { _, _, _ in nil }

  /// The descriptor of an `ActivityConfiguration` for `attributesType`.
  init(
    activity attributesType: String,
    respond: @escaping (ProviderMethod, TimelineProviderContext, @escaping Reply) -> Void
  ) {
    self.manifest = KindManifest(kind: attributesType, families: [])
    self.activity = ActivityManifest(attributesType: attributesType)
    self.answer = respond
    self.drawEntry = { _, _ in nil }
  }

  init<Entry: TimelineEntry, Content: View>(
    kind: String, content: @escaping (Entry) -> Content,
    respond: @escaping (ProviderMethod, TimelineProviderContext, @escaping Reply) -> Void
  ) {
    self.manifest = KindManifest(kind: kind, families: WidgetSchema.WidgetFamily.defaultFamilies)
    self.answer = respond
    self.drawEntry = { entry, context in
      (entry as? Entry).map { EntryEncoder(context: context, content: content).draw($0) }
    }
  }
}

extension _WidgetDescriptor {
  /// Answers `method` for `context`, with what the configuration's modifiers said about the
  /// kind's entries (its content margins).
  func respond(
    _ method: ProviderMethod, _ context: TimelineProviderContext, _ reply: @escaping Reply
  ) {
    var context = context
    context.contentMarginsDisabled = contentMarginsDisabled
    context.backgrounds = backgrounds
    answer(method, context, reply)
  }

  /// The entry drawn by the kind's content for the context's family; nil when the entry is not
  /// of the kind's entry type. Previews draw their entries with it.
  func draw(_ entry: any TimelineEntry, _ context: TimelineProviderContext) -> WidgetSchema.Entry? {
    var context = context
    context.contentMarginsDisabled = contentMarginsDisabled
    context.backgrounds = backgrounds
    return drawEntry(entry, context)
  }
}

/// The calls a provider answers.
enum ProviderMethod: Int32, Sendable {
  case placeholder = 1
  case snapshot = 2
  case timeline = 3
  case options = 4
  case previews = 5
  case perform = 6
  case activity = 7
}

/// Why a call could not be answered.
struct ProviderCallError: Error {
  var message: String
}
