import AppIntents
import Foundation
import SwiftUI
import WidgetSchema

/// A widget whose instances a person configures with the `@Parameter`s of a
/// ``WidgetConfigurationIntent``.
///
/// The kind's manifest lists the intent's parameters, found by reflection over `Intent()`. Each
/// call gets a fresh intent holding the instance's values (entities are looked up with their
/// query's `entities(for:)`); the host's `options` calls list an entity parameter's
/// `suggestedEntities()` or an ``AppEnum``'s cases.
public struct AppIntentConfiguration<Content: View>: WidgetConfiguration {
  public let _descriptor: _WidgetDescriptor

  /// Creates the configuration of widget `kind`, configured by `intent`, whose entries come from
  /// `provider` and are shown by `content`.
  public init<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider>(
    kind: String, intent: Intent.Type = Intent.self, provider: Provider,
    @ViewBuilder content: @escaping (Provider.Entry) -> Content
  ) where Provider.Intent == Intent {
    let call: any AsyncResponder = AsyncCall(provider: provider, content: content)
    var descriptor = _WidgetDescriptor(kind: kind, content: content) { method, context, reply in
      let reply = Handoff(reply)
      Task { await call.respond(method, context, reply.value) }
    }
    descriptor.manifest.configuration = .appIntent(AppIntentReflection.schema(of: Intent.self))
    _descriptor = descriptor
  }
}

/// Answers calls in a task; the task sees only this existential, not the generic types.
private protocol AsyncResponder: Sendable {
  func respond(
    _ method: ProviderMethod, _ context: TimelineProviderContext,
    _ reply: @escaping _WidgetDescriptor.Reply) async
}

/// Runs one call of an ``AppIntentTimelineProvider`` in a task.
private struct AsyncCall<Provider: AppIntentTimelineProvider, Content: View>: AsyncResponder,
  @unchecked Sendable
{
  // Unchecked: the provider and the content closure are the author's; WidgetKit calls providers
  // from its own queues too, and the SDK shares them only as WidgetKit does.
  let provider: Provider
  let content: (Provider.Entry) -> Content

  func respond(
    _ method: ProviderMethod, _ context: TimelineProviderContext,
    _ reply: @escaping _WidgetDescriptor.Reply
  ) async {
    let encoder = EntryEncoder(context: context, content: content)
    if method == .placeholder {
      return reply(encoder.encode(await provider.placeholder(in: context), redacted: true))
    }
    if method == .options {
      do {
        let options = try await AppIntentReflection.options(
          of: Provider.Intent.self, parameter: context.optionsParameter)
        return reply(encodeOptions(options))
      } catch {
        return reply(.failure(ProviderCallError(message: error.message)))
      }
    }
    let intent: Provider.Intent
    do {
      intent = try await AppIntentReflection.make(
        Provider.Intent.self, from: context.configurationValues)
    } catch {
      return reply(.failure(ProviderCallError(message: error.message)))
    }
    switch method {
    case .snapshot: reply(encoder.encode(await provider.snapshot(for: intent, in: context)))
    default: reply(encoder.encode(await provider.timeline(for: intent, in: context)))
    }
  }
}
