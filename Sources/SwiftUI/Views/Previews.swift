import Foundation
import WidgetSchema

/// Views shown in previews: `struct MyWidget_Previews: PreviewProvider`.
///
/// Previews type-check and resolve like any other view; the host does not show them yet.
public protocol PreviewProvider {
  /// The type of the previews.
  associatedtype Previews: View

  /// The views to preview.
  @ViewBuilder static var previews: Self.Previews { get }
}

/// Where a preview is shown. WidgetKit's `WidgetPreviewContext(family:)` sets the widget
/// family of the preview.
public protocol PreviewContext {
  /// Sets the environment the preview is resolved in. SDK detail.
  func _configure(_ environment: inout EnvironmentValues)
}

/// The size of a preview.
public enum PreviewLayout: Sendable {
  /// The device's size.
  case device
  /// The preview's own size.
  case sizeThatFits
  /// A fixed size in points.
  case fixed(width: CGFloat, height: CGFloat)
}

extension View {
  /// Shows this preview in `context`: resolves it in the environment the context sets up (a
  /// widget family, for WidgetKit's context).
  public func previewContext<C: PreviewContext>(_ context: C) -> some View {
    changingEnvironment { context._configure(&$0) }
  }

  /// Names the preview. Ignored until previews are shown.
  public func previewDisplayName(_ name: String?) -> some View { self }

  /// Sets the preview's size. Ignored until previews are shown.
  public func previewLayout(_ layout: PreviewLayout) -> some View { self }
}

/// A preview, as `#Preview` declares it: a view, or (with WidgetKit) a widget in a family with
/// the entries it is shown with.
///
/// A widget's previews are shown by `widget-host preview`, beside its placeholder and snapshot
/// (the bundle answers the host's `previews` call with them); ``_content()`` gives what a
/// preview shows, resolved into the host's view tree.
public struct Preview {
  /// The name the preview was given.
  public let displayName: String?
  /// The widget kind a widget preview shows; nil for a view preview.
  public let _kind: String?
  /// The widget family a widget preview is shown at; nil for a view preview.
  public let _family: WidgetSchema.WidgetFamily?
  private let entries: @MainActor () async -> [WidgetSchema.Entry]
  /// What a Live Activity preview shows; nil for a view or a widget preview.
  public let _activityViewKind: WidgetSchema.ActivityPreviewKind?
  private let activityStates: @MainActor () async -> [WidgetSchema.ActivityViews]

  /// A preview of the view `body` builds.
  @MainActor public init(_ name: String? = nil, body: @escaping @MainActor () -> any View) {
    self.init(name, traits: [], body: body)
  }

  /// A preview of the view `body` builds, laid out with `traits`.
  @MainActor public init(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
    _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    body: @escaping @MainActor () -> any View
  ) {
    self.init(name, traits: [traits] + additionalTraits, body: body)
  }

  @MainActor private init(
    _ name: String?, traits: [PreviewTrait<Preview.ViewTraits>],
    body: @escaping @MainActor () -> any View
  ) {
    displayName = name
    _kind = nil
    _family = nil
    _activityViewKind = nil
    activityStates = { [] }
    entries = {
      [
        WidgetSchema.Entry(
          date: Date(), view: ViewResolver.resolve(AnyView(body()), in: EnvironmentValues()))
      ]
    }
  }

  /// A preview of widget `kind`: its family and each entry it shows, drawn. SDK detail, for
  /// WidgetKit's initializers.
  public init(
    _displayName: String?, kind: String, family: WidgetSchema.WidgetFamily,
    entries: @escaping @MainActor () async -> [WidgetSchema.Entry]
  ) {
    displayName = _displayName
    _kind = kind
    _family = family
    self.entries = entries
    _activityViewKind = nil
    activityStates = { [] }
  }

  /// A preview of the Live Activities of attributes type `kind`: each content state's views,
  /// drawn. SDK detail, for WidgetKit's initializers.
  public init(
    _displayName: String?, kind: String, activityViewKind: WidgetSchema.ActivityPreviewKind,
    states: @escaping @MainActor () async -> [WidgetSchema.ActivityViews]
  ) {
    displayName = _displayName
    _kind = kind
    _family = nil
    entries = { [] }
    _activityViewKind = activityViewKind
    activityStates = states
  }

  /// The views of each content state a Live Activity preview shows.
  @MainActor public func _activityStates() async -> [WidgetSchema.ActivityViews] {
    await activityStates()
  }

  /// What the preview shows: the view, or the view of each of the widget's entries, in order.
  @MainActor public func _content() async -> [ViewNode] { await entries().map(\.view) }

  /// The entries the preview shows, drawn: one for a view preview.
  @MainActor public func _entries() async -> [WidgetSchema.Entry] { await entries() }

  /// The traits of a view preview.
  public enum ViewTraits {}
}

/// How a preview is laid out: its size and orientation. There is no canvas to lay it out on,
/// so traits only type-check.
public struct PreviewTrait<T>: Sendable {
  private init() {}

  /// The size the view needs.
  public static var sizeThatFitsLayout: PreviewTrait<Preview.ViewTraits> { .init() }
  /// A fixed size in points.
  public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<
    Preview.ViewTraits
  > { .init() }
  /// The device held upright.
  public static var portrait: PreviewTrait<Preview.ViewTraits> { .init() }
  /// The device turned with its top to the left.
  public static var landscapeLeft: PreviewTrait<Preview.ViewTraits> { .init() }
  /// The device turned with its top to the right.
  public static var landscapeRight: PreviewTrait<Preview.ViewTraits> { .init() }
}

/// What `#Preview` declares. SDK detail.
public protocol _PreviewDeclaration {
  /// The preview the macro's arguments describe.
  @MainActor static func makePreview() -> Preview
}

/// A preview of the view `body` builds.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> any View) =
  #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A preview of the view `body` builds, laid out with `traits`.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
  _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
  body: @escaping @MainActor () -> any View
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")
