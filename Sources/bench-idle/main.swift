import Dispatch
import Foundation

// Two floors for widget-bench (docs/performance.md), in a program that links Foundation and
// Dispatch as widget-host does:
// - `bench-idle`: uses a Dispatch worker thread once (as every program using Swift concurrency
//   does), prints `idle`, then only sleeps. It still wakes once a second: libdispatch's
//   workqueue monitor on Linux. The idle scenario's floor.
// - `bench-idle --hello`: prints a line through Foundation and exits: the start-up scenario's
//   second reference, a hello world that loads what the host loads before its own code runs.
if CommandLine.arguments.dropFirst().first == "--hello" {
  FileHandle.standardOutput.write(Data("hello, world\n".utf8))
  exit(0)
}
let started = DispatchSemaphore(value: 0)
DispatchQueue.global().async {
  FileHandle.standardOutput.write(Data("idle\n".utf8))
  started.signal()
}
started.wait()
sleep(3600)
