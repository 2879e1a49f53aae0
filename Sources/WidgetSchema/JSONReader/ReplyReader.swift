import FoundationEssentials
import WidgetSupport

/// Reads the bundle replies the host decodes on every update (`Timeline`, `Entry`,
/// `ViewNode`), and the description a library gives at every load (`BundleDescription`, on the
/// way to the first frame), several times faster than `JSONDecoder` and to the same values.
/// Types that define their fields once for both (``JSONObjectReadable``: a timeline, an entry,
/// a policy, a relevance) are read through that definition; view trees and descriptions are
/// still read field for field below, beside their `init(from:)`.
///
/// It accepts only what the Codable conformances accept and gives up (nil) on anything else,
/// without saying why: ``WidgetJSON/decode(_:from:)`` then decodes the payload with
/// `JSONDecoder`, which produces the error message with its JSON path, exactly as before.
/// `ReplyReaderTests` checks that both give the same value on a corpus of valid payloads and
/// that the reader gives up on every invalid one. The reply is parsed onto a ``JSONTape`` and
/// read from there: values are indices into the tape, keys are compared as bytes.
struct ReplyReader {
  /// `type` read from `data`, or nil when the reader gives up (or does not read `type`).
  static func decode<T>(_ type: T.Type, from data: Data) -> T? {
    guard
      type == Timeline.self || type == Entry.self || type == ViewNode.self
        || type == BundleDescription.self
    else { return nil }
    return data.withUnsafeBytes { raw -> T? in
      var storage = JSONTape.spareStorage()
      guard var tape = JSONTape.parse(raw.bindMemory(to: UInt8.self), storage: &storage) else {
        return nil
      }
      // After `read`, whose copies of the tape are gone by then.
      defer { JSONTape.recycle(&tape) }
      return read(type, from: tape)
    }
  }

  /// `type` read from `tape`, or nil when the reader gives up.
  private static func read<T>(_ type: T.Type, from tape: JSONTape) -> T? {
    let reader = ReplyReader(tape: tape)
    do {
      if type == Timeline.self { return try reader.timeline(0) as? T }
      if type == Entry.self { return try reader.entry(0) as? T }
      if type == BundleDescription.self { return try reader.bundleDescription(0) as? T }
      return try reader.view(0) as? T
    } catch {
      return nil
    }
  }

  typealias Refusal = JSONTapeRefusal
  /// A value: its index on the tape.
  typealias Value = Int

  let tape: JSONTape

  // MARK: Primitives (as `decode` and `decodeIfPresent` treat them)

  /// The member `key` of an object, nil when absent or null (`decodeIfPresent`).
  @inline(__always)
  func optional(_ tree: Value, _ key: StaticString) -> Value? {
    guard let value = tape.member(tree, key), tape.kind(value) != .null else { return nil }
    return value
  }

  /// The member `key`, which must be there (`decode`).
  @inline(__always)
  func required(_ tree: Value, _ key: StaticString) throws(Refusal) -> Value {
    guard let value = optional(tree, key) else { throw Refusal() }
    return value
  }

  func string(_ tree: Value) throws(Refusal) -> String {
    guard tape.kind(tree) == .string else { throw Refusal() }
    return tape.string(tree)
  }

  func double(_ tree: Value) throws(Refusal) -> Double {
    let node = tape.nodes[tree]
    guard node.kind == .number else { throw Refusal() }
    return node.number
  }

  func integer(_ tree: Value) throws(Refusal) -> Int {
    let node = tape.nodes[tree]
    guard node.kind == .number, node.flag else { throw Refusal() }
    return node.integer
  }

  func bool(_ tree: Value) throws(Refusal) -> Bool {
    let node = tape.nodes[tree]
    guard node.kind == .bool else { throw Refusal() }
    return node.flag
  }

  func date(_ tree: Value) throws(Refusal) -> Date {
    guard tape.kind(tree) == .string else { throw Refusal() }
    // The date's bytes in the reply when they are the string: no `String` made for it.
    let date =
      if let bytes = tape.plainBytes(tree) {
        RFC3339.date(fromUTF8: bytes)
      } else {
        RFC3339.date(from: tape.string(tree))
      }
    guard let date else { throw Refusal() }
    return date
  }

