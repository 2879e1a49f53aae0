import Foundation

/// Runs the `--on-open-url` command for each URL a tap opens: `/bin/sh -c CMD sh URL`, so the
/// command sees the URL as `$1` (and in `WIDGET_URL`) and the URL is never interpolated into
/// shell code. The command runs in the background; the host does not wait for it.
public struct OpenURLCommand: Sendable {
  /// The shell command.
  public let command: String
  private let log: any OutputTarget

  /// Creates a runner; failures to start are reported on `log`.
  public init(_ command: String, log: any OutputTarget) {
    self.command = command
    self.log = log
  }

  /// Starts the command for `url`.
  public func open(_ url: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command, "sh", url]
    var environment = ProcessInfo.processInfo.environment
    environment["WIDGET_URL"] = url
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let log = self.log
    let command = self.command
    process.terminationHandler = { finished in
      if finished.terminationStatus != 0 {
        log.write(
          "widget-host: warning: --on-open-url command exited with \(finished.terminationStatus)"
            + " for \(url): \(command)\n")
      }
    }
    do {
      try process.run()
    } catch {
      log.write("widget-host: warning: cannot run --on-open-url command: \(error)\n")
    }
  }
}
