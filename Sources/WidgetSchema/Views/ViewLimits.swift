import FoundationEssentials

/// The ranges of the numbers a view tree may hold, checked when a reply is read and before it is
/// stored (docs/isolation.md, *Limits*): a tree within them lays out and draws at a cost bounded
/// by the widget's size. JSON cannot say NaN or infinity, but a number such as `1e999` reads as
/// infinite, so every number is checked to be finite as well.
public enum ViewLimits {
  /// The longest length, in points, of a frame, padding, spacing, spacer or corner radius (in
  /// either direction where negative lengths mean something: padding, spacing). A widget is at
  /// most a few hundred points wide; `"infinity"` stays allowed where a frame takes it.
  public static let maximumLength = 10_000.0
  /// The largest font size, in points.
  public static let maximumFontSize = 1_000.0
  /// The largest layout priority, in either direction.
  public static let maximumPriority = 1_000_000.0
  /// The largest image size a reply may state, in pixels, in either direction.
  public static let maximumImagePixels = 1 << 16
  /// The most nodes in one view tree (modifiers count): a widget has tens or hundreds, and
  /// laying out and drawing costs per node.
  public static let maximumNodes = 10_000
  /// The most text in one view tree, in bytes of UTF-8 over all its runs: more than any widget
  /// shows, and measuring text costs per character.
  public static let maximumTextBytes = 65_536
  /// The largest scale of a transform, and the farthest its anchor lies outside the frame (in
  /// frames), in either direction.
  public static let maximumScale = 100.0
  /// The most coordinates in a path: a chart of a thousand points, drawn as lines.
  public static let maximumPathPoints = 8_192
  /// The most lengths in a stroke's dash pattern.
  public static let maximumDashes = 64
  /// The most stops in a gradient.
  public static let maximumGradientStops = 256

  /// The first number of `view` outside its range, as the error a reply gets: the JSON path of
  /// the number below `path` and what is wrong with it. Nil when every number is in range.
  public static func problem(in view: ViewNode, at path: String) -> SchemaError? {
    var checker = Checker()
    checker.check(view, path)
    return checker.problem
  }

  /// The first number out of range in any entry of `entries`, each at `path[i].view`.
  public static func problem(in entries: [Entry], at path: String) -> SchemaError? {
    for (index, entry) in entries.enumerated() {
      if let problem = problem(in: entry, at: "\(path)[\(index)]") { return problem }
    }
    return nil
  }

  /// The first number out of range in `entry` (its relevance or its view), below `path`.
  public static func problem(in entry: Entry, at path: String) -> SchemaError? {
    var checker = Checker()
    if let relevance = entry.relevance {
      checker.finite(relevance.score, "\(path).relevance.score".trimmingDot)
      checker.range(
        relevance.duration, 0...(100 * 365 * 86_400), "\(path).relevance.duration".trimmingDot)
    }
    if checker.problem == nil { checker.check(entry.view, "\(path).view".trimmingDot) }
    return checker.problem
  }

  /// Walks a tree and keeps the first problem. The tree is at most 512 levels deep (the JSON
  /// parsers refuse deeper), so the walk recurses.
  private struct Checker {
    var problem: SchemaError?
    var nodes = 0
    var textBytes = 0

    mutating func fail(_ path: String, _ message: String) {
      if problem == nil { problem = SchemaError(path: path, message: message) }
    }

    mutating func finite(_ value: Double, _ path: String) {
      if !value.isFinite { fail(path, "\(value) is not a finite number") }
    }

    mutating func range(_ value: Double, _ range: ClosedRange<Double>, _ path: String) {
      guard value.isFinite else { return fail(path, "\(value) is not a finite number") }
      if !range.contains(value) {
        fail(
          path,
          "\(Self.number(value)) is outside \(Self.number(range.lowerBound))…"
            + "\(Self.number(range.upperBound))")
      }
    }

    /// A length that may be negative (padding, spacing).
    mutating func signedLength(_ value: Double?, _ path: String) {
      guard let value else { return }
      range(value, -ViewLimits.maximumLength...ViewLimits.maximumLength, path)
    }

    /// A length that may not be negative (spacer, corner radius).
    mutating func length(_ value: Double?, _ path: String) {
      guard let value else { return }
      range(value, 0...ViewLimits.maximumLength, path)
    }

    /// A frame's length: as ``length(_:_:)``, or infinite (`"infinity"`).
    mutating func frameLength(_ value: Double?, _ path: String) {
      guard let value, value != .infinity else { return }
      length(value, path)
    }

    mutating func unit(_ value: Double?, _ path: String) {
      guard let value else { return }
      range(value, 0...1, path)
    }

