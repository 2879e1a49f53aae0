import Glibc

/// Gives the memory freed by a burst of work back to the system.
///
/// glibc's allocator returns freed memory at the top of a heap by itself, but keeps the freed
/// chunks between live ones resident. The start-up burst (every instance's reply decoded,
/// rendered and encoded at about the same time, on several threads and so several heaps)
/// leaves a tenth of the host's resident memory that way (docs/performance.md, memory);
/// `malloc_trim` hands those pages back. It is looked up at run time: Swift's `Glibc` module
/// does not declare it.
enum HeapTrim {
  private typealias Trim = @convention(c) (Int) -> Int32

  private static let trim: Trim? = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim").map {
    unsafeBitCast($0, to: Trim.self)
  }

  /// Releases the free pages of every heap. Returns whether the C library can (it is glibc's)
  /// and released any.
  @discardableResult
  static func releaseFreePages() -> Bool {
    guard let trim else { return false }
    return trim(0) != 0
  }
}
