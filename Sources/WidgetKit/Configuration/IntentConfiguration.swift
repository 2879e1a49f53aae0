import Foundation
import Intents
import SwiftUI
import WidgetSchema

/// A widget whose instances a person configures with the parameters of an intent definition:
/// the `.intentdefinition` file of your target, from which the `IntentDefinitionPlugin` generates
/// the intent class.
///
/// The kind's manifest lists the intent's parameters (types, enum cases, defaults, dynamic
/// options). Each snapshot and timeline call gets a fresh intent holding the instance's values;
/// the host's `options` calls are answered by your bundle's `IntentHandler` (an ``INExtension``
/// subclass adopting the generated `<Intent>IntentHandling` protocol).
public struct IntentConfiguration<Content: View>: WidgetConfiguration {
  public let _descriptor: _WidgetDescriptor

  /// Creates the configuration of widget `kind`, configured by `intent`, whose entries come from
  /// `provider` and are shown by `content`.
  public init<Intent: INIntent, Provider: IntentTimelineProvider>(
    kind: String, intent: Intent.Type, provider: Provider,
    @ViewBuilder content: @escaping (Provider.Entry) -> Content
  ) where Provider.Intent == Intent {
    var descriptor = _WidgetDescriptor(kind: kind, content: content) { method, context, reply in
      let encoder = EntryEncoder(context: context, content: content)
      func configuration() -> Intent? {
        do {
          return try Intent._make(from: context.configurationValues)
        } catch {
          reply(.failure(ProviderCallError(message: error.message)))
          return nil
        }
      }
      switch method {
      case .placeholder:
        reply(encoder.encode(provider.placeholder(in: context), redacted: true))
      case .snapshot:
        guard let intent = configuration() else { return }
        let once = ReplyOnce(reply, what: "getSnapshot completion")
        provider.getSnapshot(for: intent, in: context) { entry in
          once.send(encoder.encode(entry))
        }
      case .timeline:
        guard let intent = configuration() else { return }
        let once = ReplyOnce(reply, what: "getTimeline completion")
        provider.getTimeline(for: intent, in: context) { timeline in
          once.send(encoder.encode(timeline))
        }
      case .previews, .perform, .activity:
        reply(.failure(ProviderCallError(message: "\(method) is the bundle's, not the provider's")))
      case .options:
        guard let intent = configuration() else { return }
        let once = ReplyOnce(reply, what: "provide options completion")
        intent._options(for: context.optionsParameter) { result in
          switch result {
          case .success(let options):
            once.send(encodeOptions(options))
          case .failure(let error):
            once.send(.failure(ProviderCallError(message: error.message)))
          }
        }
      }
    }
    descriptor.manifest.configuration = .intent(Intent._schema())
    _descriptor = descriptor
  }
}

/// The reply to an `options` call.
func encodeOptions(_ options: [ParameterOption]) -> Result<Data, ProviderCallError> {
  do {
    return .success(try WidgetJSON.encode(ParameterOptions(options: options)))
  } catch {
    return .failure(ProviderCallError(message: "could not encode the options: \(error)"))
  }
}
