import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Starting programs with `posix_spawn` (the fork and exec that the peers of the benchmark
/// pay for) and reading what they print.
enum Spawn {
  /// What a finished program printed and returned.
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// Runs a program to completion with Foundation's `Process`, capturing both outputs.
  static func capture(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = Mutex(Data())
    let done = DispatchSemaphore(value: 0)
    Thread {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorData.withLock { $0 = data }
      done.signal()
    }.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return Result(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
      errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
  }

  /// Starts `path` with `arguments` (`argv[0]` is `path`), its standard output on the write end
  /// of a new pipe whose read end is returned, standard input and error on /dev/null.
  static func start(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    outputToNull: Bool = false
  ) throws -> (pid: pid_t, output: Int32) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw BenchError("pipe failed: errno \(errno)") }
    defer { close(ends[1]) }
    do {
      let pid = try process(
        path, arguments, output: outputToNull ? nil : ends[1], closing: ends,
        environment: environment)
      return (pid, ends[0])
    } catch {
      close(ends[0])
      throw error
    }
  }

  /// Starts `path` with `arguments` (`argv[0]` is `path`): standard output on `output` (nil:
  /// /dev/null), standard input and error on /dev/null, `descriptor3` (if any) as descriptor 3,
  /// then `closing` closed in the child.
  static func process(
    _ path: String, _ arguments: [String], output: Int32?, descriptor3: Int32? = nil,
    closing: [Int32] = [], environment: [String: String]?
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if let descriptor3 { posix_spawn_file_actions_adddup2(&actions, descriptor3, 3) }
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    // The child starts with no signal blocked and default dispositions, whatever the calling
    // thread has: a blocked SIGTERM would make it unkillable.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let environ = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in environ ?? [] { free(pointer) } }
    var pid: pid_t = 0
    let status: Int32 =
      if let environ {
        posix_spawn(&pid, path, &actions, &attributes, argv, environ)
      } else {
        posix_spawn(&pid, path, &actions, &attributes, argv, Glibc.environ)
      }
    guard status == 0 else {
      throw BenchError("cannot start \(path): \(String(cString: strerror(status)))")
    }
    return pid
  }

  /// Waits for `pid` and returns its exit status (128 + signal when killed).
  @discardableResult
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// A connected pair of Unix stream sockets, both close-on-exec: one end for a child (as its
  /// descriptor 3, which `process` duplicates without the flag), one for this process.
  static func socketPair() throws -> [Int32] {
    var ends: [Int32] = [-1, -1]
    guard
      socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        == 0
    else { throw BenchError("socketpair failed: errno \(errno)") }
    return ends
  }

  /// Reads `fd` to its end and returns what it held, as UTF-8 text. Closes `fd`.
  static func readAll(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    readToEnd(fd) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads `fd` to its end, discarding the bytes; returns how many there were. Closes `fd`.
  @discardableResult
  static func drain(_ fd: Int32) -> Int {
    var total = 0
    readToEnd(fd) { total += $0.count }
    return total
  }

  /// Reads `fd` to its end (or a read error), handing each chunk read to `chunk`. Closes `fd`.
  private static func readToEnd(_ fd: Int32, _ chunk: (ArraySlice<UInt8>) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      chunk(buffer[..<count])
    }
    close(fd)
  }
}
