import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Readings of a live process from /proc.
enum ProcFS {
  /// The text of a /proc file (read with FileHandle: /proc files report no size).
  static func read(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.readToEnd() else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// A `Name: value` field of /proc/<pid>/status (or of a task's status), as a number.
  static func statusField(_ name: String, in text: String) -> Double? {
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      let value = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
        .first
      return value.flatMap { Double($0) }
    }
    return nil
  }

  /// Context switches (voluntary and involuntary) of each thread of `pid`, by thread id.
  static func threadSwitches(of pid: pid_t) -> [String: Double] {
    let tasks =
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var result: [String: Double] = [:]
    for task in tasks {
      guard let text = read("/proc/\(pid)/task/\(task)/status") else { continue }
      result[task] =
        (statusField("voluntary_ctxt_switches", in: text) ?? 0)
        + (statusField("nonvoluntary_ctxt_switches", in: text) ?? 0)
    }
    return result
  }

  /// The wakeups of a process between two ``threadSwitches(of:)`` readings: each thread's
  /// new switches (all of them for a thread that started in between), and one for each thread
  /// that ended in between (it woke at least to exit).
  static func wakeups(from start: [String: Double], to end: [String: Double]) -> Double {
    let grown = end.reduce(0.0) { total, thread in total + thread.value - (start[thread.key] ?? 0) }
    return grown + Double(start.keys.count { end[$0] == nil })
  }

  /// Resident memory of `pid`, in bytes.
  static func residentBytes(of pid: pid_t) -> Double? {
    read("/proc/\(pid)/status").flatMap { statusField("VmRSS", in: $0) }.map { $0 * 1024 }
  }

  /// The memory only `pid` has resident (`Private_Clean` + `Private_Dirty` of
  /// /proc/<pid>/smaps_rollup), in bytes: without the pages of files that other processes
  /// mapping the same file share, such as the executable's.
  static func privateBytes(of pid: pid_t) -> Double? {
    guard let text = read("/proc/\(pid)/smaps_rollup"),
      let clean = statusField("Private_Clean", in: text),
      let dirty = statusField("Private_Dirty", in: text)
    else { return nil }
    return (clean + dirty) * 1024
  }

  /// CPU seconds (user and system) that `pid` used so far.
  static func cpuSeconds(of pid: pid_t) -> Double {
    guard let text = read("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else {
      return 0
    }
    // Fields after the command name: state is field 3; utime 14 and stime 15.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The children of `pid` (from every thread's `children` file).
  static func children(of pid: pid_t) -> [pid_t] {
    let tasks =
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task in
      (read("/proc/\(pid)/task/\(task)/children") ?? "").split(separator: " ").compactMap {
        pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
  }
}
