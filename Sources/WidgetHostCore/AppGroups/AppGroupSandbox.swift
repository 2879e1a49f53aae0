import Foundation
import Glibc
import Synchronization
import WidgetSchema
import WidgetSupport

/// The configuration folder a bundle's worker process sees as `XDG_CONFIG_HOME`: it holds,
/// besides the bundle's own private defaults, one symbolic link per App Group the bundle
/// declares, to that group's file in the shared store (where apps and `widget-host defaults`
/// write). Foundation's `UserDefaults(suiteName:)` reads and writes through the links, so a
/// declared group is shared; an undeclared group finds no link: it reads nothing of the shared
/// data, and what it writes stays in this folder, which ``undeclaredGroups()`` reports.
///
/// The container also holds the worker's `HOME` (the container itself), its `TMPDIR`
/// (`tmp`) and, in `groups`, one link per declared App Group to the group's shared folder
/// (``HostPaths/groupContainers(environment:)``), which
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` returns in the bundle.
///
/// One container per bundle id, kept across runs (like an app's container):
/// `<containers>/<bundle id>`, where `<containers>` is `containers` in the host's state
/// directory (`--state-dir`; by default `$XDG_STATE_HOME/widget-host`,
/// ``defaultContainers(environment:)``).
final class AppGroupSandbox: Sendable {
  /// The bundle's container: the worker's `HOME`.
  let container: String
  /// The folder given to the worker as `XDG_CONFIG_HOME`.
  let directory: String
  /// The shared store the links point into.
  let store: String
  /// The folder of the App Groups' shared folders that the links in `container/groups` point
  /// into.
  let groupStore: String
  private let reported = Mutex<Set<String>>([])
  /// The folder's modification time when ``undeclaredGroups()`` last listed it, once that time
  /// is old enough that a file created since must have changed it.
  private let listedAt = Mutex<timespec?>(nil)
  /// The folder, held open for ``undeclaredGroups()``: `fstat` on it costs no walk of the
  /// folder's path, which `stat` repeated for every reply. -1 when it could not be opened; opened
  /// again when the folder was removed.
  private let folder = Mutex<Int32>(-1)

  /// The folder of every bundle's container when the host keeps its state in the default
  /// state directory: `$XDG_STATE_HOME/widget-host/containers` (`~/.local/state/…` when unset
  /// or not absolute).
  static func defaultContainers(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    containers(inStateDirectory: StateStore.defaultDirectory(environment: environment))
  }

  /// The folder of every bundle's container for a host whose state is in `directory`:
  /// `directory/containers`, so one directory holds all of a host's state.
  static func containers(inStateDirectory directory: String) -> String {
    (directory as NSString).appendingPathComponent("containers")
  }

  /// Prepares the folder of bundle `bundle` in `containers`, linking `groups` into the store
  /// (`HostPaths.store(environment:)`). `environment` defaults to the variables of the
  /// process's that the two paths depend on (``pathVariables()``).
  init(
    bundle: String, groups: [String], containers: String? = nil,
    environment: [String: String] = pathVariables()
  ) {
    let root = containers ?? Self.defaultContainers(environment: environment)
    let safe = String(bundle.map { $0.isLetter || $0.isNumber || ".-_".contains($0) ? $0 : "_" })
    container = root + "/\(safe)"
    directory = container + "/config"
    store = HostPaths.store(environment: environment)
    groupStore = HostPaths.groupContainers(environment: environment)
    for folder in [directory, container + "/groups", container + "/tmp"] {
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    folder.withLock { $0 = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    link(groups)
  }

  deinit {
    folder.withLock { if $0 >= 0 { close($0) } }
  }

  /// What the worker's environment sets: its defaults (`XDG_CONFIG_HOME`), its home (`HOME`,
  /// and `CFFIXED_USER_HOME`, which Foundation's `NSHomeDirectory()` reads), `TMPDIR` and its
  /// App Group containers (``HostPaths/groupContainersVariable``).
  var workerEnvironment: [String: String] {
    [
      "XDG_CONFIG_HOME": directory, "HOME": container, "CFFIXED_USER_HOME": container,
      "TMPDIR": container + "/tmp", HostPaths.groupContainersVariable: container + "/groups",
    ]
  }

  /// The variables of the process's environment that the store and the default containers
  /// depend on (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `XDG_DATA_HOME`, `HOME`), read one by one: a sandbox is made
  /// for each bundle at start, and `ProcessInfo`'s `environment` copies the whole environment
  /// into a new dictionary each time.
  static func pathVariables() -> [String: String] {
    var variables: [String: String] = [:]
    for name in ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "HOME"] {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return variables
  }

  /// Makes the folder link exactly `groups` (removing links of groups no longer declared).
  /// A private file of a group that is now declared is replaced by the link.
  func link(_ groups: [String]) {
    let fileManager = FileManager.default
    let declared = Set(groups.filter(HostPaths.isGroup))
    for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? [] {
      guard let group = Self.group(ofFile: name) else { continue }
      let path = directory + "/" + name
      let isLink = (try? fileManager.destinationOfSymbolicLink(atPath: path)) != nil
      if isLink && !declared.contains(group) { try? fileManager.removeItem(atPath: path) }
    }
    for group in declared.sorted() {
      let path = directory + "/" + group + ".plist"
      let target = store + "/" + group + ".plist"
      if (try? fileManager.destinationOfSymbolicLink(atPath: path)) == target { continue }
      try? fileManager.removeItem(atPath: path)
      try? fileManager.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
    // The groups' shared folders, linked the same way (created, as an app's would be).
    let groups = container + "/groups"
    for name in (try? fileManager.contentsOfDirectory(atPath: groups)) ?? []
    where !declared.contains(name) {
      try? fileManager.removeItem(atPath: groups + "/" + name)
    }
    for group in declared.sorted() {
      let path = groups + "/" + group
      let target = groupStore + "/" + group
      try? fileManager.createDirectory(
        atPath: target, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      if (try? fileManager.destinationOfSymbolicLink(atPath: path)) == target { continue }
      try? fileManager.removeItem(atPath: path)
      try? fileManager.createSymbolicLink(atPath: path, withDestinationPath: target)
    }
  }

  /// Groups the bundle keeps as private files (it wrote groups it does not declare), each
  /// reported once per sandbox.
  ///
  /// Called after every reply of a worker, so it lists the folder only when the folder changed
  /// (a file created, removed or renamed in it changes its modification time): one `fstat` of
  /// the open folder instead of a listing and a `readlink` per file.
  func undeclaredGroups() -> [String] {
    let modified = modificationTime()
    if let modified,
      listedAt.withLock({ $0?.tv_sec == modified.tv_sec && $0?.tv_nsec == modified.tv_nsec })
    {
      return []
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    // A file created within the same tick of the file system's clock as `modified`, after the
    // listing, would leave the time unchanged: a time is trusted only once it is a second old.
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    listedAt.withLock { $0 = modified.flatMap { now.tv_sec - $0.tv_sec > 1 ? $0 : nil } }
    let found = names.compactMap { name -> String? in
      guard let group = Self.group(ofFile: name),
        (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + name))
          == nil
      else { return nil }
      return group
    }
    return reported.withLock { reported in
      let new = found.filter { !reported.contains($0) }.sorted()
      reported.formUnion(new)
      return new
    }
  }

  /// The folder's modification time, read from the open folder; a folder removed since it was
  /// opened (no links to it left) is opened again by its path. Nil when there is no folder.
  private func modificationTime() -> timespec? {
    folder.withLock { fd in
      var info = stat()
      if fd >= 0 && fstat(fd, &info) == 0 && info.st_nlink > 0 { return info.st_mtim }
      if fd >= 0 { close(fd) }
      fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      return fd >= 0 && fstat(fd, &info) == 0 ? info.st_mtim : nil
    }
  }

  /// `group.x` for `group.x.plist`; nil for other files.
  private static func group(ofFile name: String) -> String? {
    guard name.hasSuffix(".plist") else { return nil }
    let group = String(name.dropLast(".plist".count))
    return HostPaths.isGroup(group) ? group : nil
  }
}
