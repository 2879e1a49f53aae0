import CWidgetABI
import FoundationEssentials
import Glibc
import Synchronization
import WidgetSchema

/// The `wk_host` table given to one in-process bundle, and the state its functions reach
/// through `host_data`. Lives until the bundle is destroyed (or, if it never can be, forever).
final class HostTable: @unchecked Sendable {
  // Unchecked: every stored property is immutable after init but `kinds`, which is a Mutex; the
  // C strings and the table are only read by the bundle.
  /// The bundle's id as the host knows it; for a bare library, set once its description is known.
  let identity: Mutex<String>
  var bundleID: String { identity.withLock { $0 } }
  let services: any BundleServices
  let table: UnsafeMutablePointer<wk_host>
  private let resourcePath: UnsafeMutablePointer<CChar>
  private let locale: UnsafeMutablePointer<CChar>
  /// Every kind the bundle may name in `reload_kind`: set from its description once known.
  let kinds = Mutex<Set<String>>([])
  /// The `wk.widget-center` extension's table.
  private let widgetCenter: UnsafeMutablePointer<wk_host_widget_center>
  /// The declared App Groups as a JSON array (NUL terminated too), for `app_groups`. Replaced
  /// once, when the manifest is known; earlier values stay allocated until deinit, since a
  /// bundle may still hold the pointer.
  private let appGroupsJSON = Mutex<[UnsafeMutablePointer<CChar>]>([strdup("[]")])

  /// Sets the App Groups that `app_groups` reports.
  func declare(appGroups: [String]) {
    // The bytes `WidgetJSON.encode` writes, without its JSONEncoder: this runs at every load,
    // and the encoder's first use was 0.6 % of a start-up's samples.
    var writer = JSONByteWriter(capacity: 64)
    writer.strings(appGroups)
    let json = String(decoding: writer.bytes, as: UTF8.self)
    appGroupsJSON.withLock { $0.append(strdup(json)) }
  }

  init(bundleID: String, resourcePath: String, services: any BundleServices) {
    self.identity = Mutex(bundleID)
    self.services = services
    self.resourcePath = strdup(resourcePath)
    self.locale = strdup(services.localeIdentifier)
    self.table = .allocate(capacity: 1)
    self.widgetCenter = .allocate(capacity: 1)
    widgetCenter.initialize(
      to: wk_host_widget_center(
        struct_size: UInt32(MemoryLayout<wk_host_widget_center>.size),
        abi_version: wk_version(
          major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
        app_groups: { host, json, length in
          guard let table = HostTable.from(host) else { return }
          let current = table.appGroupsJSON.withLock { $0.last! }
          json?.pointee = UnsafePointer(current)
          length?.pointee = strlen(current)
        },
        current_configurations: { host, replyContext, reply in
          guard let table = HostTable.from(host) else { return }
          let context = UInt(bitPattern: replyContext)
          Task {
            let answer = await table.services.currentConfigurations(bundle: table.bundleID)
            let status: wk_status
            let payload: Data
            if let answer, let json = try? WidgetJSON.encode(answer) {
              (status, payload) = (WK_STATUS_OK, json)
            } else {
              (status, payload) = (
                WK_STATUS_ERROR, Data("the host is not running its widgets".utf8)
              )
            }
            payload.withUnsafeBytes { bytes in
              reply?(
                UnsafeMutableRawPointer(bitPattern: context), Int32(status.rawValue),
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
            }
          }
        }))
    table.initialize(
      to: wk_host(
        struct_size: UInt32(MemoryLayout<wk_host>.size),
        abi_version: wk_version(
          major: UInt32(WK_ABI_VERSION_MAJOR), minor: UInt32(WK_ABI_VERSION_MINOR)),
        host_data: nil,
        log: { host, level, message, length in
          guard let table = HostTable.from(host) else { return }
          let text = HostTable.string(message, length)
          table.services.log(
            bundle: table.bundleID, level: BundleLogLevel(rawValue: level) ?? .info, message: text)
        },
        now: { host in
          HostTable.from(host)?.services.now().timeIntervalSince1970 ?? Date().timeIntervalSince1970
        },
        reload_kind: { host, kind, length in
          guard let table = HostTable.from(host) else { return Int32(WK_STATUS_INVALID.rawValue) }
          let name = HostTable.string(kind, length)
          guard table.kinds.withLock({ $0.contains(name) }) else {
            return Int32(WK_STATUS_INVALID.rawValue)
          }
          table.services.reload(bundle: table.bundleID, kind: name)
          return Int32(WK_STATUS_OK.rawValue)
        },
        reload_all: { host in
          guard let table = HostTable.from(host) else { return Int32(WK_STATUS_INVALID.rawValue) }
          table.services.reload(bundle: table.bundleID, kind: nil)
          return Int32(WK_STATUS_OK.rawValue)
        },
        resource_path: { host, length in
          guard let table = HostTable.from(host) else { return nil }
          length?.pointee = strlen(table.resourcePath)
          return UnsafePointer(table.resourcePath)
        },
        locale: { host, length in
          guard let table = HostTable.from(host) else { return nil }
          length?.pointee = strlen(table.locale)
          return UnsafePointer(table.locale)
        },
        get_extension: { host, id in
          guard let table = HostTable.from(host), let id,
            String(cString: id) == WK_HOST_EXTENSION_WIDGET_CENTER
          else { return nil }
          return UnsafeRawPointer(table.widgetCenter)
        }))
    table.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
  }

  deinit {
    table.deinitialize(count: 1)
    table.deallocate()
    widgetCenter.deinitialize(count: 1)
    widgetCenter.deallocate()
    for json in appGroupsJSON.withLock({ $0 }) { free(json) }
    free(resourcePath)
    free(locale)
  }

  private static func from(_ host: UnsafePointer<wk_host>?) -> HostTable? {
    guard let data = host?.pointee.host_data else { return nil }
    return Unmanaged<HostTable>.fromOpaque(data).takeUnretainedValue()
  }

  static func string(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
    guard let pointer, length > 0 else { return "" }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }
}
