import FoundationEssentials

extension Timeline {
  /// The timeline as JSON: the same bytes as `WidgetJSON.encode(self)`, written by hand (the
  /// state store keeps every timeline the host receives, and `JSONEncoder` was a sixth of a
  /// first start with 10,000 instances). Throws for a number JSON cannot hold.
  public func jsonBytes() throws(JSONByteWriter.NonFiniteNumber) -> [UInt8] {
    var writer = JSONByteWriter(capacity: 1024)
    writer.open("entries")
    writer.byte(UInt8(ascii: "["))
    for index in entries.indices {
      if index > 0 { writer.byte(UInt8(ascii: ",")) }
      let entry = entries[index]
      writer.open("date")
      writer.date(entry.date)
      if let relevance = entry.relevance {
        writer.nextKey("relevance")
        try writer.relevance(relevance)
      }
      writer.nextKey("view")
      try writer.view(entry.view)
      writer.byte(UInt8(ascii: "}"))
    }
    writer.byte(UInt8(ascii: "]"))
    writer.nextKey("policy")
    switch policy {
    case .atEnd: writer.raw(#"{"type":"atEnd"}"#)
    case .never: writer.raw(#"{"type":"never"}"#)
    case .after(let date):
      writer.open("date")
      writer.date(date)
      writer.raw(#","type":"after"}"#)
    }
    writer.byte(UInt8(ascii: "}"))
    return writer.bytes
  }
}
