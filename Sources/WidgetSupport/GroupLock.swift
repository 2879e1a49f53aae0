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

  /// How long a writer waits for the lock, in seconds: a process that holds it longer (a bundle
  /// that took it and hangs) does not hang every other writer.
  public static let timeout = 5.0

  /// Why the lock could not be taken.
  public enum Failure: Error, Sendable, Equatable {
    /// The lock file (its path) cannot be opened or created.
    case cannotOpen(String)
    /// Another process held the lock (its path) for ``GroupLock/timeout`` seconds.
    case busy(String)
  }

  /// Takes the lock of the group file at `path`, waiting at most ``timeout`` seconds; returns
  /// the locked descriptor, which `close` releases.
  public static func acquire(_ path: String) throws(Failure) -> Int32 {
    let file = lockFile(of: path)
    let lock = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw .cannotOpen(file) }
    var waited = 0.0
    while flock(lock, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else {
        close(lock)
        throw .busy(file)
      }
      usleep(5_000)
      waited += 0.005
    }
    return lock
  }

  /// Runs `body` holding the lock of the group file at `path`; runs it without the lock when
  /// the lock cannot be had (a folder that cannot be written, or a holder past ``timeout``):
  /// an app or a bundle is never stopped by another process's lock.
  public static func withLock<Result>(
    of path: String, _ body: () throws -> Result
  ) rethrows -> Result {
    guard let lock = try? acquire(path) else { return try body() }
    defer { close(lock) }
    return try body()
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
