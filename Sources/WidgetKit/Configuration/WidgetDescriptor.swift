import Foundation
import SwiftUI
import WidgetSchema

/// Everything the SDK knows about one widget kind: its manifest entry and how to answer the
/// host's calls for it. Built by configurations; not for bundle authors.
public struct _WidgetDescriptor {
  /// A reply to one call: a JSON payload, or an error message.
  typealias Reply = (Result<Data, ProviderCallError>) -> Void

  var manifest: KindManifest
  let respond: (ProviderMethod, TimelineProviderContext, @escaping Reply) -> Void
  /// The entry drawn by the kind's content for the context's family; nil when the entry is not
  /// of the kind's entry type. Previews draw their entries with it.
  let draw: (any TimelineEntry, TimelineProviderContext) -> WidgetSchema.Entry?
  /// Set for an `ActivityConfiguration`: the Live Activity type it draws, listed in the
  /// manifest's `activities` rather than its kinds (``manifest``'s kind is the type's name).
  var activity: ActivityManifest?
  /// For an `ActivityConfiguration`: the views of an activity's attributes and content state
  /// (nil when they are not of its types). Previews draw their states with it.
  var drawActivity: (Any, Any) -> ActivityViews? = { _, _ in nil }

  /// The descriptor of an `ActivityConfiguration` for `attributesType`.
  init(
    activity attributesType: String,
    respond: @escaping (ProviderMethod, TimelineProviderContext, @escaping Reply) -> Void
  ) {
    self.manifest = KindManifest(kind: attributesType, families: [])
    self.activity = ActivityManifest(attributesType: attributesType)
    self.respond = respond
    self.draw = { _, _ in nil }
  }

  init<Entry: TimelineEntry, Content: View>(
    kind: String, content: @escaping (Entry) -> Content,
    respond: @escaping (ProviderMethod, TimelineProviderContext, @escaping Reply) -> Void
  ) {
    self.manifest = KindManifest(kind: kind, families: WidgetSchema.WidgetFamily.defaultFamilies)
    self.respond = respond
    self.draw = { entry, context in
      (entry as? Entry).map { EntryEncoder(context: context, content: content).draw($0) }
    }
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
