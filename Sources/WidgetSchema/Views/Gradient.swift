import FoundationEssentials

/// A gradient a view is painted with (`LinearGradient`, `RadialGradient`, `AngularGradient`,
/// `Gradient` and `AnyGradient` as styles): colour stops and where the colours change, in the
/// frame of the view painted (a shape's, a text's, a gradient view's own).
///
/// Wherever a gradient may paint, the node also carries a plain colour, ``representative``,
/// for what draws one colour only (the character grid, consumers that draw no gradients).
///
/// JSON, with only the fields of its kind:
/// `{"kind": "linear", "stops": [{"color": {…}, "location": 0}, …], "startPoint": {"x": 0.5,
/// "y": 0}, "endPoint": {"x": 0.5, "y": 1}}`; `{"kind": "radial", "stops": […], "center": {…},
/// "startRadius": 0, "endRadius": 50}`; `{"kind": "elliptical", "stops": […], "center": {…},
/// "startRadiusFraction": 0, "endRadiusFraction": 0.5}`; `{"kind": "angular", "stops": […],
/// "center": {…}, "startAngle": 0, "endAngle": 360}`.
public struct GradientValue: Sendable, Equatable {
  /// How the colours change.
  public enum Kind: String, JSONEnum, Sendable {
    /// Along the line from ``GradientValue/startPoint`` to ``GradientValue/endPoint``; before
    /// the start and after the end the end colours continue.
    case linear
    /// In circles about ``GradientValue/center``, from ``GradientValue/startRadius`` to
    /// ``GradientValue/endRadius`` (points).
    case radial
    /// In ellipses about ``GradientValue/center`` with the frame's proportions
    /// (`EllipticalGradient`): ``GradientValue/startRadius`` and ``GradientValue/endRadius`` are
    /// fractions of the frame's size (0.5 reaches its edges), across and down.
    case elliptical
    /// Round ``GradientValue/center``, from ``GradientValue/startAngle`` to
    /// ``GradientValue/endAngle`` (a conic gradient).
    case angular
  }

  /// A colour and where it sits along the gradient, 0…1.
  @JSONFields
  public struct Stop: Codable, Sendable, Equatable {
    public var color: ColorValue
    public var location: Double

    /// Creates a stop.
    public init(color: ColorValue, location: Double) {
      self.color = color
      self.location = location
    }
  }

  /// A point of the frame painted: 0 its leading (top) edge, 1 its trailing (bottom) one
  /// (SwiftUI's `UnitPoint`).
  @JSONFields
  public struct Point: Codable, Sendable, Equatable {
    public var x: Double
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  public var kind: Kind
  /// The stops in the order given (a renderer sorts them by location).
  public var stops: [Stop]
  /// `linear`: where the first colour is.
  public var startPoint: Point
  /// `linear`: where the last colour is.
  public var endPoint: Point
  /// `radial`, `elliptical`, `angular`: the centre.
  public var center: Point
  /// `radial`: the radius of the first colour, in points; `elliptical`: as a fraction of the
  /// frame's size (`startRadiusFraction` in JSON).
  public var startRadius: Double
  /// `radial`: the radius of the last colour, in points; `elliptical`: as a fraction of the
  /// frame's size (`endRadiusFraction` in JSON).
  public var endRadius: Double
  /// `angular`: the angle of the first colour, in degrees clockwise from the trailing side (as
  /// SwiftUI's `Angle` on the screen).
  public var startAngle: Double
  /// `angular`: the angle of the last colour.
  public var endAngle: Double

  /// Creates a gradient; set the fields of `kind`.
  public init(
    kind: Kind, stops: [Stop], startPoint: Point = Point(x: 0.5, y: 0),
    endPoint: Point = Point(x: 0.5, y: 1), center: Point = Point(x: 0.5, y: 0.5),
    startRadius: Double = 0, endRadius: Double = 0, startAngle: Double = 0,
    endAngle: Double = 360
  ) {
    self.kind = kind
    self.stops = stops
    self.startPoint = startPoint
    self.endPoint = endPoint
    self.center = center
    self.startRadius = startRadius
    self.endRadius = endRadius
    self.startAngle = startAngle
    self.endAngle = endAngle
  }

  /// A linear gradient from `start` to `end`.
  public static func linear(_ stops: [Stop], from start: Point, to end: Point) -> GradientValue {
    GradientValue(kind: .linear, stops: stops, startPoint: start, endPoint: end)
  }

  /// A radial gradient about `center`.
  public static func radial(
    _ stops: [Stop], center: Point, startRadius: Double, endRadius: Double
  ) -> GradientValue {
    GradientValue(
      kind: .radial, stops: stops, center: center, startRadius: startRadius,
      endRadius: endRadius)
  }

  /// An elliptical gradient about `center`, its radii fractions of the frame's size.
  public static func elliptical(
    _ stops: [Stop], center: Point, startRadiusFraction: Double, endRadiusFraction: Double
  ) -> GradientValue {
    GradientValue(
      kind: .elliptical, stops: stops, center: center, startRadius: startRadiusFraction,
      endRadius: endRadiusFraction)
  }

