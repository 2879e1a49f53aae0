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
    descriptor.drawActivity = { attributes, state, isStale in
      guard let attributes = attributes as? Attributes,
        let state = state as? Attributes.ContentState
      else { return nil }
      return Self.views(
        content: content, dynamicIsland: dynamicIsland,
        ActivityViewContext(
          attributes: attributes, state: state, isStale: isStale, activityID: "preview"))
    }
    _descriptor = descriptor
  }

  /// The views of every presentation for `context`.
  static func views<Content: View>(
    content: (ActivityViewContext<Attributes>) -> Content,
    dynamicIsland: (ActivityViewContext<Attributes>) -> DynamicIsland,
    _ context: ActivityViewContext<Attributes>
  ) -> ActivityViews {
    let banner = ActivityBanner()
    func environment(_ presentation: ActivityPresentation) -> EnvironmentValues {
      var environment = EnvironmentValues()
      let size = presentation.displaySize
      environment._proposedSize = CGSize(width: size.width, height: size.height)
      if presentation == .lockScreen { environment.activityBanner = banner }
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
    let lockScreen = ViewResolver.resolve(content(context), in: environment(.lockScreen))
    return ActivityViews(
      lockScreen: lockScreen,
      expanded: expanded,
      compactLeading: island.compactLeading(environment(.compactLeading)),
      compactTrailing: island.compactTrailing(environment(.compactTrailing)),
      minimal: island.minimal(environment(.minimal)),
      keylineTint: island.keylineTint,
      systemActionForegroundColor: banner.systemActionForegroundColor,
      url: island.url?.absoluteString)
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

  /// The colour of the system's button beside the banner (the web page's Clear button): the
  /// stream's `systemActionForegroundColor` (docs/activities.md).
  public func activitySystemActionForegroundColor(_ color: Color?) -> some View {
    _ActivityBannerTrait(content: self) { banner, environment in
      guard let color else { return }
      if case .color(let value) = ViewResolver.resolve(color, in: environment) {
        banner.systemActionForegroundColor = value
      }
    }
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

/// What the banner's modifiers say of the banner as a whole, gathered while it is resolved.
final class ActivityBanner: @unchecked Sendable {
  // Unchecked: made, written and read by one resolution, on one thread.
  var systemActionForegroundColor: ColorValue?
}

private struct ActivityBannerKey: EnvironmentKey {
  static let defaultValue: ActivityBanner? = nil
}

extension EnvironmentValues {
  /// The banner being resolved, for its modifiers to note what they say.
  var activityBanner: ActivityBanner? {
    get { self[ActivityBannerKey.self] }
    set { self[ActivityBannerKey.self] = newValue }
  }
}

/// A view that notes something of the banner and shows `content` unchanged. SDK detail.
public struct _ActivityBannerTrait<Content: View>: _PrimitiveView {
  let content: Content
  let note: (ActivityBanner, EnvironmentValues) -> Void

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    if let banner = environment.activityBanner { note(banner, environment) }
    return ViewResolver.nodes(content, in: environment)
  }
}