  /// The elements of the array `tree`, each read by `read`, in order.
  func array<Element>(
    _ tree: Value, _ read: (Value) throws(Refusal) -> Element
  ) throws(Refusal) -> [Element] {
    guard tape.kind(tree) == .array else { throw Refusal() }
    let end = tape.after(tree)
    // Counted first (a step per element on the tape) so that the array is allocated once at
    // its size: appending to an empty one reallocates it at 1, 2 and 4 elements, and most
    // arrays of a reply (a stack's children, a text's runs) have a few.
    var count = 0
    var element = tree + 1
    while element < end {
      count += 1
      element = tape.after(element)
    }
    var elements: [Element] = []
    elements.reserveCapacity(count)
    element = tree + 1
    while element < end {
      elements.append(try read(element))
      element = tape.after(element)
    }
    return elements
  }

  func object(_ tree: Value) throws(Refusal) -> Value {
    guard tape.kind(tree) == .object else { throw Refusal() }
    return tree
  }

  /// Any JSON value, as `JSONValue`'s decoder reads it (an action's arguments).
  func jsonValue(_ tree: Value) throws(Refusal) -> JSONValue {
    switch tape.kind(tree) {
    case .null: return .null
    case .bool: return .bool(try bool(tree))
    case .number: return .number(try double(tree))
    case .string: return .string(tape.string(tree))
    case .array:
      return .array(try array(tree) { (element) throws(Refusal) in try jsonValue(element) })
    case .object:
      var members: [String: JSONValue] = [:]
      let end = tape.after(tree)
      var key = tree + 1
      while key < end {
        members[tape.string(key)] = try jsonValue(key + 1)
        key = tape.after(key + 1)
      }
      return .object(members)
    }
  }

  /// A button's or a toggle's action.
  func action(_ tree: Value) throws(Refusal) -> WidgetAction {
    let tree = try object(tree)
    var arguments: [String: JSONValue] = [:]
    if let value = optional(tree, "arguments") {
      guard case .object(let members) = try jsonValue(value) else { throw Refusal() }
      arguments = members
    }
    return WidgetAction(
      name: try string(try required(tree, "name")), arguments: arguments,
      reference: try optionalString(tree, "reference"))
  }

  /// The case of an enum `tree` names, looked up in `names` (one of the tables below).
  func enumeration<E: JSONEnum>(_ tree: Value, _ names: JSONEnumNames<E>) throws(Refusal) -> E {
    guard tape.kind(tree) == .string else { throw Refusal() }
    let value =
      if let bytes = tape.plainBytes(tree) {
        names.value(named: bytes)
      } else {
        E(rawValue: tape.string(tree))
      }
    guard let value else { throw Refusal() }
    return value
  }

  // Each enum a reply names by its cases' names.
  static let alignments = JSONEnumNames<Alignment>()
  static let dateStyles = JSONEnumNames<DateStyle>()
  static let timerDirections = JSONEnumNames<TimerDirection>()
  static let fontTextStyles = JSONEnumNames<FontTextStyle>()
  static let fontWeights = JSONEnumNames<FontWeight>()
  static let gaugeStyles = JSONEnumNames<GaugeStyleKind>()
  static let gradientKinds = JSONEnumNames<GradientValue.Kind>()
  static let lineCaps = JSONEnumNames<LineCap>()
  static let lineJoins = JSONEnumNames<LineJoin>()
  static let shapeKinds = JSONEnumNames<ShapeKind>()
  static let textAlignments = JSONEnumNames<TextAlignment>()
  static let truncationModes = JSONEnumNames<TruncationMode>()

  func optionalString(_ tree: Value, _ key: StaticString) throws(Refusal) -> String? {
    guard let value = optional(tree, key) else { return nil }
    return try string(value)
  }

  func optionalDouble(_ tree: Value, _ key: StaticString) throws(Refusal) -> Double? {
    guard let value = optional(tree, key) else { return nil }
    return try double(value)
  }

  func optionalInteger(_ tree: Value, _ key: StaticString) throws(Refusal) -> Int? {
    guard let value = optional(tree, key) else { return nil }
    return try integer(value)
  }

  func optionalBool(_ tree: Value, _ key: StaticString) throws(Refusal) -> Bool? {
    guard let value = optional(tree, key) else { return nil }
    return try bool(value)
  }

  func optionalEnum<E: JSONEnum>(
    _ tree: Value, _ key: StaticString, _ names: JSONEnumNames<E>
  ) throws(Refusal) -> E? {
    guard let value = optional(tree, key) else { return nil }
    return try enumeration(value, names)
  }

  // MARK: The reply types, field for field as their `init(from:)`

