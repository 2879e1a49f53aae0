import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetSchema

@testable import WidgetHostCore

#if canImport(Glibc)
  import Glibc
#endif

/// An output that records each write and can hold a write back until released.
private final class RecordingOutput: OutputTarget {
  private let writes = Mutex<[[UInt8]]>([])
  /// Signalled as each write starts.
  let started = DispatchSemaphore(value: 0)
  /// Signalled as each write is recorded.
  private let recordedOne = DispatchSemaphore(value: 0)
  /// When set, each write waits for a signal of `release` before it is recorded.
  let release: DispatchSemaphore?

  init(holding: Bool = false) {
    release = holding ? DispatchSemaphore(value: 0) : nil
  }

  func write(_ text: String) { write(utf8: Array(text.utf8)) }

  func write(utf8 bytes: [UInt8]) {
    started.signal()
    // At most 10 s: a write nobody releases fails the test instead of hanging it.
    _ = release?.wait(timeout: .now() + 10)
    writes.withLock { $0.append(bytes) }
    recordedOne.signal()
  }

  /// Whether `condition` holds for the writes recorded within `seconds`: checked as each write
  /// is recorded, not by polling.
  func waitUntil(within seconds: Double, _ condition: ([[UInt8]]) -> Bool) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition(recorded) {
      guard recordedOne.wait(timeout: deadline) == .success else { return condition(recorded) }
    }
    return true
  }

  /// The writes so far.
  var recorded: [[UInt8]] { writes.withLock { $0 } }
  /// Everything written so far.
  var bytes: [UInt8] { recorded.flatMap { $0 } }
}

/// The JSON sink's buffering: lines go out in batches, a lone line at once, and `end()` writes
/// whatever is pending.
@Suite struct JSONSinkTests {
  static let date = Date(timeIntervalSince1970: 1_800_000_000)

  static func event(_ seq: UInt64) -> StreamEvent {
    StreamEvent(
      seq: seq, time: date, instance: "K/systemSmall",
      payload: .entry(
        EntryEvent(
          kind: "K", family: .systemSmall, source: .timeline, date: date, validUntil: nil,
          relevance: nil, view: .text(TextNode(runs: [.verbatim("entry \(seq)")])),
          lines: ["entry \(seq)"])))
  }

  static func line(_ event: StreamEvent) throws -> [UInt8] {
    try event.jsonBytes() + [0x0A]
  }