  /// An angular gradient about `center`, angles in degrees.
  public static func angular(
    _ stops: [Stop], center: Point, startAngle: Double, endAngle: Double
  ) -> GradientValue {
    GradientValue(
      kind: .angular, stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// The one colour that stands for the gradient where only one is drawn (the character grid,
  /// and the `fill`, `foreground` or `color` beside the gradient in the tree): the stop nearest
  /// the middle of the gradient (location 0.5), the later one of two as near (a colour's
  /// standard gradient, lightened to the colour itself, gives the colour); clear when there are
  /// no stops. A stop's own colour, not a mix: a named colour stays named, so the terminal shows
  /// it in its theme's colour.
  public var representative: ColorValue {
    var best: Stop?
    for stop in stops {
      guard let current = best else {
        best = stop
        continue
      }
      if abs(stop.location - 0.5) <= abs(current.location - 0.5) { best = stop }
    }
    return best?.color ?? ColorValue(name: "clear")
  }

  private enum CodingKeys: String, CodingKey {
    case kind, stops, startPoint, endPoint, center, startRadius, endRadius, startAngle, endAngle
    case startRadiusFraction, endRadiusFraction
  }
}

extension GradientValue: Codable, JSONObjectFields {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(Kind.self, forKey: .kind)
    let stops = try container.decode([Stop].self, forKey: .stops)
    switch kind {
    case .linear:
      self = .linear(
        stops, from: try container.decode(Point.self, forKey: .startPoint),
        to: try container.decode(Point.self, forKey: .endPoint))
    case .radial:
      self = .radial(
        stops, center: try container.decode(Point.self, forKey: .center),
        startRadius: try container.decode(Double.self, forKey: .startRadius),
        endRadius: try container.decode(Double.self, forKey: .endRadius))
    case .elliptical:
      self = .elliptical(
        stops, center: try container.decode(Point.self, forKey: .center),
        startRadiusFraction: try container.decode(Double.self, forKey: .startRadiusFraction),
        endRadiusFraction: try container.decode(Double.self, forKey: .endRadiusFraction))
    case .angular:
      self = .angular(
        stops, center: try container.decode(Point.self, forKey: .center),
        startAngle: try container.decode(Double.self, forKey: .startAngle),
        endAngle: try container.decode(Double.self, forKey: .endAngle))
    }
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    switch kind {
    case .linear:
      try sink.field("endPoint", endPoint)
      try sink.field("kind", kind)
      try sink.field("startPoint", startPoint)
    case .radial:
      try sink.field("center", center)
      try sink.field("endRadius", endRadius)
      try sink.field("kind", kind)
      try sink.field("startRadius", startRadius)
    case .elliptical:
      try sink.field("center", center)
      try sink.field("endRadiusFraction", endRadius)
      try sink.field("kind", kind)
      try sink.field("startRadiusFraction", startRadius)
    case .angular:
      try sink.field("center", center)
      try sink.field("endAngle", endAngle)
      try sink.field("kind", kind)
      try sink.field("startAngle", startAngle)
    }
    try sink.field("stops", stops)
  }
}

extension ColorValue {
  /// This colour moved `fraction` (0…1) of the way to white, in both appearances (a colour's
  /// standard gradient starts there): an RGB colour, or a named system colour of fixed value,
  /// taken as iOS's RGB values in each appearance. Nil for the colours whose value depends on
  /// where they are drawn (the label and accent colours, `background`, `clear`).
  public func lightened(by fraction: Double) -> ColorValue? {
    func mix(_ value: Double) -> Double { value + (1 - value) * fraction }
    func lighter(_ components: Components) -> Components {
      Components(
        red: mix(components.red), green: mix(components.green), blue: mix(components.blue),
        opacity: components.opacity)
    }
    let light: Components
    let dark: Components?
    if let name {
      guard let values = Self.fixedSystemColors[name] else { return nil }
      light = Self.components(values.light, opacity: opacity)
      dark = Self.components(values.dark, opacity: opacity)
    } else {
      guard let red, let green, let blue else { return nil }
      light = Components(red: red, green: green, blue: blue, opacity: opacity)
      dark = self.dark
    }
    let top = lighter(light)
    return ColorValue(
      red: top.red, green: top.green, blue: top.blue, opacity: top.opacity,
      dark: dark.map(lighter))
  }

  private static func components(_ hex: UInt32, opacity: Double) -> Components {
    Components(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255, opacity: opacity)
  }

  /// iOS's system colours of fixed value, light and dark (as the pixel renderer draws them).
  private static let fixedSystemColors: [String: (light: UInt32, dark: UInt32)] = [
    "black": (0x000000, 0x000000), "white": (0xFFFFFF, 0xFFFFFF), "gray": (0x8E8E93, 0x8E8E93),
    "red": (0xFF3B30, 0xFF453A), "orange": (0xFF9500, 0xFF9F0A), "yellow": (0xFFCC00, 0xFFD60A),
    "green": (0x34C759, 0x30D158), "mint": (0x00C7BE, 0x63E6E2), "teal": (0x30B0C7, 0x40CBE0),
    "cyan": (0x32ADE6, 0x64D2FF), "blue": (0x007AFF, 0x0A84FF), "indigo": (0x5856D6, 0x5E5CE6),
    "purple": (0xAF52DE, 0xBF5AF2), "pink": (0xFF2D55, 0xFF375F), "brown": (0xA2845E, 0xAC8E68),
  ]
}
