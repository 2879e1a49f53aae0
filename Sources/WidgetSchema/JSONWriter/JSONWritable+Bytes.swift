import FoundationEssentials

extension JSONWritable {
  /// The value as JSON: the same bytes as `WidgetJSON.encode(self)`, many times faster (a
  /// stream event, a timeline for the state store, a provider call's context). Throws for a
  /// number JSON cannot hold.
  public func jsonBytes() throws(JSONByteWriter.NonFiniteNumber) -> [UInt8] {
    var writer = JSONByteWriter(capacity: 1024)
    try write(to: &writer)
    return writer.bytes
  }
}

extension StreamEvent {
  /// Appends the event as one line of JSON, with its newline, to `bytes`: the bytes of
  /// ``jsonBytes()`` without an array of their own (a sink appends to its buffer).
  /// For a number JSON cannot hold, `bytes` is left as it was and the error thrown.
  public func appendJSONLine(to bytes: inout [UInt8]) throws(JSONByteWriter.NonFiniteNumber) {
    // Written apart and then copied: one copy of the line costs less than the checks of
    // appending to `bytes` piece by piece (``JSONByteWriter``). 1 KiB, which holds a typical
    // entry event: glibc serves blocks up to 1032 bytes from a per-thread cache, larger ones
    // through its bins, which cost more; a longer event grows.
    var writer = JSONByteWriter(capacity: 1024)
    try write(to: &writer)
    writer.byte(0x0A)
    writer.append(to: &bytes)
  }
}

extension StreamHeader {
  /// The header as one line of JSON (without the newline): the same bytes as
  /// `WidgetJSON.encode(self)`. A header holds no number that can fail to be written.
  public func jsonBytes() -> [UInt8] {
    var writer = JSONByteWriter(capacity: 128)
    do {
      try write(to: &writer)
    } catch {
      preconditionFailure("a stream header has no fractional numbers: \(error)")
    }
    return writer.bytes
  }
}
