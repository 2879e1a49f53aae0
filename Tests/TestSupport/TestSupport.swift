import Foundation
import Glibc
import Synchronization

/// The temporary files and folders the tests made: removed when the test process exits.
private let temporaryPaths = Mutex<[String]>([])

/// Removes `path` when the test process exits.
private func removeAtExit(_ path: String) {
  temporaryPaths.withLock { paths in
    if paths.isEmpty {
      atexit {
        for path in temporaryPaths.withLock({ $0 }) {
          try? FileManager.default.removeItem(atPath: path)
        }
      }
    }
    paths.append(path)
  }
}

/// Paths and processes the tests need: the repository, built products, C compilation.
public enum TestSupport {
  /// The whole text of a `/proc` file (read through `FileHandle`: `Data(contentsOf:)` cuts
  /// them short), or nil when it cannot be read (the process or thread is gone).
  public static func contents(ofProcFile path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
  }

  /// The repository's root folder.
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  /// The folder SwiftPM builds products into, from `swift build --show-bin-path`.
  public static let binPath: URL = {
    let result = try! run(
      "/usr/bin/env", ["swift", "build", "--show-bin-path"], in: repositoryRoot)
    precondition(result.status == 0, "swift build --show-bin-path failed: \(result.errors)")
    return URL(fileURLWithPath: result.output.trimmingCharacters(in: .whitespacesAndNewlines))
  }()

  /// A built product in ``binPath``.
  public static func product(_ name: String) -> URL {
    binPath.appendingPathComponent(name)
  }

  /// The folder with `widget_abi.h`.
  public static var abiInclude: URL {
    repositoryRoot.appendingPathComponent("Sources/CWidgetABI/include")
  }

  /// A fresh, empty temporary folder, removed with what it holds when the test process exits.
  public static func temporaryDirectory(_ label: String = "test") -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "widget-host-\(label)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    removeAtExit(url.path)
    return url
  }

  /// A fresh path directly under `/tmp`, `/tmp/<label>-<8 characters><suffix>`, for Unix
  /// sockets: their paths are limited to 107 bytes, which ``temporaryDirectory(_:)`` may exceed.
  /// Nothing is created; whatever is at the path when the test process exits is removed then.
  public static func shortTemporaryPath(_ label: String = "wh", suffix: String = "") -> String {
    let path = "/tmp/\(label)-\(UUID().uuidString.prefix(8))\(suffix)"
    removeAtExit(path)
    return path
  }

  /// Runs `body` with the path of a Unix socket that takes connections (the kernel's
  /// backlog) but never accepts or answers them: a stuck host. The socket is closed and removed
  /// after `body`.
  public static func withMuteListener<T>(_ body: (String) throws -> T) throws -> T {
    let path = shortTemporaryPath("wh-mute", suffix: ".sock")
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer {
      close(listener)
      unlink(path)
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(listener, 8) == 0 else {
      throw SetupError(message: "cannot listen on \(path): \(String(cString: strerror(errno)))")
    }
    return try body(path)
  }

  /// Runs `body` on a thread of its own and returns its result: for an async test that must
  /// block (in `recv`, or waiting for a process) while the code under test needs the
  /// cooperative pool's threads (two on a 2-core machine) to answer it.
  public static func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: body()) }.start()
    }
  }

  /// Whether `condition` holds within `seconds`, checked every `interval`: for what the code
  /// under test does on its own after a call returns (a worker started, a library loaded).
  public static func eventually(
    within seconds: Double, every interval: Duration = .milliseconds(10),
    _ condition: () -> Bool
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try await Task.sleep(for: interval)
    }
    return true
  }

  /// ``eventually(within:every:_:)`` for a synchronous test: blocks the calling thread between
  /// checks (so never call it on the cooperative pool while the code under test needs it).
  public static func waitUntil(
    within seconds: Double, every interval: TimeInterval = 0.05, _ condition: () -> Bool
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      guard Date() < deadline else { return false }
      Thread.sleep(forTimeInterval: interval)
    }
    return true
  }

  /// What a finished process printed and returned.
  public struct ProcessResult: Sendable {
    /// Exit status (or 128 + signal).
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var errors: String
  }

  /// Runs a program to completion.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes concurrently so neither can fill up and block the child.
    let errorData = Mutex(Data())
    let errorsRead = DispatchSemaphore(value: 0)
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorData.withLock { $0 = data }
      errorsRead.signal()
    }.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorsRead.wait()
    return ProcessResult(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
  }

  /// Compiles C `source` into a shared library with `cc -shared -fPIC` against the ABI header
  /// alone, with `-D` definitions; returns the library's path.
  public static func compileSharedLibrary(
    _ source: URL, defines: [String] = [], name: String = "libfixture.so"
  ) throws -> URL {
    let output = temporaryDirectory("cc").appendingPathComponent(name)
    var arguments = [
      "-shared", "-fPIC", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pthread",
      "-I", abiInclude.path, "-o", output.path, source.path,
    ]
    arguments += defines.map { "-D\($0)" }
    let result = try run("/usr/bin/env", ["cc"] + arguments)
    guard result.status == 0 else {
      throw CompileError(message: "cc failed (\(result.status)): \(result.errors)")
    }
    return output
  }

  /// Something a test needs could not be set up.
  public struct SetupError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    public var description: String { message }
  }

  /// A C compilation failure.
  public struct CompileError: Error, CustomStringConvertible {
    /// The compiler's complaint.
    public var message: String
    public var description: String { message }
  }
}
