import FoundationEssentials

/// The view tree: what a bundle's view resolves to, and what the host lays out and renders.
///
/// Every node is a JSON object with a `type` field; docs/schema.md lists the types and fields.
/// Nodes are plain data: dates inside text are kept as dates so the host can format them (and
/// keep relative ones live) at display time. Modifiers wrap the node they modify, in the order
/// the code applies them, as in SwiftUI (`.padding().background(.red)` differs from
/// `.background(.red).padding()`).
///
/// A node is one word: every case with a payload is `indirect` (boxed) but `text`, whose
/// payload, an array, is one word itself. Text is the most common node; unboxed, each is one
/// allocation fewer to make, follow and free for every entry read, drawn and written. A case whose
/// payload is larger than a word must stay `indirect`, or every node, and every array of children,
/// grows to its size.
public enum ViewNode: Sendable, Equatable {
  /// Nothing (`EmptyView`).
  case empty
  /// A paragraph of text (`Text`, `Text + Text`, `Label`'s title).
  case text(TextNode)
  /// A symbol or an image from the bundle's resources (`Image(systemName:)`, `Image("name")`).
  indirect case image(ImageNode)
  /// A shape that fills the space it is offered (`Circle`, `Rectangle`, …).
  indirect case shape(ShapeNode)
  /// A colour that fills the space it is offered (`Color.red` used as a view).
  indirect case color(ColorValue)
  /// A gradient that fills the space it is offered (`LinearGradient`, `RadialGradient`,
  /// `AngularGradient`, `Color.blue.gradient` used as a view, or as a background).
  indirect case gradient(GradientValue)
  /// A thin line across the enclosing stack (`Divider`).
  case divider
  /// A gauge or a progress bar (`Gauge`, `ProgressView`): the bar or ring alone, its labels
  /// being views of their own.
  indirect case gauge(GaugeNode)
  /// A toggle's switch, on or off (`Toggle`): its label is a view of its own.
  indirect case toggle(ToggleNode)
  /// Children laid out along an axis or on top of each other (`HStack`, `VStack`, `ZStack`).
  indirect case stack(StackNode)
  /// Flexible space along the enclosing stack's axis (`Spacer`).
  indirect case spacer(minLength: Double?)
  /// A child with a modifier applied.
  indirect case modified(ViewNode, Modifier)
}

/// A modifier and its arguments; JSON: the modifier's fields plus `type` and `child`.
///
/// The cases with large arguments are `indirect`: a modifier is otherwise as large as its largest
/// case (a `TextStyle`, about 150 bytes), and every `.modified` node of a view tree holds one.
public enum Modifier: Sendable, Equatable {
  /// `.frame(width:height:alignment:)` and `.frame(minWidth:idealWidth:maxWidth:…)`.
  indirect case frame(Frame)
  /// `.padding(…)`, resolved to points on each edge.
  indirect case padding(EdgeInsets)
  /// `.background(…)`: `layer` is drawn behind the child, sized to it.
  case background(ViewNode, alignment: Alignment)
  /// `.overlay(…)`: `layer` is drawn over the child, sized to it.
  case overlay(ViewNode, alignment: Alignment)
  /// `.containerBackground(for: .widget)`: the widget's background, behind everything.
  case containerBackground(ViewNode)
  /// Text and environment styling (`font`, `foregroundColor`, `lineLimit`, `redacted`, …),
  /// inherited by everything inside.
  indirect case style(TextStyle)
  /// `.opacity(_:)`.
  case opacity(Double)
  /// `.cornerRadius(_:)` and `.clipShape(_:)`.
  case clip(ShapeKind, cornerRadius: Double?)
  /// `Link(destination:)`: tapping the child opens `url`.
  case link(String)
  /// `.widgetURL(_:)`: tapping the widget opens `url`.
  case widgetURL(String)
  /// `.layoutPriority(_:)`.
  case layoutPriority(Double)
  /// `.widgetAccentable(_:)`.
  case accentable(Bool)
  /// `.aspectRatio(_:contentMode:)`, `.scaledToFit()` (`fill` false), `.scaledToFill()` (`fill`
  /// true): the child is offered the largest (fit) or smallest (fill) size of `ratio` (width
  /// over height; nil: the child's ideal size's) inside or around the offer.
  case aspectRatio(Double?, fill: Bool)
  /// `.fixedSize()`, `.fixedSize(horizontal:vertical:)`: along each axis set, the child is
  /// offered nothing and takes its ideal length, even past what its parent offers.
  case fixedSize(horizontal: Bool, vertical: Bool)
  /// `.position(x:y:)`, `.position(_:)`: the node takes all the space it is offered, and the
  /// child, offered the same, is centred at (`x`, `y`), in points from the node's top leading
  /// corner (as SwiftUI places it in its parent's coordinate space).
  indirect case position(x: Double, y: Double)
  /// `.offset(…)`, `.rotationEffect(_:anchor:)`, `.scaleEffect(…)`: the child drawn moved,
  /// turned or scaled after layout, which it does not change (as in SwiftUI).
  indirect case transform(Transform)
  /// `Button(intent:)`, `Toggle(isOn:intent:)`: pressing the child runs the action (in every
  /// family, unlike a `Link`).
  indirect case action(WidgetAction)
  /// `.invalidatableContent()`: between a press of the widget's button or toggle and the next
  /// entry, the child is drawn as a placeholder (the `.invalidated` redaction reason).
  case invalidatable
}

