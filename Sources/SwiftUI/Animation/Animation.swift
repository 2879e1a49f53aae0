import Foundation

// Animations and transitions. iOS animates a widget from one entry to the next (iOS 17); the
// host shows each entry as it is, so these are accepted and draw nothing different
// (docs/swiftui-coverage.md).

/// How a change animates: `.animation(.easeInOut, value: entry.count)`. Accepted; entries are
/// shown without animation.
public struct Animation: Equatable, Sendable {
  private let name: String
  private let duration: Double?

  private init(_ name: String, duration: Double? = nil) {
    self.name = name
    self.duration = duration
  }

  /// The system's default animation.
  public static let `default` = Animation("default")
  /// Starts and ends slowly.
  public static let easeInOut = Animation("easeInOut")
  /// Starts slowly.
  public static let easeIn = Animation("easeIn")
  /// Ends slowly.
  public static let easeOut = Animation("easeOut")
  /// At one speed.
  public static let linear = Animation("linear")
  /// A spring with no bounce.
  public static let smooth = Animation("smooth")
  /// A spring with a little bounce.
  public static let snappy = Animation("snappy")
  /// A spring with a visible bounce.
  public static let bouncy = Animation("bouncy")
  /// A spring.
  public static let spring = Animation("spring")

  /// Starts and ends slowly, over `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation {
    Animation("easeInOut", duration: duration)
  }
  /// Starts slowly, over `duration` seconds.
  public static func easeIn(duration: Double) -> Animation {
    Animation("easeIn", duration: duration)
  }
  /// Ends slowly, over `duration` seconds.
  public static func easeOut(duration: Double) -> Animation {
    Animation("easeOut", duration: duration)
  }
  /// At one speed, over `duration` seconds.
  public static func linear(duration: Double) -> Animation {
    Animation("linear", duration: duration)
  }
  /// A spring.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    Animation("spring", duration: response)
  }
  /// A spring lasting `duration` seconds with `bounce` (0: none).
  public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
    Animation("spring", duration: duration)
  }

  /// The same animation after `delay` seconds.
  public func delay(_ delay: Double) -> Animation { self }
  /// The same animation `speed` times as fast.
  public func speed(_ speed: Double) -> Animation { self }
  /// The same animation, repeated forever.
  public func repeatForever(autoreverses: Bool = true) -> Animation { self }
  /// The same animation, repeated `repeatCount` times.
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { self }
}

/// How a view comes and goes: `.transition(.opacity)`. Accepted; views appear as they are.
public struct AnyTransition: Sendable {
  private init() {}

  /// Fades in and out.
  public static let opacity = AnyTransition()
  /// Grows from and shrinks to nothing.
  public static let scale = AnyTransition()
  /// Slides in from the leading edge and out to the trailing one.
  public static let slide = AnyTransition()
  /// No transition.
  public static let identity = AnyTransition()

  /// Grows from and shrinks to `scale`, about `anchor`.
  public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
    AnyTransition()
  }
  /// Moves in from and out to `edge`.
  public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
  /// Pushes in from `edge`, pushing the old view out.
  public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
  /// `insertion` when the view comes, `removal` when it goes.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition)
    -> AnyTransition
  { AnyTransition() }

  /// Both transitions at once.
  public func combined(with other: AnyTransition) -> AnyTransition { self }
  /// The transition with `animation`.
  public func animation(_ animation: Animation?) -> AnyTransition { self }
}

/// How a view's content changes in place: `.contentTransition(.numericText())`, which iOS
/// uses to roll digits between entries. Accepted; the new content is shown as it is.
public struct ContentTransition: Equatable, Sendable {
  private let name: String

  private init(_ name: String) {
    self.name = name
  }

  /// No transition.
  public static let identity = ContentTransition("identity")
  /// Cross-fades.
  public static let opacity = ContentTransition("opacity")
  /// Interpolates between the two contents.
  public static let interpolate = ContentTransition("interpolate")

  /// Rolls the digits of a number, up or (with `countsDown`) down.
  public static func numericText(countsDown: Bool = false) -> ContentTransition {
    ContentTransition("numericText")
  }
  /// Rolls the digits of a number towards `value`.
  public static func numericText(value: Double) -> ContentTransition {
    ContentTransition("numericText")
  }
}

extension View {
  /// Accepted: entries are shown without animation.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

  /// Accepted: entries are shown without animation.
  @available(*, deprecated, message: "Use animation(_:value:) instead.")
  public func animation(_ animation: Animation?) -> some View { self }

  /// Accepted: a view appears and goes as it is.
  public func transition(_ transition: AnyTransition) -> some View { self }

  /// Accepted: new content is shown as it is.
  public func contentTransition(_ transition: ContentTransition) -> some View { self }
}

/// Runs `body`, and would animate the changes it makes with `animation`: here, it runs
/// `body` (nothing is animated).
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result {
  try body()
}
