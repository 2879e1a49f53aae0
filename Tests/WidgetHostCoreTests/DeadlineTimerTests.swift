import Foundation
import Testing

@testable import WidgetHostCore

/// The deadline of a provider call: it passes, or it is cancelled the moment the reply wins.
@Suite struct DeadlineTimerTests {
  @Test func aDeadlinePasses() async {
    let start = Date()
    await DeadlineTimer.sleep(seconds: 0.05)
    #expect(Date().timeIntervalSince(start) >= 0.05)
  }

  @Test func aCancelledDeadlineEndsAtOnce() async {
    let start = Date()
    let waiting = Task { await DeadlineTimer.sleep(seconds: 600) }
    waiting.cancel()
    await waiting.value
    // Returned before its deadline: only cancellation can have ended it. (No tighter bound:
    // a loaded machine may not run the test's task again for a minute or more.)
    #expect(Date().timeIntervalSince(start) < 600)
  }

  @Test func aDeadlineInATaskAlreadyCancelledEndsAtOnce() async {
    let start = Date()
    let waiting = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await DeadlineTimer.sleep(seconds: 600)
    }
    await waiting.value
    // Returned before its deadline: only cancellation can have ended it. (No tighter bound:
    // a loaded machine may not run the test's task again for a minute or more.)
    #expect(Date().timeIntervalSince(start) < 600)
  }
}
