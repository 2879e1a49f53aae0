import Foundation

// Modifiers accepted so that widget code compiles unchanged, with no effect on the view tree.
// docs/swiftui-coverage.md says why each is ignored.

extension View {
  /// Ignored: the view tree is rebuilt for each entry, so identity has no use.
  public func id<ID: Hashable>(_ id: ID) -> some View { self }

  /// Ignored: the host has no accessibility layer yet.
  public func accessibilityLabel(_ label: Text) -> some View { self }

  /// Ignored: the host has no accessibility layer yet.
  public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { self }

  /// Ignored: the host has no accessibility layer yet.
  @_disfavoredOverload
  public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }

  /// Ignored: the host has no accessibility layer yet.
  public func accessibilityHint(_ hint: Text) -> some View { self }

  /// Ignored: the host has no accessibility layer yet.
  public func accessibilityHidden(_ hidden: Bool) -> some View { self }

  /// Ignored: the host never shows a widget on a locked device, so nothing is redacted for
  /// privacy.
  public func privacySensitive(_ sensitive: Bool = true) -> some View { self }

  /// Ignored: lines of text are laid out at their font's own spacing, on the grid one row
  /// apart.
  public func lineSpacing(_ lineSpacing: CGFloat) -> some View { self }

  /// Ignored: a terminal grid has no shadows.
  public func shadow(
    color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
  )
    -> some View
  { self }

  /// Ignored: a terminal's digits all have one width.
  public func monospacedDigit() -> some View { self }

  /// Ignored: widgets have no safe area.
  public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
    -> some View
  { self }

  /// Ignored: widgets have no safe area.
  public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { self }

  /// Ignored: a symbol is one character, in the text's colour.
  public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }

  /// Ignored: a symbol is one character, whatever its scale.
  public func imageScale(_ scale: Image.Scale) -> some View { self }

  /// Ignored: text is never tightened on a grid.
  public func allowsTightening(_ flag: Bool) -> some View { self }
}

/// The safe-area regions `ignoresSafeArea` names. Widgets have none.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  /// Creates regions from their raw value.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The container's safe area.
  public static let container = SafeAreaRegions(rawValue: 1)
  /// The keyboard's.
  public static let keyboard = SafeAreaRegions(rawValue: 2)
  /// Both.
  public static let all: SafeAreaRegions = [.container, .keyboard]
}
