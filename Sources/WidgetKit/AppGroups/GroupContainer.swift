import Foundation
import Synchronization
import WidgetSupport

extension FileManager {
  /// The shared folder of App Group `groupIdentifier`, as on iOS: files an app writes there, its
  /// widgets read, and the other way round. Nil for a name that is not an App Group
  /// (`group.` and a reverse-DNS name).
  ///
  /// In an app it is `$XDG_DATA_HOME/widget-host/groups/<group>` (`~/.local/share/…` by
  /// default), created on first use. In a bundle it is the same folder (in a worker, reached
  /// through the bundle's container) for the groups its manifest declares (`appGroups`); for
  /// any other group it is nil, with a warning in the host's log, as iOS returns nil for a
  /// group outside the extension's entitlements (docs/authoring.md, "App Groups and
  /// WidgetCenter").
  public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
    guard HostPaths.isGroup(groupIdentifier) else { return nil }
    if let runtime = BundleExport.current,
      !BundleExport.declaredAppGroups(runtime).contains(groupIdentifier)
    {
      GroupContainerWarnings.undeclared(groupIdentifier)
      return nil
    }
    if let links = getenv(HostPaths.groupContainersVariable).map({ String(cString: $0) }),
      !links.isEmpty
    {
      let path = links + "/" + groupIdentifier
      var isDirectory: ObjCBool = false
      guard fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        GroupContainerWarnings.undeclared(groupIdentifier)
        return nil
      }
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    let path = HostPaths.groupContainers() + "/" + groupIdentifier
    try? createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return URL(fileURLWithPath: path, isDirectory: true)
  }
}

/// The warning for a container of an undeclared group, once per group and process.
enum GroupContainerWarnings {
  private static let warned = Mutex<Set<String>>([])

  static func undeclared(_ group: String) {
    guard warned.withLock({ $0.insert(group).inserted }) else { return }
    BundleExport.log(
      .warning,
      "containerURL(forSecurityApplicationGroupIdentifier: \"\(group)\") is nil: the bundle's "
        + "manifest does not declare that App Group (appGroups)")
  }
}
