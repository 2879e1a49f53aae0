import Foundation
import Synchronization
import WidgetBundleRuntime
import WidgetHostCore
import WidgetSchema

/// A real ``WidgetHost`` showing one instance, whose timeline the benchmark reloads as
/// `WidgetCenter.reloadTimelines(ofKind:)` does, one update at a time: each update is the whole
/// host's path (the control request, the scheduler, the provider call over the C ABI in-process
/// or in a worker, the reply read and checked, the router drawing the entry, the timeline kept in
/// the state store, the `entry` event written by the JSON sink).
///
/// The host writes to one sink: the terminal's (`--format text` on a terminal, in colour,
/// redrawn in place) or the JSON stream's (whose entries carry their geometry, laid out with
/// Pango).
///
/// The host runs with the limits that guard against a bundle asking for reloads from every
/// reply switched off (`requestedCallsPerMinute`, `replyBytesPerMinute`): the benchmark asks
/// for every update on purpose.
final class HostUpdates: Sendable {
  private let host: WidgetHost
  private let kind: String
  private let entries = EntryWaiter()
  private let running: Task<Void, Never>

  /// The sink the host writes to.
  enum Sink: String, Sendable {
    /// `--format text` on a 160 × 50 terminal.
    case text
    /// `--format json`.
    case json
  }

  /// Starts a host of `library` showing `kind` in `family` to `sink`, its state in
  /// `stateDirectory`, and returns once it shows its first entry.
  init(
    library: String, kind: String, family: WidgetFamily, sink: Sink, loader: any BundleLoader,
    stateDirectory: URL
  ) async throws {
    var options = HostOptions(
      bundlePaths: [library], locale: Locale(identifier: "en_US"),
      timeZone: TimeZone(identifier: "UTC")!)
    options.kinds = [kind]
    options.families = [family]
    options.stateDirectory = stateDirectory.path
    options.scheduler.requestedCallsPerMinute = nil
    options.scheduler.replyBytesPerMinute = nil
    let output: any EventSink =
      switch sink {
      case .text:
        TextSink(
          output: CountingOutput(), errors: CountingOutput(), dates: options.dates,
          options: TextSink.Options(
            color: true, inPlace: true,
            terminalSize: { TerminalSize(columns: 160, rows: 50) }))
      case .json: JSONSink(output: CountingOutput())
      }
    let host = WidgetHost(
      options: options, loader: loader, sinks: [output, entries], log: CountingOutput(),
      logLevel: .warning)
    self.host = host
    self.kind = kind
    running = Task { [entries] in
      do {
        _ = try await host.run()
      } catch {
        entries.fail("widget-host run \(library): \(error)")
      }
    }
    try await entries.wait(forEntry: 1)
  }

  /// Performs one update: asks for the kind's timeline again and returns once its entry is
  /// written.
  func update() async throws {
    let next = entries.count + 1
    do {
      _ = try await host.control.reload(kind: kind)
    } catch {
      throw BenchError("reload \(kind): \(error)")
    }
    try await entries.wait(forEntry: next)
  }

  /// The latest `entry` event, as the JSON stream writes it (without its newline).
  func lastEntryLine() throws -> String {
    guard let event = entries.last else { throw BenchError("\(kind) showed no entry") }
    return String(decoding: try event.jsonBytes(), as: UTF8.self)
  }

  /// The latest `entry` event.
  var lastEntry: StreamEvent? { entries.last }

  /// Stops the host: its bundles closed (a worker exits), its stream ended.
  func stop() async {
    running.cancel()
    await running.value
  }
}

/// Counts the `entry` events of a stream, keeps the latest, and lets the benchmark wait for the
/// n-th; an `error` event, or the host failing to run, ends every wait with that error.
private final class EntryWaiter: EventSink {
  private struct State {
    var count = 0
    var last: StreamEvent?
    var failure: String?
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, any Error>)] = []
  }
  private let state = Mutex(State())

  func begin(_ header: StreamHeader) {}
  func end() {}

  func write(_ event: StreamEvent) {
    switch event.payload {
    case .entry:
      let ready = state.withLock { state in
        state.count += 1
        state.last = event
        let count = state.count
        let ready = state.waiters.filter { $0.count <= count }
        state.waiters.removeAll { $0.count <= count }
        return ready
      }
      for waiter in ready { waiter.continuation.resume() }
    case .error(let problem):
      fail("\(problem.code): \(problem.message)")
    default: break
    }
  }

  /// Ends every wait, and every later one, with `message`.
  func fail(_ message: String) {
    let waiting = state.withLock { state in
      state.failure = state.failure ?? message
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiting { waiter.continuation.resume(throwing: BenchError(message)) }
  }

  /// `entry` events so far.
  var count: Int { state.withLock { $0.count } }
  /// The latest `entry` event.
  var last: StreamEvent? { state.withLock { $0.last } }

  /// Returns once `count` entry events have been written.
  func wait(forEntry count: Int) async throws {
    try await withCheckedThrowingContinuation { continuation in
      let outcome: Result<Void, any Error>? = state.withLock { state in
        if let failure = state.failure { return .failure(BenchError(failure)) }
        if state.count >= count { return .success(()) }
        state.waiters.append((count, continuation))
        return nil
      }
      if let outcome { continuation.resume(with: outcome) }
    }
  }
}

/// An output that keeps only a count of the bytes written.
///
/// It takes the JSON sink's bytes as they are (`write(utf8:)`), as a file or socket output does:
/// turning each event into a `String` would be the benchmark's cost, not the host's.
final class CountingOutput: OutputTarget {
  private let written = Atomic<Int>(0)

  func write(_ text: String) {
    written.add(text.utf8.count, ordering: .relaxed)
  }

  func write(utf8 bytes: [UInt8]) {
    written.add(bytes.count, ordering: .relaxed)
  }

  /// Bytes written so far.
  var bytes: Int { written.load(ordering: .relaxed) }
}

/// Services for bundles loaded by the benchmark outside a host: real clock, log dropped.
struct BenchServices: BundleServices {
  let localeIdentifier = "en-US"
  func log(bundle: String, level: BundleLogLevel, message: String) {}
  func now() -> Date { Date() }
  var clockIsSystemClock: Bool { true }
  func reload(bundle: String, kind: String?) {}
}
