import FoundationEssentials

extension ViewNode: Codable, JSONObjectFields {
  private enum CodingKeys: String, CodingKey {
    case type
    case runs
    case alignment
    case spacing
    case children
    case minLength
    case color
    case gradient
    case child
    case layer
    case value
    case url
    case shape
    case cornerRadius
    case ratio
    case contentMode
    case offsetX, offsetY, rotation, scaleX, scaleY, anchorX, anchorY
    case horizontal, vertical
    case x, y
    case action, isOn, tint
  }

  /// Every `type` a node may have.
  fileprivate enum Kind: String, CaseIterable {
    case empty
    case text
    case image
    case shape
    case color
    case gradient
    case divider
    case gauge
    case toggle
    case hstack
    case vstack
    case zstack
    case spacer
    case frame
    case padding
    case background
    case overlay
    case containerBackground
    case style
    case opacity
    case clip
    case link
    case widgetURL
    case layoutPriority
    case accentable
    case aspectRatio
    case fixedSize
    case position
    case transform
    case action
    case invalidatable
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let typeName = try container.decode(String.self, forKey: .type)
    guard let kind = Kind(rawValue: typeName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription:
          "unknown view type '\(typeName)' (expected one of: "
          + Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    func child() throws -> ViewNode { try container.decode(ViewNode.self, forKey: .child) }
    func alignment() throws -> Alignment {
      try container.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .center
    }
    switch kind {
    case .empty:
      self = .empty
    case .text:
      self = .text(TextNode(runs: try container.decode([TextRun].self, forKey: .runs)))
    case .image:
      self = .image(try ImageNode(from: decoder))
    case .shape:
      self = .shape(try ShapeNode(from: decoder))
    case .color:
      self = .color(try container.decode(ColorValue.self, forKey: .color))
    case .gradient:
      self = .gradient(try container.decode(GradientValue.self, forKey: .gradient))
    case .divider:
      self = .divider
    case .gauge:
      self = .gauge(try GaugeNode(from: decoder))
    case .toggle:
      self = .toggle(
        ToggleNode(
          isOn: try container.decode(Bool.self, forKey: .isOn),
          tint: try container.decodeIfPresent(ColorValue.self, forKey: .tint)))
    case .hstack, .vstack, .zstack:
      let axis: StackAxis = kind == .hstack ? .horizontal : kind == .vstack ? .vertical : .z
      self = .stack(
        StackNode(
          axis: axis, alignment: try alignment(),
          spacing: try container.decodeIfPresent(Double.self, forKey: .spacing),
          children: try container.decodeIfPresent([ViewNode].self, forKey: .children) ?? []))
    case .spacer:
      self = .spacer(minLength: try container.decodeIfPresent(Double.self, forKey: .minLength))
    case .frame:
      self = .modified(try child(), .frame(try Frame(from: decoder)))
    case .padding:
      self = .modified(try child(), .padding(try EdgeInsets(from: decoder)))
    case .background:
      self = .modified(
        try child(),
        .background(try container.decode(ViewNode.self, forKey: .layer), alignment: try alignment())
      )
    case .overlay:
      self = .modified(
        try child(),
        .overlay(try container.decode(ViewNode.self, forKey: .layer), alignment: try alignment()))
    case .containerBackground:
      self = .modified(
        try child(), .containerBackground(try container.decode(ViewNode.self, forKey: .layer)))
    case .style:
      self = .modified(try child(), .style(try TextStyle(from: decoder)))
    case .opacity:
      self = .modified(try child(), .opacity(try container.decode(Double.self, forKey: .value)))
    case .clip:
      self = .modified(
        try child(),
        .clip(
          try container.decode(ShapeKind.self, forKey: .shape),
          cornerRadius: try container.decodeIfPresent(Double.self, forKey: .cornerRadius)))
    case .link:
      self = .modified(try child(), .link(try container.decode(String.self, forKey: .url)))
    case .widgetURL:
      self = .modified(try child(), .widgetURL(try container.decode(String.self, forKey: .url)))
    case .layoutPriority:
      self = .modified(
        try child(), .layoutPriority(try container.decode(Double.self, forKey: .value)))
    case .accentable:
      self = .modified(try child(), .accentable(try container.decode(Bool.self, forKey: .value)))
    case .aspectRatio:
      let mode = try container.decode(String.self, forKey: .contentMode)
      guard mode == "fit" || mode == "fill" else {
        throw DecodingError.dataCorruptedError(
          forKey: .contentMode, in: container,
          debugDescription: "unknown content mode '\(mode)' (expected fit or fill)")
      }
      self = .modified(
        try child(),
        .aspectRatio(
          try container.decodeIfPresent(Double.self, forKey: .ratio), fill: mode == "fill"))
    case .fixedSize:
      self = .modified(
        try child(),
        .fixedSize(
          horizontal: try container.decode(Bool.self, forKey: .horizontal),
          vertical: try container.decode(Bool.self, forKey: .vertical)))
    case .position:
      self = .modified(
        try child(),
        .position(
          x: try container.decode(Double.self, forKey: .x),
          y: try container.decode(Double.self, forKey: .y)))
    case .transform:
      let defaults = Transform()
      func field(_ key: CodingKeys, _ standard: Double) throws -> Double {
        try container.decodeIfPresent(Double.self, forKey: key) ?? standard
      }
      self = .modified(
        try child(),
        .transform(
          Transform(
            offsetX: try field(.offsetX, defaults.offsetX),
            offsetY: try field(.offsetY, defaults.offsetY),
            rotation: try field(.rotation, defaults.rotation),
            scaleX: try field(.scaleX, defaults.scaleX),
            scaleY: try field(.scaleY, defaults.scaleY),
            anchorX: try field(.anchorX, defaults.anchorX),
            anchorY: try field(.anchorY, defaults.anchorY))))
    case .action:
      self = .modified(
        try child(), .action(try container.decode(WidgetAction.self, forKey: .action)))
    case .invalidatable:
      self = .modified(try child(), .invalidatable)
    }
  }

  /// A node's fields: those of its kind, flattened, with its `type` (and a modified node's
  /// `child`) among them in key order (``FlattenedFieldSink``).
  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    func type(_ kind: Kind) throws(Sink.Failure) { try sink.field("type", kind.rawValue) }
    switch self {
    case .empty:
      try type(.empty)
    case .text(let text):
      try sink.field("runs", text.runs)
      try type(.text)
    case .image(let image):
      try image.encodeFields(into: &sink)
      try type(.image)
    case .shape(let shape):
      try shape.encodeFields(into: &sink)
      try type(.shape)
    case .color(let color):
      try sink.field("color", color)
      try type(.color)
    case .gradient(let gradient):
      try sink.field("gradient", gradient)
      try type(.gradient)
    case .divider:
      try type(.divider)
    case .gauge(let gauge):
      try FlattenedFieldSink.encode(type: Kind.gauge.rawValue, into: &sink) {
        (fields) throws(Sink.Failure) in try gauge.encodeFields(into: &fields)
      }
    case .toggle(let toggle):
      try sink.field("isOn", toggle.isOn)
      try sink.fieldIfPresent("tint", toggle.tint)
      try type(.toggle)
    case .stack(let stack):
      try sink.field("alignment", stack.alignment)
      try sink.field("children", stack.children)
      try sink.fieldIfPresent("spacing", stack.spacing)
      try type(stack.axis == .horizontal ? .hstack : stack.axis == .vertical ? .vstack : .zstack)
    case .spacer(let minLength):
      try sink.fieldIfPresent("minLength", minLength)
      try type(.spacer)
    case .modified(let child, let modifier):
      try FlattenedFieldSink.encode(child: child, type: modifier.kind.rawValue, into: &sink) {
        (fields) throws(Sink.Failure) in try modifier.encodeFields(into: &fields)
      }
    }
  }
}

