import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One process start measured by its CPU time: a `widget-worker` started as the host starts it
/// (its socket as descriptor 3), asked to load a bundle and, once it answered `loaded`, told to
/// stop; or a plain program run to its end. The CPU time is the process's own, user and system,
/// from `wait4`: it does not move with what else the machine is running as much as wall time.
enum WorkerStart {
  /// The CPU seconds of `worker` from exec to exit, after it loaded `library` (a `load` frame,
  /// the `loaded` answer, the end of the stream).
  static func cpuSeconds(
    worker: URL, library: String, environment: [String: String]
  ) throws -> Double {
    let ends = try Spawn.socketPair()
    defer { close(ends[0]) }
    var workerEnvironment = environment
    // As the host starts its workers (WorkerProcess).
    workerEnvironment["MALLOC_ARENA_MAX"] = workerEnvironment["MALLOC_ARENA_MAX"] ?? "2"
    workerEnvironment["SWIFT_BACKTRACE"] = "enable=no"
    let pid = try Spawn.process(
      worker.path, ["--fd", "3"], output: nil, descriptor3: ends[1],
      environment: workerEnvironment)
    close(ends[1])
    struct Load: Encodable {
      let type = "load"
      let path: String
      let locale = "en-US"
      let realClock = true
    }
    let body = try JSONEncoder().encode(Load(path: library))
    var frame: [UInt8] = withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) }
    frame += body
    guard write(ends[0], frame, frame.count) == frame.count,
      let header = read(ends[0], count: 4)
    else {
      _ = try wait(pid)
      throw BenchError("\(worker.lastPathComponent) did not answer the load frame")
    }
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    let reply = String(decoding: read(ends[0], count: length) ?? [], as: UTF8.self)
    guard reply.contains("\"loaded\"") else {
      _ = try wait(pid)
      throw BenchError("\(worker.lastPathComponent) did not load \(library): \(reply.prefix(300))")
    }
    shutdown(ends[0], Int32(SHUT_RDWR))
    return try wait(pid)
  }

  /// The CPU seconds of `executable` run with `arguments` to its end, its output discarded.
  static func cpuSeconds(of executable: URL, _ arguments: [String]) throws -> Double {
    try wait(try Spawn.process(executable.path, arguments, output: nil, environment: nil))
  }

  /// Reads exactly `count` bytes; nil if the stream ends first.
  private static func read(_ fd: Int32, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var got = 0
    while got < count {
      let result = bytes.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress! + got, count - got)
      }
      if result < 0 && errno == EINTR { continue }
      if result <= 0 { return nil }
      got += result
    }
    return bytes
  }

  /// Reaps `pid`; its CPU seconds (user and system). A failure status is an error.
  private static func wait(_ pid: pid_t) throws -> Double {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    guard status == 0 else { throw BenchError("process \(pid) ended with wait status \(status)") }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
