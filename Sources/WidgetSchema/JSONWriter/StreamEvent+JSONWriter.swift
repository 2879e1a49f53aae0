import FoundationEssentials

// Every type of the stream written by hand with `JSONByteWriter`, keys in the order
// `JSONEncoder` sorts them (UTF-8), fields left out exactly where the Codable conformances
// leave them out. `JSONWriterTests` compares the output with `WidgetJSON.encoder()`'s byte for
// byte.

extension StreamEvent {
  /// The event as one line of JSON (without the newline): the same bytes as
  /// `WidgetJSON.encode(self)`, several times faster. Throws for a number JSON cannot hold.
  public func jsonBytes() throws(JSONByteWriter.NonFiniteNumber) -> [UInt8] {
    var writer = JSONByteWriter(capacity: 1536)
    try writer.event(self)
    return writer.bytes
  }

  /// Appends the event as one line of JSON, with its newline, to `bytes`: the bytes of
  /// ``jsonBytes()`` without an array of their own (a sink appends to its buffer).
  /// For a number JSON cannot hold, `bytes` is left as it was and the error thrown.
  public func appendJSONLine(to bytes: inout [UInt8]) throws(JSONByteWriter.NonFiniteNumber) {
    // Written apart and then copied: one copy of the line costs less than the checks of
    // appending to `bytes` piece by piece (``JSONByteWriter``). 1 KiB, which holds a typical
    // entry event: glibc serves blocks up to 1032 bytes from a per-thread cache, larger ones
    // through its bins, which cost more; a longer event grows.
    var writer = JSONByteWriter(capacity: 1024)
    try writer.event(self)
    writer.byte(0x0A)
    writer.append(to: &bytes)
  }
}

extension StreamHeader {
  /// The header as one line of JSON (without the newline): the same bytes as
  /// `WidgetJSON.encode(self)`.
  public func jsonBytes() -> [UInt8] {
    var writer = JSONByteWriter(capacity: 128)
    writer.open("host")
    writer.string(host)
    writer.nextKey("started")
    writer.date(started)
    writer.nextKey("stream")
    writer.string(stream)
    writer.nextKey("type")
    writer.string(type)
    writer.nextKey("version")
    writer.integer(version)
    writer.byte(UInt8(ascii: "}"))
    return writer.bytes
  }
}

extension JSONByteWriter {
  /// Writes `{"key":`: opens an object at its first key.
  @inline(__always)
  mutating func open(_ name: StaticString) {
    byte(UInt8(ascii: "{"))
    key(name)
  }

  /// Writes a stream event.
  mutating func event(_ event: StreamEvent) throws(NonFiniteNumber) {
    open("data")
    // Switched on as a parameter of its own: switching on `event.payload` in place made the
    // compiler copy the case's data out of it first (an entry's every string, array and view
    // retained, then released), which the disassembly no longer shows this way.
    try payload(event.payload)
    if let instance = event.instance {
      nextKey("instance")
      string(instance)
    }
    nextKey("seq")
    unsigned(event.seq)
    nextKey("time")
    date(event.time)
    nextKey("type")
    string(event.payload.type)
    byte(UInt8(ascii: "}"))
  }

  /// Writes an event's data.
  mutating func payload(_ payload: EventPayload) throws(NonFiniteNumber) {
    switch payload {
    case .bundle(let data): bundle(data)
    case .reload(let data): reload(data)
    case .timeline(let data): timeline(data)
    case .entry(let data): try entry(data)
    case .warning(let data), .error(let data): problem(data)
    case .openURL(let data): openURL(data)
    case .instance(let data): instance(data)
    case .action(let data): try action(data)
    case .activity(let data): try encoded(data)
    }
  }

  /// Writes `value` as `JSONEncoder` does, through it: for events rare enough (activities) that
  /// a writer of their own would be code to keep for nothing.
  mutating func encoded(_ value: some Encodable) throws(NonFiniteNumber) {
    guard let data = try? WidgetJSON.encode(value) else { throw NonFiniteNumber(value: .nan) }
    data.withUnsafeBytes { bytes in append(bytes.bindMemory(to: UInt8.self)) }
  }