extension Modifier {
  /// The modifier's `type` in a node's JSON.
  fileprivate var kind: ViewNode.Kind {
    switch self {
    case .frame: .frame
    case .padding: .padding
    case .background: .background
    case .overlay: .overlay
    case .containerBackground: .containerBackground
    case .style: .style
    case .opacity: .opacity
    case .clip: .clip
    case .link: .link
    case .widgetURL: .widgetURL
    case .layoutPriority: .layoutPriority
    case .accentable: .accentable
    case .aspectRatio: .aspectRatio
    case .fixedSize: .fixedSize
    case .position: .position
    case .transform: .transform
    case .action: .action
    case .invalidatable: .invalidatable
    }
  }

  /// The modifier's own fields (its node adds `child` and `type`).
  fileprivate func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    switch self {
    case .frame(let frame):
      try frame.encodeFields(into: &sink)
    case .padding(let insets):
      try insets.encodeFields(into: &sink)
    case .background(let layer, let alignment), .overlay(let layer, let alignment):
      try sink.field("alignment", alignment)
      try sink.field("layer", layer)
    case .containerBackground(let layer):
      try sink.field("layer", layer)
    case .style(let style):
      try style.encodeFields(into: &sink)
    case .opacity(let value), .layoutPriority(let value):
      try sink.field("value", value)
    case .clip(let shape, let cornerRadius):
      try sink.fieldIfPresent("cornerRadius", cornerRadius)
      try sink.field("shape", shape)
    case .link(let url), .widgetURL(let url):
      try sink.field("url", url)
    case .accentable(let value):
      try sink.field("value", value)
    case .aspectRatio(let ratio, let fill):
      try sink.field("contentMode", fill ? "fill" : "fit")
      try sink.fieldIfPresent("ratio", ratio)
    case .fixedSize(let horizontal, let vertical):
      try sink.field("horizontal", horizontal)
      try sink.field("vertical", vertical)
    case .position(let x, let y):
      try sink.field("x", x)
      try sink.field("y", y)
    case .transform(let transform):
      let defaults = Transform()
      func field(_ key: StaticString, _ value: Double, _ standard: Double) throws(Sink.Failure) {
        if value != standard { try sink.field(key, value) }
      }
      try field("anchorX", transform.anchorX, defaults.anchorX)
      try field("anchorY", transform.anchorY, defaults.anchorY)
      try field("offsetX", transform.offsetX, defaults.offsetX)
      try field("offsetY", transform.offsetY, defaults.offsetY)
      try field("rotation", transform.rotation, defaults.rotation)
      try field("scaleX", transform.scaleX, defaults.scaleX)
      try field("scaleY", transform.scaleY, defaults.scaleY)
    case .action(let action):
      try sink.field("action", action)
    case .invalidatable:
      break
    }
  }
}

