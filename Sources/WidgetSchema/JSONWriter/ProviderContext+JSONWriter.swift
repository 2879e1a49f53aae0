import FoundationEssentials

extension ProviderContext {
  /// The context as JSON, passed with every provider call: the same bytes as
  /// `WidgetJSON.encode(self)`. Throws for a number JSON cannot hold.
  public func jsonBytes() throws(JSONByteWriter.NonFiniteNumber) -> [UInt8] {
    var writer = JSONByteWriter(capacity: 128)
    writer.byte(UInt8(ascii: "{"))
    if let action {
      writer.key("action")
      try writer.action(action)
      writer.byte(UInt8(ascii: ","))
    }
    if let activity {
      writer.key("activity")
      try writer.encoded(activity)
      writer.byte(UInt8(ascii: ","))
    }
    if let configuration {
      writer.key("configuration")
      try writer.object(configuration)
      writer.byte(UInt8(ascii: ","))
    }
    writer.key("displaySize")
    writer.open("height")
    try writer.number(displaySize.height)
    writer.nextKey("width")
    try writer.number(displaySize.width)
    writer.byte(UInt8(ascii: "}"))
    writer.nextKey("family")
    writer.string(family.rawValue)
    writer.nextKey("isPreview")
    writer.bool(isPreview)
    if let parameter {
      writer.nextKey("parameter")
      writer.string(parameter)
    }
    if let renderingMode {
      writer.nextKey("renderingMode")
      writer.string(renderingMode.rawValue)
    }
    writer.byte(UInt8(ascii: "}"))
    return writer.bytes
  }
}
