/// Why a view is shown redacted: `@Environment(\.redactionReasons)`.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  /// Creates reasons from their raw value.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The view is a placeholder: WidgetKit's placeholder entry is resolved with this reason.
  public static let placeholder = RedactionReasons(rawValue: 1 << 0)
  /// The view shows private data while the device is locked.
  public static let privacy = RedactionReasons(rawValue: 1 << 1)
  /// The view shows data that is being updated.
  public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

/// Light or dark appearance: `@Environment(\.colorScheme)`.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
  case light
  case dark
}

private struct RedactionReasonsKey: EnvironmentKey {
  static let defaultValue: RedactionReasons = []
}

private struct ColorSchemeKey: EnvironmentKey {
  static let defaultValue = ColorScheme.light
}

private struct LuminanceReducedKey: EnvironmentKey {
  static let defaultValue = false
}

extension EnvironmentValues {
  /// Why the views are shown redacted; `.placeholder` while WidgetKit resolves the placeholder
  /// entry, empty otherwise and inside `unredacted()`.
  public var redactionReasons: RedactionReasons {
    get { self[RedactionReasonsKey.self] }
    set { self[RedactionReasonsKey.self] = newValue }
  }

  /// The appearance. Always `.light` unless set with `.environment(\.colorScheme, .dark)`: the
  /// host does not tell bundles its terminal's colours.
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }

  /// Whether the display is dimmed (an always-on display). Always false: the host does not
  /// dim.
  public var isLuminanceReduced: Bool {
    get { self[LuminanceReducedKey.self] }
    set { self[LuminanceReducedKey.self] = newValue }
  }
}

extension View {
  /// Sets the environment value at `keyPath` to `value` for this view and everything inside
  /// it. Adds no node to the view tree.
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> some View
  {
    changingEnvironment { $0[keyPath: keyPath] = value }
  }

  /// Changes the environment value at `keyPath` with `transform` for this view and everything
  /// inside it. Adds no node to the view tree.
  public func transformEnvironment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
  ) -> some View {
    changingEnvironment { transform(&$0[keyPath: keyPath]) }
  }
}