/// The sink a flattened node's fields go through (a modifier's, a gauge's): it gives the node's
/// `child` and `type` to the node's sink where their keys sort among the fields, which keeps the
/// object's fields in key order (``JSONObjectFields``) however the kind's own are named.
struct FlattenedFieldSink<Base: JSONFieldSink & ~Copyable>: JSONFieldSink {
  typealias Failure = Base.Failure

  private let base: UnsafeMutablePointer<Base>
  private let child: ViewNode?
  private let type: String
  private var childWritten: Bool
  private var typeWritten = false

  /// Gives `fields`' fields to `sink`, with `child` (when there is one) and `type` among them.
  static func encode(
    child: ViewNode? = nil, type: String, into sink: inout Base,
    _ fields: (inout FlattenedFieldSink) throws(Failure) -> Void
  ) throws(Failure) {
    try withUnsafeMutablePointer(to: &sink) { (base) throws(Failure) in
      var flattened = FlattenedFieldSink(base: base, child: child, type: type)
      try fields(&flattened)
      try flattened.remaining(before: nil)
    }
  }

  private init(base: UnsafeMutablePointer<Base>, child: ViewNode?, type: String) {
    self.base = base
    self.child = child
    self.type = type
    childWritten = child == nil
  }

  mutating func field<Value: JSONWritable>(_ key: StaticString, _ value: Value) throws(Failure) {
    try remaining(before: key)
    try base.pointee.field(key, value)
  }

  /// Gives `child` and `type` if their keys sort before `key` (whichever are left, for nil).
  private mutating func remaining(before key: StaticString?) throws(Failure) {
    if !childWritten, key.map({ JSONByteWriter.key("child", precedes: $0) }) ?? true {
      childWritten = true
      if let child { try base.pointee.field("child", child) }
    }
    if !typeWritten, key.map({ JSONByteWriter.key("type", precedes: $0) }) ?? true {
      typeWritten = true
      try base.pointee.field("type", type)
    }
  }
}