/// How a child is drawn moved, turned and scaled about a point of its frame, after layout: its
/// frame (and the geometry the stream reports) stays where layout put it. In JSON a field at its
/// default is left out.
public struct Transform: Sendable, Equatable {
  /// How far the child is moved right, in points.
  public var offsetX: Double
  /// How far the child is moved down, in points.
  public var offsetY: Double
  /// The clockwise turn about the anchor, in degrees.
  public var rotation: Double
  /// The horizontal scale about the anchor (1 for none; negative mirrors).
  public var scaleX: Double
  /// The vertical scale about the anchor.
  public var scaleY: Double
  /// The point turned and scaled about, in the child's frame: 0 its leading edge, 1 its
  /// trailing one.
  public var anchorX: Double
  /// The same from the top (0) to the bottom (1).
  public var anchorY: Double

  /// Creates a transform; the defaults change nothing.
  public init(
    offsetX: Double = 0, offsetY: Double = 0, rotation: Double = 0, scaleX: Double = 1,
    scaleY: Double = 1, anchorX: Double = 0.5, anchorY: Double = 0.5
  ) {
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.rotation = rotation
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.anchorX = anchorX
    self.anchorY = anchorY
  }
}

/// A text node: a sequence of runs drawn as one paragraph.
public struct TextNode: Codable, Sendable, Equatable {
  /// The runs, in reading order.
  public var runs: [TextRun]

  /// Creates a text node.
  public init(runs: [TextRun]) {
    self.runs = runs
  }
}

/// One run of text: a string, a date or a range of dates the host formats at display time, or an
/// image inside the text (`Text(Image(systemName:))`, `"\(Image(systemName: "star")) 4.5"`),
/// with the run's own styling (`Text("a").bold() + Text("b")`).
public struct TextRun: Sendable, Equatable {
  /// What the run shows.
  public enum Content: Sendable, Equatable {
    /// A string shown as is.
    case verbatim(String)
    /// A date shown in a style (`Text(date, style:)`).
    case date(Date, style: DateStyle)
    /// The range between two dates (`Text(start...end)`), which the host formats at display
    /// time.
    case dateRange(Date, Date)
    /// A live timer over an interval (`Text(timerInterval:countsDown:)`): counting down to its
    /// end, or up from its start, and standing still at the interval's bound once it passes it
    /// ("0:00" for a countdown that is over).
    case timerInterval(Date, Date, countsDown: Bool)
    /// An image in the line of text, in the text's font and colour (`Text(Image(…))`). Boxed:
    /// an image node is several times a string's size, and every run would be as large.
    indirect case image(ImageNode)
  }

  /// What the run shows.
  public var content: Content
  /// The run's own styling (only the text attributes apply: font, weight, italic, colour,
  /// underline, strikethrough).
  public var style: TextStyle {
    get { styleStorage?.style ?? TextStyle() }
    set { styleStorage = newValue.isEmpty ? nil : StyleStorage(newValue) }
  }
  /// The run's own styling, or nil when it has none (most runs). Unlike ``style`` it makes no
  /// default `TextStyle` for a run without one, which a renderer checks for every run.
  public var ownStyle: TextStyle? { styleStorage?.style }
  /// The style, boxed: a `TextStyle` is about 150 bytes and most runs have none of their own,
  /// so a run keeps a reference, nil for no style.
  private var styleStorage: StyleStorage?