  func timeline(_ tree: Value) throws(Refusal) -> Timeline { try Timeline.read(self, at: tree) }

  func entry(_ tree: Value) throws(Refusal) -> Entry { try Entry.read(self, at: tree) }

  func color(_ tree: Value) throws(Refusal) -> ColorValue {
    let tree = try object(tree)
    let opacity = try optionalDouble(tree, "opacity") ?? 1
    if let name = try optionalString(tree, "name") {
      guard ColorValue.names.contains(name) else { throw Refusal() }
      return ColorValue(name: name, opacity: opacity)
    }
    // A colour component, in 0...1, of the colour or of its dark variant.
    func unit(_ key: StaticString, of object: Value) throws(Refusal) -> Double {
      let value = try double(try required(object, key))
      guard (0...1).contains(value) else { throw Refusal() }
      return value
    }
    var dark: ColorValue.Components?
    if let variant = optional(tree, "dark") {
      let variant = try object(variant)
      dark = ColorValue.Components(
        red: try unit("red", of: variant), green: try unit("green", of: variant),
        blue: try unit("blue", of: variant), opacity: try unit("opacity", of: variant))
    }
    return ColorValue(
      red: try unit("red", of: tree), green: try unit("green", of: tree),
      blue: try unit("blue", of: tree), opacity: opacity, dark: dark)
  }

  func gradient(_ tree: Value) throws(Refusal) -> GradientValue {
    let tree = try object(tree)
    let kind = try enumeration(try required(tree, "kind"), Self.gradientKinds)
    let stops = try array(try required(tree, "stops")) { (element) throws(Refusal) in
      let stop = try object(element)
      return GradientValue.Stop(
        color: try color(try required(stop, "color")),
        location: try double(try required(stop, "location")))
    }
    func point(_ key: StaticString) throws(Refusal) -> GradientValue.Point {
      let point = try object(try required(tree, key))
      return GradientValue.Point(
        x: try double(try required(point, "x")), y: try double(try required(point, "y")))
    }
    switch kind {
    case .linear:
      return .linear(stops, from: try point("startPoint"), to: try point("endPoint"))
    case .radial:
      return .radial(
        stops, center: try point("center"),
        startRadius: try double(try required(tree, "startRadius")),
        endRadius: try double(try required(tree, "endRadius")))
    case .elliptical:
      return .elliptical(
        stops, center: try point("center"),
        startRadiusFraction: try double(try required(tree, "startRadiusFraction")),
        endRadiusFraction: try double(try required(tree, "endRadiusFraction")))
    case .angular:
      return .angular(
        stops, center: try point("center"),
        startAngle: try double(try required(tree, "startAngle")),
        endAngle: try double(try required(tree, "endAngle")))
    }
  }

  func stroke(_ tree: Value) throws(Refusal) -> ShapeStroke {
    let tree = try object(tree)
    let defaults = ShapeStroke()
    return ShapeStroke(
      lineWidth: try double(try required(tree, "lineWidth")),
      lineCap: try optionalEnum(tree, "lineCap", Self.lineCaps) ?? defaults.lineCap,
      lineJoin: try optionalEnum(tree, "lineJoin", Self.lineJoins) ?? defaults.lineJoin,
      miterLimit: try optionalDouble(tree, "miterLimit") ?? defaults.miterLimit,
      dash: try optional(tree, "dash").map { (value) throws(Refusal) in
        try array(value) { (element) throws(Refusal) in try double(element) }
      } ?? defaults.dash,
      dashPhase: try optionalDouble(tree, "dashPhase") ?? defaults.dashPhase,
      inset: try optionalBool(tree, "inset") ?? defaults.inset)
  }

  func textStyle(_ tree: Value) throws(Refusal) -> TextStyle {
    let tree = try object(tree)
    var font: Font?
    if let value = optional(tree, "font") {
      let value = try object(value)
      font = Font(
        textStyle: try optionalEnum(value, "textStyle", Self.fontTextStyles),
        size: try optionalDouble(value, "size"),
        weight: try optionalEnum(value, "weight", Self.fontWeights),
        design: try optionalString(value, "design"))
    }
    return TextStyle(
      font: font, weight: try optionalEnum(tree, "weight", Self.fontWeights),
      italic: try optionalBool(tree, "italic"), underline: try optionalBool(tree, "underline"),
      strikethrough: try optionalBool(tree, "strikethrough"),
      foreground: try optional(tree, "foreground").map { (value) throws(Refusal) in
        try color(value)
      },
      foregroundGradient: try optional(tree, "foregroundGradient").map {
        (value) throws(Refusal) in try gradient(value)
      },
      lineLimit: try optionalInteger(tree, "lineLimit"),
      multilineTextAlignment: try optionalEnum(tree, "multilineTextAlignment", Self.textAlignments),
      truncationMode: try optionalEnum(tree, "truncationMode", Self.truncationModes),
      minimumScaleFactor: try optionalDouble(tree, "minimumScaleFactor"),
      redacted: try optionalBool(tree, "redacted"), timeZone: try optionalString(tree, "timeZone"))
  }

