import Dispatch
import Foundation

extension WidgetHostCLI {
  /// Runs `arguments` as the process's command: SIGINT and SIGTERM cancel the command, which
  /// then stops cleanly (bundles closed, stream ended) and exits 0.
  public static func runProcess(_ arguments: [String]) async -> Int32 {
    let context = CommandContext.protectingStandardOutput()
    let task = Task { await main(arguments, context: context) }
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
    return status
  }
}
