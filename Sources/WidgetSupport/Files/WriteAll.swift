import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Writes all of `bytes` to `descriptor`, through interruptions (`EINTR`) and short writes:
/// true when every byte was written; false at the first error, with `errno` left as the failed
/// `write` set it (`EPIPE` for a pipe nobody reads any more).
public func writeAll<Bytes: ContiguousBytes>(_ descriptor: Int32, _ bytes: Bytes) -> Bool {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}
