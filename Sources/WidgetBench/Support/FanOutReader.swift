import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A subscribed connection to the socket sink, or a page's event stream of the web sink.
struct Subscriber {
  let fd: Int32

  /// Connects to the Unix socket at `path` and subscribes; returns once the reply arrived.
  static func connect(_ path: String) throws -> Subscriber {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[index] = byte
      }
    }
    // The reply, then the header (and no state: nothing shown yet).
    let (fd, seen) = try open(
      address, family: AF_UNIX, name: path, request: "{\"request\":\"subscribe\"}\n"
    ) { seen in seen.count { $0 == 0x0A } == 2 }
    guard String(decoding: seen, as: UTF8.self).contains("\"subscribed\":true") else {
      close(fd)
      throw BenchError("\(path) refused the subscription: \(String(decoding: seen, as: UTF8.self))")
    }
    return Subscriber(fd: fd)
  }

  /// Opens the web sink's event stream on 127.0.0.1:`port`; returns once the response's head
  /// and the stream's header message arrived.
  static func connectWeb(port: UInt16) throws -> Subscriber {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let header = Array(#""type":"header""#.utf8)
    let (fd, _) = try open(
      address, family: AF_INET, name: "port \(port)",
      request: "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    ) { seen in seen.suffix(2) == [0x0A, 0x0A] && seen.firstRange(of: header) != nil }
    return Subscriber(fd: fd)
  }

  /// Connects to `address`, sends `request` and reads byte by byte until `done` holds for what
  /// was read: the connection and those bytes.
  private static func open<Address>(
    _ address: Address, family: Int32, name: String, request: String,
    until done: ([UInt8]) -> Bool
  ) throws -> (fd: Int32, seen: [UInt8]) {
    let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BenchError("socket: errno \(errno)") }
    var address = address
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw BenchError("connect \(name): errno \(errno)")
    }
    let bytes = Array(request.utf8)
    guard send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
      close(fd)
      throw BenchError("send to \(name): errno \(errno)")
    }
    var seen: [UInt8] = []
    var byte: UInt8 = 0
    while !done(seen) {
      guard recv(fd, &byte, 1, 0) == 1 else {
        close(fd)
        throw BenchError("\(name) closed the connection: \(String(decoding: seen, as: UTF8.self))")
      }
      seen.append(byte)
    }
    return (fd, seen)
  }
}

/// Reads every subscriber on one thread with `poll`, noting when each sequence number arrived.
final class FanOutReader: Sendable {
  private struct State {
    /// Per subscriber: (seq, monotonic time) of each event line received.
    var receipts: [[(UInt64, Double)]]
    var stopping = false
    var lagged = 0
    var lastLineBytes = 0
  }

  private let clients: [Subscriber]
  private let state: Mutex<State>
  private let finished = DispatchSemaphore(value: 0)

  init(clients: [Subscriber]) {
    self.clients = clients
    state = Mutex(State(receipts: Array(repeating: [], count: clients.count)))
    Thread { [self] in serve() }.start()
  }

  private func serve() {
    var pending = Array(repeating: [UInt8](), count: clients.count)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if state.withLock({ $0.stopping }) { break }
      var fds = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
      let now = Clock.monotonic()
      var batch: [(Int, UInt64)] = []
      var lagged = 0
      var lastBytes = 0
      for (index, descriptor) in fds.enumerated() where descriptor.revents != 0 {
        let count = recv(descriptor.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        guard count > 0 else { continue }
        pending[index].append(contentsOf: buffer[0..<count])
        var start = 0
        while let newline = pending[index][start...].firstIndex(of: 0x0A) {
          let line = pending[index][start..<newline]
          if let seq = Self.sequenceNumber(line) {
            // An event's line (not an SSE `id:` line or the blank line after it).
            lastBytes = line.count + 1
            batch.append((index, seq))
          } else if line.starts(with: Array("{\"dropped\"".utf8))
            || line.starts(with: Array("data: {\"dropped\"".utf8))
          {
            lagged += 1
          }
          start = newline + 1
        }
        pending[index].removeFirst(start)
      }
      state.withLock { state in
        for (index, seq) in batch { state.receipts[index].append((seq, now)) }
        state.lagged += lagged
        if lastBytes > 0 { state.lastLineBytes = lastBytes }
      }
    }
    for client in clients { close(client.fd) }
    finished.signal()
  }

  /// The number after `"seq":` in a line, if it has one.
  private static func sequenceNumber(_ line: ArraySlice<UInt8>) -> UInt64? {
    let key = Array("\"seq\":".utf8)
    guard line.count > key.count else { return nil }
    var index = line.endIndex - key.count
    while index >= line.startIndex {
      if line[index..<index + key.count].elementsEqual(key) {
        var value: UInt64 = 0
        var digit = index + key.count
        while digit < line.endIndex, line[digit] >= 0x30, line[digit] <= 0x39 {
          value = value * 10 + UInt64(line[digit] - 0x30)
          digit += 1
        }
        return value
      }
      index -= 1
    }
    return nil
  }

  /// Waits until every subscriber has received `seq`.
  func waitUntil(allReach seq: UInt64, timeout: Double) -> Bool {
    let deadline = Clock.monotonic() + timeout
    while Clock.monotonic() < deadline {
      let done = state.withLock { state in
        state.receipts.allSatisfy { ($0.last?.0 ?? 0) >= seq }
      }
      if done { return true }
      usleep(1000)
    }
    return false
  }

  /// Every (seq, time) received up to `seq`, from every subscriber.
  func receipts(through seq: UInt64) -> [(UInt64, Double)] {
    state.withLock { $0.receipts.flatMap { $0.filter { $0.0 <= seq } } }
  }

  /// Events per second each subscriber received of `first…last`, counted from `start` to its
  /// last receipt; the mean over the subscribers.
  func meanThroughput(from first: UInt64, through last: UInt64, since start: Double) -> Double {
    state.withLock { state in
      let rates = state.receipts.map { receipts -> Double in
        let got = receipts.filter { $0.0 >= first && $0.0 <= last }
        guard let end = got.last?.1, end > start else { return 0 }
        return Double(got.count) / (end - start)
      }
      return rates.reduce(0, +) / Double(max(rates.count, 1))
    }
  }

  /// `lagged` notices received.
  var laggedNotices: Int { state.withLock { $0.lagged } }
  /// The size of the last line received, newline included.
  var lastLineBytes: Int { state.withLock { $0.lastLineBytes } }

  /// Stops the thread and closes the connections.
  func stop() {
    state.withLock { $0.stopping = true }
    finished.wait()
  }
}
