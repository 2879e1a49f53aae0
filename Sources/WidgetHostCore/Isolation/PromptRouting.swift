import Synchronization
import WidgetBundleRuntime

/// Whether a worker's calls are prompt calls (``PromptReplies``): made by the calling thread,
/// which sends the call and reads the reply itself on the worker's reply socket.
///
/// A prompt call holds its caller's thread (one of Swift's cooperative pool) while it waits,
/// for at most ``CallRouting/promptLimit`` (then a thread of its own waits for the reply). So
/// calls are prompt once ``CallRouting/probation`` calls in a row have been answered within
/// that limit, and a call that was not (a bundle that replies later from a thread of its own,
/// a worker held up, a host under load) sends the calls back to the main socket until as many
/// in a row have been answered in time again. Unlike in-process calls (``CallRouting``), where
/// a slow `call` would hold the caller's thread for all of its length, a slow prompt call costs
/// the caller at most the limit, so one late answer does not end prompt calls for good.
final class PromptRouting: Sendable {
  private let promptInARow = Atomic<Int>(0)

  init() {}

  /// Whether the next call is a prompt call.
  var callsInline: Bool { promptInARow.load(ordering: .relaxed) >= CallRouting.probation }

  /// Records how long one call took to be answered, in seconds.
  func record(seconds: Double) {
    if seconds >= CallRouting.promptLimit {
      promptInARow.store(0, ordering: .relaxed)
    } else if promptInARow.load(ordering: .relaxed) < CallRouting.probation {
      promptInARow.add(1, ordering: .relaxed)
    }
  }
}
