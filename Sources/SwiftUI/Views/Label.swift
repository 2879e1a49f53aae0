import WidgetSchema

/// A title with an icon: `Label("Now playing", systemImage: "play.fill")`.
///
/// Resolves to a horizontal stack of the icon and the title, centred, 4 points apart (SwiftUI's
/// default label style), or to the icon or title alone under `.labelStyle(.iconOnly)` or
/// `.labelStyle(.titleOnly)`.
public struct Label<Title: View, Icon: View>: _PrimitiveView {
  let title: Title
  let icon: Icon

  /// A label made of the views `title` and `icon` build.
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  public func _nodes(in environment: EnvironmentValues) -> [ViewNode] {
    let icon = ViewResolver.nodes(self.icon, in: environment)
    let title = ViewResolver.nodes(self.title, in: environment)
    switch environment.labelStyle {
    case .iconOnly: return icon
    case .titleOnly: return title
    case .titleAndIcon:
      return [
        .stack(StackNode(axis: .horizontal, alignment: .center, spacing: 4, children: icon + title))
      ]
    }
  }
}

extension Label where Title == Text, Icon == Image {
  /// A label with the text for `titleKey` and an SF Symbols icon.
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
    self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
  }

  /// A label with `title` as it is and an SF Symbols icon.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, systemImage name: String) {
    self.init(title: { Text(title) }, icon: { Image(systemName: name) })
  }

  /// A label with the text for `titleKey` and an image from the bundle's resources.
  public init(_ titleKey: LocalizedStringKey, image name: String) {
    self.init(title: { Text(titleKey) }, icon: { Image(name) })
  }

  /// A label with `title` as it is and an image from the bundle's resources.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, image name: String) {
    self.init(title: { Text(title) }, icon: { Image(name) })
  }
}

/// How labels show their title and icon: `.labelStyle(.iconOnly)`.
public protocol LabelStyle: Sendable {
  /// What the style shows. SDK detail.
  var _display: _LabelDisplay { get }
}

/// What a ``LabelStyle`` shows. SDK detail.
public enum _LabelDisplay: Sendable {
  case titleAndIcon
  case titleOnly
  case iconOnly
}

/// The default style: icon and title.
public struct DefaultLabelStyle: LabelStyle {
  /// Creates the style.
  public init() {}
  public var _display: _LabelDisplay { .titleAndIcon }
}

/// Icon and title.
public struct TitleAndIconLabelStyle: LabelStyle {
  /// Creates the style.
  public init() {}
  public var _display: _LabelDisplay { .titleAndIcon }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
  /// Creates the style.
  public init() {}
  public var _display: _LabelDisplay { .titleOnly }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle {
  /// Creates the style.
  public init() {}
  public var _display: _LabelDisplay { .iconOnly }
}

extension LabelStyle where Self == DefaultLabelStyle {
  /// The default style: icon and title.
  public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
  /// Icon and title.
  public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
  /// The title alone.
  public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  /// The icon alone.
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

private struct LabelStyleKey: EnvironmentKey {
  static let defaultValue = _LabelDisplay.titleAndIcon
}

extension EnvironmentValues {
  /// What labels in this part of the tree show.
  var labelStyle: _LabelDisplay {
    get { self[LabelStyleKey.self] }
    set { self[LabelStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets how labels inside show their title and icon.
  public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
    let display = style._display
    return changingEnvironment { $0.labelStyle = display }
  }
}
