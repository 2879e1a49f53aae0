import Foundation
import WidgetSchema

#if canImport(Glibc)
  import Glibc
#endif

/// Clicks that a bar writes to the standard input of a `widget-host bar --format plain`
/// process: i3blocks (from 1.5) writes each click on a persistent block (`interval=persist`)
/// to the block's standard input, as the button number on a line of its own, or with
/// `format=json` as a JSON object of the block's properties with `button` among them
/// (docs/status-bars.md). The block is one widget, so the button is all that counts.
public enum PlainClicks {
  /// The button of one line: a number, or a JSON object's `button`; nil for a blank line.
  public static func button(in line: Data) -> Result<Int, I3BarClicks.ParseError>? {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    if let button = Int(text) { return .success(button) }
    let shown = String(text.prefix(200))
    struct Object: Decodable { var button: Int? }
    guard text.first == "{", let object = try? JSONDecoder().decode(Object.self, from: line)
    else {
      return .failure(
        I3BarClicks.ParseError(line: shown, reason: "expected a button number or a JSON object"))
    }
    guard let button = object.button else {
      return .failure(I3BarClicks.ParseError(line: shown, reason: "no \"button\""))
    }
    return .success(button)
  }

  /// Whether `descriptor` is a bar's own click stream, inherited rather than given: i3blocks
  /// 1.4 (Debian 12's) starts a persistent block with its own standard input, the click stream
  /// from i3bar, which it reads itself with `O_ASYNC` set. Reading it would take the clicks of
  /// the other blocks, and i3blocks 1.4 sends a persistent block none.
  public static func isSharedClickStream(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL)
    return flags >= 0 && flags & O_ASYNC != 0
  }

  /// Reads lines from `descriptor` on a background thread until it ends, handing each
  /// button to `onButton`; lines that are neither a number nor an object with a button are
  /// reported on `errors` and skipped. Nothing is read from a shared click stream
  /// (``isSharedClickStream(_:)``).
  public static func startReading(
    from descriptor: Int32, errors: any OutputTarget,
    onButton: @escaping @Sendable (Int) -> Void
  ) {
    guard !isSharedClickStream(descriptor) else { return }
    let thread = Thread {
      var pending = Data()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count < 0 && errno == EAGAIN {
          // A non-blocking pipe: wait until there is more.
          var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
          _ = poll(&readable, 1, -1)
          continue
        }
        if count > 0 { pending.append(contentsOf: buffer[0..<count]) }
        var lines: [Data] = []
        while let newline = pending.firstIndex(of: 0x0A) {
          lines.append(pending[pending.startIndex..<newline])
          pending.removeSubrange(pending.startIndex...newline)
        }
        if count <= 0 {
          lines.append(pending)
        }
        for line in lines {
          switch button(in: Data(line)) {
          case .success(let button): onButton(button)
          case .failure(let problem): errors.write("widget-host: \(problem.description)\n")
          case nil: break
          }
        }
        if count <= 0 { return }
      }
    }
    thread.name = "plain clicks"
    thread.start()
  }
}
