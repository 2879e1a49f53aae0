import WidgetBundleRuntime
import WidgetHostCLI

// Parsing and wiring live in WidgetHostCLI; this file only connects the process to it. The host
// runs off the main thread, which stays free for the main loop of a bundle loaded in-process
// (`wk.main-loop`, docs/abi.md).
let arguments = Array(CommandLine.arguments.dropFirst())
MainThread.serve { await WidgetHostCLI.runProcess(arguments) }
