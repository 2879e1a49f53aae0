import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// The compiler's plugin protocol on standard input and output: each message is its size as
/// 8 bytes, little-endian, then that many bytes of JSON; a size of zero, or the end of the
/// input, ends the session.
struct StandardIOConnection: MessageConnection {
  struct ShortWrite: Error, CustomStringConvertible {
    var description: String { "the compiler stopped reading the plugin's messages" }
  }

  func sendMessage<TX: Encodable>(_ message: TX) throws {
    let body = try JSONEncoder().encode(message)
    var size = UInt64(body.count).littleEndian
    try withUnsafeBytes(of: &size) { try write($0) }
    try body.withUnsafeBytes { try write($0) }
  }

  func waitForNextMessage<RX: Decodable>(_ type: RX.Type) throws -> RX? {
    guard let header = read(8) else { return nil }
    let size = header.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.littleEndian
    guard size > 0, let body = read(Int(size)) else { return nil }
    return try JSONDecoder().decode(RX.self, from: body)
  }

  /// Exactly `count` bytes of standard input, or nil at its end.
  private func read(_ count: Int) -> Data? {
    var data = Data(count: count)
    var filled = 0
    while filled < count {
      let got = data.withUnsafeMutableBytes { buffer in
        Glibc.read(0, buffer.baseAddress! + filled, count - filled)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { return nil }
      filled += got
    }
    return data
  }

  private func write(_ bytes: UnsafeRawBufferPointer) throws {
    var written = 0
    while written < bytes.count {
      let wrote = Glibc.write(1, bytes.baseAddress! + written, bytes.count - written)
      if wrote < 0, errno == EINTR { continue }
      guard wrote > 0 else { throw ShortWrite() }
      written += wrote
    }
  }
}
