import Foundation
import WidgetBench

// `widget-bench [scenario...] [--json] [--quick]`: parsing and wiring only; the scenarios live
// in the WidgetBench library.
let code = await BenchCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(code)
