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

private struct LocaleKey: EnvironmentKey {
  static let defaultValue: Locale? = nil
}

private struct TimeZoneKey: EnvironmentKey {
  static let defaultValue: TimeZone? = nil
}

private struct CalendarKey: EnvironmentKey {
  static let defaultValue: Calendar? = nil
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

  /// The locale: the host's (`--locale`) unless set with `.environment(\.locale, …)`. Dates
  /// that the host formats (`Text(date, style:)`, date ranges) follow the host's locale.
  public var locale: Locale {
    get { self[LocaleKey.self] ?? _BundleStrings.hostLocale }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone: the host's unless set with `.environment(\.timeZone, …)`; the dates and
  /// date ranges of the text inside are shown in the zone set (a world clock's cities).
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] ?? .current }
    set { self[TimeZoneKey.self] = newValue }
  }

  /// The zone set with `.environment(\.timeZone, …)`; nil for the host's.
  var chosenTimeZone: TimeZone? { self[TimeZoneKey.self] }

  /// The calendar: the current one unless set with `.environment(\.calendar, …)`.
  public var calendar: Calendar {
    get { self[CalendarKey.self] ?? .current }
    set { self[CalendarKey.self] = newValue }
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

/// The user's text size, as `@Environment(\.sizeCategory)` reads it: always `.large`, the
/// default setting, which the host's fonts are sized for (docs/rendering.md, "Fonts").
public enum ContentSizeCategory: Hashable, CaseIterable, Sendable {
  case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
  case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
  case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

  /// Whether the size is one of the accessibility sizes.
  public var isAccessibilityCategory: Bool {
    switch self {
    case .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
      .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge:
      true
    default: false
    }
  }
}

/// The user's Dynamic Type size, as `@Environment(\.dynamicTypeSize)` reads it: always
/// `.large`, the default setting.
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

  /// Whether the size is one of the accessibility sizes.
  public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

private struct SizeCategoryKey: EnvironmentKey {
  static let defaultValue = ContentSizeCategory.large
}

private struct DynamicTypeSizeKey: EnvironmentKey {
  static let defaultValue = DynamicTypeSize.large
}

extension EnvironmentValues {
  /// The text size: `.large`, the default setting, unless set with `.environment`.
  public var sizeCategory: ContentSizeCategory {
    get { self[SizeCategoryKey.self] }
    set { self[SizeCategoryKey.self] = newValue }
  }

  /// The Dynamic Type size: `.large`, the default setting, unless set with `.environment` or
  /// ``View/dynamicTypeSize(_:)``.
  public var dynamicTypeSize: DynamicTypeSize {
    get { self[DynamicTypeSizeKey.self] }
    set { self[DynamicTypeSizeKey.self] = newValue }
  }
}

extension View {
  /// Sets the Dynamic Type size the views inside read. Text is still drawn at the default
  /// size's points: the host's fonts do not scale.
  public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
    environment(\.dynamicTypeSize, size)
  }

  /// Limits the Dynamic Type size the views inside read to `range`.
  public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View
  where T.Bound == DynamicTypeSize {
    transformEnvironment(\.dynamicTypeSize) { size in
      if !range.contains(size) {
        let sizes = DynamicTypeSize.allCases.filter { range.contains($0) }
        size = (size < (sizes.first ?? size) ? sizes.first : sizes.last) ?? size
      }
    }
  }
}
