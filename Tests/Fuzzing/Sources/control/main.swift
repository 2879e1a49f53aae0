import Foundation
import FuzzSupport
import WidgetControl
@_spi(Fuzzing) import WidgetHostCore
import WidgetSchema

// Bytes a client sends to the control socket, as the socket sink reads them: split into lines
// (`LineReader`, as the bytes arrive in reads of any size), each line parsed
// (`ControlRequest.parse`) and its reply written (the request's `id` echoed). Findings, besides
// a trap: lines that depend on how the bytes were split into reads, and a reply that cannot be
// written.

/// The lines of `data` read by a reader with `limit`, fed in reads of `size` bytes.
func lines(of data: Data, limit: Int, size: Int) -> [LineReader.Line] {
  var reader = LineReader(limit: limit)
  var lines: [LineReader.Line] = []
  var start = data.startIndex
  while start < data.endIndex {
    let end = data.index(start, offsetBy: size, limitedBy: data.endIndex) ?? data.endIndex
    lines += reader.feed(data[start..<end])
    start = end
  }
  return lines
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = Fuzzer.data(bytes, count)
  // The socket's limit, and a small one that mutations reach.
  for limit in [1 << 20, 1 + count % 64] {
    let whole = lines(of: data, limit: limit, size: max(count, 1))
    let split = lines(of: data, limit: limit, size: 1 + count % 7)
    Fuzzer.require(whole == split, "limit \(limit): lines depend on the reads' sizes")
  }
  for line in lines(of: data, limit: 1 << 20, size: 4096) {
    let reply: ControlReply
    switch ControlRequest.parse(line) {
    case .success(let request):
      reply = ControlReply(id: request.id, result: ControlResult(authenticated: true))
    case .failure(let failure):
      reply = ControlReply(id: nil, error: failure)
    }
    Fuzzer.require((try? WidgetJSON.encode(reply)) != nil, "a reply cannot be written")
  }
  return 0
}

Fuzzer.run(testOneInput)
