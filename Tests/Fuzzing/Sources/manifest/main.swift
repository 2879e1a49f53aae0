import Foundation
import FuzzSupport
import WidgetBundleRuntime
import WidgetSchema

// A bundle's `manifest.json` and a library's `describe` reply, as the host reads them when it
// loads a bundle (`ManifestValidator.decode`, `ManifestValidator.decodeDescription`): a value or
// an error, whose message is written as the host writes it.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Fuzzer.data(bytes, count)
  do {
    let manifest = try ManifestValidator.decode(data, file: "manifest.json")
    Fuzzer.require(
      ManifestValidator.problems(in: manifest).isEmpty, "a manifest passed with problems")
  } catch {
    _ = error.description
  }
  do {
    _ = try ManifestValidator.decodeDescription(data, library: "libfuzz.so")
  } catch {
    _ = error.description
  }
  return 0
}

Fuzzer.run(testOneInput)