extension TextRun: Codable, JSONObjectFields {
  private enum CodingKeys: String, CodingKey {
    case text
    case date
    case style
    case from
    case to
    case timer
    case image
    case attributes
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let style = try container.decodeIfPresent(TextStyle.self, forKey: .attributes) ?? TextStyle()
    if let text = try container.decodeIfPresent(String.self, forKey: .text) {
      self.init(.verbatim(text), style: style)
    } else if container.contains(.date) {
      self.init(
        .date(
          try container.decode(Date.self, forKey: .date),
          style: try container.decode(DateStyle.self, forKey: .style)),
        style: style)
    } else if container.contains(.from),
      let timer = try container.decodeIfPresent(
        TimerDirection.self, forKey: .timer)
    {
      self.init(
        .timerInterval(
          try container.decode(Date.self, forKey: .from),
          try container.decode(Date.self, forKey: .to), countsDown: timer == .down),
        style: style)
    } else if container.contains(.from) {
      self.init(
        .dateRange(
          try container.decode(Date.self, forKey: .from),
          try container.decode(Date.self, forKey: .to)),
        style: style)
    } else if let image = try container.decodeIfPresent(ImageNode.self, forKey: .image) {
      self.init(.image(image), style: style)
    } else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "a text run needs 'text', 'date' and 'style', 'from' and 'to', or 'image'"))
    }
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    // `ownStyle`: nil for a run without a style of its own (most), and never an empty one;
    // `style` would make a default `TextStyle` for such a run only to find it empty.
    if let style = ownStyle { try sink.field("attributes", style) }
    try Self.content(content, into: &sink)
  }

  /// Gives the run's content fields (a parameter of its own, not copied out of `self` to be
  /// switched on: see ``StreamEvent``'s `data`).
  private static func content<Sink: JSONFieldSink & ~Copyable>(
    _ content: Content, into sink: inout Sink
  ) throws(Sink.Failure) {
    switch content {
    case .verbatim(let text):
      try sink.field("text", text)
    case .date(let date, let dateStyle):
      try sink.field("date", date)
      try sink.field("style", dateStyle)
    case .dateRange(let from, let to):
      try sink.field("from", from)
      try sink.field("to", to)
    case .timerInterval(let from, let to, let countsDown):
      try sink.field("from", from)
      try sink.field("timer", countsDown ? TimerDirection.down : .up)
      try sink.field("to", to)
    case .image(let image):
      try sink.field("image", image)
    }
  }
}

extension Frame: Codable, JSONObjectFields {
  private enum CodingKeys: String, CodingKey {
    case width
    case height
    case minWidth
    case idealWidth
    case maxWidth
    case minHeight
    case idealHeight
    case maxHeight
    case alignment
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func length(_ key: CodingKeys) throws -> Double? {
      if (try? container.decodeIfPresent(String.self, forKey: key)) == "infinity" {
        return .infinity
      }
      guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
      guard value >= 0, value.isFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "must be a non-negative number or \"infinity\", got \(value)")
      }
      return value
    }
    width = try length(.width)
    height = try length(.height)
    minWidth = try length(.minWidth)
    idealWidth = try length(.idealWidth)
    maxWidth = try length(.maxWidth)
    minHeight = try length(.minHeight)
    idealHeight = try length(.idealHeight)
    maxHeight = try length(.maxHeight)
    alignment = try container.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .center
  }

  public func encodeFields<Sink: JSONFieldSink & ~Copyable>(
    into sink: inout Sink
  ) throws(Sink.Failure) {
    func length(_ key: StaticString, _ value: Double?) throws(Sink.Failure) {
      guard let value else { return }
      if value.isInfinite {
        try sink.field(key, "infinity")
      } else {
        try sink.field(key, value)
      }
    }
    try sink.field("alignment", alignment)
    try length("height", height)
    try length("idealHeight", idealHeight)
    try length("idealWidth", idealWidth)
    try length("maxHeight", maxHeight)
    try length("maxWidth", maxWidth)
    try length("minHeight", minHeight)
    try length("minWidth", minWidth)
    try length("width", width)
  }
}

/// A timer run's direction: JSON `"timer": "down"` (to the interval's end) or `"up"` (from its
/// start).
public enum TimerDirection: String, JSONEnum, Sendable {
  case down
  case up
}
