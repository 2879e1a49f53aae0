import Dispatch
import Foundation
import WidgetHostCore

/// The text sink's terminal: its size, and its redraws when it is resized.
enum TerminalResizing {
  /// `style` asking standard output's terminal for its size at each redraw.
  static func sized(_ style: TextSink.Options) -> TextSink.Options {
    var style = style
    if style.inPlace { style.terminalSize = { TerminalSize.of(descriptor: STDOUT_FILENO) } }
    return style
  }

  /// Redraws `sink` at each SIGWINCH (the terminal was resized) until the source is cancelled;
  /// nil when the sink does not draw in place.
  static func redraws(_ sink: TextSink, inPlace: Bool) -> (any DispatchSourceSignal)? {
    guard inPlace else { return nil }
    signal(SIGWINCH, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    source.setEventHandler { sink.redraw() }
    source.resume()
    return source
  }
}