  func run(_ tree: Value) throws(Refusal) -> TextRun {
    let tree = try object(tree)
    let style = try optional(tree, "attributes").map { (value) throws(Refusal) in
      try textStyle(value)
    }
    if let text = try optionalString(tree, "text") {
      return TextRun(.verbatim(text), ownStyle: style)
    }
    // `contains(.date)`: present, even as null (which then fails to decode).
    if let dateValue = tape.member(tree, "date") {
      return TextRun(
        .date(
          try date(dateValue),
          style: try enumeration(try required(tree, "style"), Self.dateStyles)),
        ownStyle: style)
    }
    if let from = tape.member(tree, "from") {
      if let timer = tape.member(tree, "timer") {
        let direction = try enumeration(timer, Self.timerDirections)
        return TextRun(
          .timerInterval(
            try date(from), try date(try required(tree, "to")), countsDown: direction == .down),
          ownStyle: style)
      }
      return TextRun(
        .dateRange(try date(from), try date(try required(tree, "to"))), ownStyle: style)
    }
    return TextRun(.image(try image(try object(try required(tree, "image")))), ownStyle: style)
  }

  /// An image node's fields, in the object `tree` (a view's, or a text run's `image`).
  func image(_ tree: Value) throws(Refusal) -> ImageNode {
    let image = ImageNode(
      systemName: try optionalString(tree, "systemName"), name: try optionalString(tree, "name"),
      data: try optionalString(tree, "data").map { (base64) throws(Refusal) in
        guard let data = Data(base64Encoded: base64), ImageFormat(of: data) != nil else {
          throw Refusal()
        }
        return data
      },
      resizable: try optionalBool(tree, "resizable") ?? false,
      path: try optionalString(tree, "path"),
      pixelWidth: try optionalInteger(tree, "pixelWidth"),
      pixelHeight: try optionalInteger(tree, "pixelHeight"),
      missing: try optionalBool(tree, "missing") ?? false)
    guard image.hasOneSource else { throw Refusal() }
    return image
  }

  func frameLength(_ tree: Value, _ key: StaticString) throws(Refusal) -> Double? {
    guard let value = optional(tree, key) else { return nil }
    if tape.kind(value) == .string, tape.stringEquals(value, "infinity") { return .infinity }
    let length = try double(value)
    guard length >= 0, length.isFinite else { throw Refusal() }
    return length
  }

