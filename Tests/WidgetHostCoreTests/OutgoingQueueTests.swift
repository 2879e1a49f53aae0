import Foundation
import Glibc
import Testing

@testable import WidgetHostCore

/// The queue of lines written to one socket subscriber: lines gathered into one `send`, partial
/// writes resumed where they stopped, and the stream kept line-aligned when lines are dropped.
@Suite struct OutgoingQueueTests {
  /// A connected pair of sockets of `type`; the caller closes both.
  private static func pair(_ type: __socket_type = SOCK_STREAM) -> (Int32, Int32) {
    var fds: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(type.rawValue), 0, &fds) == 0)
    return (fds[0], fds[1])
  }

  /// A stream socket pair whose writing end (the first) holds only a few KiB, so that a queue
  /// fills it.
  private static func smallPair() -> (Int32, Int32) {
    let (writer, reader) = pair()
    var size: Int32 = 4096
    setsockopt(writer, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    return (writer, reader)
  }

  private static func queue(of lines: [Data]) -> OutgoingQueue {
    var queue = OutgoingQueue()
    for line in lines { queue.append(line) }
    return queue
  }

  /// Everything readable on `fd` now, without waiting.
  private static func readAvailable(_ fd: Int32) -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      guard count > 0 else { return received }
      received += buffer[0..<count]
    }
  }

  private static func line(_ number: Int, length: Int) -> Data {
    var text = "{\"n\":\(number),\"pad\":\""
    text += String(repeating: "x", count: max(0, length - text.utf8.count - 3)) + "\"}\n"
    return Data(text.utf8)
  }

  @Test func queuedLinesGoOutInOneSend() {
    // A packet socket keeps each send a record of its own: one record means one send.
    let (writer, reader) = Self.pair(SOCK_SEQPACKET)
    defer {
      close(writer)
      close(reader)
    }
    let lines = (0..<5).map { Self.line($0, length: 200) }
    var queue = Self.queue(of: lines)
    var scratch: [UInt8] = []
    #expect(queue.drain(to: writer, scratch: &scratch) == .empty)
    #expect(queue.isEmpty && queue.bytes == 0)
    var record = [UInt8](repeating: 0, count: 4096)
    let count = recv(reader, &record, record.count, Int32(MSG_DONTWAIT))
    #expect(count == lines.reduce(0) { $0 + $1.count })
    #expect(Array(record[0..<max(0, count)]) == Array(lines.joined()))
    #expect(recv(reader, &record, record.count, Int32(MSG_DONTWAIT)) < 0, "nothing else was sent")
  }

  @Test func aFullSocketResumesWhereItStopped() {
    let (writer, reader) = Self.smallPair()
    defer {
      close(writer)
      close(reader)
    }
    // More than a batch and far more than the socket holds, in lines of uneven lengths.
    let lines = (0..<400).map { Self.line($0, length: 300 + $0 % 7 * 50) }
    var queue = Self.queue(of: lines)
    var scratch: [UInt8] = []
    var received: [UInt8] = []
    var blockedTurns = 0
    while queue.drain(to: writer, scratch: &scratch) == .blocked {
      blockedTurns += 1
      #expect(queue.bytes > 0)
      received += Self.readAvailable(reader)
      if blockedTurns > 10_000 { break }
    }
    received += Self.readAvailable(reader)
    #expect(blockedTurns > 0, "the socket filled up")
    #expect(queue.isEmpty && queue.bytes == 0)
    #expect(received == Array(lines.joined()))
  }

  @Test func droppingKeepsTheLinePartlyWritten() {
    let (writer, reader) = Self.smallPair()
    defer {
      close(writer)
      close(reader)
    }
    let lines = (0..<200).map { Self.line($0, length: 333) }
    var queue = Self.queue(of: lines)
    var scratch: [UInt8] = []
    #expect(queue.drain(to: writer, scratch: &scratch) == .blocked)
    var received = Self.readAvailable(reader)
    let dropped = queue.dropAll()
    #expect(dropped > 0)
    #expect(queue.drain(to: writer, scratch: &scratch) == .empty)
    received += Self.readAvailable(reader)
    // Whole lines only: what was sent ends where a line ends, and every line sent is one of
    // the queue's, in order, with none after the one that was cut short.
    #expect(received.last == UInt8(ascii: "\n"))
    let sent = received.split(separator: UInt8(ascii: "\n")).map { Data($0) + Data("\n".utf8) }
    #expect(sent == Array(lines.prefix(sent.count)))
    #expect(sent.count + dropped == lines.count)
  }
}
