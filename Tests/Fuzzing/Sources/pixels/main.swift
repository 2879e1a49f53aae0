import Foundation
import FuzzSupport
import WidgetRendering
import WidgetSchema

// A view tree from a bundle's reply, as `--pictures` draws it: decoded (`WidgetJSON.decode`),
// refused when the host would refuse it (`ViewLimits`), then laid out with Pango's metrics and
// drawn by Cairo at 1× (`PixelRenderer.render`). One family, rendering mode and format per input,
// chosen by its length, so that every input does the same each time and mutations try them all.

enum Pixels {
  static let renderer = PixelRenderer(
    dates: DateText(locale: Locale(identifier: "en_US"), timeZone: Fuzzer.timeZone))
  static let families = WidgetFamily.allCases
  static let modes = RenderingMode.allCases
  static let formats = PixelFormat.allCases
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let view = try? WidgetJSON.decode(ViewNode.self, from: Fuzzer.data(bytes, count)),
    ViewLimits.problem(in: view, at: "view") == nil
  else { return 0 }
  let family = Pixels.families[count % Pixels.families.count]
  let mode = Pixels.modes[count / Pixels.families.count % Pixels.modes.count]
  let format = Pixels.formats[count / 7 % Pixels.formats.count]
  do {
    let image = try Pixels.renderer.render(
      view, family: family, now: Fuzzer.now, scale: 1, format: format, mode: mode)
    Fuzzer.require(!image.data.isEmpty, "\(family) \(mode) \(format): an empty image")
  } catch {
    Fuzzer.require(false, "\(family) \(mode) \(format): \(error)")
  }
  return 0
}

Fuzzer.run(testOneInput)
