import Foundation
import FuzzSupport
import WidgetRendering
import WidgetSchema

// A view tree from a bundle's reply, as the host draws it on the character grid: decoded
// (`WidgetJSON.decode`), refused when the host would refuse it (`ViewLimits`), then laid out and
// drawn in every family (`Renderer.render`) and read as a status bar reads it
// (`Renderer.texts`).

enum Grid {
  static let renderer = Renderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: Fuzzer.timeZone))
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let view = try? WidgetJSON.decode(ViewNode.self, from: Fuzzer.data(bytes, count)),
    ViewLimits.problem(in: view, at: "view") == nil
  else { return 0 }
  for family in WidgetFamily.allCases {
    let entry = Grid.renderer.render(view, family: family, now: Fuzzer.now)
    let grid = CellMetrics.grid(for: family)
    Fuzzer.require(
      entry.lines.count == grid.height, "\(family): \(entry.lines.count) rows drawn")
    _ = Grid.renderer.texts(view, family: family, now: Fuzzer.now)
  }
  return 0
}

Fuzzer.run(testOneInput)