  func view(_ tree: Value) throws(Refusal) -> ViewNode {
    let tree = try object(tree)
    func child() throws(Refusal) -> ViewNode { try view(try required(tree, "child")) }
    func alignment() throws(Refusal) -> Alignment {
      try optionalEnum(tree, "alignment", Self.alignments) ?? .center
    }
    let type = try viewType(try required(tree, "type"))
    switch type {
    case .empty:
      return .empty
    case .divider:
      return .divider
    case .toggle:
      return .toggle(
        ToggleNode(
          isOn: try bool(try required(tree, "isOn")),
          tint: try optional(tree, "tint").map { (value) throws(Refusal) in try color(value) }))
    case .invalidatable:
      return .modified(try child(), .invalidatable)
    case .action:
      let child = try child()
      return .modified(child, .action(try action(try required(tree, "action"))))
    case .gauge:
      return .gauge(
        GaugeNode(
          value: try optionalDouble(tree, "value"),
          style: try enumeration(try required(tree, "style"), Self.gaugeStyles),
          tint: try optional(tree, "tint").map { (value) throws(Refusal) in try color(value) }))
    case .text:
      let runs = try array(try required(tree, "runs")) { (element) throws(Refusal) in
        try run(element)
      }
      return .text(TextNode(runs: runs))
    case .image:
      return .image(try image(tree))
    case .shape:
      return .shape(
        ShapeNode(
          shape: try enumeration(try required(tree, "shape"), Self.shapeKinds),
          cornerRadius: try optionalDouble(tree, "cornerRadius"),
          path: try optional(tree, "path").map { (value) throws(Refusal) in
            let path = try object(value)
            return PathNode(
              width: try optionalDouble(path, "width"),
              height: try optionalDouble(path, "height"),
              commands: try string(try required(path, "commands")),
              points: try array(try required(path, "points")) { (element) throws(Refusal) in
                try double(element)
              })
          },
          fill: try optional(tree, "fill").map { (value) throws(Refusal) in try color(value) },
          gradient: try optional(tree, "gradient").map { (value) throws(Refusal) in
            try gradient(value)
          },
          stroke: try optional(tree, "stroke").map { (value) throws(Refusal) in
            try stroke(value)
          },
          trim: try optional(tree, "trim").map { (value) throws(Refusal) in
            let trim = try object(value)
            return ShapeTrim(
              from: try double(try required(trim, "from")), to: try double(try required(trim, "to"))
            )
          },
          inset: try optionalDouble(tree, "inset")))
    case .color:
      return .color(try color(try required(tree, "color")))
    case .gradient:
      return .gradient(try gradient(try required(tree, "gradient")))
    case .hstack, .vstack, .zstack:
      let axis: StackAxis =
        switch type {
        case .hstack: .horizontal
        case .vstack: .vertical
        default: .z
        }
      let alignment = try alignment()
      let spacing = try optionalDouble(tree, "spacing")
      var children: [ViewNode] = []
      if let value = optional(tree, "children") {
        children = try array(value) { (element) throws(Refusal) in try view(element) }
      }
      return .stack(
        StackNode(axis: axis, alignment: alignment, spacing: spacing, children: children))
    case .spacer:
      return .spacer(minLength: try optionalDouble(tree, "minLength"))
    case .frame:
      let child = try child()
      let frame = Frame(
        width: try frameLength(tree, "width"), height: try frameLength(tree, "height"),
        minWidth: try frameLength(tree, "minWidth"),
        idealWidth: try frameLength(tree, "idealWidth"),
        maxWidth: try frameLength(tree, "maxWidth"),
        minHeight: try frameLength(tree, "minHeight"),
        idealHeight: try frameLength(tree, "idealHeight"),
        maxHeight: try frameLength(tree, "maxHeight"), alignment: try alignment())
      return .modified(child, .frame(frame))
    case .padding:
      let child = try child()
      let insets = EdgeInsets(
        top: try optionalDouble(tree, "top") ?? 0,
        leading: try optionalDouble(tree, "leading") ?? 0,
        bottom: try optionalDouble(tree, "bottom") ?? 0,
        trailing: try optionalDouble(tree, "trailing") ?? 0)
      return .modified(child, .padding(insets))
    case .background:
      let child = try child()
      return .modified(
        child, .background(try view(try required(tree, "layer")), alignment: try alignment()))
    case .overlay:
      let child = try child()
      return .modified(
        child, .overlay(try view(try required(tree, "layer")), alignment: try alignment()))
    case .containerBackground:
      let child = try child()
      return .modified(child, .containerBackground(try view(try required(tree, "layer"))))
    case .style:
      let child = try child()
      return .modified(child, .style(try textStyle(tree)))
    case .opacity:
      let child = try child()
      return .modified(child, .opacity(try double(try required(tree, "value"))))
    case .clip:
      let child = try child()
      return .modified(
        child,
        .clip(
          try enumeration(try required(tree, "shape"), Self.shapeKinds),
          cornerRadius: try optionalDouble(tree, "cornerRadius")))
    case .link:
      let child = try child()
      return .modified(child, .link(try string(try required(tree, "url"))))
    case .widgetURL:
      let child = try child()
      return .modified(child, .widgetURL(try string(try required(tree, "url"))))
    case .layoutPriority:
      let child = try child()
      return .modified(child, .layoutPriority(try double(try required(tree, "value"))))
    case .accentable:
      let child = try child()
      return .modified(child, .accentable(try bool(try required(tree, "value"))))
    case .aspectRatio:
      let child = try child()
      let mode = try string(try required(tree, "contentMode"))
      guard mode == "fit" || mode == "fill" else { throw Refusal() }
      return .modified(
        child, .aspectRatio(try optionalDouble(tree, "ratio"), fill: mode == "fill"))
    case .fixedSize:
      let child = try child()
      return .modified(
        child,
        .fixedSize(
          horizontal: try bool(try required(tree, "horizontal")),
          vertical: try bool(try required(tree, "vertical"))))
    case .position:
      let child = try child()
      return .modified(
        child,
        .position(
          x: try double(try required(tree, "x")), y: try double(try required(tree, "y"))))
    case .transform:
      let child = try child()
      let defaults = Transform()
      return .modified(
        child,
        .transform(
          Transform(
            offsetX: try optionalDouble(tree, "offsetX") ?? defaults.offsetX,
            offsetY: try optionalDouble(tree, "offsetY") ?? defaults.offsetY,
            rotation: try optionalDouble(tree, "rotation") ?? defaults.rotation,
            scaleX: try optionalDouble(tree, "scaleX") ?? defaults.scaleX,
            scaleY: try optionalDouble(tree, "scaleY") ?? defaults.scaleY,
            anchorX: try optionalDouble(tree, "anchorX") ?? defaults.anchorX,
            anchorY: try optionalDouble(tree, "anchorY") ?? defaults.anchorY)))
    }
  }

