import ActivityKit
import SwiftUI
import WidgetSchema

/// What a Live Activity preview shows: the Lock Screen banner, or one of the island's
/// presentations.
public struct ActivityPreviewViewKind: Sendable, Hashable {
  let value: WidgetSchema.ActivityPreviewKind

  /// The Lock Screen banner.
  public static let content = ActivityPreviewViewKind(value: .content)

  /// The island's presentations, by WidgetKit's own name for them.
  public typealias DynamicIslandPreviewViewState = DynamicIslandPreviewViewKind

  /// The Dynamic Island in `kind`'s presentation.
  public static func dynamicIsland(_ kind: DynamicIslandPreviewViewKind) -> ActivityPreviewViewKind
  {
    ActivityPreviewViewKind(value: kind.value)
  }
}

/// The island's presentations a preview can show.
public struct DynamicIslandPreviewViewKind: Sendable, Hashable {
  let value: WidgetSchema.ActivityPreviewKind

  /// The compact leading and trailing views.
  public static let compact = DynamicIslandPreviewViewKind(value: .compact)
  /// The expanded regions.
  public static let expanded = DynamicIslandPreviewViewKind(value: .expanded)
  /// The minimal view.
  public static let minimal = DynamicIslandPreviewViewKind(value: .minimal)
}

extension ActivityAttributes {
  /// This activity's `viewKind` presentation with `contentState`, as Xcode 14's template
  /// previews it in a `PreviewProvider`:
  /// `attributes.previewContext(state, viewKind: .dynamicIsland(.compact))`.
  ///
  /// It is drawn by the bundle's `ActivityConfiguration` for this type, looked up when the view
  /// is resolved; a bundle without one shows a line saying so. (`widget-host preview` shows the
  /// `#Preview(_:as:using:widget:contentStates:)` form.)
  public func previewContext(
    _ contentState: ContentState, isStale: Bool = false, viewKind: ActivityPreviewViewKind
  ) -> some View {
    _ActivityPreview(attributes: self, state: contentState, isStale: isStale, kind: viewKind.value)
  }
}

/// What ``ActivityAttributes/previewContext(_:isStale:viewKind:)`` shows. SDK detail.
public struct _ActivityPreview<Attributes: ActivityAttributes>: _PrimitiveView {
  let attributes: Attributes
  let state: Attributes.ContentState
  let isStale: Bool
  let kind: WidgetSchema.ActivityPreviewKind

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let type = String(describing: Attributes.self)
    let descriptors = BundleRegistration.registered?() ?? []
    guard
      let descriptor = descriptors.first(where: { $0.activity?.attributesType == type }),
      let views = descriptor.drawActivity(attributes, state, isStale)
    else {
      return [.text(TextNode(runs: [.verbatim("No ActivityConfiguration for \(type)")]))]
    }
    switch kind {
    case .content: return [views.lockScreen]
    case .expanded: return [views.expanded.combined]
    case .minimal: return [views.minimal]
    case .compact:
      return [
        .stack(
          StackNode(
            axis: .horizontal, alignment: .center,
            children: [views.compactLeading, .spacer(minLength: nil), views.compactTrailing]))
      ]
    }
  }
}

/// Builds the content states a Live Activity preview shows: `contentStates: { .a; .b }`.
@resultBuilder
public enum PreviewActivityBuilder<State> {
  public static func buildExpression(_ state: State) -> [State] { [state] }
  public static func buildExpression(_ states: [State]) -> [State] { states }
  public static func buildBlock(_ parts: [State]...) -> [State] { parts.flatMap { $0 } }
  public static func buildArray(_ parts: [[State]]) -> [State] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [State]?) -> [State] { part ?? [] }
  public static func buildEither(first part: [State]) -> [State] { part }
  public static func buildEither(second part: [State]) -> [State] { part }
}

extension Preview {
  /// A preview of `widget`'s Live Activity with `attributes`, in `viewKind`, in each of the
  /// states `contentStates` builds. `widget`'s body must be an `ActivityConfiguration` for
  /// `Attributes`.
  @MainActor public init<W: Widget, Attributes: ActivityAttributes>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
    widget: @escaping () -> W,
    @PreviewActivityBuilder<Attributes.ContentState> contentStates:
      @escaping @MainActor () async
      -> [Attributes.ContentState]
  ) {
    let descriptor = widget().body._descriptor
    self.init(
      _displayName: name, kind: descriptor.manifest.kind, activityViewKind: viewKind.value
    ) {
      await contentStates().map { state in
        guard let views = descriptor.drawActivity(attributes, state, false) else {
          preconditionFailure(
            "#Preview of '\(descriptor.manifest.kind)': the widget is not an "
              + "ActivityConfiguration for \(Attributes.self)")
        }
        return views
      }
    }
  }
}

/// A preview of `widget`'s Live Activity with `attributes`, in `viewKind`, in each content state
/// `contentStates` builds.
@freestanding(declaration)
public macro Preview<W: Widget, Attributes: ActivityAttributes>(
  _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
  widget: @escaping () -> W,
  @PreviewActivityBuilder<Attributes.ContentState> contentStates:
    @escaping @MainActor () async
    -> [Attributes.ContentState]
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")
