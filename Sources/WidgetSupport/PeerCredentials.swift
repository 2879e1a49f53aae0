#if canImport(Glibc)
  import Glibc
#endif

/// Who is at the other end of a connected Unix socket: the kernel's `SO_PEERCRED`, which the
/// peer cannot forge. The host accepts, and its clients (the CLI, apps' `WidgetCenter`) talk
/// to, only processes of their own user (docs/isolation.md, "Threat model").
public enum PeerCredentials {
  /// The user id of the process at the other end of Unix socket `fd`; nil if it cannot be read
  /// (not a Unix socket).
  public static func user(of fd: Int32) -> uid_t? {
    // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: Glibc shows it only with _GNU_SOURCE.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
      length == socklen_t(MemoryLayout.size(ofValue: credentials))
    else { return nil }
    return uid_t(credentials.uid)
  }

  /// Whether the peer of Unix socket `fd` runs as this process's effective user.
  public static func isSameUser(_ fd: Int32) -> Bool {
    user(of: fd) == geteuid()
  }
}