  /// The view types, as a view's `type` names them.
  enum ViewType {
    case empty, divider, gauge, text, image, shape, color, gradient, hstack, vstack, zstack
    case spacer, frame
    case padding, background, overlay, containerBackground, style, opacity, clip, link
    case widgetURL, layoutPriority, accentable, aspectRatio, fixedSize, position, transform
    case toggle
    case invalidatable, action
  }

  /// Each view type's name.
  static let viewTypes: [(name: StaticString, type: ViewType)] = [
    ("empty", .empty),
    ("divider", .divider),
    ("gauge", .gauge),
    ("text", .text),
    ("image", .image),
    ("shape", .shape),
    ("color", .color),
    ("gradient", .gradient),
    ("hstack", .hstack),
    ("vstack", .vstack),
    ("zstack", .zstack),
    ("spacer", .spacer),
    ("frame", .frame),
    ("padding", .padding),
    ("background", .background),
    ("overlay", .overlay),
    ("containerBackground", .containerBackground),
    ("style", .style),
    ("opacity", .opacity),
    ("clip", .clip),
    ("link", .link),
    ("widgetURL", .widgetURL),
    ("layoutPriority", .layoutPriority),
    ("accentable", .accentable),
    ("aspectRatio", .aspectRatio),
    ("fixedSize", .fixedSize),
    ("position", .position),
    ("transform", .transform),
    ("toggle", .toggle),
    ("invalidatable", .invalidatable),
    ("action", .action),
  ]

  /// The view type `tree` names, compared as bytes: no `String` made for it.
  func viewType(_ tree: Value) throws(Refusal) -> ViewType {
    guard tape.kind(tree) == .string else { throw Refusal() }
    // The usual case, the name's bytes in the document: its length taken once and compared
    // with each name's before any byte is (rather than the node looked up for every name).
    if let name = tape.plainBytes(tree) {
      for entry in Self.viewTypes
      where entry.name.utf8CodeUnitCount == name.count
        && JSONTape.sameBytes(name.baseAddress!, entry.name.utf8Start, name.count)
      {
        return entry.type
      }
      throw Refusal()
    }
    for entry in Self.viewTypes where tape.stringEquals(tree, entry.name) { return entry.type }
    throw Refusal()
  }
}

/// The cases of a ``JSONEnum`` by the UTF-8 of their names, to read one from a reply's bytes.
///
/// `E(rawValue:)` needs a `String` made and, as compiled, allocated an array of the cases'
/// names on every call to compare it with each. The same bytes are the same string, so a name found
/// here is the case `E(rawValue:)` gives; bytes found nowhere are refused (``ReplyReader`` then
/// leaves the reply to `JSONDecoder`).
struct JSONEnumNames<E: JSONEnum>: Sendable where E: Sendable {
  let cases: [(name: [UInt8], value: E)]

  init() {
    cases = E.allCases.map { (Array($0.rawValue.utf8), $0) }
  }

  /// The case named `bytes`, if any.
  func value(named bytes: UnsafeBufferPointer<UInt8>) -> E? {
    for entry in cases where entry.name.count == bytes.count {
      // An empty name (no case has one) is the empty bytes, whose address may be nil.
      let same = entry.name.withUnsafeBufferPointer { name in
        name.isEmpty || JSONTape.sameBytes(name.baseAddress!, bytes.baseAddress!, name.count)
      }
      if same { return entry.value }
    }
    return nil
  }
}