  /// A status bar reading the stream through a pipe sees a lone event without another one
  /// following it, and without the stream ending.
  @Test func aLoneEventReachesThePipeWithoutAnotherFollowing() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let reader = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
    let sink = JSONSink(
      output: FileOutput(handle: FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)))
    let header = StreamHeader(host: "test", started: Self.date)
    sink.begin(header)
    #expect(try readLine(from: fds[0]) == header.jsonBytes() + [0x0A])
    let event = Self.event(1)
    sink.write(event)
    #expect(try readLine(from: fds[0]) == Self.line(event))
    sink.end()
    _ = reader
  }

  /// Reads one line from `fd`, waiting at most 10 s for it; nil when none came.
  private func readLine(from fd: Int32) throws -> [UInt8]? {
    var line: [UInt8] = []
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(fd, &byte, 1) == 1 else { return nil }
      line.append(byte)
      if byte == 0x0A { return line }
    }
    return nil
  }

  /// While one write is held up by a slow reader, the events that follow collect and go out
  /// together in one write; `end()` returns only once everything is written, in order.
  @Test func eventsDuringAWriteGoOutTogetherAndEndWritesThem() throws {
    let output = RecordingOutput(holding: true)
    let sink = JSONSink(output: output)
    sink.write(Self.event(1))
    // The first write has started and is held.
    #expect(output.started.wait(timeout: .now() + 10) == .success)
    for seq in 2...100 { sink.write(Self.event(UInt64(seq))) }
    output.release?.signal()
    output.release?.signal()
    sink.end()
    let expected = try (1...100).flatMap { try Self.line(Self.event(UInt64($0))) }
    #expect(output.bytes == expected)
    #expect(output.recorded.count == 2)
  }

  /// `end()` writes what is pending before it returns.
  @Test func endWritesEverythingBeforeReturning() throws {
    let output = RecordingOutput()
    let sink = JSONSink(output: output)
    for seq in 1...1000 { sink.write(Self.event(UInt64(seq))) }
    sink.end()
    let expected = try (1...1000).flatMap { try Self.line(Self.event(UInt64($0))) }
    #expect(output.bytes == expected)
  }

  /// Once more than the limit is pending, the appending thread writes it before returning.
  @Test func pastTheLimitTheAppendingThreadWrites() {
    let output = RecordingOutput()
    let buffer = OutputBuffer(output: output, limit: 100)
    buffer.append { $0.append(contentsOf: [UInt8](repeating: 0x41, count: 150)) }
    #expect(output.bytes == [UInt8](repeating: 0x41, count: 150))
  }

  /// However many writes the appending thread made itself in a burst (past the limit), a
  /// line appended after them waits at most the interval, not an interval per write.
  @Test func aLineAfterABurstWaitsAtMostTheInterval() {
    let output = RecordingOutput()
    let buffer = OutputBuffer(output: output, limit: 16, interval: 100_000_000)
    for _ in 0..<40 {
      buffer.append { $0.append(contentsOf: [UInt8](repeating: 0x41, count: 20)) }
    }
    #expect(output.recorded.count == 40, "each append past the limit is written at once")
    buffer.append { $0.append(contentsOf: Array("lone\n".utf8)) }
    // 0.1 s away at most; 4 s if each of the 40 writes had pushed the next flush back.
    #expect(output.waitUntil(within: 2) { $0.count == 41 }, "\(output.recorded.count) writes")
    #expect(output.recorded.last == Array("lone\n".utf8))
  }

  /// A buffer let go of with a flush still queued (here 10 s away) writes its lines at once
  /// instead of losing them.
  @Test func aBufferLetGoWritesWhatIsPending() {
    let output = RecordingOutput()
    do {
      let buffer = OutputBuffer(output: output, interval: 10_000_000_000)
      // The first two flushes go out at once; the next waits for the interval.
      buffer.append { $0.append(contentsOf: Array("first\n".utf8)) }
      #expect(output.started.wait(timeout: .now() + 10) == .success)
      buffer.append { $0.append(contentsOf: Array("second\n".utf8)) }
      #expect(output.started.wait(timeout: .now() + 10) == .success)
      buffer.append { $0.append(contentsOf: Array("third\n".utf8)) }
    }
    // The buffer goes when the last reference does, which may be the flushing thread's while
    // it writes "second": wait for it, far less than the interval.
    _ = output.waitUntil(within: 5) { $0.joined().count >= 19 }
    #expect(String(decoding: output.bytes, as: UTF8.self) == "first\nsecond\nthird\n")
  }

  /// After a quiet spell two flushes go out at once (a host's first entry follows its header
  /// and `loaded` events by a few hundred microseconds), then one per interval.
  @Test func afterAQuietSpellTwoFlushesGoOutAtOnceThenOnePerInterval() {
    let output = RecordingOutput()
    let buffer = OutputBuffer(output: output, interval: 10_000_000_000)
    buffer.append { $0.append(contentsOf: Array("header\n".utf8)) }
    #expect(output.started.wait(timeout: .now() + 10) == .success)
    buffer.append { $0.append(contentsOf: Array("entry\n".utf8)) }
    #expect(output.started.wait(timeout: .now() + 5) == .success, "the second flush waited")
    buffer.append { $0.append(contentsOf: Array("next\n".utf8)) }
    #expect(
      output.started.wait(timeout: .now() + .milliseconds(300)) == .timedOut,
      "the third flush did not wait for the interval")
    buffer.flush()
    #expect(String(decoding: output.bytes, as: UTF8.self) == "header\nentry\nnext\n")
    #expect(output.recorded.count == 3)
  }

  /// Each buffer's flushing thread ends when the buffer goes: a host that makes sinks does not
  /// collect threads.
  @Test func flushingThreadsEndWithTheirBuffers() async throws {
    // The ids of this process's flushing threads. Other tests start and end sinks meanwhile,
    // so the threads are told apart by id, not counted: the ones that appear after `before`
    // are (mostly) these buffers', and those must end with them.
    func flushers() -> Set<String> {
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
      return Set(
        tasks.filter { task in
          TestSupport.contents(ofProcFile: "/proc/self/task/\(task)/comm") == "wh-output-flush\n"
        })
    }
    let before = flushers()
    var started = Set<String>()
    do {
      let buffers = (0..<40).map { _ in OutputBuffer(output: RecordingOutput()) }
      for buffer in buffers { buffer.append { $0.append(0x0A) } }
      let all = try await TestSupport.eventually(within: 10, every: .milliseconds(20)) {
        started.formUnion(flushers().subtracting(before))
        return started.count >= 40
      }
      #expect(all, "\(started.count) flushing threads seen")
      withExtendedLifetime(buffers) {}
    }
    // Of the threads started meanwhile, other tests' may still run: a few, not 40.
    let ended = try await TestSupport.eventually(within: 10, every: .milliseconds(20)) {
      flushers().intersection(started).count <= 10
    }
    #expect(ended, "\(flushers().intersection(started).count) still run")
  }

  /// Lines appended from many threads at once arrive whole.
  @Test func linesFromManyThreadsArriveWhole() {
    let output = RecordingOutput()
    let buffer = OutputBuffer(output: output, limit: 4096)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<500 {
        buffer.append { $0.append(contentsOf: Array("\(thread) \(index)\n".utf8)) }
      }
    }
    buffer.flush()
    let lines = String(decoding: output.bytes, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 8 * 500)
    #expect(
      Set(lines.map(String.init))
        == Set((0..<8).flatMap { thread in (0..<500).map { "\(thread) \($0)" } }))
    for thread in 0..<8 {
      let own = lines.filter { $0.hasPrefix("\(thread) ") }.map {
        Int($0.split(separator: " ")[1])!
      }
      #expect(own == Array(0..<500))
    }
  }
}
