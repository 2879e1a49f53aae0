import FoundationEssentials

extension ViewNode: Codable {
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
  private enum Kind: String, CaseIterable {
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

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    func type(_ kind: Kind) throws { try container.encode(kind.rawValue, forKey: .type) }
    switch self {
    case .empty:
      try type(.empty)
    case .text(let text):
      try type(.text)
      try container.encode(text.runs, forKey: .runs)
    case .image(let image):
      try type(.image)
      try image.encode(to: encoder)
    case .shape(let shape):
      try type(.shape)
      try shape.encode(to: encoder)
    case .color(let color):
      try type(.color)
      try container.encode(color, forKey: .color)
    case .gradient(let gradient):
      try type(.gradient)
      try container.encode(gradient, forKey: .gradient)
    case .divider:
      try type(.divider)
    case .gauge(let gauge):
      try type(.gauge)
      try gauge.encode(to: encoder)
    case .toggle(let toggle):
      try type(.toggle)
      try container.encode(toggle.isOn, forKey: .isOn)
      try container.encodeIfPresent(toggle.tint, forKey: .tint)
    case .stack(let stack):
      try type(stack.axis == .horizontal ? .hstack : stack.axis == .vertical ? .vstack : .zstack)
      try container.encode(stack.alignment, forKey: .alignment)
      try container.encodeIfPresent(stack.spacing, forKey: .spacing)
      try container.encode(stack.children, forKey: .children)
    case .spacer(let minLength):
      try type(.spacer)
      try container.encodeIfPresent(minLength, forKey: .minLength)
    case .modified(let child, let modifier):
      try container.encode(child, forKey: .child)
      switch modifier {
      case .frame(let frame):
        try type(.frame)
        try frame.encode(to: encoder)
      case .padding(let insets):
        try type(.padding)
        try insets.encode(to: encoder)
      case .background(let layer, let alignment):
        try type(.background)
        try container.encode(layer, forKey: .layer)
        try container.encode(alignment, forKey: .alignment)
      case .overlay(let layer, let alignment):
        try type(.overlay)
        try container.encode(layer, forKey: .layer)
        try container.encode(alignment, forKey: .alignment)
      case .containerBackground(let layer):
        try type(.containerBackground)
        try container.encode(layer, forKey: .layer)
      case .style(let style):
        try type(.style)
        try style.encode(to: encoder)
      case .opacity(let value):
        try type(.opacity)
        try container.encode(value, forKey: .value)
      case .clip(let shape, let cornerRadius):
        try type(.clip)
        try container.encode(shape, forKey: .shape)
        try container.encodeIfPresent(cornerRadius, forKey: .cornerRadius)
      case .link(let url):
        try type(.link)
        try container.encode(url, forKey: .url)
      case .widgetURL(let url):
        try type(.widgetURL)
        try container.encode(url, forKey: .url)
      case .layoutPriority(let value):
        try type(.layoutPriority)
        try container.encode(value, forKey: .value)
      case .accentable(let value):
        try type(.accentable)
        try container.encode(value, forKey: .value)
      case .aspectRatio(let ratio, let fill):
        try type(.aspectRatio)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encode(fill ? "fill" : "fit", forKey: .contentMode)
      case .fixedSize(let horizontal, let vertical):
        try type(.fixedSize)
        try container.encode(horizontal, forKey: .horizontal)
        try container.encode(vertical, forKey: .vertical)
      case .position(let x, let y):
        try type(.position)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
      case .transform(let transform):
        try type(.transform)
        let defaults = Transform()
        func field(_ value: Double, _ standard: Double, _ key: CodingKeys) throws {
          if value != standard { try container.encode(value, forKey: key) }
        }
        try field(transform.offsetX, defaults.offsetX, .offsetX)
        try field(transform.offsetY, defaults.offsetY, .offsetY)
        try field(transform.rotation, defaults.rotation, .rotation)
        try field(transform.scaleX, defaults.scaleX, .scaleX)
        try field(transform.scaleY, defaults.scaleY, .scaleY)
        try field(transform.anchorX, defaults.anchorX, .anchorX)
        try field(transform.anchorY, defaults.anchorY, .anchorY)
      case .action(let action):
        try type(.action)
        try container.encode(action, forKey: .action)
      case .invalidatable:
        try type(.invalidatable)
      }
    }
  }
}

extension TextRun: Codable {
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

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch content {
    case .verbatim(let text):
      try container.encode(text, forKey: .text)
    case .date(let date, let dateStyle):
      try container.encode(date, forKey: .date)
      try container.encode(dateStyle, forKey: .style)
    case .dateRange(let from, let to):
      try container.encode(from, forKey: .from)
      try container.encode(to, forKey: .to)
    case .timerInterval(let from, let to, let countsDown):
      try container.encode(from, forKey: .from)
      try container.encode(countsDown ? TimerDirection.down : .up, forKey: .timer)
      try container.encode(to, forKey: .to)
    case .image(let image):
      try container.encode(image, forKey: .image)
    }
    if !style.isEmpty { try container.encode(style, forKey: .attributes) }
  }
}

extension Frame: Codable {
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

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    func length(_ value: Double?, _ key: CodingKeys) throws {
      guard let value else { return }
      if value.isInfinite {
        try container.encode("infinity", forKey: key)
      } else {
        try container.encode(value, forKey: key)
      }
    }
    try length(width, .width)
    try length(height, .height)
    try length(minWidth, .minWidth)
    try length(idealWidth, .idealWidth)
    try length(maxWidth, .maxWidth)
    try length(minHeight, .minHeight)
    try length(idealHeight, .idealHeight)
    try length(maxHeight, .maxHeight)
    try container.encode(alignment, forKey: .alignment)
  }
}

/// A timer run's direction: JSON `"timer": "down"` (to the interval's end) or `"up"` (from its
/// start).
public enum TimerDirection: String, JSONEnum, Sendable {
  case down
  case up
}
