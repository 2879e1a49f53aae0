import Glibc
import Testing

@testable import WidgetHostCore

/// The trim after the start-up burst: glibc's `malloc_trim` is found and releases the free
/// pages between live chunks.
@Suite struct HeapTrimTests {
  @Test func freedChunksBetweenLiveOnesAreReleased() {
    // 32 MB of small chunks, every 64th kept: the free ones lie between live ones, where
    // `free` alone keeps them resident.
    let chunks = (0..<131_072).map { _ -> UnsafeMutableRawPointer? in
      let chunk = malloc(256)
      if let chunk { memset(chunk, 1, 256) }
      return chunk
    }
    for (index, chunk) in chunks.enumerated() where index % 64 != 0 { free(chunk) }
    #expect(HeapTrim.releaseFreePages())
    for (index, chunk) in chunks.enumerated() where index % 64 == 0 { free(chunk) }
  }
}
