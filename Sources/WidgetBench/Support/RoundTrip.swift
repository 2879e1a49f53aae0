import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The floor of worker mode: a call and its reply between two processes and nothing else.
///
/// `bench-idle --ping` writes `call` bytes on a socketpair and blocks reading `reply` bytes,
/// which `bench-idle --echo` writes back as soon as it has read the call: what a host's calling
/// thread and a worker's socket thread do for a prompt call, without the provider call, the
/// frames' coding or the rendering. Both report the CPU time of their measured trips; the sum
/// is what the process boundary costs on this machine, mostly the two threads' sleeps and
/// wake-ups. How much those cost depends on where the kernel runs the two threads: on one CPU a
/// wake-up is a switch on that CPU; on two, the sleeping CPU must be woken by an interrupt
/// from the other, which in a virtual machine is far dearer. So the floor is measured with both
/// processes on one CPU and with each on its own (`taskset`).
enum RoundTrip {
  /// Where the two processes run.
  enum Placement: CustomStringConvertible {
    /// Wherever the kernel puts them.
    case free
    /// Both on `cpu`.
    case together(cpu: Int)
    /// The caller on one CPU, the echo on another.
    case apart(Int, Int)

    var description: String {
      switch self {
      case .free: "as the kernel places them"
      case .together: "on one CPU"
      case .apart: "on two CPUs"
      }
    }

    /// The placements this process can measure: on one CPU, and on two when it may use two
    /// (not under `taskset -c N`); as the kernel places them when `taskset` is missing.
    static func available() -> [Placement] {
      guard FileManager.default.isExecutableFile(atPath: RoundTrip.taskset) else { return [.free] }
      let cpus = RoundTrip.allowedCPUs()
      guard let first = cpus.first else { return [.free] }
      return [.together(cpu: first)] + (cpus.count > 1 ? [.apart(first, cpus[1])] : [])
    }
  }

  /// util-linux's `taskset`, which places the two processes.
  static let taskset = "/usr/bin/taskset"

  /// CPU seconds per round trip, of the caller and of the echoing process.
  struct Cost {
    var caller: Double
    var echo: Double
    var total: Double { caller + echo }
  }

  /// Makes `trips` round trips of `call` and `reply` bytes between `bench-idle --ping` and
  /// `bench-idle --echo`, placed as `placement` says.
  static func measure(
    benchIdle: URL, call: Int, reply: Int, trips: Int, placement: Placement
  ) throws -> Cost {
    let ends = try Spawn.socketPair()
    let cpus: (ping: Int?, echo: Int?) =
      switch placement {
      case .free: (nil, nil)
      case .together(let cpu): (cpu, cpu)
      case .apart(let ping, let echo): (ping, echo)
      }
    func start(_ arguments: [String], cpu: Int?, socket: Int32) throws -> (pid_t, Int32) {
      var command = [benchIdle.path] + arguments
      if let cpu { command = [taskset, "-c", "\(cpu)"] + command }
      var output: [Int32] = [-1, -1]
      guard pipe(&output) == 0 else { throw BenchError("pipe failed: errno \(errno)") }
      defer { close(output[1]) }
      let pid = try Spawn.process(
        command[0], Array(command.dropFirst()), output: output[1], descriptor3: socket,
        closing: [output[0]], environment: nil)
      return (pid, output[0])
    }
    let echo = try start(["--echo", "\(call)", "\(reply)"], cpu: cpus.echo, socket: ends[1])
    close(ends[1])
    let ping: (pid_t, Int32)
    do {
      ping = try start(
        ["--ping", "\(trips)", "\(call)", "\(reply)"], cpu: cpus.ping, socket: ends[0])
    } catch {
      close(ends[0])
      _ = Spawn.wait(echo.0)
      throw error
    }
    close(ends[0])
    // The ping ends first (after its trips); its end of the socket closing ends the echo.
    let pingSeconds = Spawn.readAll(ping.1)
    let pingStatus = Spawn.wait(ping.0)
    let echoSeconds = Spawn.readAll(echo.1)
    let echoStatus = Spawn.wait(echo.0)
    guard pingStatus == 0, echoStatus == 0,
      let caller = Double(pingSeconds.trimmingCharacters(in: .whitespacesAndNewlines)),
      let echoed = Double(echoSeconds.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw BenchError(
        "the round trip (\(placement)) failed: bench-idle --ping exited \(pingStatus) "
          + "printing '\(pingSeconds)', --echo \(echoStatus) printing '\(echoSeconds)'")
    }
    return Cost(caller: caller / Double(trips), echo: echoed / Double(trips))
  }

  /// The CPUs this process may run on (`Cpus_allowed_list` of /proc/self/status).
  private static func allowedCPUs() -> [Int] {
    guard let status = ProcFS.read("/proc/self/status"),
      let line = status.split(separator: "\n").first(where: {
        $0.hasPrefix("Cpus_allowed_list:")
      })
    else { return [] }
    return line.dropFirst("Cpus_allowed_list:".count).split(separator: ",").flatMap { range in
      let bounds = range.split(separator: "-").compactMap {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      guard let low = bounds.first, let high = bounds.last, low <= high else { return [Int]() }
      return Array(low...high)
    }
  }
}
