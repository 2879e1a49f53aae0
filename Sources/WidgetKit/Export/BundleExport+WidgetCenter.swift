import CWidgetABI
import Foundation
import WidgetSchema
import WidgetSupport

/// WidgetCenter and App Groups inside a bundle the host loaded: through the host table and its
/// `wk.widget-center` extension.
extension BundleExport {
  /// The host's `wk.widget-center` extension, if it offers one.
  static func widgetCenter(
    _ host: UnsafePointer<wk_host>
  ) -> UnsafePointer<wk_host_widget_center>? {
    guard let raw = host.pointee.get_extension?(host, WK_HOST_EXTENSION_WIDGET_CENTER) else {
      return nil
    }
    let table = raw.assumingMemoryBound(to: wk_host_widget_center.self)
    // Any table at least as large as ABI 1.1's, which introduced it.
    guard Int(table.pointee.struct_size) >= wk_host_widget_center_size_1_1() else {
      return nil
    }
    return table
  }

  /// Re-reads the bundle's App Groups before a provider call: Foundation keeps each
  /// `UserDefaults(suiteName:)` suite in memory and sees another process's writes only after a
  /// `synchronize()`.
  static func synchronizeAppGroups(_ runtime: Runtime) {
    // Under the group's lock (through the container's link, beside the shared file): what the
    // bundle set is merged into the file without dropping another writer's keys.
    for group in declaredAppGroups(runtime) {
      GroupLock.withLock(of: HostPaths.store() + "/" + group + ".plist") {
        _ = UserDefaults(suiteName: group)?.synchronize()
      }
    }
  }

  /// The App Groups the bundle's manifest declares, as the host says (asked once).
  static func declaredAppGroups(_ runtime: Runtime) -> [String] {
    runtime.appGroups.withLock { known in
      if let known { return known }
      var json: UnsafePointer<CChar>?
      var length = 0
      if let center = widgetCenter(runtime.host) {
        center.pointee.app_groups(runtime.host, &json, &length)
      }
      let data = json.map { Data(bytes: $0, count: length) } ?? Data("[]".utf8)
      let groups = ((try? JSONDecoder().decode([String].self, from: data)) ?? []).filter(
        HostPaths.isGroup)
      known = groups
      return groups
    }
  }

  /// `reloadTimelines(ofKind:)` (`kind`) or `reloadAllTimelines()` (nil) through the host table;
  /// false when this process is not a bundle loaded by a host.
  static func reload(kind: String?) -> Bool {
    guard let host = current?.host else { return false }
    if var kind {
      let status = kind.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) {
          host.pointee.reload_kind(host, $0.baseAddress, $0.count)
        }
      }
      if status != Int32(WK_STATUS_OK.rawValue) {
        log(.warning, "reloadTimelines(ofKind: \"\(kind)\"): this bundle has no kind '\(kind)'")
      }
    } else {
      _ = host.pointee.reload_all(host)
    }
    return true
  }

  /// `getCurrentConfigurations` through the host extension; false when this process is not a
  /// bundle loaded by a host.
  static func currentConfigurations(
    _ completion: @escaping @Sendable (Result<CurrentConfigurations, any Error>) -> Void
  ) -> Bool {
    guard let host = current?.host else { return false }
    guard let center = widgetCenter(host) else {
      completion(
        .failure(WidgetCenterError(message: "this host does not report current configurations")))
      return true
    }
    let box = Unmanaged.passRetained(ConfigurationsReply(completion)).toOpaque()
    center.pointee.current_configurations(host, box) { context, status, data, length in
      guard let context else { return }
      let reply = Unmanaged<ConfigurationsReply>.fromOpaque(context).takeRetainedValue()
      let payload = data.map { Data(bytes: $0, count: length) } ?? Data()
      guard status == Int32(WK_STATUS_OK.rawValue) else {
        let message = String(decoding: payload, as: UTF8.self)
        return reply.completion(.failure(WidgetCenterError(message: message)))
      }
      do {
        reply.completion(.success(try WidgetJSON.decode(CurrentConfigurations.self, from: payload)))
      } catch {
        reply.completion(.failure(WidgetCenterError(message: "bad reply from the host: \(error)")))
      }
    }
    return true
  }

  /// Carries a completion through the C reply context.
  private final class ConfigurationsReply: Sendable {
    let completion: @Sendable (Result<CurrentConfigurations, any Error>) -> Void

    init(_ completion: @escaping @Sendable (Result<CurrentConfigurations, any Error>) -> Void) {
      self.completion = completion
    }
  }
}
