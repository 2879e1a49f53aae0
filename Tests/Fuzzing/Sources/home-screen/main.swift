import Foundation
import FuzzSupport
import WidgetHostCore

// A home-screen file (`run --home-screen FILE`, docs/home-screen.md), as the host reads it
// (`HomeScreen.decode`), and the input as an `--instance` spec (`InstanceSpec.parse`): the
// instances or an error, whose message is written as the host writes it.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Fuzzer.data(bytes, count)
  do {
    let specs = try HomeScreen.decode(data, file: "home-screen.json")
    Fuzzer.require(specs.allSatisfy { !$0.kind.isEmpty }, "an instance without a kind")
  } catch {
    _ = error.description
  }
  if let text = String(validating: data, as: UTF8.self) {
    do {
      let spec = try InstanceSpec.parse(text)
      Fuzzer.require(!spec.kind.isEmpty, "an --instance spec without a kind")
    } catch {
      _ = error.description
    }
  }
  return 0
}

Fuzzer.run(testOneInput)
