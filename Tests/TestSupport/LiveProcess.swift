import Foundation
import Synchronization

/// A process whose output is read line by line while it runs, for live-run tests.
public final class LiveProcess: Sendable {
  private let process: Process
  private final class Buffers: Sendable {
    let lines = Mutex<[String]>([])
    let errors = Mutex("")
  }

  private let buffers = Buffers()
  private let finishedReading = DispatchSemaphore(value: 0)
  private let finishedErrors = DispatchSemaphore(value: 0)

  /// Starts `executable` with `arguments`.
  public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    self.process = process
    try process.run()
    let buffers = self.buffers
    let finished = finishedReading
    Thread {
      var pending = Data()
      while true {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: 0x0A) {
          let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
          pending.removeSubrange(pending.startIndex...newline)
          buffers.lines.withLock { $0.append(line) }
        }
      }
      finished.signal()
    }.start()
    let finishedErrors = self.finishedErrors
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      buffers.errors.withLock { $0 = String(decoding: data, as: UTF8.self) }
      finishedErrors.signal()
    }.start()
  }

  /// The complete lines printed so far.
  public var output: [String] { buffers.lines.withLock { $0 } }

  /// Waits until `condition` holds for the lines printed so far, or `timeout` seconds pass.
  /// Returns whether it held.
  public func waitFor(timeout: TimeInterval, _ condition: ([String]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(output) { return true }
      if !process.isRunning { return condition(output) }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition(output)
  }

  /// Sends `signal` (SIGINT by default).
  public func interrupt(_ signal: Int32 = SIGINT) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the process to exit (killing it after `timeout` seconds) and returns its status.
  public func wait(timeout: TimeInterval = 10) -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    finishedReading.wait()
    finishedErrors.wait()
    return process.terminationStatus
  }

  /// What the process wrote on standard error (complete once it has exited).
  public var errors: String { buffers.errors.withLock { $0 } }
}
