import Dispatch
import Foundation
import Synchronization

extension WidgetHostCLI {
  /// Runs `arguments` as the process's command: SIGINT, SIGTERM and the loss of the output's
  /// reader (a closed pipe, whatever SIGPIPE's disposition) cancel the command, which then
  /// stops cleanly (bundles closed, stream ended) and exits 0.
  public static func runProcess(_ arguments: [String]) async -> Int32 {
    // The output may close before the task exists: then it is cancelled as it is made.
    let running = Mutex<(task: Task<Int32, Never>?, closed: Bool)>((nil, false))
    let context = CommandContext.protectingStandardOutput {
      running.withLock { running in
        running.closed = true
        return running.task
      }?.cancel()
    }
    let task = Task { await main(arguments, context: context) }
    if running.withLock({ running in
      running.task = task
      return running.closed
    }) {
      task.cancel()
    }
    var sources: [any DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { task.cancel() }
      source.resume()
      sources.append(source)
    }
    let status = await task.value
    for source in sources { source.cancel() }
    // What is queued for standard error reaches it, unless its reader has stopped reading.
    CommandContext.standardError.finish(within: 2)
    return status
  }
}