  /// Creates a run.
  public init(_ content: Content, style: TextStyle = TextStyle()) {
    self.content = content
    self.style = style
  }

  /// A run with `ownStyle`, or with no style of its own when nil: for a run read without one
  /// (most are), no empty `TextStyle` made, copied and checked for being empty.
  init(_ content: Content, ownStyle: TextStyle?) {
    self.content = content
    if let ownStyle { style = ownStyle }
  }

  public static func == (lhs: TextRun, rhs: TextRun) -> Bool {
    lhs.content == rhs.content && lhs.style == rhs.style
  }

  /// A string run.
  public static func verbatim(_ string: String) -> TextRun { TextRun(.verbatim(string)) }

  /// A date run.
  public static func date(_ date: Date, style: DateStyle) -> TextRun {
    TextRun(.date(date, style: style))
  }

  /// An image run.
  public static func image(_ image: ImageNode) -> TextRun { TextRun(.image(image)) }
}

/// A run's style behind a reference (``TextRun/style``); never mutated, so shared safely.
private final class StyleStorage: Sendable {
  let style: TextStyle

  init(_ style: TextStyle) {
    self.style = style
  }
}

/// How a date in text is shown (`Text.DateStyle`).
public enum DateStyle: String, JSONEnum, Sendable {
  /// The time of day, e.g. "9:41 AM".
  case time
  /// The date, e.g. "June 3, 2019".
  case date
  /// The time from now, e.g. "2 hours, 10 minutes"; live.
  case relative
  /// The signed offset from now, e.g. "+2 hours"; live.
  case offset
  /// A counting timer, e.g. "36:59:01"; live.
  case timer

  /// True for the styles whose text changes as time passes.
  public var isLive: Bool { self == .relative || self == .offset || self == .timer }
}

/// A stack: `HStack` (horizontal), `VStack` (vertical) or `ZStack` (overlaid).
public struct StackNode: Sendable, Equatable {
  /// The stack's axis.
  public var axis: StackAxis
  /// How children are aligned across the axis (for `z`: in both directions).
  public var alignment: Alignment
  /// Points between children; nil means the default spacing.
  public var spacing: Double?
  /// The children, in order (back to front for `z`).
  public var children: [ViewNode]

  /// Creates a stack.
  public init(
    axis: StackAxis, alignment: Alignment = .center, spacing: Double? = nil, children: [ViewNode]
  ) {
    self.axis = axis
    self.alignment = alignment
    self.spacing = spacing
    self.children = children
  }
}

/// The axis of a stack.
public enum StackAxis: String, JSONEnum, Sendable {
  case horizontal
  case vertical
  case z
}

/// An alignment, as SwiftUI names them (`HorizontalAlignment`, `VerticalAlignment`, `Alignment`).
public enum Alignment: String, JSONEnum, Sendable {
  case center
  case leading
  case trailing
  case top
  case bottom
  case topLeading
  case topTrailing
  case bottomLeading
  case bottomTrailing
  case firstTextBaseline
  case lastTextBaseline
}

/// An image: a system symbol, a named image from the bundle's resources, or an image's bytes
/// (`UIImage(data:)`, `UIImage(contentsOfFile:)`).
///
/// A bundle's reply names exactly one of ``systemName``, ``name`` and ``data``. The host keeps
/// bytes in a file of its own and sends the image on with ``path`` and its size in their place,
/// so the stream carries an image's bytes never and its file always.
public struct ImageNode: Codable, JSONObjectFields, Sendable, Equatable {
  /// An SF Symbols name (`Image(systemName:)`), shown as a similar character.
  public var systemName: String?
  /// An image in the bundle's `Resources/` (`Image("name")`).
  public var name: String?
  /// The bytes of a PNG, JPEG, GIF or SVG image (``ImageFormat``), base64 in JSON: in a
  /// bundle's reply only (see the type's description).
  public var data: Data?
  /// `.resizable()`: the image fills the space it is offered instead of its own size.
  public var resizable: Bool
  /// The image's file, set by the host when it receives the entry: for a named image the
  /// absolute path of the file in the bundle's `Resources/` (nil when it found none); for an
  /// image from bytes, the host's copy of them.
  public var path: String?
  /// The found image's size in pixels, when the host can read it from the file (PNG, JPEG,
  /// GIF, SVG).
  public var pixelWidth: Int?
  /// The found image's height in pixels (see ``pixelWidth``).
  public var pixelHeight: Int?
  /// True when the bundle's `Resources/` has no image of this name, or the host could not keep
  /// an image's bytes: the host reported an `image-missing` warning and draws a fallback.
  public var missing: Bool