  mutating func action(_ data: ActionEvent) throws(NonFiniteNumber) {
    open("arguments")
    try object(data.arguments)
    nextKey("name")
    string(data.name)
    optionalString("region", data.region)
    byte(UInt8(ascii: "}"))
  }

  mutating func instance(_ data: InstanceEvent) {
    open("bundle")
    string(data.bundle)
    nextKey("event")
    string(data.event.rawValue)
    nextKey("family")
    string(data.family.rawValue)
    nextKey("kind")
    string(data.kind)
    byte(UInt8(ascii: "}"))
  }

  mutating func bundle(_ data: BundleEvent) {
    open("bundle")
    string(data.bundle)
    nextKey("event")
    string(data.event.rawValue)
    nextKey("kinds")
    strings(data.kinds)
    nextKey("path")
    string(data.path)
    if let previousVersion = data.previousVersion {
      nextKey("previousVersion")
      string(previousVersion)
    }
    if let reason = data.reason {
      nextKey("reason")
      string(reason)
    }
    nextKey("version")
    string(data.version)
    byte(UInt8(ascii: "}"))
  }

  mutating func reload(_ data: ReloadEvent) {
    open("family")
    string(data.family.rawValue)
    nextKey("kind")
    string(data.kind)
    nextKey("reason")
    string(data.reason.rawValue)
    byte(UInt8(ascii: "}"))
  }

  mutating func timeline(_ data: TimelineEvent) {
    byte(UInt8(ascii: "{"))
    if let budgetLeft = data.budgetLeft {
      key("budgetLeft")
      integer(budgetLeft)
      byte(UInt8(ascii: ","))
    }
    key("entries")
    integer(data.entries)
    nextKey("family")
    string(data.family.rawValue)
    nextKey("kind")
    string(data.kind)
    if let nextReload = data.nextReload {
      nextKey("nextReload")
      date(nextReload)
    }
    nextKey("policy")
    policy(data.policy)
    byte(UInt8(ascii: "}"))
  }

