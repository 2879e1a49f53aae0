import Dispatch
import Foundation

// Three floors for widget-bench, in a program that links Foundation and Dispatch as widget-host
// does:
// - `bench-idle`: uses a Dispatch worker thread once (as every program using Swift concurrency
//   does), prints `idle`, then only sleeps. It still wakes once a second: libdispatch's
//   workqueue monitor on Linux. The idle scenario's floor.
// - `bench-idle --hello`: prints a line through Foundation and exits: the start-up scenario's
//   second reference, a hello world that loads what the host loads before its own code runs.
// - `bench-idle --echo CALL REPLY` and `bench-idle --ping TRIPS CALL REPLY`: the two ends of
//   the update scenario's bare round trip between two processes (the floor of worker mode), on
//   descriptor 3 of each: `--ping` writes CALL bytes and reads REPLY bytes back, TRIPS times
//   after 100 unmeasured; `--echo` answers each call. Each prints the CPU seconds (user and
//   system) it spent on the measured trips and exits when the stream ends.
let arguments = Array(CommandLine.arguments.dropFirst())
let warmUp = 100
switch arguments.first {
case "--hello":
  FileHandle.standardOutput.write(Data("hello, world\n".utf8))
  exit(0)
case "--echo":
  guard arguments.count == 3, let call = Int(arguments[1]), let reply = Int(arguments[2]),
    call > 0, reply > 0
  else { usage() }
  var request = [UInt8](repeating: 0, count: call)
  let answer = [UInt8](repeating: 0x20, count: reply)
  var answered = 0
  var start = 0.0
  while receive(&request) {
    guard send(answer) else { break }
    answered += 1
    if answered == warmUp { start = cpuSeconds() }
  }
  print(answered > warmUp ? cpuSeconds() - start : 0)
  exit(0)
case "--ping":
  guard arguments.count == 4, let trips = Int(arguments[1]), let call = Int(arguments[2]),
    let reply = Int(arguments[3]), trips > 0, call > 0, reply > 0
  else { usage() }
  let request = [UInt8](repeating: 0x41, count: call)
  var answer = [UInt8](repeating: 0, count: reply)
  var start = 0.0
  for trip in 0..<(warmUp + trips) {
    if trip == warmUp { start = cpuSeconds() }
    guard send(request), receive(&answer) else {
      FileHandle.standardError.write(Data("bench-idle: --echo stopped answering\n".utf8))
      exit(1)
    }
  }
  print(cpuSeconds() - start)
  exit(0)
default:
  break
}

func usage() -> Never {
  FileHandle.standardError.write(
    Data("usage: bench-idle [--hello | --echo CALL REPLY | --ping TRIPS CALL REPLY]\n".utf8))
  exit(2)
}

/// This process's CPU seconds so far, user and system.
func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Fills `bytes` from descriptor 3; false when the stream ends first.
func receive(_ bytes: inout [UInt8]) -> Bool {
  var got = 0
  let count = bytes.count
  while got < count {
    let result = bytes.withUnsafeMutableBytes { read(3, $0.baseAddress! + got, count - got) }
    if result < 0 && errno == EINTR { continue }
    if result <= 0 { return false }
    got += result
  }
  return true
}

/// Writes `bytes` to descriptor 3; false when the other end is gone.
func send(_ bytes: [UInt8]) -> Bool {
  var sent = 0
  while sent < bytes.count {
    let result = bytes.withUnsafeBytes { write(3, $0.baseAddress! + sent, bytes.count - sent) }
    if result < 0 && errno == EINTR { continue }
    if result <= 0 { return false }
    sent += result
  }
  return true
}

let started = DispatchSemaphore(value: 0)
DispatchQueue.global().async {
  FileHandle.standardOutput.write(Data("idle\n".utf8))
  started.signal()
}
started.wait()
sleep(3600)