    mutating func color(_ color: ColorValue, _ path: String) {
      unit(color.opacity, path + ".opacity")
      unit(color.red, path + ".red")
      unit(color.green, path + ".green")
      unit(color.blue, path + ".blue")
    }

    /// A gradient: its stops' colours and finite locations, its points as far out as a
    /// transform's anchor, radii as lengths and finite angles.
    mutating func gradient(_ gradient: GradientValue, _ path: String) {
      if gradient.stops.count > ViewLimits.maximumGradientStops {
        return fail(
          path + ".stops",
          "\(gradient.stops.count) stops; a gradient has at most "
            + "\(ViewLimits.maximumGradientStops)")
      }
      for (index, stop) in gradient.stops.enumerated() {
        color(stop.color, "\(path).stops[\(index)].color")
        finite(stop.location, "\(path).stops[\(index)].location")
      }
      let points = -ViewLimits.maximumScale...ViewLimits.maximumScale
      func point(_ point: GradientValue.Point, _ name: String) {
        range(point.x, points, "\(path).\(name).x")
        range(point.y, points, "\(path).\(name).y")
      }
      switch gradient.kind {
      case .linear:
        point(gradient.startPoint, "startPoint")
        point(gradient.endPoint, "endPoint")
      case .radial:
        point(gradient.center, "center")
        length(gradient.startRadius, path + ".startRadius")
        length(gradient.endRadius, path + ".endRadius")
      case .elliptical:
        point(gradient.center, "center")
        range(gradient.startRadius, 0...ViewLimits.maximumScale, path + ".startRadiusFraction")
        range(gradient.endRadius, 0...ViewLimits.maximumScale, path + ".endRadiusFraction")
      case .angular:
        point(gradient.center, "center")
        finite(gradient.startAngle, path + ".startAngle")
        finite(gradient.endAngle, path + ".endAngle")
      }
    }

    mutating func image(_ image: ImageNode, _ path: String) {
      let pixels = 0...Double(ViewLimits.maximumImagePixels)
      if let width = image.pixelWidth { range(Double(width), pixels, path + ".pixelWidth") }
      if let height = image.pixelHeight { range(Double(height), pixels, path + ".pixelHeight") }
    }

    mutating func style(_ style: TextStyle, _ path: String) {
      if let size = style.font?.size {
        range(size, 0...ViewLimits.maximumFontSize, path + ".font.size")
      }
      unit(style.minimumScaleFactor, path + ".minimumScaleFactor")
      if let foreground = style.foreground { color(foreground, path + ".foreground") }
      if let gradient = style.foregroundGradient {
        self.gradient(gradient, path + ".foregroundGradient")
      }
      if let zone = style.timeZone, TimeZone(identifier: zone) == nil {
        fail(path + ".timeZone", "'\(zone)' is not a time zone identifier (like Europe/Paris)")
      }
    }

    mutating func check(_ view: ViewNode, _ path: String) {
      guard problem == nil else { return }
      nodes += 1
      if nodes > ViewLimits.maximumNodes {
        return fail(
          path,
          "the view has more than \(ViewLimits.maximumNodes) nodes; a view holds at most "
            + "\(ViewLimits.maximumNodes)")
      }
      switch view {
      case .empty, .divider:
        return
      case .text(let text):
        for (index, run) in text.runs.enumerated() {
          if let style = run.ownStyle { self.style(style, "\(path).runs[\(index)].attributes") }
          if case .image(let image) = run.content {
            self.image(image, "\(path).runs[\(index)].image")
          }
          switch run.content {
          case .dateRange(let from, let to), .timerInterval(let from, let to, _):
            if to < from {
              fail("\(path).runs[\(index)].to", "the range ends before it starts ('from')")
            }
          case .verbatim, .date, .image: break
          }
          guard case .verbatim(let verbatim) = run.content else { continue }
          textBytes += verbatim.utf8.count
          if textBytes > ViewLimits.maximumTextBytes {
            return fail(
              "\(path).runs[\(index)].text",
              "the view has more than \(ViewLimits.maximumTextBytes) bytes of text; a view holds "
                + "at most \(ViewLimits.maximumTextBytes)")
          }
        }
      case .image(let image):
        self.image(image, path)
      case .shape(let shape):
        length(shape.cornerRadius, path + ".cornerRadius")
        if let node = shape.path {
          length(node.width, path + ".path.width")
          length(node.height, path + ".path.height")
          if node.points.count > ViewLimits.maximumPathPoints {
            fail(
              path + ".path.points",
              "\(node.points.count) coordinates; a path has at most \(ViewLimits.maximumPathPoints)"
            )
          }
          for (index, point) in node.points.enumerated() {
            signedLength(point, "\(path).path.points[\(index)]")
          }
          if let problem = node.problem { fail(path + ".path", problem) }
        } else if shape.shape == .path {
          fail(path + ".path", "a path shape needs its path")
        }
        if let fill = shape.fill { color(fill, path + ".fill") }
        if let gradient = shape.gradient { self.gradient(gradient, path + ".gradient") }
        if let stroke = shape.stroke {
          length(stroke.lineWidth, path + ".stroke.lineWidth")
          length(stroke.miterLimit, path + ".stroke.miterLimit")
          signedLength(stroke.dashPhase, path + ".stroke.dashPhase")
          if stroke.dash.count > ViewLimits.maximumDashes {
            fail(
              path + ".stroke.dash",
              "\(stroke.dash.count) lengths; a dash pattern has at most \(ViewLimits.maximumDashes)"
            )
          }
          for (index, dash) in stroke.dash.enumerated() {
            length(dash, "\(path).stroke.dash[\(index)]")
          }
        }
        signedLength(shape.inset, path + ".inset")
        if let trim = shape.trim {
          finite(trim.from, path + ".trim.from")
          finite(trim.to, path + ".trim.to")
        }
      case .color(let value):
        color(value, path + ".color")
      case .gradient(let value):
        gradient(value, path + ".gradient")
      case .gauge(let gauge):
        if let value = gauge.value { finite(value, path + ".value") }
        if let tint = gauge.tint { color(tint, path + ".tint") }
      case .toggle(let toggle):
        if let tint = toggle.tint { color(tint, path + ".tint") }
      case .stack(let stack):
        signedLength(stack.spacing, path + ".spacing")
        for (index, child) in stack.children.enumerated() {
          check(child, "\(path).children[\(index)]")
        }
      case .spacer(let minLength):
        length(minLength, path + ".minLength")
      case .modified(let child, let modifier):
        self.modifier(modifier, path)
        check(child, path + ".child")
      }
    }

