import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A terminal's size in character cells, for laying boxes out on it (``TextSink``).
public struct TerminalSize: Sendable, Equatable {
  public var columns: Int
  public var rows: Int

  /// A size of `columns` × `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The size of the terminal `descriptor` is open on (`TIOCGWINSZ`); nil when it is not a
  /// terminal or does not know its size.
  public static func of(descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
