import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Time readings: the monotonic clock and CPU time.
enum Clock {
  /// Seconds on the monotonic clock.
  static func monotonic() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// CPU seconds (user and system) of this process (`RUSAGE_SELF`) or of its waited-for
  /// children (`RUSAGE_CHILDREN`).
  static func cpu(children: Bool = false) -> Double {
    var usage = rusage()
    getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// Context switches of this process's threads so far, voluntary (a thread waited: parked,
  /// to be woken) and involuntary (preempted).
  static func contextSwitches() -> (voluntary: Int, involuntary: Int) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return (usage.ru_nvcsw, usage.ru_nivcsw)
  }
}