    mutating func modifier(_ modifier: Modifier, _ path: String) {
      switch modifier {
      case .frame(let frame):
        frameLength(frame.width, path + ".width")
        frameLength(frame.height, path + ".height")
        frameLength(frame.minWidth, path + ".minWidth")
        frameLength(frame.idealWidth, path + ".idealWidth")
        frameLength(frame.maxWidth, path + ".maxWidth")
        frameLength(frame.minHeight, path + ".minHeight")
        frameLength(frame.idealHeight, path + ".idealHeight")
        frameLength(frame.maxHeight, path + ".maxHeight")
      case .padding(let insets):
        signedLength(insets.top, path + ".top")
        signedLength(insets.leading, path + ".leading")
        signedLength(insets.bottom, path + ".bottom")
        signedLength(insets.trailing, path + ".trailing")
      case .background(let layer, _), .overlay(let layer, _), .containerBackground(let layer):
        check(layer, path + ".layer")
      case .style(let style):
        self.style(style, path)
      case .opacity(let value):
        unit(value, path + ".value")
      case .clip(_, let cornerRadius):
        length(cornerRadius, path + ".cornerRadius")
      case .layoutPriority(let value):
        range(value, -ViewLimits.maximumPriority...ViewLimits.maximumPriority, path + ".value")
      case .aspectRatio(let ratio, _):
        if let ratio {
          range(ratio, (1 / ViewLimits.maximumLength)...ViewLimits.maximumLength, path + ".ratio")
        }
      case .position(let x, let y):
        signedLength(x, path + ".x")
        signedLength(y, path + ".y")
      case .transform(let transform):
        signedLength(transform.offsetX, path + ".offsetX")
        signedLength(transform.offsetY, path + ".offsetY")
        finite(transform.rotation, path + ".rotation")
        let scales = -ViewLimits.maximumScale...ViewLimits.maximumScale
        range(transform.scaleX, scales, path + ".scaleX")
        range(transform.scaleY, scales, path + ".scaleY")
        let anchors = -ViewLimits.maximumScale...ViewLimits.maximumScale
        range(transform.anchorX, anchors, path + ".anchorX")
        range(transform.anchorY, anchors, path + ".anchorY")
      case .action(let action):
        if action.name.isEmpty { fail(path + ".action.name", "an action needs a name") }
        for (name, value) in action.arguments {
          if case .number(let number) = value { finite(number, "\(path).action.arguments.\(name)") }
        }
      case .link, .widgetURL, .accentable, .fixedSize, .invalidatable:
        return
      }
    }

    /// `value` as a reply would write it: `10000`, not `10000.0`.
    static func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
  }
}

extension String {
  /// Without a leading `.`: the path of a member of the document itself.
  fileprivate var trimmingDot: String { hasPrefix(".") ? String(dropFirst()) : self }
}
