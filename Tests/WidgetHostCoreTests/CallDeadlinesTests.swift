import Foundation
import Synchronization
import Testing

@testable import WidgetHostCore

/// The deadlines of provider calls on one timer: a call that ends in time gives its result and
/// leaves nothing behind; a call past its deadline is cancelled, awaited, and gives nil.
@Suite(.timeLimit(.minutes(1))) struct CallDeadlinesTests {
  /// A call that waits until it is cancelled, and records that it was.
  final class Hanging: Sendable {
    private let state = Mutex<(waiter: CheckedContinuation<Void, Never>?, cancelled: Bool)>(
      (nil, false))

    var cancelled: Bool { state.withLock { $0.cancelled } }

    func call() async -> String {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let now = state.withLock { state in
            if state.cancelled { return true }
            state.waiter = continuation
            return false
          }
          if now { continuation.resume() }
        }
      } onCancel: {
        state.withLock { state in
          state.cancelled = true
          defer { state.waiter = nil }
          return state.waiter
        }?.resume()
      }
      return "abandoned"
    }
  }

  @Test func aCallThatEndsInTimeGivesItsResultAndLeavesNoDeadline() async {
    let deadlines = CallDeadlines()
    let result = await deadlines.race(seconds: 600) { "reply" }
    #expect(result == "reply")
    #expect(deadlines.count == 0)
  }

  @Test func aDeadlineTooFarToRepresentIsOneThatNeverComes() async {
    let deadlines = CallDeadlines()
    #expect(await deadlines.race(seconds: 1e300) { "reply" } == "reply")
    #expect(await deadlines.race(seconds: .infinity) { "reply" } == "reply")
    #expect(deadlines.count == 0)
  }

  @Test func aCallPastItsDeadlineIsCancelledAndAwaited() async {
    let deadlines = CallDeadlines()
    let hanging = Hanging()
    let start = Date()
    let result = await deadlines.race(seconds: 0.05) { await hanging.call() }
    #expect(result == nil)
    #expect(Date().timeIntervalSince(start) >= 0.05)
    // Awaited before the race returned: its cancellation has been seen.
    #expect(hanging.cancelled)
    #expect(deadlines.count == 0)
  }

  @Test func anEarlierDeadlineAddedLaterStillExpiresFirst() async {
    let deadlines = CallDeadlines()
    let long = Hanging()
    let first = Task { await deadlines.race(seconds: 600) { await long.call() } }
    // The timer is armed for the first call's 600 s; the second call's deadline is earlier
    // and must arm it again.
    while deadlines.count == 0 { await Task.yield() }
    let short = Hanging()
    let result = await deadlines.race(seconds: 0.05) { await short.call() }
    #expect(result == nil)
    #expect(short.cancelled)
    #expect(!long.cancelled)
    #expect(deadlines.count == 1)
    first.cancel()
    #expect(await first.value == "abandoned")
    #expect(deadlines.count == 0)
  }

  @Test func cancellingTheCallerCancelsTheCall() async {
    let deadlines = CallDeadlines()
    let hanging = Hanging()
    let caller = Task { await deadlines.race(seconds: 600) { await hanging.call() } }
    while deadlines.count == 0 { await Task.yield() }
    caller.cancel()
    // The call's own result (what a cancelled connection returns), not a timeout.
    #expect(await caller.value == "abandoned")
    #expect(hanging.cancelled)
    #expect(deadlines.count == 0)
  }

  @Test func manyCallsInFlightEachGetTheirOwnOutcome() async {
    let deadlines = CallDeadlines()
    let results = await withTaskGroup(of: (Int, String?).self) { group in
      for index in 0..<40 {
        group.addTask {
          if index.isMultiple(of: 2) {
            return (index, await deadlines.race(seconds: 600) { "reply \(index)" })
          }
          let hanging = Hanging()
          return (index, await deadlines.race(seconds: 0.02) { await hanging.call() })
        }
      }
      var results: [Int: String] = [:]
      for await (index, result) in group { results[index] = result ?? "timed out" }
      return results
    }
    for index in 0..<40 {
      #expect(results[index] == (index.isMultiple(of: 2) ? "reply \(index)" : "timed out"))
    }
    #expect(deadlines.count == 0)
  }

  @Test func aCallThatDoesNotSuspendRunsOnTheCallingThread() async {
    // No hand-off to another thread and back for a call that returns at once (an in-process
    // call on the caller's thread, a worker's prompt call): it runs before the race awaits it.
    let deadlines = CallDeadlines()
    for _ in 0..<50 {
      let caller = pthread_self()
      let ranOn = await deadlines.race(seconds: 600) { pthread_self() }
      #expect(ranOn.map { pthread_equal($0, caller) != 0 } == true)
    }
    #expect(deadlines.count == 0)
  }
}
