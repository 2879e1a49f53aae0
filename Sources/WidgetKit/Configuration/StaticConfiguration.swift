import Foundation
import SwiftUI
import WidgetSchema

/// A widget with no user-configurable options: a provider and a view for its entries.
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
  public let _descriptor: _WidgetDescriptor

  /// Creates the configuration of widget `kind`, whose entries come from `provider` and are
  /// shown by `content`.
  public init<Provider: TimelineProvider>(
    kind: String, provider: Provider,
    @ViewBuilder content: @escaping (Provider.Entry) -> Content
  ) {
    _descriptor = _WidgetDescriptor(kind: kind, content: content) { method, context, reply in
      let encoder = EntryEncoder(context: context, content: content)
      switch method {
      case .placeholder:
        reply(encoder.encode(provider.placeholder(in: context), redacted: true))
      case .snapshot:
        let once = ReplyOnce(reply, what: "getSnapshot completion")
        provider.getSnapshot(in: context) { entry in once.send(encoder.encode(entry)) }
      case .timeline:
        let once = ReplyOnce(reply, what: "getTimeline completion")
        provider.getTimeline(in: context) { timeline in once.send(encoder.encode(timeline)) }
      case .previews, .perform, .activity:
        reply(.failure(ProviderCallError(message: "\(method) is the bundle's, not the provider's")))
      case .options:
        reply(.failure(ProviderCallError(message: "kind '\(kind)' has no parameters")))
      }
    }
  }
}
