import ActivityKit
import Foundation
import SwiftUI
import WidgetSchema

/// What an activity's views are built from: its attributes, its content state now, and whether
/// that content is stale.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
  /// The attributes the app started the activity with.
  public let attributes: Attributes
  /// The content state shown.
  public let state: Attributes.ContentState
  /// True once the content's stale date has passed.
  public let isStale: Bool
  /// The activity's id.
  public let activityID: String
}

/// The Live Activities of `Attributes`: `content` draws the Lock Screen banner, `dynamicIsland`
/// the island's presentations. The host draws them when the app starts or updates one
/// (docs/activities.md).
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
  public let _descriptor: _WidgetDescriptor

  /// Draws activities of `attributesType`.
  public init<Content: View>(
    for attributesType: Attributes.Type = Attributes.self,
    @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
    dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
  ) {
    let type = String(describing: Attributes.self)
    var descriptor = _WidgetDescriptor(activity: type) { method, context, reply in
      guard method == .activity, let call = context.activity else {
        return reply(
          .failure(ProviderCallError(message: "\(type) is a Live Activity type: no \(method)")))
      }
      let viewContext: ActivityViewContext<Attributes>
      do {
        viewContext = ActivityViewContext(
          attributes: try Self.decode(Attributes.self, call.attributes, what: "attributes"),
          state: try Self.decode(Attributes.ContentState.self, call.state, what: "content state"),
          isStale: call.isStale, activityID: call.id)
      } catch {
        return reply(.failure(ProviderCallError(message: "\(error)")))
      }
      reply(Self.encode(Self.views(content: content, dynamicIsland: dynamicIsland, viewContext)))
    }
    descriptor.drawActivity = { attributes, state in
      guard let attributes = attributes as? Attributes,
        let state = state as? Attributes.ContentState
      else { return nil }
      return Self.views(
        content: content, dynamicIsland: dynamicIsland,
        ActivityViewContext(
          attributes: attributes, state: state, isStale: false, activityID: "preview"))
    }
    _descriptor = descriptor
  }

  /// The views of every presentation for `context`.
  static func views<Content: View>(
    content: (ActivityViewContext<Attributes>) -> Content,
    dynamicIsland: (ActivityViewContext<Attributes>) -> DynamicIsland,
    _ context: ActivityViewContext<Attributes>
  ) -> ActivityViews {
    func environment(_ presentation: ActivityPresentation) -> EnvironmentValues {
      var environment = EnvironmentValues()
      let size = presentation.displaySize
      environment._proposedSize = CGSize(width: size.width, height: size.height)
      return environment
    }
    let island = dynamicIsland(context)
    var expanded = ActivityViews.Expanded()
    let expandedEnvironment = environment(.expanded)
    for region in island.expanded {
      let node = region.resolve(expandedEnvironment)
      switch region.position {
      case .leading: expanded.leading = node
      case .trailing: expanded.trailing = node
      case .center: expanded.center = node
      case .bottom: expanded.bottom = node
      }
    }
    return ActivityViews(
      lockScreen: ViewResolver.resolve(content(context), in: environment(.lockScreen)),
      expanded: expanded,
      compactLeading: island.compactLeading(environment(.compactLeading)),
      compactTrailing: island.compactTrailing(environment(.compactTrailing)),
      minimal: island.minimal(environment(.minimal)),
      keylineTint: island.keylineTint, url: island.url?.absoluteString)
  }

  private struct UndecodableValue: Error, CustomStringConvertible {
    var description: String
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, what: String)
    throws -> T
  {
    do {
      return try WidgetJSON.decode(type, from: try WidgetJSON.encode(value))
    } catch {
      throw UndecodableValue(
        description: "the activity's \(what) does not decode as \(T.self): \(error)")
    }
  }

  private static func encode(_ views: ActivityViews) -> Result<Data, ProviderCallError> {
    do {
      return .success(try WidgetJSON.encode(views))
    } catch {
      return .failure(ProviderCallError(message: "could not encode the activity's views: \(error)"))
    }
  }
}

extension View {
  /// The Lock Screen banner's background: drawn behind the whole banner, as a widget's
  /// container background is.
  public func activityBackgroundTint(_ color: Color?) -> some View {
    containerBackground(color ?? Color.clear, for: .widget)
  }

  /// The colour of the system's buttons over the banner: accepted; the host draws no system
  /// buttons.
  public func activitySystemActionForegroundColor(_ color: Color?) -> some View {
    self
  }

  /// Where an expanded region's view goes when it is too wide: accepted; the host lays the
  /// regions out side by side, then the bottom one.
  public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement)
    -> some View
  {
    self
  }
}

/// Where an expanded region's view may go when it does not fit beside the camera.
public struct DynamicIslandExpandedRegionVerticalPlacement: Sendable {
  /// Below the camera, when too wide.
  public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement()
}
