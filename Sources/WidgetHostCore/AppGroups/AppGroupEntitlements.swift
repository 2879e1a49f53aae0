import Foundation
import WidgetSchema
import WidgetSupport

/// Reads the App Groups of an Xcode `.entitlements` property list, the iOS way of declaring
/// them: the array `com.apple.security.application-groups`. `widget-host assemble
/// --entitlements FILE` (and the widget-bundle plugin, which finds the target's
/// `*.entitlements`) puts them in the bundle's manifest.
public enum AppGroupEntitlements {
  /// The entitlement that lists App Groups.
  public static let key = "com.apple.security.application-groups"

  /// The App Groups `file` declares (none when it has no such entitlement).
  public static func groups(inFile file: String) throws(BundleError) -> [String] {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw .manifestUnreadable(file: file, reason: "cannot read the entitlements file")
    }
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw .manifestUnreadable(file: file, reason: "not a property list")
    }
    guard let entitlements = plist as? [String: Any] else {
      throw .manifestInvalid(
        file: file, problems: [SchemaError(path: "", message: "expected a dictionary")])
    }
    guard let value = entitlements[key] else { return [] }
    guard let groups = value as? [Any] else {
      throw .manifestInvalid(
        file: file, problems: [SchemaError(path: key, message: "expected an array of strings")])
    }
    var result: [String] = []
    for (index, group) in groups.enumerated() {
      guard let group = group as? String, HostPaths.isGroup(group) else {
        throw .manifestInvalid(
          file: file,
          problems: [
            SchemaError(
              path: "\(key)[\(index)]",
              message: "'\(group)' is not an App Group id (group. and a reverse-DNS name)")
          ])
      }
      result.append(group)
    }
    return result
  }
}