  /// Creates an image node.
  public init(
    systemName: String? = nil, name: String? = nil, data: Data? = nil, resizable: Bool = false,
    path: String? = nil, pixelWidth: Int? = nil, pixelHeight: Int? = nil, missing: Bool = false
  ) {
    self.systemName = systemName
    self.name = name
    self.data = data
    self.resizable = resizable
    self.path = path
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.missing = missing
  }

  /// Whether the image names exactly one source (``systemName``, ``name``, ``data``), or none
  /// and a ``path``: an image from bytes, once the host has kept them.
  public var hasOneSource: Bool {
    let sources = (systemName == nil ? 0 : 1) + (name == nil ? 0 : 1) + (data == nil ? 0 : 1)
    return sources == 1 || (sources == 0 && path != nil)
  }

  private enum CodingKeys: String, CodingKey {
    case systemName
    case name
    case data
    case resizable
    case path
    case pixelWidth
    case pixelHeight
    case missing
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    try sink.fieldIfPresent("data", data)
    if missing { try sink.field("missing", true) }
    try sink.fieldIfPresent("name", name)
    try sink.fieldIfPresent("path", path)
    try sink.fieldIfPresent("pixelHeight", pixelHeight)
    try sink.fieldIfPresent("pixelWidth", pixelWidth)
    try sink.field("resizable", resizable)
    try sink.fieldIfPresent("systemName", systemName)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    systemName = try container.decodeIfPresent(String.self, forKey: .systemName)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    data = try container.decodeIfPresent(Data.self, forKey: .data)
    resizable = try container.decodeIfPresent(Bool.self, forKey: .resizable) ?? false
    path = try container.decodeIfPresent(String.self, forKey: .path)
    pixelWidth = try container.decodeIfPresent(Int.self, forKey: .pixelWidth)
    pixelHeight = try container.decodeIfPresent(Int.self, forKey: .pixelHeight)
    missing = try container.decodeIfPresent(Bool.self, forKey: .missing) ?? false
    guard hasOneSource else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "an image needs exactly one of 'systemName', 'name' and 'data' (or only a 'path')"))
    }
    if let data, ImageFormat(of: data) == nil {
      throw DecodingError.dataCorruptedError(
        forKey: .data, in: container,
        debugDescription: "\(data.count) bytes that are not a PNG, JPEG, GIF or SVG image")
    }
  }
}

/// The shapes views can be, fill and clip to.
public enum ShapeKind: String, JSONEnum, Sendable {
  case rectangle
  case roundedRectangle
  case circle
  case ellipse
  case capsule
  /// `ContainerRelativeShape`: the widget's own corner shape.
  case containerRelative
  /// `AccessoryWidgetBackground`: the lock screen's translucent backdrop.
  case accessoryBackground
  /// A `Path`, or a custom `Shape`'s path: the node's `path`.
  case path
}

/// A path drawn in a `width` × `height` box, scaled to the frame the shape is given (in the
/// frame's own points, unscaled, when the box is absent: a `Path` used as a view): `commands`
/// are `M` (move), `L` (line), `Q` (quadratic curve: control, end), `C` (cubic curve: two
/// controls, end) and `Z` (close), and `points` their coordinates in order, x then y, 2, 2, 4,
/// 6 and 0 numbers for each.
@JSONFields
public struct PathNode: Codable, Sendable, Equatable {
  /// The width of the box the points are in; nil for the frame's own points.
  public var width: Double?
  /// Its height.
  public var height: Double?
  /// One letter per element.
  public var commands: String
  /// The elements' coordinates.
  public var points: [Double]

  /// Creates a path node.
  public init(width: Double?, height: Double?, commands: String, points: [Double]) {
    self.width = width
    self.height = height
    self.commands = commands
    self.points = points
  }