  mutating func policy(_ policy: ReloadPolicy) {
    switch policy {
    case .atEnd: raw(#"{"type":"atEnd"}"#)
    case .never: raw(#"{"type":"never"}"#)
    case .after(let date):
      open("date")
      self.date(date)
      raw(#","type":"after"}"#)
    }
  }

  mutating func problem(_ data: ProblemEvent) {
    byte(UInt8(ascii: "{"))
    if let bundle = data.bundle {
      key("bundle")
      string(bundle)
      byte(UInt8(ascii: ","))
    }
    key("code")
    string(data.code)
    if let kind = data.kind {
      nextKey("kind")
      string(kind)
    }
    nextKey("message")
    string(data.message)
    byte(UInt8(ascii: "}"))
  }

  mutating func openURL(_ data: OpenURLEvent) {
    byte(UInt8(ascii: "{"))
    if let region = data.region {
      key("region")
      string(region)
      byte(UInt8(ascii: ","))
    }
    key("url")
    string(data.url)
    byte(UInt8(ascii: "}"))
  }

  /// Writes an entry's relevance (`{"duration":…,"score":…}`).
  mutating func relevance(_ relevance: Relevance) throws(NonFiniteNumber) {
    open("duration")
    try number(relevance.duration)
    nextKey("score")
    try number(relevance.score)
    byte(UInt8(ascii: "}"))
  }

  /// Writes an entry's geometry (`{"height":…,"nodes":[{"baselines":[…],"height":…,…}],…}`).
  mutating func geometry(_ geometry: EntryGeometry) throws(NonFiniteNumber) {
    open("height")
    try number(geometry.height)
    nextKey("nodes")
    byte(UInt8(ascii: "["))
    for index in geometry.nodes.indices {
      if index > 0 { byte(UInt8(ascii: ",")) }
      let node = geometry.nodes[index]
      byte(UInt8(ascii: "{"))
      if let baselines = node.baselines {
        key("baselines")
        byte(UInt8(ascii: "["))
        for (position, baseline) in baselines.enumerated() {
          if position > 0 { byte(UInt8(ascii: ",")) }
          try number(baseline)
        }
        byte(UInt8(ascii: "]"))
        byte(UInt8(ascii: ","))
      }
      key("height")
      try number(node.height)
      nextKey("width")
      try number(node.width)
      nextKey("x")
      try number(node.x)
      nextKey("y")
      try number(node.y)
      byte(UInt8(ascii: "}"))
    }
    byte(UInt8(ascii: "]"))
    nextKey("width")
    try number(geometry.width)
    byte(UInt8(ascii: "}"))
  }

  mutating func entry(_ data: EntryEvent) throws(NonFiniteNumber) {
    byte(UInt8(ascii: "{"))
    if let configuration = data.configuration {
      key("configuration")
      try object(configuration)
      byte(UInt8(ascii: ","))
    }
    key("date")
    let dateStart = count
    date(data.date)
    let dateEnd = count
    nextKey("family")
    string(data.family.rawValue)
    if let geometry = data.geometry {
      nextKey("geometry")
      try self.geometry(geometry)
    }
    if data.invalidated { raw(#","invalidated":true"#) }
    nextKey("kind")
    string(data.kind)
    nextKey("lines")
    strings(data.lines)
    nextKey("regions")
    byte(UInt8(ascii: "["))
    // Arrays through their buffers, here and below, as in ``strings(_:)``: `enumerated()`
    // copied every element into its tuple (retaining what it holds) before it was written.
    try data.regions.withUnsafeBufferPointer { (regions) throws(NonFiniteNumber) in
      for index in regions.indices {
        if index > 0 { byte(UInt8(ascii: ",")) }
        try tapRegion(regions[index])
      }
    }
    byte(UInt8(ascii: "]"))
    if let relevance = data.relevance {
      nextKey("relevance")
      try self.relevance(relevance)
    }
    if data.renderingMode != .default(for: data.family) {
      nextKey("renderingMode")
      string(data.renderingMode.rawValue)
    }
    if data.restored { raw(#","restored":true"#) }
    nextKey("source")
    string(data.source.rawValue)
    nextKey("spans")
    byte(UInt8(ascii: "["))
    // Each span by a pointer to it in the array (in bounds: `first + index`, `index` one of
    // the buffer's indices), not by value: a `Span` passed by value was copied out of the
    // buffer first, every optional colour in it retained and released.
    try data.spans.withUnsafeBufferPointer { (spans) throws(NonFiniteNumber) in
      guard let first = spans.baseAddress else { return }
      for index in spans.indices {
        if index > 0 { byte(UInt8(ascii: ",")) }
        try span(first + index)
      }
    }
    byte(UInt8(ascii: "]"))
    nextKey("stale")
    bool(data.stale)
    if let url = data.url {
      nextKey("url")
      string(url)
    }
    nextKey("validFrom")
    // The same date as `date`: its bytes again.
    repeatBytes(dateStart..<dateEnd)
    if let validUntil = data.validUntil {
      nextKey("validUntil")
      date(validUntil)
    }
    nextKey("view")
    try view(data.view)
    byte(UInt8(ascii: "}"))
  }

  mutating func tapRegion(_ region: TapRegion) throws(NonFiniteNumber) {
    byte(UInt8(ascii: "{"))
    if let action = region.action {
      key("action")
      try self.action(action)
      byte(UInt8(ascii: ","))
    }
    key("height")
    integer(region.height)
    nextKey("id")
    string(region.id)
    optionalString("url", region.url)
    nextKey("width")
    integer(region.width)
    nextKey("x")
    integer(region.x)
    nextKey("y")
    integer(region.y)
    byte(UInt8(ascii: "}"))
  }

  /// Writes `,"key":true|false` when `value` is set.
  @inline(__always)
  mutating func optionalFlag(_ name: StaticString, _ value: Bool?) {
    guard let value else { return }
    nextKey(name)
    bool(value)
  }

  /// Writes the span at `span` (read in place, see ``entry(_:)``).
  mutating func span(_ span: UnsafePointer<Span>) throws(NonFiniteNumber) {
    // The optional fields come first and last; `column` is always there, so the fields
    // before it are written with a trailing comma.
    byte(UInt8(ascii: "{"))
    if let background = span.pointee.background {
      key("background")
      try color(background)
      byte(UInt8(ascii: ","))
    }
    if let bold = span.pointee.bold {
      key("bold")
      bool(bold)
      byte(UInt8(ascii: ","))
    }
    key("column")
    integer(span.pointee.column)
    optionalFlag("dim", span.pointee.dim)
    if let foreground = span.pointee.foreground {
      nextKey("foreground")
      try color(foreground)
    }
    optionalFlag("italic", span.pointee.italic)
    nextKey("length")
    integer(span.pointee.length)
    optionalFlag("redacted", span.pointee.redacted)
    nextKey("row")
    integer(span.pointee.row)
    optionalFlag("strikethrough", span.pointee.strikethrough)
    optionalFlag("underline", span.pointee.underline)
    byte(UInt8(ascii: "}"))
  }

  /// A stroke's fields, those at their defaults left out, as its `encode(to:)` does.
  mutating func stroke(_ stroke: ShapeStroke) throws(NonFiniteNumber) {
    let defaults = ShapeStroke()
    byte(UInt8(ascii: "{"))
    if !stroke.dash.isEmpty {
      key("dash")
      byte(UInt8(ascii: "["))
      for (index, length) in stroke.dash.enumerated() {
        if index > 0 { byte(UInt8(ascii: ",")) }
        try number(length)
      }
      raw("],")
    }
    if stroke.dashPhase != defaults.dashPhase {
      key("dashPhase")
      try number(stroke.dashPhase)
      byte(UInt8(ascii: ","))
    }
    if stroke.inset { raw(#""inset":true,"#) }
    if stroke.lineCap != defaults.lineCap {
      key("lineCap")
      string(stroke.lineCap.rawValue)
      byte(UInt8(ascii: ","))
    }
    if stroke.lineJoin != defaults.lineJoin {
      key("lineJoin")
      string(stroke.lineJoin.rawValue)
      byte(UInt8(ascii: ","))
    }
    key("lineWidth")
    try number(stroke.lineWidth)
    if stroke.miterLimit != defaults.miterLimit {
      nextKey("miterLimit")
      try number(stroke.miterLimit)
    }
    byte(UInt8(ascii: "}"))
  }

  /// A gradient's fields, those of its kind only, keys sorted as `encode(to:)` writes them.
  mutating func gradient(_ gradient: GradientValue) throws(NonFiniteNumber) {
    func point(_ point: GradientValue.Point) throws(NonFiniteNumber) {
      open("x")
      try number(point.x)
      nextKey("y")
      try number(point.y)
      byte(UInt8(ascii: "}"))
    }
    byte(UInt8(ascii: "{"))
    switch gradient.kind {
    case .linear:
      key("endPoint")
      try point(gradient.endPoint)
      nextKey("kind")
      raw(#""linear","startPoint":"#)
      try point(gradient.startPoint)
    case .radial:
      key("center")
      try point(gradient.center)
      nextKey("endRadius")
      try number(gradient.endRadius)
      nextKey("kind")
      raw(#""radial","startRadius":"#)
      try number(gradient.startRadius)
    case .elliptical:
      key("center")
      try point(gradient.center)
      nextKey("endRadiusFraction")
      try number(gradient.endRadius)
      nextKey("kind")
      raw(#""elliptical","startRadiusFraction":"#)
      try number(gradient.startRadius)
    case .angular:
      key("center")
      try point(gradient.center)
      nextKey("endAngle")
      try number(gradient.endAngle)
      nextKey("kind")
      raw(#""angular","startAngle":"#)
      try number(gradient.startAngle)
    }
    nextKey("stops")
    byte(UInt8(ascii: "["))
    for (index, stop) in gradient.stops.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      open("color")
      try color(stop.color)
      nextKey("location")
      try number(stop.location)
      byte(UInt8(ascii: "}"))
    }
    raw("]}")
  }

  mutating func color(_ color: ColorValue) throws(NonFiniteNumber) {
    byte(UInt8(ascii: "{"))
    if let blue = color.blue {
      key("blue")
      try number(blue)
      byte(UInt8(ascii: ","))
    }
    if let dark = color.dark {
      key("dark")
      byte(UInt8(ascii: "{"))
      key("blue")
      try number(dark.blue)
      nextKey("green")
      try number(dark.green)
      nextKey("opacity")
      try number(dark.opacity)
      nextKey("red")
      try number(dark.red)
      byte(UInt8(ascii: "}"))
      byte(UInt8(ascii: ","))
    }
    if let green = color.green {
      key("green")
      try number(green)
      byte(UInt8(ascii: ","))
    }
    if let name = color.name {
      key("name")
      string(name)
      byte(UInt8(ascii: ","))
    }
    key("opacity")
    try number(color.opacity)
    if let red = color.red {
      nextKey("red")
      try number(red)
    }
    byte(UInt8(ascii: "}"))
  }

  /// Writes `,"key":number` when `value` is set.
  @inline(__always)
  mutating func optionalNumber(_ name: StaticString, _ value: Double?) throws(NonFiniteNumber) {
    guard let value else { return }
    nextKey(name)
    try number(value)
  }

  /// Writes `,"key":"text"` when `value` is set.
  @inline(__always)
  mutating func optionalString(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    nextKey(name)
    string(value)
  }

  /// Writes a frame length: a number, or `"infinity"`.
  @inline(__always)
  mutating func frameLength(_ name: StaticString, _ value: Double?) throws(NonFiniteNumber) {
    guard let value else { return }
    nextKey(name)
    if value.isInfinite { raw(#""infinity""#) } else { try number(value) }
  }

  /// Writes a view node; modifiers are the modifier's fields, `type` and `child`.
  mutating func view(_ node: ViewNode) throws(NonFiniteNumber) {
    switch node {
    case .empty:
      raw(#"{"type":"empty"}"#)
    case .divider:
      raw(#"{"type":"divider"}"#)
    case .gauge(let gauge):
      open("style")
      string(gauge.style.rawValue)
      if let tint = gauge.tint {
        nextKey("tint")
        try color(tint)
      }
      raw(#","type":"gauge""#)
      try optionalNumber("value", gauge.value)
      byte(UInt8(ascii: "}"))
    case .toggle(let toggle):
      open("isOn")
      bool(toggle.isOn)
      if let tint = toggle.tint {
        nextKey("tint")
        try color(tint)
      }
      raw(#","type":"toggle"}"#)
    case .text(let text):
      open("runs")
      byte(UInt8(ascii: "["))
      // Each run by a pointer to it, as the spans in ``entry(_:)``: a run by value copied its
      // whole style.
      try text.runs.withUnsafeBufferPointer { (runs) throws(NonFiniteNumber) in
        guard let first = runs.baseAddress else { return }
        for index in runs.indices {
          if index > 0 { byte(UInt8(ascii: ",")) }
          try run(first + index)
        }
      }
      raw(#"],"type":"text"}"#)
    case .image(let image):
      byte(UInt8(ascii: "{"))
      imageFields(image)
      raw(#","type":"image"}"#)
    case .shape(let shape):
      byte(UInt8(ascii: "{"))
      if let cornerRadius = shape.cornerRadius {
        key("cornerRadius")
        try number(cornerRadius)
        byte(UInt8(ascii: ","))
      }
      if let fill = shape.fill {
        key("fill")
        try color(fill)
        byte(UInt8(ascii: ","))
      }
      if let gradient = shape.gradient {
        key("gradient")
        try self.gradient(gradient)
        byte(UInt8(ascii: ","))
      }
      if let inset = shape.inset {
        key("inset")
        try number(inset)
        byte(UInt8(ascii: ","))
      }
      if let path = shape.path {
        key("path")
        open("commands")
        string(path.commands)
        try optionalNumber("height", path.height)
        nextKey("points")
        byte(UInt8(ascii: "["))
        for (index, coordinate) in path.points.enumerated() {
          if index > 0 { byte(UInt8(ascii: ",")) }
          try number(coordinate)
        }
        byte(UInt8(ascii: "]"))
        try optionalNumber("width", path.width)
        raw("},")
      }
      key("shape")
      string(shape.shape.rawValue)
      if let stroke = shape.stroke {
        nextKey("stroke")
        try self.stroke(stroke)
      }
      if let trim = shape.trim {
        nextKey("trim")
        byte(UInt8(ascii: "{"))
        key("from")
        try number(trim.from)
        nextKey("to")
        try number(trim.to)
        byte(UInt8(ascii: "}"))
      }
      raw(#","type":"shape"}"#)
    case .color(let value):
      open("color")
      try color(value)
      raw(#","type":"color"}"#)
    case .gradient(let value):
      open("gradient")
      try gradient(value)
      raw(#","type":"gradient"}"#)
    case .stack(let stack):
      open("alignment")
      string(stack.alignment.rawValue)
      nextKey("children")
      byte(UInt8(ascii: "["))
      try stack.children.withUnsafeBufferPointer { (children) throws(NonFiniteNumber) in
        for index in children.indices {
          if index > 0 { byte(UInt8(ascii: ",")) }
          try view(children[index])
        }
      }
      byte(UInt8(ascii: "]"))
      try optionalNumber("spacing", stack.spacing)
      switch stack.axis {
      case .horizontal: raw(#","type":"hstack"}"#)
      case .vertical: raw(#","type":"vstack"}"#)
      case .z: raw(#","type":"zstack"}"#)
      }
    case .spacer(let minLength):
      byte(UInt8(ascii: "{"))
      if let minLength {
        key("minLength")
        try number(minLength)
        byte(UInt8(ascii: ","))
      }
      raw(#""type":"spacer"}"#)
    case .modified(let child, let modifier):
      try modified(child, modifier)
    }
  }

  private mutating func modified(_ child: ViewNode, _ modifier: Modifier) throws(NonFiniteNumber) {
    switch modifier {
    case .frame(let frame):
      open("alignment")
      string(frame.alignment.rawValue)
      nextKey("child")
      try view(child)
      try frameLength("height", frame.height)
      try frameLength("idealHeight", frame.idealHeight)
      try frameLength("idealWidth", frame.idealWidth)
      try frameLength("maxHeight", frame.maxHeight)
      try frameLength("maxWidth", frame.maxWidth)
      try frameLength("minHeight", frame.minHeight)
      try frameLength("minWidth", frame.minWidth)
      raw(#","type":"frame""#)
      try frameLength("width", frame.width)
      byte(UInt8(ascii: "}"))
    case .padding(let insets):
      open("bottom")
      try number(insets.bottom)
      nextKey("child")
      try view(child)
      nextKey("leading")
      try number(insets.leading)
      nextKey("top")
      try number(insets.top)
      nextKey("trailing")
      try number(insets.trailing)
      raw(#","type":"padding"}"#)
    case .background(let layer, let alignment):
      try layered(child, layer, alignment: alignment, type: #""background"}"#)
    case .overlay(let layer, let alignment):
      try layered(child, layer, alignment: alignment, type: #""overlay"}"#)
    case .containerBackground(let layer):
      open("child")
      try view(child)
      nextKey("layer")
      try view(layer)
      raw(#","type":"containerBackground"}"#)
    case .style(let style):
      open("child")
      try view(child)
      try styleFields(style, type: true)
      byte(UInt8(ascii: "}"))
    case .opacity(let value):
      try valued(child, type: #""opacity","value":"#)
      try number(value)
      byte(UInt8(ascii: "}"))
    case .clip(let shape, let cornerRadius):
      open("child")
      try view(child)
      try optionalNumber("cornerRadius", cornerRadius)
      nextKey("shape")
      string(shape.rawValue)
      raw(#","type":"clip"}"#)
    case .link(let url):
      try valued(child, type: #""link","url":"#)
      string(url)
      byte(UInt8(ascii: "}"))
    case .widgetURL(let url):
      try valued(child, type: #""widgetURL","url":"#)
      string(url)
      byte(UInt8(ascii: "}"))
    case .layoutPriority(let value):
      try valued(child, type: #""layoutPriority","value":"#)
      try number(value)
      byte(UInt8(ascii: "}"))
    case .accentable(let value):
      try valued(child, type: #""accentable","value":"#)
      bool(value)
      byte(UInt8(ascii: "}"))
    case .aspectRatio(let ratio, let fill):
      open("child")
      try view(child)
      nextKey("contentMode")
      string(fill ? "fill" : "fit")
      try optionalNumber("ratio", ratio)
      raw(#","type":"aspectRatio"}"#)
    case .fixedSize(let horizontal, let vertical):
      open("child")
      try view(child)
      nextKey("horizontal")
      bool(horizontal)
      raw(#","type":"fixedSize","vertical":"#)
      bool(vertical)
      byte(UInt8(ascii: "}"))
    case .position(let x, let y):
      try valued(child, type: #""position","x":"#)
      try number(x)
      nextKey("y")
      try number(y)
      byte(UInt8(ascii: "}"))
    case .transform(let transform):
      // Keys in order, those at their defaults left out, as its `encode(to:)` does.
      let defaults = Transform()
      byte(UInt8(ascii: "{"))
      if transform.anchorX != defaults.anchorX {
        key("anchorX")
        try number(transform.anchorX)
        byte(UInt8(ascii: ","))
      }
      if transform.anchorY != defaults.anchorY {
        key("anchorY")
        try number(transform.anchorY)
        byte(UInt8(ascii: ","))
      }
      key("child")
      try view(child)
      func field(_ name: StaticString, _ value: Double, _ standard: Double) throws(NonFiniteNumber)
      {
        try optionalNumber(name, value == standard ? nil : value)
      }
      try field("offsetX", transform.offsetX, defaults.offsetX)
      try field("offsetY", transform.offsetY, defaults.offsetY)
      try field("rotation", transform.rotation, defaults.rotation)
      try field("scaleX", transform.scaleX, defaults.scaleX)
      try field("scaleY", transform.scaleY, defaults.scaleY)
      raw(#","type":"transform"}"#)
    case .action(let action):
      open("action")
      try self.action(action)
      nextKey("child")
      try view(child)
      raw(#","type":"action"}"#)
    case .invalidatable:
      try valued(child, type: #""invalidatable"}"#)
    }
  }

  /// Writes an action: `{"arguments":{…},"name":…,"reference":…}`.
  mutating func action(_ action: WidgetAction) throws(NonFiniteNumber) {
    open("arguments")
    try object(action.arguments)
    nextKey("name")
    string(action.name)
    optionalString("reference", action.reference)
    byte(UInt8(ascii: "}"))
  }

  /// `{"child":…,"type":` followed by `rest` (the type's name and the next key).
  private mutating func valued(_ child: ViewNode, type rest: StaticString) throws(NonFiniteNumber) {
    open("child")
    try view(child)
    nextKey("type")
    raw(rest)
  }

  private mutating func layered(
    _ child: ViewNode, _ layer: ViewNode, alignment: Alignment, type rest: StaticString
  ) throws(NonFiniteNumber) {
    open("alignment")
    string(alignment.rawValue)
    nextKey("child")
    try view(child)
    nextKey("layer")
    try view(layer)
    nextKey("type")
    raw(rest)
  }

  /// Writes a text style's fields, each after a comma (the object is already open and has a
  /// field), with `"type":"style"` in its place when `type` is true.
  private mutating func styleFields(_ style: TextStyle, type: Bool) throws(NonFiniteNumber) {
    if let font = style.font {
      nextKey("font")
      try self.font(font)
    }
    if let foreground = style.foreground {
      nextKey("foreground")
      try color(foreground)
    }
    if let gradient = style.foregroundGradient {
      nextKey("foregroundGradient")
      try self.gradient(gradient)
    }
    optionalFlag("italic", style.italic)
    if let lineLimit = style.lineLimit {
      nextKey("lineLimit")
      integer(lineLimit)
    }
    try optionalNumber("minimumScaleFactor", style.minimumScaleFactor)
    optionalString("multilineTextAlignment", style.multilineTextAlignment?.rawValue)
    optionalFlag("redacted", style.redacted)
    optionalFlag("strikethrough", style.strikethrough)
    optionalString("timeZone", style.timeZone)
    optionalString("truncationMode", style.truncationMode?.rawValue)
    if type { raw(#","type":"style""#) }
    optionalFlag("underline", style.underline)
    optionalString("weight", style.weight?.rawValue)
  }

  mutating func font(_ font: Font) throws(NonFiniteNumber) {
    byte(UInt8(ascii: "{"))
    var first = true
    if let design = font.design {
      key("design")
      string(design)
      first = false
    }
    if let size = font.size {
      if !first { byte(UInt8(ascii: ",")) }
      key("size")
      try number(size)
      first = false
    }
    if let textStyle = font.textStyle {
      if !first { byte(UInt8(ascii: ",")) }
      key("textStyle")
      string(textStyle.rawValue)
      first = false
    }
    if let weight = font.weight {
      if !first { byte(UInt8(ascii: ",")) }
      key("weight")
      string(weight.rawValue)
    }
    byte(UInt8(ascii: "}"))
  }

  /// Writes the run at `run` (read in place, see ``view(_:)``).
  mutating func run(_ run: UnsafePointer<TextRun>) throws(NonFiniteNumber) {
    byte(UInt8(ascii: "{"))
    // `ownStyle`: nil for a run without a style of its own (most), and never an empty one;
    // `style` would make a default `TextStyle` for such a run only to find it empty.
    if let style = run.pointee.ownStyle {
      key("attributes")
      try textStyle(style)
      byte(UInt8(ascii: ","))
    }
    switch run.pointee.content {
    case .verbatim(let text):
      key("text")
      string(text)
    case .date(let date, let style):
      key("date")
      self.date(date)
      nextKey("style")
      string(style.rawValue)
    case .dateRange(let from, let to):
      key("from")
      date(from)
      nextKey("to")
      date(to)
    case .timerInterval(let from, let to, let countsDown):
      key("from")
      date(from)
      nextKey("timer")
      string(countsDown ? "down" : "up")
      nextKey("to")
      date(to)
    case .image(let image):
      key("image")
      byte(UInt8(ascii: "{"))
      imageFields(image)
      byte(UInt8(ascii: "}"))
    }
    byte(UInt8(ascii: "}"))
  }

  /// Writes an image node's fields, in key order, without braces (`resizable` is always one).
  mutating func imageFields(_ image: ImageNode) {
    if let data = image.data {
      key("data")
      string(data.base64EncodedString())
      byte(UInt8(ascii: ","))
    }
    if image.missing { raw(#""missing":true,"#) }
    if let name = image.name {
      key("name")
      string(name)
      byte(UInt8(ascii: ","))
    }
    if let path = image.path {
      key("path")
      string(path)
      byte(UInt8(ascii: ","))
    }
    if let pixelHeight = image.pixelHeight {
      key("pixelHeight")
      integer(pixelHeight)
      byte(UInt8(ascii: ","))
    }
    if let pixelWidth = image.pixelWidth {
      key("pixelWidth")
      integer(pixelWidth)
      byte(UInt8(ascii: ","))
    }
    key("resizable")
    bool(image.resizable)
    optionalString("systemName", image.systemName)
  }

  /// Writes a text style as an object of its own (a run's `attributes`).
  mutating func textStyle(_ style: TextStyle) throws(NonFiniteNumber) {
    // `styleFields` writes a comma before every field: write them after a placeholder byte
    // and turn the first comma into the opening brace.
    let start = count
    try styleFields(style, type: false)
    if count == start {
      raw("{}")
    } else {
      replace(at: start, with: UInt8(ascii: "{"))
      byte(UInt8(ascii: "}"))
    }
  }
}
