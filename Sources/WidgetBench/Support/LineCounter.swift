import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a child's output on a thread of its own, counting the lines that match
/// a test, so a scenario can wait for a condition on what the child printed.
final class LineCounter: Sendable {
  private final class Shared: Sendable {
    let state = Mutex<(matches: Int, lines: Int, firstMatch: Double?, ended: Bool)>(
      (0, 0, nil, false))
    let changed = DispatchSemaphore(value: 0)
  }

  private let shared = Shared()

  /// Starts reading `fd` (closed at its end); `matches` is called on each line.
  init(fd: Int32, matches: @escaping @Sendable (Substring) -> Bool) {
    let shared = self.shared
    Thread {

      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      var pending: [UInt8] = []
      while true {
        let count = read(fd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        pending.append(contentsOf: buffer[0..<count])
        var found = 0
        var lines = 0
        var start = 0
        while let newline = pending[start...].firstIndex(of: 0x0A) {
          let line = String(decoding: pending[start..<newline], as: UTF8.self)
          if matches(line[...]) { found += 1 }
          lines += 1
          start = newline + 1
        }
        pending.removeFirst(start)
        if lines > 0 {
          let now = Clock.monotonic()
          shared.state.withLock { state in
            if found > 0 && state.firstMatch == nil { state.firstMatch = now }
            state.matches += found
            state.lines += lines
          }
          shared.changed.signal()
        }
      }
      close(fd)
      shared.state.withLock { $0.ended = true }
      shared.changed.signal()
    }.start()
  }

  /// Lines that matched so far.
  var matches: Int { shared.state.withLock { $0.matches } }

  /// The monotonic time at which the first matching line was read.
  var firstMatch: Double? { shared.state.withLock { $0.firstMatch } }

  /// Waits until at least `count` lines matched, the output ended or `timeout` seconds passed;
  /// returns whether the count was reached.
  func waitFor(matches count: Int, timeout: Double) -> Bool {
    let deadline = Clock.monotonic() + timeout
    while true {
      let (matches, ended) = shared.state.withLock { ($0.matches, $0.ended) }
      if matches >= count { return true }
      if ended { return false }
      let left = deadline - Clock.monotonic()
      if left <= 0 { return false }
      _ = shared.changed.wait(timeout: .now() + left)
    }
  }
}
