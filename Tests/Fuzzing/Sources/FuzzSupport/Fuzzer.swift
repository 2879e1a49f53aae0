import CFuzzerDriver
import Foundation

/// What the fuzz targets share: the libFuzzer driver, and the clock, locale and time zone the
/// drawing targets use, fixed so that an input always does the same.
public enum Fuzzer {
  /// The signature of `LLVMFuzzerTestOneInput`: an input's bytes and count; returns 0.
  public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Runs libFuzzer on `test` with the process's command line (libFuzzer's flags, corpus
  /// folders or inputs to run once) and exits with its status.
  public static func run(_ test: TestOneInput) -> Never {
    exit(fuzzer_run(CommandLine.argc, CommandLine.unsafeArgv, test))
  }

  /// The bytes of an input, copied.
  public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  /// The time a view is drawn at: 2027-01-15 08:00:00 UTC.
  public static let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The time zone dates are shown in.
  public static let timeZone = TimeZone(identifier: "UTC")!

  /// Stops the process with `message` when `condition` is false: a finding, as a trap is.
  public static func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
  ) {
    if !condition { fatalError(message(), file: file, line: line) }
  }
}
