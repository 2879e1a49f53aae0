#if canImport(Glibc)
  import Glibc
#endif

/// The lock every writer of an App Group's file takes that the project controls:
/// `widget-host defaults`, apps' `WidgetCenter` and bundles' SDK (around Foundation's
/// `UserDefaults.synchronize()`, which merges its changed keys into the file it reads again).
/// It is an exclusive `flock` of `.group.….plist.lock` beside the file the group's path leads
/// to (through a container's link, the shared store's file), so writers serialized by it never
/// drop each other's keys (docs/authoring.md, "Concurrent writers").
public enum GroupLock {
  /// The lock file of the group file at `path`: `.NAME.lock` in the folder of the file that
  /// `path` leads to (a symbolic link is followed once, as a container's link to the store).
  public static func lockFile(of path: String) -> String {
    var file = path
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    if length > 0 {
      let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      file = target.hasPrefix("/") ? target : folder(of: path) + "/" + target
    }
    let name = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)
    return folder(of: file) + "/." + (name ?? file) + ".lock"
  }

  /// Runs `body` holding the lock of the group file at `path`; runs it without the lock when
  /// the lock file cannot be opened (a folder that does not exist yet or cannot be written).
  public static func withLock<Result>(
    of path: String, _ body: () throws -> Result
  ) rethrows -> Result {
    let lock = open(lockFile(of: path), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return try body() }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
    return try body()
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
