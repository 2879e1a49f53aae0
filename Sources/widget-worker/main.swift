import CProcessPath
import CVirtualClock
import Glibc
import WidgetBundleRuntime

// The worker process the host starts for each bundle (docs/isolation.md). It links the bundle
// runtime and FoundationEssentials only, so that it starts about as fast as a Swift hello
// world; parsing and the worker loop live in WidgetBundleRuntime. The main thread stays free
// for the bundle's main loop (`wk.main-loop`, docs/abi.md).
switch WorkerArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let arguments):
  MainThread.serve {
    await BundleWorker.run(
      descriptor: arguments.descriptor, replyDescriptor: arguments.replyDescriptor,
      memoryLimit: arguments.memoryLimit, setClock: { wh_virtual_clock_set($0) },
      setProcessPath: { wh_process_path_set($0) })
  }
case .failure(let problem):
  let line = Array("widget-worker: \(problem.message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(WorkerArguments.usageStatus)
}
