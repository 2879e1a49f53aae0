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
  private let input: FileHandle?

  /// Starts `executable` with `arguments`. Its standard input is empty unless `writableInput`,
  /// when it is a pipe that ``send(_:)`` writes to.
  public init(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    writableInput: Bool = false
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    if writableInput {
      // A write after the process has gone must fail, not kill the test process.
      signal(SIGPIPE, SIG_IGN)
      let pipe = Pipe()
      process.standardInput = pipe
      input = pipe.fileHandleForWriting
    } else {
      process.standardInput = FileHandle.nullDevice
      input = nil
    }
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
      var data = Data()
      while true {
        let chunk = errors.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
        buffers.errors.withLock { $0 = String(decoding: data, as: UTF8.self) }
      }
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

  /// Waits until `condition` holds for what the process has written on standard error so far,
  /// or `timeout` seconds pass. Returns whether it held.
  public func waitForErrors(timeout: TimeInterval, _ condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(errors) { return true }
      if !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition(errors)
  }

  /// Writes `text` to the process's standard input (started with `writableInput`).
  public func send(_ text: String) throws {
    try input?.write(contentsOf: Data(text.utf8))
  }

  /// Closes the process's standard input (started with `writableInput`): it reads the end.
  public func closeInput() throws {
    try input?.close()
  }

  /// The process's id, for reading its `/proc` entries while it runs.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// Whether the process has not exited yet.
  public var isRunning: Bool { process.isRunning }

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

  /// What the process has written on standard error so far (complete once it has exited).
  public var errors: String { buffers.errors.withLock { $0 } }
}
