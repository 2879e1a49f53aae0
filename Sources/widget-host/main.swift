import Foundation
import WidgetHostCLI

// Parsing and wiring live in WidgetHostCLI; this file only connects the process to it.
let status = await WidgetHostCLI.runProcess(Array(CommandLine.arguments.dropFirst()))
exit(status)