  /// How many coordinates `command` takes; nil for a letter that is not a command.
  public static func coordinates(of command: Character) -> Int? {
    switch command {
    case "M", "L": 2
    case "Q": 4
    case "C": 6
    case "Z": 0
    default: nil
    }
  }

  /// Why the path cannot be drawn, or nil: an unknown command, or points that do not match the
  /// commands.
  public var problem: String? {
    var needed = 0
    for command in commands {
      guard let count = Self.coordinates(of: command) else {
        return "'\(command)' is not a path command (M, L, Q, C or Z)"
      }
      needed += count
    }
    return needed == points.count
      ? nil : "the commands take \(needed) coordinates and there are \(points.count)"
  }
}

/// A gauge's bar or ring (`Gauge`, `ProgressView`). A linear one is as wide as it is offered and
/// a thin bar tall; a circular one fills the square it is offered, as a shape does.
@JSONFields
public struct GaugeNode: Codable, Sendable, Equatable {
  /// How far along, 0…1 (clamped when drawn); nil for a progress of unknown length (a
  /// spinner).
  public var value: Double?
  /// Its look.
  public var style: GaugeStyleKind
  /// The colour of the part done; nil for the accent colour.
  public var tint: ColorValue?

  /// Creates a gauge node.
  public init(value: Double?, style: GaugeStyleKind, tint: ColorValue? = nil) {
    self.value = value
    self.style = style
    self.tint = tint
  }
}

/// The looks of a gauge.
public enum GaugeStyleKind: String, JSONEnum, Sendable {
  /// A bar (`ProgressView`'s default, `.accessoryLinearCapacity`, `.linearCapacity`).
  case linear
  /// An open ring, its gap at the bottom (`.accessoryCircular`, a `Gauge`'s default on the lock
  /// screen).
  case circular
  /// A closed ring filled from the top, clockwise (`.accessoryCircularCapacity`, a circular
  /// `ProgressView`).
  case circularCapacity
}

/// A shape used as a view.
@JSONFields
public struct ShapeNode: Codable, Sendable, Equatable {
  /// Which shape.
  public var shape: ShapeKind
  /// For `roundedRectangle`.
  public var cornerRadius: Double?
  /// For `path`.
  public var path: PathNode?
  /// The colour the shape is painted with (`.fill(_:)`, or the style of `.stroke(_:)`); nil
  /// means the foreground style. With a ``gradient``, its ``GradientValue/representative``
  /// colour, for what draws one colour only.
  public var fill: ColorValue?
  /// The gradient the shape is painted with, in the shape's frame (`.fill(LinearGradient(…))`,
  /// `.stroke(Color.blue.gradient, …)`); nil for the colour ``fill``.
  public var gradient: GradientValue?
  /// `.stroke(…)`, `.strokeBorder(…)`: only the outline is painted, this wide; nil paints the
  /// inside.
  public var stroke: ShapeStroke?
  /// `.trim(from:to:)`: the part of the outline kept, as fractions of its length from where it
  /// starts (a circle's and an ellipse's at their right, clockwise; a rectangle's at its top
  /// left); nil keeps it whole.
  public var trim: ShapeTrim?
  /// `InsettableShape.inset(by:)`: the shape is drawn in its frame inset by this many points on
  /// every edge (negative: outset), its outline, stroke and trim with it; nil for none.
  public var inset: Double?

  /// Creates a shape node.
  public init(
    shape: ShapeKind, cornerRadius: Double? = nil, path: PathNode? = nil, fill: ColorValue? = nil,
    gradient: GradientValue? = nil, stroke: ShapeStroke? = nil, trim: ShapeTrim? = nil,
    inset: Double? = nil
  ) {
    self.inset = inset
    self.shape = shape
    self.cornerRadius = cornerRadius
    self.path = path
    self.fill = fill
    self.gradient = gradient
    self.stroke = stroke
    self.trim = trim
  }
}

/// How a shape's outline is stroked (SwiftUI's `StrokeStyle`, and whether it is a
/// `strokeBorder`). In JSON a field at its default is left out.
public struct ShapeStroke: Codable, JSONObjectFields, Sendable, Equatable {
  /// The line's width in points.
  public var lineWidth: Double
  /// The ends of open lines (a trimmed outline, dashes).
  public var lineCap: LineCap
  /// The corners.
  public var lineJoin: LineJoin
  /// How far a mitered corner may reach, as a multiple of the line's width.
  public var miterLimit: Double
  /// Lengths of dashes and gaps, in points, alternating; empty for a solid line.
  public var dash: [Double]
  /// How far into the dash pattern the line starts, in points.
  public var dashPhase: Double
  /// `strokeBorder`: the line lies inside the shape's frame instead of on its edge.
  public var inset: Bool

