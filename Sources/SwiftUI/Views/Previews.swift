import Foundation

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