  /// Creates a stroke; the defaults are SwiftUI's `StrokeStyle()`.
  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0, inset: Bool = false
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dash = dash
    self.dashPhase = dashPhase
    self.inset = inset
  }

  enum CodingKeys: String, CodingKey {
    case lineWidth, lineCap, lineJoin, miterLimit, dash, dashPhase, inset
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = ShapeStroke()
    lineWidth = try container.decode(Double.self, forKey: .lineWidth)
    lineCap = try container.decodeIfPresent(LineCap.self, forKey: .lineCap) ?? defaults.lineCap
    lineJoin =
      try container.decodeIfPresent(LineJoin.self, forKey: .lineJoin) ?? defaults.lineJoin
    miterLimit =
      try container.decodeIfPresent(Double.self, forKey: .miterLimit) ?? defaults.miterLimit
    dash = try container.decodeIfPresent([Double].self, forKey: .dash) ?? defaults.dash
    dashPhase =
      try container.decodeIfPresent(Double.self, forKey: .dashPhase) ?? defaults.dashPhase
    inset = try container.decodeIfPresent(Bool.self, forKey: .inset) ?? defaults.inset
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    let defaults = ShapeStroke()
    if !dash.isEmpty { try sink.field("dash", dash) }
    if dashPhase != defaults.dashPhase { try sink.field("dashPhase", dashPhase) }
    if inset { try sink.field("inset", inset) }
    if lineCap != defaults.lineCap { try sink.field("lineCap", lineCap) }
    if lineJoin != defaults.lineJoin { try sink.field("lineJoin", lineJoin) }
    try sink.field("lineWidth", lineWidth)
    if miterLimit != defaults.miterLimit { try sink.field("miterLimit", miterLimit) }
  }
}

/// The ends of a stroked line.
public enum LineCap: String, JSONEnum, Sendable {
  case butt
  case round
  case square
}

/// The corners of a stroked line.
public enum LineJoin: String, JSONEnum, Sendable {
  case miter
  case round
  case bevel
}

/// The part of a shape's outline kept by `.trim(from:to:)`: from `from` to `to`, fractions of
/// its length, with `0 ≤ from ≤ to ≤ 1` once clamped.
@JSONFields
public struct ShapeTrim: Codable, Sendable, Equatable {
  /// Where the kept part starts.
  public var from: Double
  /// Where it ends.
  public var to: Double

  /// Creates a trim.
  public init(from: Double, to: Double) {
    self.from = from
    self.to = to
  }
}

/// `.frame(…)`: fixed or flexible size and the alignment of the child inside.
///
/// Lengths are points; `maxWidth`/`maxHeight` may be infinite (JSON `"infinity"`).
public struct Frame: Sendable, Equatable {
  public var width: Double?
  public var height: Double?
  public var minWidth: Double?
  public var idealWidth: Double?
  public var maxWidth: Double?
  public var minHeight: Double?
  public var idealHeight: Double?
  public var maxHeight: Double?
  public var alignment: Alignment

  /// Creates a frame.
  public init(
    width: Double? = nil, height: Double? = nil, minWidth: Double? = nil,
    idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
    idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
  ) {
    self.width = width
    self.height = height
    self.minWidth = minWidth
    self.idealWidth = idealWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.idealHeight = idealHeight
    self.maxHeight = maxHeight
    self.alignment = alignment
  }
}

/// Points of padding on each edge.
@JSONFields
public struct EdgeInsets: Codable, Sendable, Equatable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  /// Creates insets.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  private enum CodingKeys: String, CodingKey {
    case top
    case leading
    case bottom
    case trailing
  }

  /// Missing edges are 0.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    top = try container.decodeIfPresent(Double.self, forKey: .top) ?? 0
    leading = try container.decodeIfPresent(Double.self, forKey: .leading) ?? 0
    bottom = try container.decodeIfPresent(Double.self, forKey: .bottom) ?? 0
    trailing = try container.decodeIfPresent(Double.self, forKey: .trailing) ?? 0
  }
}
